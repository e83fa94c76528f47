// The AI worker pool when its workers cannot start (server/ai/pool.js; the
// audit's M5: under EMFILE the server respawned about 2,100 workers a
// second). Workers here are stand-ins made by an injected factory: one that
// throws as it starts, and a healthy one that answers every search. The
// pool must retry at a doubling back-off, fail searches at once while its
// breaker is open, close it when a worker starts, and start the back-off
// afresh after that; a retry is due when its timer fires, whatever the
// wall clock says.
import { Worker } from 'node:worker_threads';

import { SPAWN_BACKOFF, AiPool } from '../../server/ai/pool.js';
import { assert, run, test } from './harness.mjs';

const BROKEN = "throw new Error('this worker cannot start');";
const HEALTHY = `
  const { parentPort } = require('node:worker_threads');
  parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, ok: true, move: 'h2e2' }));
  parentPort.postMessage({ ready: true });
`;

// A factory whose workers are broken until `healthy` is set; it records when
// each spawn happened and lets a test await the n-th one.
function factory() {
  const spawns = [];
  const waiters = [];
  const make = () => {
    spawns.push(Date.now());
    for (const w of waiters.filter((w) => spawns.length >= w.count)) w.resolve();
    return new Worker(make.healthy ? HEALTHY : BROKEN, { eval: true });
  };
  make.healthy = false;
  make.spawns = spawns;
  make.spawned = (count, timeoutMs = 10000) =>
    new Promise((resolve, reject) => {
      if (spawns.length >= count) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`no spawn #${count} within ${timeoutMs} ms (${spawns.length})`)),
        timeoutMs,
      );
      waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  return make;
}

// Resolves with the pool's next 'breaker' state change (or fails after timeoutMs).
function nextBreaker(pool, timeoutMs = 10000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the breaker did not change')), timeoutMs);
    pool.once('breaker', (open) => {
      clearTimeout(timer);
      resolve(open);
    });
  });
}

const withTimeout = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms))]);

test('failing spawns back off (doubling), the breaker opens, searches fail fast, a started worker closes it', async () => {
  const make = factory();
  const lines = [];
  const pool = new AiPool(2, (line) => lines.push(line), { createWorker: make });
  try {
    const opened = nextBreaker(pool);
    // The first search waits while the pool tries; it fails when the breaker opens.
    const first = pool.search({ game: 'xiangqi' });
    assert.equal(await opened, true);
    assert.deepEqual(
      { ok: (await first).ok, figures: pool.figures() },
      { ok: false, figures: { aiSpawnFailures: SPAWN_BACKOFF.breakerAfter, aiBreakerOpen: true } },
    );
    // While open, a search is answered at once.
    const started = Date.now();
    const fast = await withTimeout(pool.search({ game: 'xiangqi' }), 100, 'a search while the breaker is open');
    assert.equal(fast.ok, false);
    assert.match(fast.error, /unavailable/);
    assert.ok(Date.now() - started < 100);

    // Retries go on by themselves, each after twice the wait before it.
    await make.spawned(5);
    const gaps = make.spawns.slice(1).map((at, i) => at - make.spawns[i]);
    for (const [i, gap] of gaps.entries())
      assert.ok(gap >= SPAWN_BACKOFF.initialMs * 2 ** i - 5, `gap ${i} was ${gap} ms (${gaps.join(', ')})`);
    const span = make.spawns.at(-1) - make.spawns[0];
    assert.ok(span >= 100 + 200 + 400 + 800 - 20, `5 spawns took ${span} ms, not a tight loop`);
    // One report, not a line per failure.
    assert.ok(lines.filter((l) => /failed to start/.test(l)).length <= 2, lines.join('\n'));

    // The next retry starts a healthy worker: the breaker closes and searches run.
    make.healthy = true;
    // The next retry may be one doubling further on if this process was
    // slow to get here (a loaded machine), at most the back-off's maximum.
    const closed = nextBreaker(pool, SPAWN_BACKOFF.maxMs + 10_000);
    assert.equal(await closed, false);
    const answer = await withTimeout(pool.search({ game: 'xiangqi' }), 5000, 'a search after recovery');
    assert.deepEqual({ ok: answer.ok, move: answer.move }, { ok: true, move: 'h2e2' });
    assert.deepEqual(pool.figures(), { aiSpawnFailures: make.spawns.length - 1, aiBreakerOpen: false });
  } finally {
    await pool.close();
  }
});

test('a worker that started resets the back-off: the next failure waits the first step again', async () => {
  const make = factory();
  make.healthy = true;
  const pool = new AiPool(1, () => {}, { createWorker: make });
  try {
    assert.equal((await pool.search({ game: 'xiangqi' })).ok, true);
    // The healthy worker goes; its replacement cannot start.
    make.healthy = false;
    await Promise.all(pool.workers.map((w) => w.worker.terminate()));
    const search = pool.search({ game: 'xiangqi' });
    await make.spawned(3);
    const gap = make.spawns[2] - make.spawns[1];
    assert.ok(gap >= SPAWN_BACKOFF.initialMs - 5 && gap < SPAWN_BACKOFF.initialMs * 4, `first retry after ${gap} ms`);
    make.healthy = true;
    const answer = await withTimeout(search, 5000, 'the waiting search');
    assert.equal(answer.ok, true, 'a search waiting before the breaker opened runs once a worker starts');
  } finally {
    await pool.close();
  }
});

test('a back-off timer that fires before the wall clock reaches its end still retries (it used to stall for good)', async () => {
  // Node's timers run on a monotonic clock: one may fire a millisecond
  // before Date.now() reaches the time it was set for (3 of 60 here), and
  // the wall clock may step back. Here it steps back 50 ms after the first
  // failure set the back-off.
  const make = factory();
  const realNow = Date.now;
  let behind = 0;
  let failed;
  const firstFailure = new Promise((resolve) => (failed = resolve));
  Date.now = () => realNow() - behind;
  const pool = new AiPool(1, (line) => /failed to start/.test(line) && failed(), { createWorker: make });
  try {
    const search = pool.search({ game: 'xiangqi' });
    await firstFailure;
    behind = 50;
    make.healthy = true;
    await make.spawned(2, 5000);
    const answer = await withTimeout(search, 5000, 'the waiting search');
    assert.equal(answer.ok, true, 'the retry came when its timer did');
  } finally {
    Date.now = realNow;
    await pool.close();
  }
});

process.exit((await run()) ? 1 : 0);
