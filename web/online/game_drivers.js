// What an online room needs to know of each game, over the game app's own
// engine session: how a room seat maps to the session's side, the room's
// move text of a step, the position text the room hashes (`pos`), and how to
// play the server's move through the app (so it animates and sounds like any
// move). Mirrors server/games/*.js, which use the same engine sessions; no
// rule is decided here: the engine plays or refuses every move.

import { positionHash } from './sha256.js';

// ICCS `h2e2` names squares rank * 9 + file, like the engine's board index.
function iccsSquare(text, at) {
  return (text.charCodeAt(at + 1) - 48) * 9 + (text.charCodeAt(at) - 97);
}

// Reversi `f5` is the engine's square (rank - 1) * 8 + file.
function reversiSquare(text) {
  return (text.charCodeAt(1) - 49) * 8 + (text.charCodeAt(0) - 97);
}

const xiangqi = {
  seats: () => 2,
  seatOfSide: (side) => side,
  sideOfSeat: (seat) => seat,
  reset(session) {
    session.newGame();
  },
  // The room's text of step `index` (0-based) of the live game.
  moveAt(session, index) {
    const move = session.snapshot().moves[index];
    return move ? move.iccs : null;
  },
  // What the page sends for its own move at `index`.
  sendText(session, index) {
    return this.moveAt(session, index);
  },
  positionText(snap) {
    return snap.fen.split(' ').slice(0, 2).join(' ');
  },
  // The room's text of a step and the page's name the same move.
  sameMove: (room, page) => room === page,
  // Plays the server's move through the app (its tryMove animates, sounds
  // and announces); false when the engine refuses it.
  playThroughApp(app, move) {
    return app.tryMove(iccsSquare(move, 0), iccsSquare(move, 2));
  },
  replay(session, move) {
    return session.play(iccsSquare(move, 0), iccsSquare(move, 2)).ok;
  },
};

const reversi = {
  seats: () => 2,
  seatOfSide: (side) => side - 1, // the engine's colours: 1 black, 2 white
  sideOfSeat: (seat) => seat + 1,
  reset(session) {
    session.newGame();
  },
  moveAt(session, index) {
    const move = session.snapshot().moves[index];
    if (!move) return null;
    return move.square < 0 ? 'pass' : move.name;
  },
  sendText(session, index) {
    return this.moveAt(session, index);
  },
  positionText(snap) {
    return snap.boardString;
  },
  sameMove: (room, page) => room === page,
  // The engine plays a forced pass together with the move before it, so the
  // room's `pass` step is already there.
  playThroughApp(app, move) {
    return move === 'pass' ? false : app.tryMove(reversiSquare(move));
  },
  replay(session, move) {
    return move === 'pass' ? true : session.play(reversiSquare(move)).ok;
  },
};

const checkers = {
  seats: (options) => options.players,
  seatOfSide: (player) => player - 1, // seat i is the engine's player i + 1
  sideOfSeat: (seat) => seat + 1,
  reset(session, options) {
    return session.newGame({ ...options.rules, players: options.players, firstPlayer: 'p1' });
  },
  moveAt(session, index) {
    const move = session.snapshot().moves[index];
    if (!move) return null;
    return move.pass ? 'pass' : move.text;
  },
  // The engine writes moves in hole names (`c1:e5`); the room's protocol
  // takes hole numbers, so the page sends the exact hop chain by number
  // (`115:102`), which the room's engine turns back into its canonical text.
  sendText(session, index) {
    const move = session.snapshot().moves[index];
    return move && !move.pass ? move.path.join(':') : null;
  },
  positionText(snap) {
    return snap.positionString;
  },
  // Hole names (`c1:e5`) or hole numbers (`115:102`) for the same hops: the
  // pos after the step decides; a pass is a pass.
  sameMove: (room, page) => (room === 'pass') === (page === 'pass'),
  // A forced pass is a step the server plays; the app shows it like its own.
  playThroughApp(app, move) {
    const before = app.session.snapshot();
    const played = move === 'pass' ? app.session.pass() : app.session.playText(move);
    if (!played.ok) return false;
    app.afterMove(before);
    return true;
  },
  replay(session, move) {
    return (move === 'pass' ? session.pass() : session.playText(move)).ok;
  },
};

export const DRIVERS = { xiangqi, reversi, checkers };

// Steps of the live game (the room's `step`: moves and forced passes).
export function stepsOf(session) {
  return session.snapshot().plies;
}

// The room's `pos` after `step` steps of the live game.
export function posAt(driver, session, step) {
  const plies = session.snapshot().plies;
  const snap = step >= plies ? session.snapshot() : session.snapshotAt(step);
  return positionHash(driver.positionText(snap));
}

// Rebuilds the session from the room's state (`moves`, every step with the
// forced passes); true when it reaches the state's `pos`.
export function rebuildFromState(driver, session, state) {
  driver.reset(session, state.options);
  for (const { move } of state.moves) {
    if (!driver.replay(session, move)) return false;
  }
  return stepsOf(session) === state.step && posAt(driver, session, state.step) === state.pos;
}
