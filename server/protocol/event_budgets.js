// Budgets for the events that cost the server most, beyond the per-socket
// limits of limits.js: `room:create` from one address (every socket of it
// shares the bucket, so opening more sockets buys nothing), and `sync` with
// `room:join` per socket (each is answered with a whole room state, far
// larger than the request). An event over its budget is refused
// `rate_limited` with `retryAfterMs`.
import { addressKey, clientAddress } from '../net/client_address.js';
import { TokenBucket } from './limits.js';

// Events that read from the store or send a whole state: one budget per socket.
const STATE_EVENTS = new Set(['sync', 'room:join', 'games:mine', 'lobby:subscribe']);
// Events that make a room (or may): they share room:create's budget.
const CREATING_EVENTS = new Set(['room:create', 'seek:create', 'seek:accept', 'seek:quick']);
// An address's bucket is dropped once it would be full again anyway.
const SWEEP_EVERY_MS = 60_000;

const rateLimited = (reason, bucket) => ({ ok: false, code: 'rate_limited', reason, retryAfterMs: bucket.waitMs() });

export class EventBudgets {
  constructor({ createsPerMinute, createBurst, syncsPerMinute, syncBurst, trustProxy = null }) {
    this.creates = { perSecond: createsPerMinute / 60, burst: createBurst };
    this.syncs = { perSecond: syncsPerMinute / 60, burst: syncBurst };
    this.trustProxy = trustProxy;
    this.createBuckets = new Map(); // address key -> TokenBucket
    this.socketBuckets = new WeakMap(); // socket -> TokenBucket
    this.sweptAt = Date.now();
    this.figures = { createsRefused: 0, syncsRefused: 0 };
  }

  // The refusal (an ack) when `event` from `socket` is over its budget, else null.
  refusal(event, socket, now = Date.now()) {
    if (CREATING_EVENTS.has(event)) {
      const bucket = this.createBucket(socket, now);
      if (bucket.take(now)) return null;
      this.figures.createsRefused++;
      return rateLimited('too many rooms created from your address; wait a little', bucket);
    }
    if (STATE_EVENTS.has(event)) {
      let bucket = this.socketBuckets.get(socket);
      if (!bucket) {
        bucket = new TokenBucket(this.syncs.perSecond, this.syncs.burst, now);
        this.socketBuckets.set(socket, bucket);
      }
      if (bucket.take(now)) return null;
      this.figures.syncsRefused++;
      return rateLimited('too many syncs and joins; the state you have is current', bucket);
    }
    return null;
  }

  createBucket(socket, now) {
    if (now - this.sweptAt > SWEEP_EVERY_MS) this.sweep(now);
    const key = addressKey(clientAddress(socket.request, { trustProxy: this.trustProxy }));
    let bucket = this.createBuckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.creates.perSecond, this.creates.burst, now);
      this.createBuckets.set(key, bucket);
    }
    return bucket;
  }

  sweep(now) {
    this.sweptAt = now;
    const refillMs = (this.creates.burst / this.creates.perSecond) * 1000;
    for (const [key, bucket] of this.createBuckets) if (now - bucket.at >= refillMs) this.createBuckets.delete(key);
  }
}
