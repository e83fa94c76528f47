// The room server's clock as this page can know it. The server stamps what
// it sends with its own Date.now() (a state's `serverTime`, an event's
// `at`); each stamp reaches the page some network delay later, so
// stamp − local time is the true offset less that delay. The largest recent
// sample is the one that waited least, so it is the estimate; samples age out
// so a server that changed (a failover to another node) is followed. The
// local side is performance.now(), which never jumps when the computer's
// clock is set.

const WINDOW_MS = 120_000;

export class ServerClock {
  // localNow: the local monotonic clock in ms (a test passes its own).
  constructor(localNow = () => performance.now()) {
    this.localNow = localNow;
    this.samples = []; // [{offset, at}] by local time
  }

  // A stamp of the server's clock just received.
  sample(serverMs) {
    if (!Number.isFinite(serverMs)) return;
    const at = this.localNow();
    this.samples.push({ offset: serverMs - at, at });
    // The latest sample always stays; older ones leave after the window.
    while (this.samples.length > 1 && at - this.samples[0].at > WINDOW_MS) this.samples.shift();
    if (this.samples.length > 64) this.samples.shift();
  }

  // Forgets every sample (another server, or a new connection).
  reset() {
    this.samples = [];
  }

  offset() {
    if (this.samples.length === 0) return Date.now() - this.localNow();
    let best = -Infinity;
    for (const s of this.samples) if (s.offset > best) best = s.offset;
    return best;
  }

  // The server's Date.now() as of now.
  now() {
    return this.localNow() + this.offset();
  }
}
