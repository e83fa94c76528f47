// Per-socket rate limits (token buckets) and the payload size limit of
// server/PROTOCOL.md "Timings and limits": every event at 20 a second with a burst of 40; chat also at 1 a
// second with a burst of 5; a payload whose JSON is over 8,192 bytes is
// refused as `too_large`.
import { LIMITS } from '../config.js';

export class TokenBucket {
  constructor(perSecond, burst, now = Date.now()) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.at = now;
  }

  take(now = Date.now()) {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.perSecond) / 1000);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  // How long until the next event would be let through.
  waitMs() {
    return Math.ceil(((1 - this.tokens) * 1000) / this.perSecond);
  }
}

// One token bucket per key (an address's), made on first use; a bucket is
// dropped once it would be full again anyway, so the map holds only the
// keys seen lately.
export class KeyedBuckets {
  constructor(perSecond, burst) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.buckets = new Map(); // key -> TokenBucket
    this.sweptAt = Date.now();
  }

  bucket(key, now = Date.now()) {
    if (now - this.sweptAt > KEYED_SWEEP_EVERY_MS) this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.perSecond, this.burst, now);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  sweep(now) {
    this.sweptAt = now;
    const refillMs = (this.burst / this.perSecond) * 1000;
    for (const [key, bucket] of this.buckets) if (now - bucket.at >= refillMs) this.buckets.delete(key);
  }
}
const KEYED_SWEEP_EVERY_MS = 60_000;

export function socketLimits() {
  return {
    events: new TokenBucket(LIMITS.eventsPerSecond, LIMITS.eventBurst),
    chat: new TokenBucket(LIMITS.chatPerSecond, LIMITS.chatBurst),
  };
}

// The payload's JSON length in bytes, or Infinity when it cannot be written
// as JSON (a cycle cannot arrive over the wire, but nesting too deep for
// JSON.stringify can).
export function payloadBytes(payload) {
  try {
    const text = JSON.stringify(payload);
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    return Infinity;
  }
}

// Sign-in and sign-up attempts (accounts/accounts.js), one rule for all
// nodes (AddressBuckets, shared through the store where it is PostgreSQL):
// each attempt takes from its address's budget and, for a sign-in, from the
// name's, so guessing one account's password from many addresses is slow
// too. A passkey sign-in takes from neither: password guesses never lock a
// player out of their passkey.
export const ACCOUNT_LIMITS = Object.freeze({
  signInsPerAddress: { perMinute: 10, burst: 10, kind: 'signin_address' },
  signInsPerName: { perMinute: 5, burst: 10, kind: 'signin_name' },
  // Recovery codes have their own budget per name: guessed passwords do not
  // keep the owner from recovering the account.
  recoveriesPerName: { perMinute: 5, burst: 10, kind: 'recover_name' },
  signUpsPerAddress: { perMinute: 3, burst: 5, kind: 'signup_address' },
});
