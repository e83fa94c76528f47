// A room's clocks (server/PROTOCOL.md "Clocks"): Fischer time kept by
// the server alone. Folded from the log like the rest of the room: a move
// event carries the clocks its commit left (data.clocks), so a room rebuilt
// from its log has the same clocks; between moves the time of the seat to
// move runs from `since`, less the room's outages (no node held it). People's
// seats are timed; an AI seat is not (its level bounds its time), nor a seat
// the AI took over. Each seat's first move uses no clock: it has a limit of
// its own (firstMoveMs), and a game where a seat misses it is aborted.
//
// Lag: a move is credited its socket's measured round trip (at most 500 ms),
// but only out of the seat's lag bank (lichess's lag quota): it starts full
// (config.lagBankMs), each timed move spends what it was credited and puts
// back config.lagRefillMs, never above full. A client cannot prove its round
// trips (it can hold back its pongs), so one that lies gains at most
// lagBankMs + N x lagRefillMs over N moves, while an honest one whose round
// trip is under the refill is credited all of it every move. The credit is
// in the move's event (data.lag), so the bank is folded from the log too.
import { refuse } from '../protocol/codes.js';

// The most a move is credited for the mover's network lag.
export const MAX_LAG_ALLOWANCE_MS = 500;
// A socket whose lag has not been measured yet is credited this much.
const UNMEASURED_LAG_MS = 100;
// How far a time control may go (server/PROTOCOL.md "Clocks").
const MAX_INITIAL_MS = 10_800_000;
const MAX_INCREMENT_MS = 180_000;
// "At least 15 s per player in all" counts the increment of this many moves.
const MOVES_COUNTED = 40;
// The clock a seat starts with is at least this share of the least time in
// all (3 s of 15 s): an increment alone cannot pay for the first timed move,
// which a 0 + 375 ms clock flagged 44 ms after the first moves.
const MIN_INITIAL_SHARE = 1 / 5;

// The time control of room:create's options.clock, checked, or null for an
// untimed room. `minTotalMs`: the least time a player may be given in all
// (config.minClockMs; tests lower it to flag without waiting).
export function timeControl(clock, minTotalMs) {
  if (clock === undefined || clock === null) return null;
  const { initialMs, incrementMs } = clock;
  if (initialMs > MAX_INITIAL_MS || incrementMs > MAX_INCREMENT_MS)
    refuse('bad_request', `options.clock: at most ${MAX_INITIAL_MS} ms and ${MAX_INCREMENT_MS} ms a move`);
  if (initialMs + MOVES_COUNTED * incrementMs < minTotalMs)
    refuse('bad_request', `options.clock: initialMs + ${MOVES_COUNTED} x incrementMs must be at least ${minTotalMs} ms`);
  const minInitialMs = Math.ceil(minTotalMs * MIN_INITIAL_SHARE);
  if (initialMs < minInitialMs) refuse('bad_request', `options.clock: initialMs must be at least ${minInitialMs} ms`);
  return { initialMs, incrementMs };
}

// The lag measured for the socket that sent a move (at most
// MAX_LAG_ALLOWANCE_MS; the seat's bank may allow less, RoomClock.allowance).
export function lagAllowance(socket) {
  const measured = socket?.conn?.lagMs; // net/heartbeat_guard.js
  return Math.min(MAX_LAG_ALLOWANCE_MS, Number.isFinite(measured) ? measured : UNMEASURED_LAG_MS);
}

// The measured lag a seat's flag waits for: the largest of its sockets'
// (none connected: none), before the bank.
export function seatLagAllowance(room, seat) {
  if (seat === null) return 0;
  return Math.max(0, ...room.socketsOf(seat).map((m) => lagAllowance(m.socket)));
}

