// The online rooms benchmark (scripts/bench --online): one server process,
// N xiangqi rooms of two connected clients each, every room making a move
// every second. Prints the time from a client's move to the opponent
// receiving it (p50, p99), moves per second, errors, the server's CPU and
// memory (RSS per room); then raises the room count until p99 passes 100 ms.
//
//   node --no-experimental-fetch scripts/bench_online.mjs [--rooms N] [--seconds S]
//        [--ramp-seconds S] [--no-ramp]
//
// The clients run in this process (one Socket.IO connection each, WebSocket
// transport); their moves were generated beforehand with the engine, so the
// client side only sends and times. Run it on an otherwise idle machine.
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROOMS = option('--rooms', 1000);
const SECONDS = option('--seconds', 60);
const RAMP_SECONDS = option('--ramp-seconds', 20);
const RAMP = !args.includes('--no-ramp');
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
// The benchmark's clients all come from 127.0.0.1: the per-address limits
// are lifted (the hostile clients of --hostile keep theirs: they come from
// other addresses); QIPAN_BENCH lets /health reset and collect garbage.
const UNLIMITED = {
  QIPAN_BENCH: '1',
  QIPAN_MAX_SOCKETS_PER_IP: '1000000',
  QIPAN_CREATES_PER_MINUTE: '1000000',
  QIPAN_CREATE_BURST: '1000000',
  QIPAN_SYNCS_PER_MINUTE: '1000000',
  QIPAN_SYNC_BURST: '1000000',
  QIPAN_OPEN_ROOMS_PER_IP: '1000000',
  QIPAN_AI_ROOMS_PER_IP: '1000000',
  QIPAN_MAX_ROOMS: '1000000',
};
const hash = (text) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

