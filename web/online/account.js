// The player's account on the room server (server/PROTOCOL.md "Accounts and
// ratings"): the HTTP routes the page calls (sign up, sign in, sign out, a
// player's profile, a leaderboard) and who the page is signed in as.
//
// The session is an HttpOnly cookie the page never reads: it learns who it
// is from `hello`'s answer (`account: {name}`, or null when signed out), on
// every connection (room_client.js calls noteHello). A server whose hello
// answer has no `account` at all has no accounts (an older one): nothing of
// this shows then. The cookie rides on the page's own origin only, so
// accounts are offered where the page came from the room server itself
// (same origin); a page opened from disk, talking to a configured server,
// plays anonymously and links to the server's own page for accounts.
//
// The state is the page's, not one game's: switching games keeps it.

const listeners = new Set();
const state = {
  server: null, // the server the rest is about
  supported: false, // its hello answer names an account (or null)
  name: null, // the account's name as chosen, or null when signed out
  perfs: null, // the account's ratings (GET /api/user/NAME perfs), once loaded
};
let perfsLoading = null;

// Whether this page can use accounts on `server`: served by it over http(s).
export function accountsReachable(server, location = globalThis.location) {
  return /^https?:$/.test(location.protocol) && !!server && server === location.origin;
}

export function accountState() {
  return { ...state };
}

// fn(state) after every change. Returns the undo.
export function onAccountChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed() {
  const snapshot = accountState();
  for (const fn of [...listeners]) fn(snapshot);
}

// A connection's hello answer ({ok, playerId, account}) from `server`.
export function noteHello(server, ack) {
  const supported = !!ack?.ok && Object.prototype.hasOwnProperty.call(ack, 'account');
  const name = supported && typeof ack.account?.name === 'string' ? ack.account.name : null;
  const same = state.server === server && state.supported === supported && state.name === name;
  if (!same) {
    if (state.name !== name || state.server !== server) state.perfs = null;
    Object.assign(state, { server, supported, name });
    changed();
  }
  if (name && !state.perfs) loadOwnRatings();
}

// The signed-in account's ratings again (after a rated game, say).
export function loadOwnRatings() {
  const { server, name } = state;
  if (!name || !accountsReachable(server)) return Promise.resolve(null);
  perfsLoading ??= fetchUser(server, name)
    .then((answer) => {
      if (answer.ok && state.server === server && state.name === name) {
        state.perfs = answer.user.perfs ?? {};
        changed();
      }
      return answer;
    })
    .finally(() => (perfsLoading = null));
  return perfsLoading;
}

// The signed-in account's rating in `perf`: the stored one, or a new
// player's (1500, provisional) for a perf never played; null signed out.
export function ownRating(perf) {
  if (!state.name || !perf) return null;
  const entry = state.perfs?.[perf];
  if (entry && Number.isFinite(entry.rating)) return entry;
  return state.perfs ? { rating: 1500, provisional: true, games: 0 } : null;
}

// ---- HTTP -------------------------------------------------------------------------

function apiUrl(server, path) {
  return new URL(`api/${path}`, server.endsWith('/') ? server : `${server}/`).href;
}