export class RoomClock {
  // `lagBankMs`, `lagRefillMs`: the lag bank (config.js).
  constructor({ initialMs, incrementMs }, seatCount, { lagBankMs, lagRefillMs }) {
    this.initialMs = initialMs;
    this.incrementMs = incrementMs;
    this.lagBankMs = lagBankMs;
    this.lagRefillMs = lagRefillMs;
    this.bank = new Array(seatCount).fill(lagBankMs); // what each seat may still be credited for lag
    this.remaining = new Array(seatCount).fill(initialMs);
    this.firstMoveMade = new Array(seatCount).fill(false);
    this.running = null; // the timed seat to move, or null
    this.since = null; // when its turn began (ms, the server's clock)
  }

  // Time spent since `since`, the room's outages not counted.
  elapsed(room, now) {
    return Math.max(0, now - this.since - room.outageAfter(this.since));
  }

  // Whether the running seat is within its first move (no clock).
  get onFirstMove() {
    return this.running !== null && !this.firstMoveMade[this.running];
  }

  // Every seat's remaining ms at `now`.
  remainingAt(room, now) {
    return this.remaining.map((ms, seat) =>
      seat === this.running && this.firstMoveMade[seat] ? Math.max(0, ms - this.elapsed(room, now)) : ms,
    );
  }

  // What `seat` may be credited for a measured lag of `lagMs` (whole ms).
  allowance(seat, lagMs) {
    return Math.floor(Math.max(0, Math.min(lagMs, MAX_LAG_ALLOWANCE_MS, this.bank[seat])));
  }

  // {clocks, lag} after `seat` moves at `now` with a measured lag of
  // `lagMs`: its time charged less the lag credited (`lag`, never more than
  // the time it took), then the increment added; a first move changes
  // nothing. Null when its time had run out.
  afterMove(room, seat, now, lagMs) {
    const clocks = [...this.remaining];
    if (seat !== this.running || !this.firstMoveMade[seat]) return { clocks, lag: 0 };
    const elapsed = this.elapsed(room, now);
    const lag = Math.min(elapsed, this.allowance(seat, lagMs));
    const charged = elapsed - lag;
    if (charged >= clocks[seat]) return null;
    clocks[seat] = clocks[seat] - charged + this.incrementMs;
    return { clocks, lag };
  }

  // When the running seat's time (with the lag it may be credited for a
  // measured `lagMs`) or its first-move limit runs out, or null.
  deadline(room, firstMoveMs, lagMs) {
    if (this.running === null) return null;
    const seat = this.running;
    const budget = this.firstMoveMade[seat] ? this.remaining[seat] + this.allowance(seat, lagMs) : firstMoveMs;
    return room.deadline(this.since, budget);
  }

  // Folds one applied event (after room.js has): a move's clocks, and who
  // runs now. A seat whose turn ends without a move of its own (a result,
  // an undo, the AI taking it) keeps the time it had used.
  apply(room, event) {
    const d = event.data;
    const moved = event.type === 'move' && Array.isArray(d.clocks);
    if (moved) {
      this.remaining = [...d.clocks];
      this.firstMoveMade[d.seat] = true;
      const spent = Number.isFinite(d.lag) ? d.lag : 0; // logs before the bank: nothing
      this.bank[d.seat] = Math.min(this.lagBankMs, this.bank[d.seat] - spent + this.lagRefillMs);
    }
    const seat = room.result || !room.ready ? null : room.toMove();
    const next = seat !== null && room.seats[seat].kind === 'human' ? seat : null;
    if (next === this.running && !moved && event.type !== 'undone') return;
    if (this.running !== null && !moved) this.remaining = this.remainingAt(room, event.at);
    this.running = next;
    this.since = next === null ? null : event.at;
  }

  // The state's `clock` (server/PROTOCOL.md "Clocks").
  state(room, now) {
    return {
      initialMs: this.initialMs,
      incrementMs: this.incrementMs,
      remaining: this.remainingAt(room, now),
      running: this.running,
      since: this.since,
      firstMove: this.onFirstMove,
      firstMoveMs: room.config.firstMoveMs, // each seat's first-move limit here
    };
  }
}
