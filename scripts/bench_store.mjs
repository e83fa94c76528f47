// The store's append latency under many rooms, without the rest of the
// server: R rooms, each appending one move event every `every` ms (at a
// random phase), for `seconds`; prints the appends per second and the
// latency percentiles of appendEvents (what a move's ack waits for).
//   node scripts/bench_store.mjs [--store postgres|sqlite] [--rooms R] [--every MS] [--seconds S]
// PostgreSQL: a private server in a temporary folder (fsync on unless
// --no-fsync), as the cluster runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { startPostgres } from '../server/cluster/postgres_server.js';
import { openStore } from '../server/store/store.js';

const args = { store: 'postgres', rooms: 2000, every: 1000, seconds: 20, fsync: true };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--no-fsync') args.fsync = false;
  else if (a.startsWith('--') && process.argv[i + 1] !== undefined) {
    const key = a.slice(2);
    args[key] = key === 'store' ? process.argv[++i] : Number(process.argv[++i]);
  } else {
    console.error(
      'usage: node scripts/bench_store.mjs [--store postgres|sqlite] [--rooms R] [--every MS] [--seconds S] [--no-fsync]',
    );
    process.exit(2);
  }
}

const dir = mkdtempSync('/tmp/qpg.');
let postgres = null;
process.on('exit', () => {
  postgres?.stop({ mode: 'immediate' });
  rmSync(dir, { recursive: true, force: true });
});
let location = join(dir, 'bench.db');
if (args.store === 'postgres') {
  postgres = await startPostgres({ dataDir: join(dir, 'db'), socketDir: dir, fsync: args.fsync });
  location = postgres.urlWithPassword;
}
const store = await openStore(location, { node: 'bench' });

const rooms = [];
const started = performance.now();
for (let i = 0; i < args.rooms; i += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, args.rooms - i) }, async (_, j) => {
      const roomId = `b${i + j}`;
      const at = Date.now();
      const data = { game: 'xiangqi', options: {} };
      await store.createRoom({ roomId, game: 'xiangqi', createdAt: at }, [
        { roomId, v: 1, type: 'created', step: 0, pos: 'p', at, data, secret: null },
      ]);
      rooms.push({ roomId, v: 1 });
    }),
  );
}
console.log(`${args.store}: ${args.rooms} rooms created in ${(performance.now() - started).toFixed(0)} ms`);

const latencies = [];
let errors = 0;
const end = performance.now() + args.seconds * 1000;
await Promise.all(
  rooms.map(async (room) => {
    await new Promise((done) => setTimeout(done, Math.random() * args.every));
    while (performance.now() < end) {
      const next = performance.now() + args.every;
      const v = room.v + 1;
      const event = {
        roomId: room.roomId,
        v,
        type: 'move',
        step: v,
        pos: `p${v}`,
        at: Date.now(),
        data: { move: 'h2e2' },
        secret: null,
      };
      const t0 = performance.now();
      try {
        await store.appendEvents(room.roomId, [event]);
        room.v = v;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
      const wait = next - performance.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(
  `${latencies.length} appends in ${args.seconds} s (${(latencies.length / args.seconds).toFixed(0)}/s), ${errors} errors; ` +
    `latency ms p50 ${pct(50)} p90 ${pct(90)} p99 ${pct(99)} max ${latencies.at(-1).toFixed(1)}; ` +
    `${store.stats.flushes} commits (${(store.stats.appends / store.stats.flushes).toFixed(1)} appends each)`,
);
await store.close();
process.exit(0);
