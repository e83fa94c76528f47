// A small pool of AI worker threads (worker.js), so a long search in one room
// never stalls the others: the main thread only posts requests and takes
// answers. Requests queue when every worker is busy; a worker that dies is
// replaced and its request fails (the room asks again).
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./worker.js', import.meta.url);

export class AiPool {
  constructor(size, log = () => {}) {
    this.size = size;
    this.log = log;
    this.workers = [];
    this.queue = [];
    this.pending = new Map(); // request id -> {resolve, reject, worker}
    this.nextId = 1;
    this.closed = false;
  }

  spawn() {
    const worker = new Worker(WORKER_URL);
    const slot = { worker, busy: true, ready: false };
    worker.on('message', (message) => {
      if (message.ready) {
        slot.ready = true;
        slot.busy = false;
        this.pump();
        return;
      }
      const job = this.pending.get(message.id);
      this.pending.delete(message.id);
      slot.busy = false;
      if (job) job.resolve(message);
      this.pump();
    });
    worker.on('error', (error) => this.log(`ai worker error: ${error.message}`));
    worker.on('exit', () => {
      this.workers = this.workers.filter((w) => w !== slot);
      for (const [id, job] of this.pending) {
        if (job.slot === slot) {
          this.pending.delete(id);
          job.resolve({ id, ok: false, error: 'the AI worker stopped' });
        }
      }
      if (!this.closed) this.pump();
    });
    this.workers.push(slot);
    return slot;
  }

  // Resolves with the worker's answer ({ok, text, pass, ...} or {ok: false, error}).
  search(request) {
    if (this.closed) return Promise.resolve({ ok: false, error: 'the server is stopping' });
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++ }, resolve });
      this.pump();
    });
  }

  pump() {
    if (this.closed) return;
    while (this.queue.length) {
      let slot = this.workers.find((w) => w.ready && !w.busy);
      if (!slot) {
        if (this.workers.length < this.size) this.spawn();
        return;
      }
      const job = this.queue.shift();
      slot.busy = true;
      this.pending.set(job.request.id, { resolve: job.resolve, slot });
      slot.worker.postMessage(job.request);
    }
  }

  async close() {
    this.closed = true;
    for (const job of this.queue) job.resolve({ ok: false, error: 'the server is stopping' });
    this.queue = [];
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
