// Reversi rooms: an adapter over the engine's ReversiSession. The engine
// decides legality and the result and records a forced pass itself right
// after the move that forces it; the room shows that pass as a step of its
// own (a `move` event whose move is `pass`), never sent by a client.
//
// Squares travel as `f5` (file a-h, rank 1-8), the engine's square index
// (rank - 1) * 8 + file; the canonical text comes back from the engine.
import { positionHash } from './position_hash.js';

const SQUARE = /^[a-h][1-8]$/;

function squareIndex(text) {
  return (text.charCodeAt(1) - 49) * 8 + (text.charCodeAt(0) - 97);
}

export class ReversiGame {
  static seatsFor() {
    return 2;
  }

  static normalizeOptions() {
    return { ok: true, options: {} };
  }

  constructor(engine) {
    this.engine = engine;
    this.session = new engine.ReversiSession();
    this.seats = 2;
  }

  delete() {
    this.session.delete();
  }

  parseMove(text) {
    if (text === 'pass') return 'a pass is played by the server when the rules force it, never sent';
    return SQUARE.test(text) ? null : `'${text}' is not a square (like f5)`;
  }

  play(text) {
    const before = this.plies();
    const outcome = this.session.play(squareIndex(text));
    if (!outcome.ok) return { ok: false, detail: outcome };
    const snap = this.session.snapshot();
    const steps = [];
    for (let ply = before; ply < snap.plies; ply++) {
      const move = snap.moves[ply];
      const board = ply + 1 === snap.plies ? snap.boardString : this.session.snapshotAt(ply + 1).boardString;
      steps.push({ seat: move.color - 1, move: move.square < 0 ? 'pass' : move.name, pos: positionHash(board) });
    }
    return { ok: true, steps, result: resultOf(snap.status) };
  }

  // The engine plays a forced pass with the move before it, so a logged
  // `pass` step has nothing left to do.
  replay(move) {
    if (move === 'pass') return;
    const outcome = this.session.play(squareIndex(move));
    if (!outcome.ok) throw new Error(`reversi replay of ${move} refused: ${outcome.reason}`);
  }

  reset() {
    this.session.newGame();
  }

  plies() {
    return this.session.snapshot().plies;
  }

  toMove() {
    return this.session.boardString().endsWith('O') ? 1 : 0;
  }

  posHash() {
    return positionHash(this.session.boardString());
  }

  result() {
    return resultOf(this.session.snapshot().status);
  }

  resign() {
    return null; // the room's own ending (games/endings.js)
  }

  record() {
    return this.session.exportRecord();
  }

  position() {
    return this.session.boardString();
  }
}

function resultOf(status) {
  if (!status.over) return null;
  // winner: 1 black (seat 0), 2 white (seat 1), 0 a draw.
  return { winner: status.winner > 0 ? status.winner - 1 : null, places: null, code: status.reason, reason: status.text };
}
