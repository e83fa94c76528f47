// The accounts' HTTP routes (server/PROTOCOL.md "Accounts"): JSON in, JSON
// out, under /api/. Every POST must come from a page of this site (the
// Origin check of origin_policy.js) and say `content-type:
// application/json`, which no cross-site form can send without the
// browser asking first: with the SameSite=Lax cookie, that is the CSRF
// defence. Answers are `{ok: true, ...}` or `{ok: false, code, reason}`,
// with 400 for a refusal, 401 for no session, 403 for a foreign origin, 404
// for no such user or perf and 429 when rate limited.
import { sessionCookie, sessionTokenOf } from '../accounts/session_cookie.js';
import { Refusal } from '../protocol/codes.js';
import { playerSecrets } from '../rooms/player_secrets.js';
import { addressKey, clientAddress } from './client_address.js';

const BODY_BYTES = 4096;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const NO_STORE = { 'cache-control': 'no-store' };
const USER_PATH = /^\/api\/user\/([^/]{1,80})$/;
const LEADERBOARD_PATH = /^\/api\/leaderboard\/([a-z]+-[a-z]+)$/;

class HttpRefusal extends Error {
  constructor(status, code, reason) {
    super(reason);
    Object.assign(this, { status, code });
  }
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > BODY_BYTES) {
        reject(new HttpRefusal(413, 'too_large', `a request body is at most ${BODY_BYTES} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
        resolve(value);
      } catch {
        reject(new HttpRefusal(400, 'bad_request', 'the body must be one JSON object'));
      }
    });
    req.on('error', reject);
  });
}

// A string field of the body, or a bad_request.
function text(body, field, { optional = false, max = 1024 } = {}) {
  const value = body[field];
  if (value === undefined && optional) return null;
  if (typeof value !== 'string' || value.length > max)
    throw new HttpRefusal(400, 'bad_request', `${field} must be a string of at most ${max} characters`);
  return value;
}

// The player id a body's playerKey stands for (the key proves it), or null.
function playerIdOf(body) {
  const key = text(body, 'playerKey', { optional: true, max: 200 });
  if (key === null) return null;
  try {
    return playerSecrets(key).playerId;
  } catch {
    throw new HttpRefusal(400, 'bad_request', 'playerKey is not a player key');
  }
}

const STATUS_OF = { rate_limited: 429, bad_request: 400 };

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...NO_STORE, ...headers }).end(JSON.stringify(body));
}

// accounts: accounts/accounts.js; passkeys: accounts/passkeys.js; origins:
// an OriginPolicy; playing(name): the games to watch that player is in now
// (the lobby's list); secure: cookies marked Secure (the site is served over
// HTTPS); trustProxy: a ProxyTrust or null. Returns handle(req, res, path)
// -> true when it answered.
export function accountRoutes({
  accounts,
  passkeys,
  origins,
  playing = () => [],
  secure = false,
  trustProxy = null,
  log = () => {},
}) {
  const context = (req) => ({
    address: addressKey(clientAddress(req, { trustProxy })),
    userAgent: req.headers['user-agent'] ?? '',
  });
  const signedIn = (req) => accounts.sessionAccount(sessionTokenOf(req.headers.cookie));
  const needSession = async (req) => {
    const account = await signedIn(req);
    if (!account) throw new HttpRefusal(401, 'not_allowed', 'sign in first');
    return account;
  };
  const withCookie = (res, opened, body) =>
    send(res, 200, { ok: true, ...body }, { 'set-cookie': sessionCookie(opened.token, { secure }) });

  const POSTS = {
    '/api/account/signup': async (req, res, body) => {
      const made = await accounts.signUp(
        { name: text(body, 'name', { max: 200 }), password: text(body, 'password'), playerId: playerIdOf(body) },
        context(req),
      );
      withCookie(res, made, { name: made.account.name, recoveryCodes: made.recoveryCodes });
    },
    '/api/account/login': async (req, res, body) => {
      const opened = await accounts.signIn(
        { name: text(body, 'name', { max: 200 }), password: text(body, 'password'), playerId: playerIdOf(body) },
        context(req),
      );
      withCookie(res, opened, { name: opened.account.name });
    },
    '/api/account/logout': async (req, res) => {
      await accounts.signOut(await signedIn(req));
      send(res, 200, { ok: true }, { 'set-cookie': sessionCookie(null, { secure }) });
    },
    '/api/account/recover': async (req, res, body) => {
      const opened = await accounts.recover(
        { name: text(body, 'name', { max: 200 }), code: text(body, 'code', { max: 40 }), password: text(body, 'password') },
        context(req),
      );
      withCookie(res, opened, { name: opened.account.name });
    },
    '/api/account/password': async (req, res, body) => {
      const account = await needSession(req);
      await accounts.changePassword(account, {
        current: text(body, 'current', { optional: true }),
        password: text(body, 'password'),
      });
      send(res, 200, { ok: true });
    },
    '/api/account/delete': async (req, res, body) => {
      const account = await needSession(req);
      await accounts.deleteAccount(account, { password: text(body, 'password', { optional: true }) });
      send(res, 200, { ok: true }, { 'set-cookie': sessionCookie(null, { secure }) });
    },
    '/api/account/sessions/end': async (req, res, body) => {
      const account = await needSession(req);
      const id = body.id === undefined ? null : Number(body.id);
      if (id !== null && !Number.isSafeInteger(id)) throw new HttpRefusal(400, 'bad_request', 'id must be a session id');
      const ended = await accounts.endSessions(account, { id, others: body.others === true, all: body.all === true });
      const headers = body.all === true || id === account.sessionId ? { 'set-cookie': sessionCookie(null, { secure }) } : {};
      send(res, 200, { ok: true, ended }, headers);
    },
  };

  // The page's origin for a passkey ceremony: only a page of this site has one.
  const originOf = (req) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || origin === 'null')
      throw new HttpRefusal(400, 'bad_request', 'passkeys work from a page of this site');
    return origin;
  };
  Object.assign(POSTS, {
    '/api/account/passkey/signup/options': async (req, res, body) => {
      const { address } = context(req);
      const made = await passkeys.registrationOptions(
        { name: text(body, 'name', { max: 200 }) },
        { origin: originOf(req), address },
      );
      send(res, 200, { ok: true, ...made });
    },
    '/api/account/passkey/add/options': async (req, res) => {
      const signedIn = await needSession(req);
      send(res, 200, { ok: true, ...(await passkeys.registrationOptions({ signedIn }, { origin: originOf(req) })) });
    },
    '/api/account/passkey/register': async (req, res, body) => {
      const current = await signedIn(req);
      const made = await passkeys.register(
        { ceremony: text(body, 'ceremony', { max: 2048 }), response: body.response, playerId: playerIdOf(body) },
        { origin: originOf(req), signedIn: current, userAgent: context(req).userAgent },
      );
      if (made.token) withCookie(res, made, { name: made.account.name, recoveryCodes: made.recoveryCodes });
      else send(res, 200, { ok: true, name: made.account.name });
    },
    '/api/account/passkey/login/options': async (req, res) => {
      send(res, 200, { ok: true, ...(await passkeys.authenticationOptions({ origin: originOf(req) })) });
    },
    '/api/account/passkey/login': async (req, res, body) => {
      const opened = await passkeys.authenticate(
        { ceremony: text(body, 'ceremony', { max: 2048 }), response: body.response, playerId: playerIdOf(body) },
        { origin: originOf(req), userAgent: context(req).userAgent },
      );
      withCookie(res, opened, { name: opened.account.name });
    },
  });

  const GETS = {
    '/api/account/me': async (req, res) => {
      const account = await signedIn(req);
      send(res, 200, { ok: true, account: account ? await accounts.me(account) : null });
    },
    '/api/account/export': async (req, res) => {
      const data = await accounts.exportData(await needSession(req));
      send(res, 200, data, { 'content-disposition': 'attachment; filename="qipan-account.json"' });
    },
    '/api/account/sessions': async (req, res) => {
      send(res, 200, { ok: true, sessions: await accounts.sessions(await needSession(req)) });
    },
  };

  async function answer(req, res, path) {
    if (req.method === 'POST') {
      const route = Object.hasOwn(POSTS, path) ? POSTS[path] : null;
      if (!route) throw new HttpRefusal(404, 'not_found', 'no such route');
      if (req.headers.origin === undefined ? false : !origins.allows(req))
        throw new HttpRefusal(403, 'not_allowed', 'this request comes from another site');
      if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
        throw new HttpRefusal(415, 'bad_request', 'send the body as application/json');
      return route(req, res, await readJson(req));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpRefusal(405, 'bad_request', 'GET or POST only');
    if (Object.hasOwn(GETS, path)) return GETS[path](req, res);
    const user = USER_PATH.exec(path);
    if (user) {
      const profile = await accounts.profile(user[1], { viewer: await signedIn(req) });
      if (!profile) throw new HttpRefusal(404, 'not_found', 'there is no such player');
      return send(res, 200, { ...profile, playing: playing(profile.name) });
    }
    const board = LEADERBOARD_PATH.exec(path);
    const leaders = board ? await accounts.leaderboard(board[1]) : null;
    if (!leaders) throw new HttpRefusal(404, 'not_found', 'no such route');
    return send(res, 200, leaders);
  }

  return async (req, res, path) => {
    if (!path.startsWith('/api/')) return false;
    try {
      await answer(req, res, path);
    } catch (error) {
      if (error instanceof HttpRefusal) send(res, error.status, { ok: false, code: error.code, reason: error.message });
      else if (error instanceof Refusal) send(res, STATUS_OF[error.code] ?? 400, error.toAck());
      else {
        log(`${req.method} ${path}: ${error.stack ?? error}`);
        if (!res.headersSent)
          send(res, 500, { ok: false, code: 'server_error', reason: 'the server could not complete that; try again' });
      }
    }
    return true;
  };
}
