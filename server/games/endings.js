// Endings the room decides rather than the board: resignation, a draw by
// agreement, a game abandoned by a player whose seat expired. The xiangqi
// engine already records a resignation in its Game (XiangqiGame.resign); the
// others are room events with these codes until the engines take them too,
// and this is the one place to switch them over.

export function resignation(game, seat) {
  const fromEngine = game.resign(seat);
  if (fromEngine) return fromEngine;
  const winner = 1 - seat;
  return { winner, places: null, code: 'resignation', reason: `${sideName(game, seat)} resigns` };
}

export function agreement() {
  return { winner: null, places: null, code: 'agreement', reason: 'draw by agreement' };
}

export function abandonment(game, absentSeat, claimant) {
  return { winner: claimant, places: null, code: 'abandonment', reason: `${sideName(game, absentSeat)} abandoned the game` };
}

// When an ending was recorded by the engine, a log replay must record it
// there again.
export function replayEnding(game, result, seat) {
  if (result.code === 'resignation' && seat !== null && seat !== undefined) game.resign(seat);
}

const SIDES = { xiangqi: ['red', 'black'], reversi: ['black', 'white'] };

function sideName(game, seat) {
  const names = SIDES[game.constructor.gameName];
  return names ? names[seat] : `seat ${seat}`;
}
