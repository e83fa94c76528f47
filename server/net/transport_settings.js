// What one client may cost everyone else, and who may reach the server at
// all (server/PROTOCOL.md, "Timings and limits"), from the environment; the
// command line (server/main.js) adds --trust-proxy and --allow-origin.
// Tests and benchmarks raise the limits through the same variables.
import { proxyTrust } from './client_address.js';
import { originOf } from './origin_policy.js';

const LIMIT_VARIABLES = {
  maxSocketsPerIp: ['QIPAN_MAX_SOCKETS_PER_IP', 20],
  createsPerMinute: ['QIPAN_CREATES_PER_MINUTE', 10],
  createBurst: ['QIPAN_CREATE_BURST', 10],
  syncsPerMinute: ['QIPAN_SYNCS_PER_MINUTE', 30],
  syncBurst: ['QIPAN_SYNC_BURST', 10],
  // `/game/ROOMID` lookups per address (net/http.js): room ids are not for guessing.
  gameLookupsPerMinute: ['QIPAN_GAME_LOOKUPS_PER_MINUTE', 60],
  gameLookupBurst: ['QIPAN_GAME_LOOKUP_BURST', 20],
  maxOutputBytes: ['QIPAN_MAX_OUTPUT_BYTES', 1024 * 1024],
  // HTTP (http_server.js): a request's headers, and all of it, must arrive
  // within these; connections of one address that are not WebSockets.
  httpHeadersTimeoutMs: ['QIPAN_HTTP_HEADERS_TIMEOUT_MS', 10_000],
  httpRequestTimeoutMs: ['QIPAN_HTTP_REQUEST_TIMEOUT_MS', 30_000],
  maxHttpConnectionsPerIp: ['QIPAN_MAX_HTTP_CONNECTIONS_PER_IP', 40],
};

function readCount(name, fallback, env) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, not '${text}'`);
  return value;
}

const yes = (text) => ['1', 'true', 'yes'].includes(String(text ?? '').toLowerCase());

export function transportSettingsFromEnv(env = process.env) {
  const out = {};
  for (const [key, [name, fallback]] of Object.entries(LIMIT_VARIABLES)) out[key] = readCount(name, fallback, env);
  if (out.httpRequestTimeoutMs < out.httpHeadersTimeoutMs)
    throw new Error('QIPAN_HTTP_REQUEST_TIMEOUT_MS must be at least QIPAN_HTTP_HEADERS_TIMEOUT_MS');
  // The proxies whose X-Forwarded-For names the client (client_address.js):
  // a comma list of addresses and CIDR ranges; 1 for this machine's only.
  out.trustProxy = proxyTrust(env.QIPAN_TRUST_PROXY);
  out.allowOrigins = String(env.QIPAN_ALLOW_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of out.allowOrigins)
    if (!originOf(origin)) throw new Error(`QIPAN_ALLOW_ORIGINS: '${origin}' is no http(s) origin (nor null)`);
  out.healthToken = env.QIPAN_HEALTH_TOKEN || null;
  // Benchmarks read memory after a forced collection and restart the
  // event-loop figures through /health; nobody else may.
  out.bench = yes(env.QIPAN_BENCH);
  return out;
}
