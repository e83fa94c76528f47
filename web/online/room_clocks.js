// A timed room's clocks as the server last said them (server/PROTOCOL.md
// "Clocks"), and what they read at any moment of the server's clock. The
// server keeps the time and says who runs; this only carries its figures
// forward: a state's `clock` is as of its `serverTime`, an event's as of its
// `at`, and only the running seat's time goes down from then on. A seat's
// first move uses no clock (its own limit runs instead).

// The server's first-move limit by default (QIPAN_FIRST_MOVE_MS); a state
// says the room's own (`clock.firstMoveMs`).
export const FIRST_MOVE_MS = 30_000;

export class RoomClocks {
  constructor() {
    this.control = null; // {initialMs, incrementMs}; null in an untimed room
    this.remaining = []; // ms per seat as of `asOf`
    this.asOf = 0; // the server's clock when `remaining` was true
    this.running = null; // the seat whose time runs (or whose first move is awaited)
    this.since = null; // when its turn began (server ms)
    this.firstMove = false; // the running seat has not moved yet: no clock, its own limit
    this.firstMoveMs = FIRST_MOVE_MS;
  }

  get timed() {
    return this.control !== null;
  }

  // A state (join, sync, a stale refusal): everything anew.
  adoptState(state) {
    const c = state.clock;
    this.control = c ? { initialMs: c.initialMs, incrementMs: c.incrementMs } : null;
    if (c) this.adoptClock(c, state.serverTime);
  }

  // An event of a timed room: the server's clock as of the event's `at`.
  onEvent(event) {
    if (this.timed && event.clock) this.adoptClock(event.clock, event.at);
  }

  // The server's clock (a state's or an event's) as of `asOf`.
  adoptClock(c, asOf) {
    this.remaining = [...c.remaining];
    this.asOf = asOf;
    this.running = c.running;
    this.since = c.since;
    this.firstMove = !!c.firstMove;
    this.firstMoveMs = c.firstMoveMs ?? FIRST_MOVE_MS;
  }

  // Every seat's remaining ms at the server time `now`, never below 0.
  remainingAt(now) {
    return this.remaining.map((ms, seat) =>
      seat === this.running && !this.firstMove ? Math.max(0, ms - Math.max(0, now - this.asOf)) : ms,
    );
  }

  // The seat whose clock is running now (not one awaiting a first move).
  ticking() {
    return this.timed && !this.firstMove ? this.running : null;
  }

  // Ms left of the running seat's first-move limit, or null when no first
  // move is awaited.
  firstMoveLeft(now) {
    if (!this.timed || !this.firstMove || this.running === null || this.since === null) return null;
    return Math.max(0, this.since + this.firstMoveMs - now);
  }
}
