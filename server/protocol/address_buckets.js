// One budget per client address (a token bucket, limits.js): room creations
// (event_budgets.js), `/game/ROOMID` lookups (net/http.js). `take(key)`
// resolves {ok: true}, or {ok: false, waitMs} when the address's bucket is
// empty. On one node the buckets are this process's (one is dropped once it
// would be full again anyway). With a shared store (PostgreSQL,
// store/postgres_budgets.js) they live in the database, so an address has
// one budget however many nodes it reaches (the proxy balances it, and
// `?node=NAME` picks one); when the database cannot answer, this node's own
// bucket decides, rather than refusing everyone.
import { rateLimitedLog } from '../rate_limited_log.js';
import { KeyedBuckets } from './limits.js';

export class AddressBuckets {
  // perMinute, burst: the budget of each address; kind: its name in the
  // shared store; shared: store.addressBudgets or null.
  constructor({ perMinute, burst, kind = 'budget', shared = null, log = () => {} }) {
    this.perSecond = perMinute / 60;
    this.burst = burst;
    this.kind = kind;
    this.shared = shared;
    this.report = rateLimitedLog(log);
    this.local = new KeyedBuckets(this.perSecond, burst); // by address key
  }

  async take(key, now = Date.now()) {
    if (this.shared) {
      try {
        return await this.shared.take(key, this.kind, { perSecond: this.perSecond, burst: this.burst });
      } catch (error) {
        this.report('shared', `the ${this.kind} budgets in the store failed (this node's own decide): ${error.message}`);
      }
    }
    const bucket = this.local.bucket(key, now);
    return bucket.take(now) ? { ok: true } : { ok: false, waitMs: bucket.waitMs() };
  }
}
