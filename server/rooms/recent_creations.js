// room:create made safe to retry. A client that sent room:create and lost
// the ack (a timeout, a dropped connection) cannot tell whether the room
// exists; it sends the same request again with the same `requestId`, and gets
// the same room, seat and token instead of a second room. The store keeps
// the request's key with the room (request_secrets.js), so a retry on another
// node or after a restart finds it within RETRY_WINDOW_MS; this map only
// joins two attempts of one request that arrive at this node at the same
// time to one creation.

export const RETRY_WINDOW_MS = 10 * 60 * 1000;

export class RecentCreations {
  constructor() {
    this.inFlight = new Map(); // request key -> Promise<{roomId, token}>
  }

  // The creation of this request under way here, else `create()`'s.
  once(key, create) {
    const running = this.inFlight.get(key);
    if (running) return { created: running, again: true };
    const created = create();
    this.inFlight.set(key, created);
    created.then(
      () => this.inFlight.delete(key),
      () => this.inFlight.delete(key),
    );
    return { created, again: false };
  }
}
