// One budget per client address (a token bucket, limits.js): room creations
// (event_budgets.js), `/game/ROOMID` lookups (net/http.js). `take(key)`
// resolves {ok: true}, or {ok: false, waitMs} when the address's bucket is
// empty. A bucket is dropped once it would be full again anyway.
import { TokenBucket } from './limits.js';

const SWEEP_EVERY_MS = 60_000;

export class AddressBuckets {
  // perMinute, burst: the budget of each address.
  constructor({ perMinute, burst }) {
    this.perSecond = perMinute / 60;
    this.burst = burst;
    this.buckets = new Map(); // address key -> TokenBucket
    this.sweptAt = Date.now();
  }

  async take(key, now = Date.now()) {
    if (now - this.sweptAt > SWEEP_EVERY_MS) this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.perSecond, this.burst, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now) ? { ok: true } : { ok: false, waitMs: bucket.waitMs() };
  }

  sweep(now) {
    this.sweptAt = now;
    const refillMs = (this.burst / this.perSecond) * 1000;
    for (const [key, bucket] of this.buckets) if (now - bucket.at >= refillMs) this.buckets.delete(key);
  }
}
