// A game's steps as an online room counts them (moves and forced passes),
// replayed into an engine session through the face every session shares
// (bindings/README.md). The room server and the page use this same module
// to follow a room's log, so they replay alike; nothing here knows a game.

// Plays step `index` (0-based) into the session: a forced pass the engine
// already played with the move before it is there and is only checked.
// {ok: true} or {ok: false, reason}.
export function replayStep(session, index, move) {
  if (session.status().steps > index) {
    const [done] = session.steps(index);
    return done.move === move ? { ok: true } : { ok: false, reason: `step ${index + 1} is ${done.move}, not ${move}` };
  }
  const played = session.playText(move);
  return played.ok ? { ok: true } : { ok: false, reason: played.reason };
}

// Restarts the session with a room's options and replays its steps and
// its result's ending (one the moves did not make: an agreement, an
// abandonment, a resignation, a flag). True when every step replayed.
export function replayRoom(session, { options, moves, result }) {
  if (!session.startGame(options).ok) return false;
  for (const [index, { move }] of moves.entries()) {
    if (!replayStep(session, index, move).ok) return false;
  }
  if (result && !session.status().over) session.restoreEnding(result.code, result.seat ?? -1);
  return true;
}
