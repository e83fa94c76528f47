// The online rooms benchmark (scripts/bench --online): N xiangqi rooms of two
// connected clients each, every room making a move every second. Prints the
// time from a client's move to the opponent receiving it (p50, p99), moves
// per second, errors, the servers' CPU and memory (RSS per room); then
// raises the room count until p99 passes 100 ms.
//
//   node --no-experimental-fetch scripts/bench_online.mjs [--rooms N] [--seconds S]
//        [--ramp-seconds S] [--no-ramp] [--nodes N] [--failover] [--hostile]
//        [--lobby [--subscribers N] [--seek-rate R]]
//        [--accounts-pages [--accounts N] [--games N] [--requests N] [--concurrency C] [--explain]]
//        [--rated-endings [--games N] [--accounts N] [--plies N] [--window S] [--batch B] [--nodes N]]
//
//   --nodes N    N nodes over PostgreSQL behind HAProxy (scripts/cluster's
//                set-up, on this machine) instead of one server with SQLite
//   --failover   with --nodes: kill -9 the node holding the most rooms while
//                they play, and time each of its rooms from the kill to its
//                first move committed on the new owner (p50, p99, max)
//   --hostile    one server at its default limits, the hostile clients of
//                the test suite running throughout (online_bench/hostile.mjs);
//                the players come from 127.0.1.x, ten rooms an address
//   --lobby      instead of rooms: N sockets subscribed to the lobby (1,000)
//                while seeks come and go at R a second (20); the time from a
//                seek:create (or seek:cancel) to each subscriber's event
//                (online_bench/lobby.mjs); with --nodes, over the nodes
//   --accounts-pages  instead of rooms: PostgreSQL seeded with N accounts
//                (100,000) and N rated games (1,000,000), then GET
//                /api/user/NAME and GET /api/leaderboard/PERF through one
//                node (HAProxy in front), R requests each (3,000), C at a
//                time (4): p50, p90, p99, max (online_bench/accounts_pages.mjs);
//                --explain prints the plans of the two pages' statements
//   --rated-endings  instead of rooms: N rated blitz games (1,000) of N
//                signed-in accounts (500: each in several games) from the
//                lobby on N nodes (2) over PostgreSQL, each brought to move N
//                (2), then all resigned, spread over S seconds (10): how long
//                the endings took, and every rating change checked to be
//                applied exactly once (online_bench/rated_endings.mjs)
//
// The clients run in this process (online_bench/rooms.mjs). Run it on an
// otherwise idle machine: the figures are wall-clock.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

import pg from 'pg';

import { startHostile } from './online_bench/hostile.mjs';
import { describe, runAccountsPages } from './online_bench/accounts_pages.mjs';
import { runLobby } from './online_bench/lobby.mjs';
import { runRatedEndings } from './online_bench/rated_endings.mjs';
import { closeRooms, openRooms, playRooms, sequences } from './online_bench/rooms.mjs';
import { procStats, startTarget, withDescendants } from './online_bench/target.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROOMS = option('--rooms', 1000);
const SECONDS = option('--seconds', 60);
const RAMP_SECONDS = option('--ramp-seconds', 20);
const NODES = option('--nodes', 0);
const RAMP = !args.includes('--no-ramp');
const FAILOVER = args.includes('--failover');
const HOSTILE = args.includes('--hostile');
const LOBBY = args.includes('--lobby');
const ACCOUNTS_PAGES = args.includes('--accounts-pages');
const RATED_ENDINGS = args.includes('--rated-endings');
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// The benchmark's players all come from 127.0.0.1: the per-address limits
// are lifted (not with --hostile, where they are what is measured); and
// QIPAN_BENCH lets /health reset and collect garbage.
const UNLIMITED = {
  QIPAN_MAX_SOCKETS_PER_IP: '1000000',
  QIPAN_MAX_HTTP_CONNECTIONS_PER_IP: '1000000',
  QIPAN_GAME_LOOKUPS_PER_MINUTE: '1000000',
  QIPAN_GAME_LOOKUP_BURST: '1000000',
  QIPAN_CREATES_PER_MINUTE: '1000000',
  QIPAN_CREATE_BURST: '1000000',
  QIPAN_SYNCS_PER_MINUTE: '1000000',
  QIPAN_SYNC_BURST: '1000000',
  QIPAN_OPEN_ROOMS_PER_IP: '1000000',
  QIPAN_AI_ROOMS_PER_IP: '1000000',
  QIPAN_LOADED_ROOMS_PER_IP: '1000000',
  QIPAN_SEEKS_PER_IP: '1000000',
  QIPAN_SPECTATORS_PER_IP: '1000000',
  QIPAN_SPECTATOR_CHAT_PER_IP_PER_MINUTE: '1000000',
  QIPAN_SPECTATOR_CHAT_PER_IP_BURST: '1000000',
  QIPAN_MAX_ROOMS: '1000000',
};
const BENCH = { QIPAN_BENCH: '1' };

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// CPU seconds of these processes and their children (PostgreSQL's backends).
const cpuOf = (list) => list.flatMap((p) => withDescendants(p.pid)).reduce((total, pid) => total + procStats(pid).cpu, 0);
const collected = async (target) => {
  const h = await target.health({ gc: true });
  return { rss: h.memory, heap: h.heapUsed };
};

