// What the page remembers for online play: the room server's address (asked
// once when the page is opened from disk), the player's name, the time
// control last chosen, whether the player's seeks are rated, each room's seat token, so a reload or a
// reconnection takes the same seat back, and whose chat the player muted in
// each room (chat_mutes.js).
// Tokens live in sessionStorage (this tab, kept across reloads) and in
// localStorage (the same browser coming back after closing the tab).

import { basePath, profileOfPath, roomOfPath } from './room_address.js';

const SERVER_KEY = 'qipan.online.server';
const NAME_KEY = 'qipan.online.name';
const CLOCK_KEY = 'qipan.online.clock';
const TOKENS_KEY = 'qipan.online.tokens';
const MUTES_KEY = 'qipan.online.mutes';
const RATED_KEY = 'qipan.online.rated';
const MAX_ROOMS = 50;

function read(storage, key, fallback) {
  try {
    const value = JSON.parse(storage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: online play goes on without remembering.
  }
}

// The server this page talks to: the one that served it over http(s), else
// the address the player gave (null until then).
export function serverAddress() {
  const stored = read(localStorage, SERVER_KEY, null);
  if (typeof stored === 'string' && stored) return stored;
  if (location.protocol === 'http:' || location.protocol === 'https:') return location.origin;
  return null;
}

export function rememberServer(address) {
  write(localStorage, SERVER_KEY, address);
}

// "192.168.1.20:8080" → "http://192.168.1.20:8080"; null when it is no address.
export function normalizeServer(text) {
  const raw = String(text || '').trim();
  if (!raw) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `http://${raw}`);
    return url.origin;
  } catch {
    return null;
  }
}

export function storedName() {
  const name = read(localStorage, NAME_KEY, '');
  return typeof name === 'string' ? name : '';
}

export function rememberName(name) {
  write(localStorage, NAME_KEY, name);
}

// The time control the player chose last (an id of time_controls.js), or ''.
export function storedTimeControl() {
  const id = read(localStorage, CLOCK_KEY, '');
  return typeof id === 'string' ? id : '';
}

export function rememberTimeControl(id) {
  write(localStorage, CLOCK_KEY, id);
}

// Whether a signed-in player's seeks are rated (the lobby's box): rated
// unless the player unticked it.
export function storedRated() {
  return read(localStorage, RATED_KEY, true) !== false;
}

export function rememberRated(on) {
  write(localStorage, RATED_KEY, !!on);
}

// A seat token is a bearer secret: kept for the rooms played lately only.
const TOKEN_DAYS = 30;
const fresh = (entry) => entry && entry.token && Date.now() - (entry.at ?? 0) < TOKEN_DAYS * 86400_000;

export function tokenFor(roomId) {
  const own = read(sessionStorage, TOKENS_KEY, {})[roomId];
  const kept = read(localStorage, TOKENS_KEY, {})[roomId];
  return (fresh(own) && own.token) || (fresh(kept) && kept.token) || null;
}

export function rememberToken(roomId, token, seat) {
  for (const storage of [sessionStorage, localStorage]) {
    const tokens = read(storage, TOKENS_KEY, {});
    tokens[roomId] = { token, seat, at: Date.now() };
    const ids = Object.keys(tokens).sort((a, b) => tokens[b].at - tokens[a].at);
    for (const old of ids.slice(MAX_ROOMS)) delete tokens[old];
    for (const id of ids) if (!fresh(tokens[id])) delete tokens[id];
    write(storage, TOKENS_KEY, tokens);
  }
}

export function forgetToken(roomId) {
  for (const storage of [sessionStorage, localStorage]) {
    const tokens = read(storage, TOKENS_KEY, {});
    delete tokens[roomId];
    write(storage, TOKENS_KEY, tokens);
  }
}

// The chat the player muted in a room: {keys: [...], spectators: bool}.
export function storedMutes(roomId) {
  const mutes = read(localStorage, MUTES_KEY, {})[roomId];
  return mutes && Array.isArray(mutes.keys) ? mutes : { keys: [], spectators: false };
}

export function rememberMutes(roomId, { keys, spectators }) {
  const all = read(localStorage, MUTES_KEY, {});
  all[roomId] = { keys, spectators, at: Date.now() };
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const old of ids.slice(MAX_ROOMS)) delete all[old];
  write(localStorage, MUTES_KEY, all);
}

// The room named by the page's address (?room=ID, &key=SECRET of an invite,
// &watch=1 to spectate), or the room of a /game/ROOMID address, opened
// read-only (`archive`); null for neither.
export function roomFromUrl() {
  const params = new URLSearchParams(location.search);
  const roomId = params.get('room');
  if (!roomId) {
    const own = roomOfPath(location.pathname);
    return own ? { roomId: own, watch: true, invite: null, archive: true } : null;
  }
  return { roomId, watch: params.get('watch') === '1', invite: params.get('key') || null };
}

// Puts the room into the page's address (so a reload comes back to it), or
// takes it out again. A player's address keeps the invite's key (copied
// from the address bar it still invites); a spectator's never has one. A
// room's own address (/game/ROOMID) stays as it is while it shows that room;
// leaving it goes back to the page's base.
export function showRoomInUrl(roomId, watch = false, invite = null) {
  const url = new URL(location.href);
  const own = roomOfPath(url.pathname);
  if (own && roomId === own) return;
  if (own || profileOfPath(url.pathname)) url.pathname = basePath(url.pathname);
  for (const name of ['room', 'watch', 'key', 'node']) url.searchParams.delete(name);
  if (roomId) url.searchParams.set('room', roomId);
  if (roomId && watch) url.searchParams.set('watch', '1');
  else if (roomId && invite) url.searchParams.set('key', invite);
  history.replaceState(null, '', url.href);
}
