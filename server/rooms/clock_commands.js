// What a room's clock does on its own (room_clock.js keeps the time): a seat
// whose time ran out loses, draws (timeout_draw) or, where the game goes on
// without it, is taken by the AI, as the engine rules; a game where a seat
// missed its first move is aborted. Run by the room's timer (room_timers.js)
// and by a move that came too late (game_commands.js).
import { seatLagAllowance } from './room_clock.js';
import { seatToWatchers } from './seat_commands.js';

// The events of `seat` running out of time.
export function flagDrafts(room, seat) {
  room.engineDirty = true;
  const flagged = room.game.flag(seat);
  if (!flagged.ok) throw new Error(`room ${room.id}: flag(${seat}) refused: ${flagged.reason}`);
  const drafts = [];
  let attach;
  if (flagged.takenOver) {
    const watchers = seatToWatchers(room, seat);
    // The level the engine completed for every takeover of the room (3 by default).
    const level = room.options.takeoverLevel;
    drafts.push({ type: 'ai_seat', data: { seat, level, reason: 'flag' } }, ...watchers.drafts);
    attach = watchers.attach;
  }
  const result = room.game.result(seat);
  if (result) drafts.push({ type: 'result', data: result });
  return { drafts, attach };
}

// The events of a first move missed: the game is aborted, nobody wins.
function abortDrafts(room) {
  room.engineDirty = true;
  const aborted = room.game.restoreEnding('aborted', -1);
  if (!aborted.ok) throw new Error(`room ${room.id}: the engine refused to abort: ${aborted.reason}`);
  return { drafts: [{ type: 'result', data: room.game.result() }] };
}

// The room's clock timer: whatever ran out by `now` (nothing when the
// deadline moved, e.g. a move came first).
export function clockExpired(room, now) {
  const clock = room.clock;
  if (!clock || clock.running === null || room.result) return { drafts: [] };
  const seat = clock.running;
  const deadline = clock.deadline(room, room.config.firstMoveMs, seatLagAllowance(room, seat));
  if (deadline > now) return { drafts: [] };
  return clock.onFirstMove ? abortDrafts(room) : flagDrafts(room, seat);
}

// When the room's clock timer should fire, or null.
export function clockDeadline(room) {
  const clock = room.clock;
  if (!clock || room.result) return null;
  return clock.deadline(room, room.config.firstMoveMs, seatLagAllowance(room, clock.running));
}
