// The room server as one object: HTTP (the page), Socket.IO (the rooms), the
// store, the engine and the AI pool. main.js starts it from the command line;
// the tests and the benchmark start it the same way.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Server } from 'socket.io';

import { Accounts } from './accounts/accounts.js';
import { Passkeys } from './accounts/passkeys.js';
import { AiPool } from './ai/pool.js';
import { LIMITS, timingsFromEnv } from './config.js';
import { loadEngine } from './engine/engine.js';
import { proxyTrust } from './net/client_address.js';
import { healthAccess } from './net/health_access.js';
import { guardHeartbeat } from './net/heartbeat_guard.js';
import { pageHandler } from './net/http.js';
import { createHttpServer } from './net/http_server.js';
import { accountRoutes } from './net/account_routes.js';
import { Links } from './net/links.js';
import { OriginPolicy } from './net/origin_policy.js';
import { capOutput } from './net/output_cap.js';
import { SocketAdmission } from './net/socket_admission.js';
import { socketOwner } from './net/address_owner.js';
import { attachSockets } from './net/socket_server.js';
import { transportSettingsFromEnv } from './net/transport_settings.js';
import { processFigures } from './process_guards.js';
import { AddressBuckets } from './protocol/address_buckets.js';
import { EventBudgets } from './protocol/event_budgets.js';
import { Lobby } from './lobby/lobby.js';
import { LobbyGames } from './lobby/lobby_games.js';
import { Rooms } from './rooms/registry.js';
import { openStore } from './store/store.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// options: {port, host, db, node, publicUrl, pageDir, timings, log, trustProxy
// (true: this machine's proxies, or a list of addresses and ranges), allowOrigins}. Resolves once listening, with {url, urls, port, node, rooms, close()}.
export async function startServer(options = {}) {
  const config = { ...timingsFromEnv(), ...(options.timings ?? {}) };
  const transport = transportSettingsFromEnv();
  // --trust-proxy [LIST] over QIPAN_TRUST_PROXY: a ProxyTrust, or null.
  const trustProxy = proxyTrust(options.trustProxy) ?? transport.trustProxy;
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line) => console.error(`[qipan-server] ${line}`));
  const engine = await loadEngine();
  const store = await openStore(options.db ?? resolve(root, 'data/qipan.db'), {
    node: options.node,
    url: options.publicUrl ?? null,
    log,
  });
  const ai = new AiPool(config.aiWorkers, log);
  const started = Date.now();

  let rooms = null;
  let lobby = null;
  let counts = { events: 0, refused: 0, errors: 0 };
  let transportFigures = () => ({});
  // With QIPAN_BENCH=1 only: `/health?gc=1` collects garbage first when node
  // runs with --expose-gc (the benchmark's memory figures; otherwise the flag
  // does nothing), and `?reset=1` starts the event-loop delay figures afresh
  // (a benchmark's timed part).
  const health = (gc = false, reset = false) => {
    if (transport.bench && gc && typeof global.gc === 'function') global.gc();
    const figures = healthFigures();
    if (transport.bench && reset) {
      loopDelay.reset();
      loopDelaySince = Date.now();
    }
    return figures;
  };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let loopDelaySince = Date.now();
  const healthFigures = () => ({
    ok: true,
    node: store.node,
    rooms: rooms ? rooms.rooms.size : 0,
    uptimeMs: Date.now() - started,
    sockets: io.engine.clientsCount,
    ...(rooms ? rooms.stats : {}),
    // After rooms.stats, whose `events` counts committed room events.
    socketEvents: counts.events,
    refused: counts.refused,
    errors: counts.errors,
    ...transportFigures(),
    ...ai.figures(),
    ...processFigures(),
    store: store.stats ?? null,
    ai: rooms ? rooms.aiTurns.stats : null,
    lobby: lobby ? { ...lobby.stats, seeks: lobby.seeks.size, games: lobby.games.size } : null,
    eventLoopDelayMs: {
      p50: loopDelay.percentile(50) / 1e6,
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
      sinceMs: Date.now() - loopDelaySince, // how long these figures cover
    },
    memory: process.memoryUsage().rss,
    heapUsed: process.memoryUsage().heapUsed,
    wasmHeap: engine.HEAP8.length,
  });
  let closing = null;
  // Budgets per address: in the store when it is shared by several nodes.
  const shared = store.addressBudgets ?? null;
  const gameLookups = new AddressBuckets({
    perMinute: transport.gameLookupsPerMinute,
    burst: transport.gameLookupBurst,
    kind: 'game_lookup',
    shared,
    log,
  });
  const pageFigures = { gameLookupsRefused: 0 };
  const accounts = new Accounts({ store, shared, log });
  const passkeys = new Passkeys({ store, accounts, secret: store.ownerSecret });
  const origins = new OriginPolicy({
    publicUrl: options.publicUrl,
    allowOrigins: [...transport.allowOrigins, ...(options.allowOrigins ?? [])],
  });
  const { server: http, figures: httpFigures } = createHttpServer(
    pageHandler({
      pageDir: options.pageDir ?? resolve(root, 'dist'),
      health,
      ready: () => closing === null,
      mayReadHealth: healthAccess({ token: transport.healthToken, trustProxy }),
      roomExists: (roomId) => store.roomExists(roomId),
      gameLookups,
      trustProxy,
      figures: pageFigures,
      api: accountRoutes({
        accounts,
        passkeys,
        // A rated room's seats carry the account's name, and so does its listing.
        playing: (name) => (lobby ? lobby.gamesListed().filter((g) => g.players.includes(name)) : []),
        origins,
        secure: String(options.publicUrl ?? '').startsWith('https:'),
        trustProxy,
        log,
      }),
    }),
    transport,
    { trustProxy },
  );
  const admission = new SocketAdmission({ origins, maxSocketsPerIp: transport.maxSocketsPerIp, trustProxy });
  const io = new Server(http, {
    pingInterval: config.pingIntervalMs,
    pingTimeout: config.pingTimeoutMs,
    maxHttpBufferSize: LIMITS.transportBytes,
    serveClient: false,
    allowRequest: admission.allowRequest,
    cors: origins.corsOptions(),
  });
  admission.attach(io.engine);
  const output = capOutput(io.engine, { maxBytes: transport.maxOutputBytes, log });
  const heartbeat = guardHeartbeat(io.engine, { log });
  const budgets = new EventBudgets({ ...transport, trustProxy, shared, log });
  transportFigures = () => ({
    ...httpFigures,
    ...pageFigures,
    ...admission.figures,
    ...output,
    ...heartbeat,
    ...budgets.figures,
  });

  // Rooms come into memory when a client asks for one: the server listens at once.
  rooms = new Rooms({ store, engine, config, io, ai, log });
  // Handlers are in place before the first connection can arrive.
  const links = new Links({ host, port: options.port ?? 8080, publicUrl: options.publicUrl });
  const ownerOf = socketOwner({ secret: store.ownerSecret, trustProxy });
  lobby = new Lobby({ rooms, io, links, ownerOf, accounts, log });
  const lobbyGames = new LobbyGames({ store, publish: (event) => lobby.publish(event), log });
  rooms.onCommitted = (room, events) => lobbyGames.committed(room, events);
  rooms.onReleased = (roomId) => lobbyGames.forget(roomId);
  await lobby.start();
  counts = attachSockets(io, rooms, { links, lobby, ownerOf, accounts, log, budgets });

  await new Promise((resolveListen, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 8080, host, () => {
      http.off('error', reject);
      resolveListen();
    });
  });
  const port = http.address().port;
  links.port = port;
  if (!options.publicUrl) await store.setUrl(links.startUrls()[0]);

  return {
    port,
    url: links.startUrls()[0],
    urls: links.startUrls(),
    node: store.node.name,
    links,
    rooms,
    config,
    close() {
      closing ??= (async () => {
        io.close();
        lobby.close();
        lobbyGames.close();
        await rooms.close();
        await ai.close();
        await store.close();
        http.closeAllConnections?.();
      })();
      return closing;
    },
  };
}
