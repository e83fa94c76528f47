// A small pool of AI worker threads (worker.js), so a long search in one room
// never stalls the others: the main thread only posts requests and takes
// answers. Requests queue when every worker is busy; a worker that dies is
// replaced and its request fails (the room asks again).
//
// A worker that cannot start (no file descriptors left, a broken engine) is
// not retried at once, or the pool would spin respawning: the next try
// waits a back-off that doubles from 100 ms up to 30 s. After a few failures
// in a row the breaker opens: searches fail at once (`{ok: false, error}`)
// instead of waiting in a queue that cannot move, while retries go on at the
// back-off's pace; the first worker that starts closes it and resets the
// back-off. Failures are logged at most once per 10 s. Emits 'breaker'
// (open: boolean) when it opens or closes.
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';

import { rateLimitedLog } from '../rate_limited_log.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);
export const SPAWN_BACKOFF = Object.freeze({ initialMs: 100, maxMs: 30_000, breakerAfter: 3 });
const UNAVAILABLE = 'the AI is unavailable for now (its worker cannot start); try again later';

export class AiPool extends EventEmitter {
  // createWorker: makes one worker thread (tests pass one that fails).
  constructor(size, log = () => {}, { createWorker = () => new Worker(WORKER_URL), backoff = SPAWN_BACKOFF } = {}) {
    super();
    this.size = size;
    this.log = log;
    this.report = rateLimitedLog(log);
    this.createWorker = createWorker;
    this.backoff = backoff;
    this.workers = [];
    this.queue = [];
    this.pending = new Map(); // request id -> {resolve, slot}
    this.nextId = 1;
    this.closed = false;
    this.failuresInARow = 0; // spawns that failed since a worker last started
    this.spawnFailures = 0; // ever
    this.retryAt = 0; // no spawn before this (ms since 1970)
    this.retryTimer = null;
  }

  get breakerOpen() {
    return this.failuresInARow >= this.backoff.breakerAfter;
  }

  // For /health.
  figures() {
    return { aiSpawnFailures: this.spawnFailures, aiBreakerOpen: this.breakerOpen };
  }

  spawn() {
    let worker;
    try {
      worker = this.createWorker();
    } catch (error) {
      this.spawnFailed(error);
      return null;
    }
    const slot = { worker, busy: true, ready: false, error: null };
    worker.on('message', (message) => {
      if (message.ready) {
        slot.ready = true;
        slot.busy = false;
        this.spawnSucceeded();
        this.pump();
        return;
      }
      const job = this.pending.get(message.id);
      this.pending.delete(message.id);
      slot.busy = false;
      if (job) job.resolve(message);
      this.pump();
    });
    worker.on('error', (error) => {
      slot.error = error;
      if (slot.ready) this.report('worker', `ai worker error: ${error.message}`);
    });
    worker.on('exit', () => {
      this.workers = this.workers.filter((w) => w !== slot);
      for (const [id, job] of this.pending) {
        if (job.slot === slot) {
          this.pending.delete(id);
          job.resolve({ id, ok: false, error: 'the AI worker stopped' });
        }
      }
      if (this.closed) return;
      if (!slot.ready) this.spawnFailed(slot.error ?? new Error('it exited before it was ready'));
      else this.pump();
    });
    this.workers.push(slot);
    return slot;
  }

  spawnFailed(error) {
    this.failuresInARow++;
    this.spawnFailures++;
    const { initialMs, maxMs, breakerAfter } = this.backoff;
    const delay = Math.min(maxMs, initialMs * 2 ** (this.failuresInARow - 1));
    this.retryAt = Date.now() + delay;
    this.report(
      'spawn',
      `ai worker failed to start (${this.failuresInARow} in a row): ${error?.message ?? error}; next try in ${delay} ms`,
    );
    if (this.failuresInARow === breakerAfter) {
      this.log('ai: searches now fail at once, until a worker starts');
      this.emit('breaker', true);
    }
    if (this.breakerOpen) this.failQueued(UNAVAILABLE);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retry();
    }, delay);
    this.retryTimer.unref?.();
  }

  spawnSucceeded() {
    if (this.failuresInARow === 0) return;
    const wasOpen = this.breakerOpen;
    this.failuresInARow = 0;
    this.retryAt = 0;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (wasOpen) {
      this.log('ai: a worker started; searches run again');
      this.emit('breaker', false);
    }
  }

  // After a back-off: start what waits, or (breaker open, nothing can wait)
  // one worker to find out whether starting works again.
  retry() {
    if (this.closed) return;
    // The timer says the wait is over, not Date.now(): a timer may fire a
    // millisecond before the wall clock reaches retryAt, and pump() would
    // then spawn nothing and set no new timer (the pool stuck for good).
    this.retryAt = 0;
    if (this.queue.length) this.pump();
    else if (this.breakerOpen && this.workers.length === 0) this.spawn();
  }

  // Resolves with the worker's answer ({ok, text, pass, ...} or {ok: false, error}).
  search(request) {
    if (this.closed) return Promise.resolve({ ok: false, error: 'the server is stopping' });
    if (this.breakerOpen) return Promise.resolve({ ok: false, error: UNAVAILABLE });
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++ }, resolve });
      this.pump();
    });
  }

  pump() {
    if (this.closed) return;
    while (this.queue.length) {
      const slot = this.workers.find((w) => w.ready && !w.busy);
      if (!slot) {
        if (this.workers.length < this.size && Date.now() >= this.retryAt) this.spawn();
        return;
      }
      const job = this.queue.shift();
      slot.busy = true;
      this.pending.set(job.request.id, { resolve: job.resolve, slot });
      slot.worker.postMessage(job.request);
    }
  }

  failQueued(error) {
    for (const job of this.queue) job.resolve({ ok: false, error });
    this.queue = [];
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.failQueued('the server is stopping');
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
