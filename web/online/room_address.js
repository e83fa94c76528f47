// A room's own address, `<base>game/ROOMID` (server/PROTOCOL.md "Links for
// the page"): the room server answers it with this page for a room that
// exists, for ever. The page there opens the room read-only (a finished
// game to replay, a live one to watch). A player's profile, `<base>@/NAME`,
// is the page too, with the profile open (profile_view.js). Also the page's
// base (where index.html, the manifest and the service worker are) seen from
// any of these addresses, and the addresses the lobby links to.

// Room ids: 10+ letters of the server's alphabet.
const GAME_PATH = /\/game\/([0-9abcdefghjkmnpqrstvwxyz]{10,})\/?$/;

// A profile: /@/NAME, the name percent-encoded (any script).
const PROFILE_PATH = /\/@\/([^/]+)\/?$/;

// The room id of a /game/ROOMID path, or null.
export function roomOfPath(pathname) {
  return GAME_PATH.exec(pathname)?.[1] ?? null;
}

// The player name of a /@/NAME path, decoded, or null.
export function profileOfPath(pathname) {
  const encoded = PROFILE_PATH.exec(pathname)?.[1];
  if (!encoded) return null;
  try {
    const name = decodeURIComponent(encoded).trim();
    return name || null;
  } catch {
    return null;
  }
}

// The page's folder: "/" for "/game/abc…" and "/@/name" as for "/" and
// "/index.html"; "/qipan/" behind a proxy that serves the page at "/qipan/".
export function basePath(pathname) {
  if (roomOfPath(pathname)) return pathname.replace(GAME_PATH, '/');
  if (profileOfPath(pathname)) return pathname.replace(PROFILE_PATH, '/');
  return pathname.replace(/[^/]*$/, '');
}

// The page's base URL (a URL string ending in "/"): relative files resolve
// against it whichever address the page was opened at.
export function pageBase(location = globalThis.location) {
  return new URL(basePath(location.pathname), location.href).href;
}

// `<server>/game/ROOMID`: the room's own address on the server that holds it
// (the page opened from disk links to its server's page).
export function gameAddress(server, roomId) {
  return new URL(`game/${roomId}`, server.endsWith('/') ? server : `${server}/`).href;
}

// `<server>/@/NAME`: a player's profile on the server (the page opened
// from disk links to its server's page).
export function profileAddress(server, name) {
  return new URL(`@/${encodeURIComponent(name)}`, server.endsWith('/') ? server : `${server}/`).href;
}

// `<server>/?leaderboard=PERF`: a leaderboard, opened over the page.
export function leaderboardAddress(server, perf) {
  const url = new URL(server.endsWith('/') ? server : `${server}/`);
  url.searchParams.set('leaderboard', perf);
  return url.href;
}

// `<server>/?room=ROOMID&watch=1`: the watch link, as the server words it.
export function watchAddress(server, roomId) {
  const url = new URL(server.endsWith('/') ? server : `${server}/`);
  url.searchParams.set('room', roomId);
  url.searchParams.set('watch', '1');
  return url.href;
}

// The page without a room and with the lobby open (`?lobby=1`): where the
// Online button leads from a room that is over or only watched.
export function lobbyAddress(location = globalThis.location) {
  const url = new URL(location.href);
  if (roomOfPath(url.pathname) || profileOfPath(url.pathname)) url.pathname = basePath(url.pathname);
  for (const name of ['room', 'watch', 'key', 'node', 'leaderboard']) url.searchParams.delete(name);
  url.searchParams.set('lobby', '1');
  return url.href;
}

// Whether the address asks for the lobby; the request is taken out of the
// address, so a reload shows the page as it is.
export function lobbyWanted(location = globalThis.location, history = globalThis.history) {
  const url = new URL(location.href);
  if (url.searchParams.get('lobby') !== '1') return false;
  url.searchParams.delete('lobby');
  history.replaceState(null, '', url.href);
  return true;
}

// The leaderboard the address asks for (`?leaderboard=PERF`), or null; the
// request is taken out of the address (the dialog shows it).
export function leaderboardWanted(location = globalThis.location, history = globalThis.history) {
  const url = new URL(location.href);
  const perf = url.searchParams.get('leaderboard');
  if (!perf) return null;
  url.searchParams.delete('leaderboard');
  history.replaceState(null, '', url.href);
  return perf;
}

// The page's address without a profile path (/@/NAME), once the profile
// is closed: a reload then shows the page as it is.
export function leaveProfilePath(location = globalThis.location, history = globalThis.history) {
  const url = new URL(location.href);
  if (!profileOfPath(url.pathname)) return;
  url.pathname = basePath(url.pathname);
  history.replaceState(null, '', url.href);
}