// Random xiangqi games of `plies` moves that have not ended, each move with
// the pos it is played from (what a client sends).
async function sequences(count, plies) {
  const engine = await require(process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`)();
  let seed = 12345;
  const rand = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const name = (sq) => 'abcdefghi'[sq % 9] + Math.floor(sq / 9);
  const out = [];
  while (out.length < count) {
    const s = new engine.XiangqiSession();
    const line = [];
    let snap = s.snapshot();
    while (line.length < plies && !snap.status.over) {
      const m = snap.legal[rand(snap.legal.length)];
      line.push({ move: name(m.from) + name(m.to), pos: hash(s.fen().split(' ').slice(0, 2).join(' ')) });
      s.play(m.from, m.to);
      snap = s.snapshot();
    }
    if (line.length === plies && !snap.status.over) out.push(line);
    s.delete();
  }
  return out;
}

// /proc figures of the server process: CPU seconds (and resident memory).
function procStats(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = 100; // USER_HZ on Linux
  const cpu = (Number(stat[11]) + Number(stat[12])) / ticks;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  return { cpu, rss };
}

// The server's /health figures; with gc, its resident memory after a full
// garbage collection (the server runs with --expose-gc here).
function health(url, gc = false, reset = false) {
  return new Promise((done, fail) => {
    get(`${url}health?${gc ? 'gc=1&' : ''}${reset ? 'reset=1' : ''}`, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => done(JSON.parse(body)));
    }).on('error', fail);
  });
}
const collectedRss = async (url) => (await health(url, true)).memory;
const collectedHeap = async (url) => (await health(url, true)).heapUsed;

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-bench-'));
  // The node flags scripts/serve runs the server with, then
  // QIPAN_BENCH_SERVER_FLAGS (e.g. --cpu-prof, or another --max-semi-space-size).
  const flags = ['--max-semi-space-size=4', ...(process.env.QIPAN_BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
  const proc = spawn(
    process.execPath,
    [...flags, '--expose-gc', '--no-experimental-fetch', `${root}/server/main.js`, '--port', '0', '--db', join(dir, 'bench.db')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      // One address makes every room here: the per-address limits are lifted.
      env: { ...process.env, ...UNLIMITED },
    },
  );
  const url = await new Promise((done, fail) => {
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening (\S+)/.exec(out);
      if (m) done(m[1]);
    });
    proc.once('exit', (code) => fail(new Error(`server exited (${code})`)));
  });
  proc.stdout.resume();
  return {
    url,
    proc,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((done) => proc.once('exit', done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function connect(url) {
  return new Promise((done, fail) => {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20000 });
    socket.once('connect', () => done(socket));
    socket.once('connect_error', fail);
  });
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// One run: `rooms` rooms for `seconds`; returns the figures.
async function runRooms(rooms, seconds, lines) {
  const server = await startServer();
  await sleep(500);
  const base = { ...procStats(server.proc.pid), rss: await collectedRss(server.url), heap: await collectedHeap(server.url) };
  const table = [];
  const errors = { refused: 0, noAck: 0, lost: 0, connect: 0, codes: {} };
  // Rooms in batches, so the set-up does not look like a flood; the memory
  // is read at half the rooms and at all of them (the slope is the cost of
  // one more room, whatever the process had reserved before).
  let half = null;
  const size = Math.max(1, Math.min(100, Math.floor(rooms / 4)));
  for (let start = 0; start < rooms; start += size) {
    if (start >= rooms / 2 && !half) {
      await sleep(500);
      half = { rooms: table.filter(Boolean).length, rss: await collectedRss(server.url) };
    }
    const batch = [];
    for (let i = start; i < Math.min(rooms, start + size); i++) {
      batch.push(
        (async () => {
          const [a, b] = await Promise.all([connect(server.url), connect(server.url)]);
          const created = await a.timeout(20000).emitWithAck('room:create', { game: 'xiangqi' });
          const invite = new URL(created.links.invite).searchParams.get('key');
          const joined = await b.timeout(20000).emitWithAck('room:join', { roomId: created.roomId, invite });
          if (!created.ok || !joined.ok) throw new Error(`set-up refused: ${created.code ?? joined.code}`);
          table[i] = {
            i,
            roomId: created.roomId,
            sockets: [a, b],
            tokens: [created.token, joined.token],
            line: lines[i % lines.length],
            step: 0,
            sent: new Map(),
          };
        })().catch(() => {
          errors.connect++;
        }),
      );
    }
    await Promise.all(batch);
  }
  const live = table.filter(Boolean);
  await sleep(1000);
  const idle = { ...procStats(server.proc.pid), rss: await collectedRss(server.url), heap: await collectedHeap(server.url) };

  const latencies = [];
  const ackLatencies = [];
  let committed = 0;
  for (const room of live) {
    room.sockets.forEach((socket, seat) => {
      socket.on('event', (e) => {
        if (e.type !== 'move') return;
        // The opponent of the mover receiving it.
        if (e.data.seat === seat) return;
        const sentAt = room.sent.get(e.step);
        if (sentAt !== undefined) {
          latencies.push(performance.now() - sentAt);
          room.sent.delete(e.step);
        }
      });
    });
  }
  await health(server.url, false, true);
  const started = performance.now();
  const before = procStats(server.proc.pid);
  const clientCpuStart = process.cpuUsage();
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  // Each room moves once a second, the rooms spread over the second.
  let missed = 0;
  const timers = live.map((room) =>
    setTimeout(
      function tick() {
        if (performance.now() - started >= seconds * 1000 || room.step >= room.line.length) return;
        room.timer = setTimeout(tick, 1000);
        // A player moves after seeing the opponent's move: while the last one
        // is on its way, this second's move waits for the next.
        if (room.sent.size) {
          missed++;
          return;
        }
        const seat = room.step % 2;
        const { move, pos } = room.line[room.step];
        const step = room.step + 1;
        const t0 = performance.now();
        room.sent.set(step, t0);
        room.step = step;
        room.sockets[seat]
          .timeout(5000)
          .emitWithAck('move', { roomId: room.roomId, token: room.tokens[seat], step, move, pos })
          .then((ack) => {
            ackLatencies.push(performance.now() - t0);
            if (ack.ok) committed++;
            else {
              errors.refused++;
              errors.codes[ack.code] = (errors.codes[ack.code] ?? 0) + 1;
            }
          })
          .catch(() => {
            errors.noAck++;
          });
      },
      (room.i / live.length) * 1000,
    ),
  );
  await sleep(seconds * 1000 + 3000);
  const elapsed = (performance.now() - started) / 1000;
  const serverFigures = await health(server.url);
  const clientCpu = process.cpuUsage(clientCpuStart);
  const after = { ...procStats(server.proc.pid), rss: await collectedRss(server.url), heap: await collectedHeap(server.url) };
  for (const t of timers) clearTimeout(t);
  for (const room of live) {
    clearTimeout(room.timer);
    errors.lost += room.sent.size;
  }
  for (const room of live) for (const s of room.sockets) s.close();
  await server.stop();

  latencies.sort((x, y) => x - y);
  ackLatencies.sort((x, y) => x - y);
  return {
    rooms,
    live: live.length,
    clients: live.length * 2,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    ackP50: percentile(ackLatencies, 50),
    ackP99: percentile(ackLatencies, 99),
    movesPerSecond: committed / (elapsed - 3),
    committed,
    errors,
    missed,
    cpuPercent: ((after.cpu - before.cpu) / (elapsed - 3)) * 100,
    clientCpuPercent: ((clientCpu.user + clientCpu.system) / 1e6 / elapsed) * 100,
    clientLoopP99: clientLoop.percentile(99) / 1e6,
    serverLoop: serverFigures.eventLoopDelayMs,
    store: serverFigures.store,
    rssBase: base.rss,
    rssIdle: idle.rss,
    rssEnd: after.rss,
    rssSlope: (idle.rss - half.rss) / (live.length - half.rooms),
    rssPerRoom: (idle.rss - base.rss) / live.length,
    rssPerRoomEnd: (after.rss - base.rss) / live.length,
    heapPerRoom: (idle.heap - base.heap) / live.length,
    heapPerRoomEnd: (after.heap - base.heap) / live.length,
  };
}

function report(r) {
  const mb = (b) => (b / 1048576).toFixed(1);
  const errs = r.errors.refused + r.errors.noAck + r.errors.lost + r.errors.connect;
  console.log(
    `rooms ${r.live}/${r.rooms} (${r.clients} clients), ${r.seconds} s: move -> opponent p50 ${r.p50.toFixed(1)} ms, ` +
      `p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ack p50 ${r.ackP50.toFixed(1)} ms, p99 ${r.ackP99.toFixed(1)} ms`,
  );
  console.log(
    `  ${r.movesPerSecond.toFixed(0)} moves/s (${r.committed} committed, ${r.missed} seconds a room waited for the last move); errors ${errs} ` +
      `(refused ${r.errors.refused} ${JSON.stringify(r.errors.codes)}, no ack ${r.errors.noAck}, not delivered ${r.errors.lost}, set-up ${r.errors.connect})`,
  );
  console.log(
    `  server CPU ${r.cpuPercent.toFixed(0)} % of one core; RSS ${mb(r.rssBase)} MB empty, ${mb(r.rssIdle)} MB with the rooms, ` +
      `${mb(r.rssEnd)} MB at the end (each after a full GC)`,
  );
  const st = r.store;
  console.log(
    `  event loop delay p99: server ${r.serverLoop.p99.toFixed(1)} ms (max ${r.serverLoop.max.toFixed(1)}), clients ${r.clientLoopP99.toFixed(1)} ms; ` +
      `clients' CPU ${r.clientCpuPercent.toFixed(0)} %; store: ${st.flushes} commits of ${(st.appends / st.flushes).toFixed(1)} appends, ` +
      `${(st.flushMs / st.flushes).toFixed(2)} ms each, longest ${st.flushMaxMs.toFixed(1)} ms`,
  );
  console.log(
    `  RSS per room: ${(r.rssSlope / 1024).toFixed(1)} KB (slope from half the rooms to all, idle), ` +
      `${(r.rssPerRoom / 1024).toFixed(1)} KB (growth over the empty server / rooms), ${(r.rssPerRoomEnd / 1024).toFixed(1)} KB after the moves; ` +
      `live JS heap per room ${(r.heapPerRoom / 1024).toFixed(1)} KB, ${(r.heapPerRoomEnd / 1024).toFixed(1)} KB after the moves`,
  );
  return errs;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
async function main() {
  console.log(`bench online: load average before ${load()}`);
  const lines = await sequences(100, Math.max(SECONDS, RAMP_SECONDS) + 5);
  const first = await runRooms(ROOMS, SECONDS, lines);
  report(first);
  if (RAMP) {
    console.log(`ramp: ${RAMP_SECONDS} s runs with more rooms until p99 reaches 100 ms`);
    const passes = (r) => r.p99 < 100 && r.errors.refused + r.errors.noAck + r.errors.lost + r.errors.connect === 0;
    let best = passes(first) ? ROOMS : 0;
    // Up from the main run while p99 stays under 100 ms, or down until it does.
    const counts = best
      ? [1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000].filter((k) => k > ROOMS)
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

main().catch((error) => {
  console.error(`bench online: ${error?.stack ?? error}`);
  process.exit(1);
});
