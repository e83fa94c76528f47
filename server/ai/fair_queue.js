// Fair turns at the AI workers. Rooms ask for searches (one at a time each,
// the registry sees to that); this queue hands the workers out by owner (the
// address that created the room), never more than `perOwner` searches of one
// owner at once, and the owner served longest ago first. With the default two
// workers one address can keep at most one of them busy, so its long
// level-8 searches cannot hold back everyone else's first move. The queue is
// bounded: a room asking when it is full is told to come back later.

export class FairQueue {
  // pool: {search(request) -> Promise<answer>}; workers: how many searches
  // the pool runs at once.
  constructor(pool, { workers, perOwner = Math.max(1, workers - 1), maxQueued = 256 }) {
    Object.assign(this, { pool, workers, perOwner, maxQueued });
    this.waiting = new Map(); // owner -> [{request, resolve}] (an owner's requests in order)
    this.queued = 0;
    this.inFlight = new Map(); // owner -> searches running
    this.running = 0;
    this.lastServed = new Map(); // owner -> sequence number of its last turn
    this.turn = 0;
    this.stats = { searches: 0, refusedFull: 0, maxQueued: 0 };
  }

  // Resolves with the pool's answer, or {ok: false, error, full: true} when
  // the queue is full.
  search(owner, request) {
    if (this.queued >= this.maxQueued) {
      this.stats.refusedFull++;
      return Promise.resolve({ ok: false, full: true, error: 'the AI is busy; the room asks again shortly' });
    }
    return new Promise((resolve) => {
      if (!this.waiting.has(owner)) this.waiting.set(owner, []);
      this.waiting.get(owner).push({ request, resolve });
      this.queued++;
      this.stats.maxQueued = Math.max(this.stats.maxQueued, this.queued);
      this.dispatch();
    });
  }

  // The owner whose turn is next: one with requests waiting and room under
  // its share, served longest ago.
  nextOwner() {
    let best = null;
    for (const owner of this.waiting.keys()) {
      if ((this.inFlight.get(owner) ?? 0) >= this.perOwner) continue;
      const served = this.lastServed.get(owner) ?? -1;
      if (best === null || served < best.served) best = { owner, served };
    }
    return best?.owner ?? null;
  }

  dispatch() {
    while (this.running < this.workers) {
      const owner = this.nextOwner();
      if (owner === null) return;
      const list = this.waiting.get(owner);
      const job = list.shift();
      if (!list.length) this.waiting.delete(owner);
      this.queued--;
      this.running++;
      this.inFlight.set(owner, (this.inFlight.get(owner) ?? 0) + 1);
      this.lastServed.set(owner, this.turn++);
      this.stats.searches++;
      this.pool.search(job.request).then((answer) => {
        this.running--;
        const left = this.inFlight.get(owner) - 1;
        if (left) this.inFlight.set(owner, left);
        else {
          this.inFlight.delete(owner);
          if (!this.waiting.has(owner)) this.lastServed.delete(owner);
        }
        job.resolve(answer);
        this.dispatch();
      });
    }
  }
}
