// Budgets for the events that cost the server most, beyond the per-socket
// limits of limits.js: `room:create` from one address (every socket of it
// shares the bucket, so opening more sockets buys nothing), and `sync` with
// `room:join` per socket (each is answered with a whole room state, far
// larger than the request). An event over its budget is refused
// `rate_limited` with `retryAfterMs`.
import { addressKey, clientAddress } from '../net/client_address.js';
import { AddressBuckets } from './address_buckets.js';
import { TokenBucket } from './limits.js';

// Events that read from the store or send a whole state: one budget per socket.
const STATE_EVENTS = new Set(['sync', 'room:join', 'games:mine', 'lobby:subscribe']);
// Events that make a room (or may): they share room:create's budget.
const CREATING_EVENTS = new Set(['room:create', 'seek:create', 'seek:accept', 'seek:quick']);

const rateLimited = (reason, retryAfterMs) => ({ ok: false, code: 'rate_limited', reason, retryAfterMs });

export class EventBudgets {
  // shared: the store's budgets every node takes from (PostgreSQL), or null.
  constructor({ createsPerMinute, createBurst, syncsPerMinute, syncBurst, trustProxy = null, shared = null, log }) {
    this.creates = new AddressBuckets({ perMinute: createsPerMinute, burst: createBurst, kind: 'create', shared, log });
    this.syncs = { perSecond: syncsPerMinute / 60, burst: syncBurst };
    this.trustProxy = trustProxy;
    this.socketBuckets = new WeakMap(); // socket -> TokenBucket
    this.figures = { createsRefused: 0, syncsRefused: 0 };
  }

  // Whether `event` takes from its address's creation budget (creationRefusal).
  creating(event) {
    return CREATING_EVENTS.has(event);
  }

  // The refusal (an ack) when a creating event from `socket` is over its
  // address's budget, else null.
  async creationRefusal(socket, now = Date.now()) {
    const key = addressKey(clientAddress(socket.request, { trustProxy: this.trustProxy }));
    const taken = await this.creates.take(key, now);
    if (taken.ok) return null;
    this.figures.createsRefused++;
    return rateLimited('too many rooms created from your address; wait a little', taken.waitMs);
  }

  // The refusal (an ack) when `event` from `socket` is over its socket's
  // budget for states, else null.
  refusal(event, socket, now = Date.now()) {
    if (!STATE_EVENTS.has(event)) return null;
    let bucket = this.socketBuckets.get(socket);
    if (!bucket) {
      bucket = new TokenBucket(this.syncs.perSecond, this.syncs.burst, now);
      this.socketBuckets.set(socket, bucket);
    }
    if (bucket.take(now)) return null;
    this.figures.syncsRefused++;
    return rateLimited('too many syncs and joins; the state you have is current', bucket.waitMs());
  }
}
