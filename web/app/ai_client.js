// Talks to the search worker. Every request carries an id and stale replies
// are dropped; cancel() terminates the worker (a synchronous wasm search cannot
// read a stop message) and a fresh one is started from the same Blob source.

export class AiClient {
  constructor(workerSource) {
    this.url = URL.createObjectURL(new Blob(workerSource, { type: 'text/javascript' }));
    this.nextId = 1;
    this.pending = null; // { id, resolve, reject, onInfo }
    this.worker = null;
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(this.url);
    this.worker.onmessage = (event) => this.onMessage(event.data);
    this.worker.onerror = (event) => {
      const pending = this.pending;
      this.pending = null;
      if (pending) pending.reject(new Error(event.message || 'worker error'));
    };
  }

  get busy() {
    return this.pending !== null;
  }

  // Resolves with the search result, or with null when cancelled.
  search(request, onInfo) {
    if (this.closed) return Promise.resolve(null);
    this.cancel();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onInfo };
      this.worker.postMessage({ id, ...request });
    });
  }

  onMessage(message) {
    const pending = this.pending;
    if (!pending || message.id !== pending.id) return; // stale reply
    if (message.type === 'info') {
      if (pending.onInfo) pending.onInfo(message.info);
    } else if (message.type === 'result') {
      this.pending = null;
      pending.resolve(message.result);
    } else if (message.type === 'error') {
      this.pending = null;
      pending.reject(new Error(message.message));
    }
  }

  // The controller goes: the worker ends for good and its source is freed.
  close() {
    const pending = this.pending;
    this.pending = null;
    this.closed = true;
    this.worker.terminate();
    URL.revokeObjectURL(this.url);
    pending?.resolve(null);
  }

  cancel() {
    if (!this.pending || this.closed) return;
    const pending = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.spawn();
    pending.resolve(null);
  }
}