// One request: the JSON answer as {ok: true, ...} / {ok: false, code, reason},
// or our own refusal: `offline` (no answer), `not_found` (404: no such
// player, or a server without the route), `rate_limited` (429, with
// Retry-After), `server_error`.
async function call(server, method, path, body) {
  let response;
  try {
    response = await fetch(apiUrl(server, path), {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: body ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    return { ok: false, code: 'offline' };
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (data && typeof data === 'object' && typeof data.ok === 'boolean' && (data.ok || data.code)) return data;
  if (response.ok && data && typeof data === 'object') return { ok: true, data };
  if (response.status === 404) return { ok: false, code: 'not_found' };
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    return { ok: false, code: 'rate_limited', ...(seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
  }
  return { ok: false, code: 'server_error' };
}

// POST /api/account/signup {name, password} -> {ok: true, name, recoveryCodes?}.
export function signUp(server, { name, password }) {
  return call(server, 'POST', 'account/signup', { name, password });
}

// POST /api/account/login {name, password} -> {ok: true, name}.
export function signIn(server, { name, password }) {
  return call(server, 'POST', 'account/login', { name, password });
}

// POST /api/account/logout {} -> {ok: true}.
export function signOut(server) {
  return call(server, 'POST', 'account/logout', {});
}

// GET /api/user/NAME -> {ok: true, user: {name, createdAt, perfs, history?, recent?}}.
export async function fetchUser(server, name) {
  const answer = await call(server, 'GET', `user/${encodeURIComponent(name)}`);
  if (!answer.ok) return answer;
  const user = answer.data ?? answer;
  if (typeof user.name !== 'string') return { ok: false, code: 'server_error' };
  return { ok: true, user };
}

// GET /api/leaderboard/PERF -> {ok: true, perf, players: [{name, rating, rd, games}]}.
export async function fetchLeaderboard(server, perf) {
  const answer = await call(server, 'GET', `leaderboard/${encodeURIComponent(perf)}`);
  if (!answer.ok) return answer;
  const data = answer.data ?? answer;
  return { ok: true, perf: data.perf ?? perf, players: Array.isArray(data.players) ? data.players : [] };
}

// POST /api/account/recover {name, code, password} -> {ok: true, name}: a
// recovery code and a new password; every other session ends.
export function recover(server, { name, code, password }) {
  return call(server, 'POST', 'account/recover', { name, code, password });
}

// POST /api/account/password {current?, password} -> {ok: true}: a new
// password (`current` where the account has one; a passkey-only account sets
// its first without). The server ends every other session.
export function changePassword(server, { current = null, password }) {
  return call(server, 'POST', 'account/password', current === null ? { password } : { current, password });
}

// GET /api/account/sessions -> {ok: true, sessions: [{id, createdAt, lastSeenAt, userAgent, current}]}.
export async function fetchSessions(server) {
  const answer = await call(server, 'GET', 'account/sessions');
  if (!answer.ok) return answer;
  return { ok: true, sessions: Array.isArray(answer.sessions) ? answer.sessions : [] };
}

// POST /api/account/sessions/end {id} | {others: true} -> {ok: true, ended}.
export function endSessions(server, which) {
  return call(server, 'POST', 'account/sessions/end', which.id !== undefined ? { id: which.id } : { others: true });
}

// POST /api/account/delete {password?} -> {ok: true}: the account is gone
// and this browser signed out.
export function deleteAccount(server, { password = null } = {}) {
  return call(server, 'POST', 'account/delete', password === null ? {} : { password });
}

// GET /api/account/export -> {ok: true, data}: everything the server keeps
// about the account (its answer is the file itself, with no `ok`).
export async function exportAccount(server) {
  const answer = await call(server, 'GET', 'account/export');
  if (!answer.ok) return answer;
  const data = answer.data ?? answer;
  return data && typeof data.account === 'object' ? { ok: true, data } : { ok: false, code: 'server_error' };
}

// What the account panel needs of the signed-in account: {ok, name,
// hasPassword, passkeys: [{createdAt}]}. GET /api/account/me says who; a
// server whose answer names `hasPassword` and `passkeys` says the rest
// there, else the export (its `account.hasPassword` and `passkeys`) does.
export async function fetchAccountDetails(server) {
  const me = await call(server, 'GET', 'account/me');
  if (!me.ok) return me;
  const account = me.account ?? me.data?.account ?? null;
  if (!account) return { ok: false, code: 'not_allowed' };
  let source = account;
  if (typeof account.hasPassword !== 'boolean' || !Array.isArray(account.passkeys)) {
    const exported = await exportAccount(server);
    if (!exported.ok) return exported;
    source = { ...exported.data.account, passkeys: exported.data.passkeys };
  }
  return {
    ok: true,
    name: account.name,
    hasPassword: !!source.hasPassword,
    passkeys: Array.isArray(source.passkeys) ? source.passkeys : [],
  };
}

// The passkey routes (server/PROTOCOL.md "Passkeys"): each ceremony is an
// options request and the authenticator's answer, sent back with the
// server's signed `ceremony`. passkeys.js runs the browser's side.
export function passkeySignUpOptions(server, { name }) {
  return call(server, 'POST', 'account/passkey/signup/options', { name });
}

export function passkeyAddOptions(server) {
  return call(server, 'POST', 'account/passkey/add/options', {});
}

export function passkeyRegister(server, { ceremony, response, playerKey = null }) {
  return call(server, 'POST', 'account/passkey/register', { ceremony, response, ...(playerKey ? { playerKey } : {}) });
}

export function passkeySignInOptions(server) {
  return call(server, 'POST', 'account/passkey/login/options', {});
}

export function passkeySignIn(server, { ceremony, response, playerKey = null }) {
  return call(server, 'POST', 'account/passkey/login', { ceremony, response, ...(playerKey ? { playerKey } : {}) });
}
