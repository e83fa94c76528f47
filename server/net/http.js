// The HTTP side: the page's files from dist/ (static_files.js), a JSON line
// of figures at `/health` (for this machine or a token holder,
// health_access.js), and `/ready` for a load balancer's health checks:
// `ok` (200) while the server serves, 503 once it is closing. Socket.IO
// answers `/socket.io/` itself. `/game/ROOMID` is the page too, for a room
// that exists (a game to watch or replay, for ever): roomExists(id). Those
// lookups are throttled per client address (gameLookups, a budget of
// protocol/address_buckets.js), so room ids cannot be guessed at speed:
// past it 429 with Retry-After. `/@/NAME` (a profile) is the page as well,
// and `/api/` goes to the accounts' routes (account_routes.js).
import { addressKey, clientAddress } from './client_address.js';
import { ROOM_ID_PATTERN } from './ids.js';
import { securityHeaders } from './content_security.js';
import { requestPath, staticFiles } from './static_files.js';

const NO_STORE = { 'cache-control': 'no-store' };

// health(gc, reset): the figures; ready(): false once closing; mayReadHealth(req, query).
const GAME_PATH = /^\/game\/([^/]+)$/;
// A player's profile (`/@/NAME`) is the page too; the page asks /api/user/NAME.
const PROFILE_PATH = /^\/@\/[^/]{1,80}$/;
const GAME_PREFIX = /^\/game\//;

// gameLookups: {take(key) -> {ok, waitMs}} (null: unthrottled); trustProxy:
// a ProxyTrust or null; figures.gameLookupsRefused counts the 429s.
export function pageHandler({
  pageDir,
  health,
  ready = () => true,
  mayReadHealth = () => true,
  roomExists = async () => false,
  gameLookups = null,
  trustProxy = null,
  figures = { gameLookupsRefused: 0 },
  api = null,
}) {
  const files = staticFiles(pageDir, {
    refusal: async (req, path) => {
      if (!gameLookups || !GAME_PREFIX.test(path)) return null;
      const taken = await gameLookups.take(addressKey(clientAddress(req, { trustProxy })));
      if (taken.ok) return null;
      figures.gameLookupsRefused++;
      const seconds = Math.max(1, Math.ceil(taken.waitMs / 1000));
      return {
        status: 429,
        headers: { 'retry-after': String(seconds), ...NO_STORE },
        text: 'too many game lookups; wait a little',
      };
    },
    pageAt: async (path) => {
      if (PROFILE_PATH.test(path)) return true;
      const game = GAME_PATH.exec(path);
      if (!game) return null;
      return ROOM_ID_PATTERN.test(game[1]) && (await roomExists(game[1]));
    },
    routes: {
      '/health': (req, res) => {
        const query = new URL(req.url, 'http://x').searchParams;
        if (!mayReadHealth(req, query)) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json', ...NO_STORE })
          .end(JSON.stringify(health(query.has('gc'), query.has('reset'))));
      },
      '/ready': (req, res) => {
        const up = ready();
        res.writeHead(up ? 200 : 503, { 'content-type': 'text/plain', ...NO_STORE }).end(up ? 'ok' : 'closing');
      },
    },
  });
  if (!api) return files;
  // `api(req, res, path)`: the accounts' routes under /api/ (account_routes.js).
  const plain = securityHeaders();
  return async (req, res) => {
    const path = requestPath(req.url);
    if (path !== null && path.startsWith('/api/')) {
      for (const [name, value] of Object.entries(plain)) res.setHeader(name, value);
      if (await api(req, res, path)) return;
    }
    await files(req, res);
  };
}
