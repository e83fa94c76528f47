// room:create made safe to retry. A client that sent room:create and lost
// the ack (a timeout, a dropped connection) cannot tell whether the room
// exists; it sends the same request again with the same `requestId`, and gets
// the same room, seat and token instead of a second room. The creation is
// kept while it may still be retried: a few minutes, in memory (the token is
// never stored, so after a restart a retry makes a new room).

const KEEP_MS = 10 * 60 * 1000;
const MAX_KEPT = 20_000;

export class RecentCreations {
  constructor({ keepMs = KEEP_MS, maxKept = MAX_KEPT } = {}) {
    this.keepMs = keepMs;
    this.maxKept = maxKept;
    this.byRequest = new Map(); // requestId -> {at, created: Promise<{roomId, seat, token}>}
  }

  // The creation of this request: the one already made (or under way), else
  // `create()`'s. A creation that failed is forgotten, so a retry tries again.
  once(requestId, create, now = Date.now()) {
    this.expire(now);
    const kept = this.byRequest.get(requestId);
    if (kept) return { created: kept.created, again: true };
    const created = create();
    this.byRequest.set(requestId, { at: now, created });
    created.catch(() => this.byRequest.delete(requestId));
    return { created, again: false };
  }

  // Insertion order is age order: the oldest go first.
  expire(now) {
    for (const [requestId, kept] of this.byRequest) {
      if (now - kept.at < this.keepMs && this.byRequest.size < this.maxKept) break;
      this.byRequest.delete(requestId);
    }
  }
}