// Ten rooms per address from 127.0.1.1 on (--hostile).
const spreadFrom = (i) => `127.0.1.${1 + Math.floor(i / 10)}`;

// One run: `count` rooms for `seconds`; returns the figures.
async function runRooms(count, seconds, lines, { failover = false, hostile = false } = {}) {
  const target = await startTarget({ nodes: NODES, env: { ...BENCH, ...(hostile ? {} : UNLIMITED) } });
  await sleep(500);
  const base = await collected(target);
  const half = Math.floor(count / 2);
  const first = await openRooms(target.url, half, lines, { from: hostile ? spreadFrom : undefined });
  await sleep(500);
  const atHalf = await collected(target);
  const second = await openRooms(target.url, count - half, lines, {
    from: hostile ? (i) => spreadFrom(i + half) : undefined,
  });
  const rooms = [...first.rooms, ...second.rooms];
  await sleep(1000);
  const idle = await collected(target);

  const attackers = hostile ? await startHostile(target.url) : null;
  // --failover: the node holding the most rooms, and its rooms.
  let victim = null;
  const firstMoveAfterKill = new Map(); // room id -> ms from the kill
  if (failover) {
    const db = new pg.Client({ connectionString: target.postgresUrl });
    await db.connect();
    const { rows } = await db.query(
      'SELECT e.node, r.room_id FROM rooms r JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = ANY($1)',
      [rooms.map((r) => r.roomId)],
    );
    await db.end();
    const byNode = new Map();
    for (const { node, room_id: roomId } of rows) byNode.set(node, [...(byNode.get(node) ?? []), roomId]);
    const [name, owned] = [...byNode.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    victim = { name, rooms: new Set(owned), at: null };
  }

  await target.health({ reset: true });
  const processes = [...target.nodes, ...target.helpers];
  const cpuBefore = cpuOf(processes);
  const clientCpuStart = process.cpuUsage();
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const onMove = (room, e, now) => {
    if (!victim?.at || !victim.rooms.has(room.roomId) || firstMoveAfterKill.has(room.roomId)) return;
    firstMoveAfterKill.set(room.roomId, now - victim.at);
  };
  const playing = playRooms(rooms, seconds, { onMove });
  if (failover) {
    await sleep((seconds * 1000) / 3);
    victim.at = performance.now();
    await target.kill(victim.name);
  }
  const played = await playing;
  const figures = await target.health();
  const cpuAfter = cpuOf(processes.filter((p) => !victim || p.name !== victim.name));
  const clientCpu = process.cpuUsage(clientCpuStart);
  const after = await collected(target);
  const hostileTold = attackers ? await attackers.stop() : null;
  closeRooms(rooms);
  await target.stop();

  const latencies = played.latencies.sort((x, y) => x - y);
  const acks = played.ackLatencies.sort((x, y) => x - y);
  const failoverTimes = [...firstMoveAfterKill.values()].sort((x, y) => x - y);
  const runSeconds = played.elapsed - 3;
  return {
    rooms: count,
    live: rooms.length,
    setupFailures: first.failures + second.failures,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    ackP50: percentile(acks, 50),
    ackP99: percentile(acks, 99),
    movesPerSecond: played.committed / runSeconds,
    committed: played.committed,
    errors: played.errors,
    missed: played.missed,
    cpuPercent: ((cpuAfter - cpuBefore) / runSeconds) * 100,
    clientCpuPercent: ((clientCpu.user + clientCpu.system) / 1e6 / played.elapsed) * 100,
    clientLoopP99: clientLoop.percentile(99) / 1e6,
    serverLoop: figures.eventLoopDelayMs,
    store: figures.store,
    rss: { base: base.rss, idle: idle.rss, end: after.rss },
    rssSlope: (idle.rss - atHalf.rss) / (rooms.length - first.rooms.length),
    rssPerRoom: (idle.rss - base.rss) / rooms.length,
    heapPerRoom: (idle.heap - base.heap) / rooms.length,
    failover: victim
      ? {
          node: victim.name,
          rooms: victim.rooms.size,
          moved: failoverTimes.length,
          p50: percentile(failoverTimes, 50),
          p99: percentile(failoverTimes, 99),
          max: failoverTimes.at(-1),
        }
      : null,
    hostile: hostileTold,
  };
}

const passes = (r) => r.p99 < 100 && r.errors.refused + r.errors.noAck + r.errors.lost + r.setupFailures === 0;

function report(r) {
  const mb = (b) => (b / 1048576).toFixed(1);
  const errs = r.errors.refused + r.errors.noAck + r.errors.lost + r.setupFailures;
  const where = NODES ? `${NODES} nodes (PostgreSQL, HAProxy)` : 'one node (SQLite)';
  console.log(
    `${where}: rooms ${r.live}/${r.rooms} (${r.live * 2} clients), ${r.seconds} s: move -> opponent p50 ${r.p50.toFixed(1)} ms, ` +
      `p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ack p50 ${r.ackP50.toFixed(1)} ms, p99 ${r.ackP99.toFixed(1)} ms`,
  );
  console.log(
    `  ${r.movesPerSecond.toFixed(0)} moves/s (${r.committed} committed, ${r.missed} seconds a room waited for its last move); ` +
      `errors ${errs} (refused ${r.errors.refused} ${JSON.stringify(r.errors.codes)}, no ack ${r.errors.noAck}, ` +
      `not delivered ${r.errors.lost}, set-up ${r.setupFailures})`,
  );
  console.log(
    `  servers' CPU ${r.cpuPercent.toFixed(0)} % of one core (nodes${NODES ? ', PostgreSQL, HAProxy' : ''}); ` +
      `RSS ${mb(r.rss.base)} MB empty, ${mb(r.rss.idle)} MB with the rooms, ${mb(r.rss.end)} MB at the end (after a full GC)`,
  );
  const st = r.store;
  console.log(
    `  event loop delay p99: server ${r.serverLoop.p99.toFixed(1)} ms (max ${r.serverLoop.max.toFixed(1)}), clients ` +
      `${r.clientLoopP99.toFixed(1)} ms; clients' CPU ${r.clientCpuPercent.toFixed(0)} %; store: ${st.flushes} commits of ` +
      `${(st.appends / st.flushes).toFixed(1)} appends, ${(st.flushMs / st.flushes).toFixed(2)} ms each, longest ${st.flushMaxMs.toFixed(1)} ms`,
  );
  console.log(
    `  RSS per room: ${(r.rssSlope / 1024).toFixed(1)} KB (slope from half the rooms to all), ` +
      `${(r.rssPerRoom / 1024).toFixed(1)} KB (growth over the empty servers / rooms); live JS heap per room ${(r.heapPerRoom / 1024).toFixed(1)} KB`,
  );
  if (r.failover) {
    const f = r.failover;
    console.log(
      `  failover: kill -9 of ${f.node} holding ${f.rooms} rooms; first move on the new owner for ${f.moved} of them: ` +
        `p50 ${(f.p50 / 1000).toFixed(2)} s, p99 ${(f.p99 / 1000).toFixed(2)} s, max ${(f.max / 1000).toFixed(2)} s after the kill`,
    );
  }
  if (r.hostile) console.log(`  hostile clients were answered: ${JSON.stringify(r.hostile)}`);
  return errs;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
async function main() {
  if (FAILOVER && NODES < 2) throw new Error('--failover needs --nodes 2 or more');
  if (HOSTILE && NODES) throw new Error('--hostile measures one node');
  console.log(`bench online: load average before ${load()}`);
  if (LOBBY) return lobbyFigure();
  if (ACCOUNTS_PAGES) return accountsPagesFigure();
  if (RATED_ENDINGS) return ratedEndingsFigure();
  const lines = await sequences(100, Math.max(SECONDS, RAMP_SECONDS) + 5);
  const first = await runRooms(ROOMS, SECONDS, lines, { failover: FAILOVER, hostile: HOSTILE });
  report(first);
  if (RAMP && !FAILOVER && !HOSTILE) {
    console.log(`ramp: ${RAMP_SECONDS} s runs with more rooms until p99 reaches 100 ms`);
    let best = passes(first) ? ROOMS : 0;
    // Up from the main run while p99 stays under 100 ms, or down until it does.
    const counts = best
      ? [1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000].filter((k) => k > ROOMS)
      : [750, 500, 350, 250, 150, 100].filter((k) => k < ROOMS);
    const goingUp = best > 0;
    for (const n of counts) {
      const r = await runRooms(n, RAMP_SECONDS, lines);
      report(r);
      if (passes(r)) best = n;
      if (passes(r) !== goingUp) break; // up: the first failure ends it; down: the first pass
    }
    console.log(`largest room count with p99 under 100 ms: ${best || `below ${counts.at(-1)}`}`);
  }
  console.log(`bench online: load average after ${load()}`);
}

async function lobbyFigure() {
  const target = await startTarget({ nodes: NODES, env: { ...BENCH, ...UNLIMITED } });
  try {
    const cpuBefore = cpuOf(target.nodes);
    const wall = performance.now();
    const r = await runLobby(target.url, {
      subscribers: option('--subscribers', 1000),
      rate: option('--seek-rate', 20),
      seconds: SECONDS === 60 ? 30 : SECONDS,
    });
    const cpu = (cpuOf(target.nodes) - cpuBefore) / ((performance.now() - wall) / 1000);
    console.log(
      `lobby: ${r.subscribers} subscribers on ${NODES || 1} node(s), ${r.seeksPerSecond.toFixed(1)} seeks/s from ${r.seekers} players ` +
        `(${r.seeks} made, ${r.cancels} cancelled, ${r.refused} refused)`,
    );
    console.log(
      `  seek event to each subscriber: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ` +
        `${r.deliveries} of ${r.expected} deliveries; server CPU ${(cpu * 100).toFixed(0)} %`,
    );
    console.log(`  seek:create and seek:cancel acked: p50 ${r.ackP50.toFixed(1)} ms, p99 ${r.ackP99.toFixed(1)} ms`);
  } finally {
    await target.stop();
  }
  console.log(`bench online: load average after ${load()}`);
}

async function accountsPagesFigure() {
  const target = await startTarget({ nodes: Math.max(1, NODES), env: { ...BENCH, ...UNLIMITED } });
  try {
    const { profiles, boards } = await runAccountsPages(target, {
      accounts: option('--accounts', 100_000),
      games: option('--games', 1_000_000),
      requests: option('--requests', 3000),
      concurrency: option('--concurrency', 4),
      explainPlans: args.includes('--explain'),
    });
    console.log(describe('GET /api/user/NAME', profiles));
    console.log(describe('GET /api/leaderboard/PERF', boards));
  } finally {
    await target.stop();
  }
  console.log(`bench online: load average after ${load()}`);
}

async function ratedEndingsFigure() {
  const target = await startTarget({ nodes: NODES || 2, env: { ...BENCH, ...UNLIMITED } });
  let problems;
  try {
    problems = await runRatedEndings(target, {
      games: option('--games', 1000),
      accounts: option('--accounts', 500),
      plies: option('--plies', 2),
      windowS: option('--window', 10),
      batch: option('--batch', 50),
    });
  } finally {
    await target.stop();
  }
  console.log(`bench online: load average after ${load()}`);
  if (problems) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench online: ${error?.stack ?? error}`);
  process.exit(1);
});
