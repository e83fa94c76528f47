// Per-socket rate limits (token buckets) and the payload size limit of
// docs/online-contract.md: every event at 20 a second with a burst of 40; chat also at 1 a
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
