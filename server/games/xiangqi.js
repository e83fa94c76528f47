// Xiangqi rooms: a thin adapter over the engine's XiangqiSession. Legality,
// refusals (with their codes), results and reasons (checkmate, stalemate,
// perpetual check, repetition, move limit, insufficient material,
// resignation) all come from the engine, under its rule options.
//
// Moves travel in ICCS (`h2e2`, files a-i left to right from red's side,
// ranks 0-9 from red's back rank), which names the same squares as the
// engine's board index (rank * 9 + file).
import { positionHash } from './position_hash.js';

const ICCS = /^[a-i][0-9][a-i][0-9]$/;

function square(text, at) {
  return (text.charCodeAt(at + 1) - 48) * 9 + (text.charCodeAt(at) - 97);
}

// `<board> <side>`: the FEN's first two fields.
function hashOfFen(fen) {
  const [board, side] = fen.split(' ');
  return positionHash(`${board} ${side}`);
}

export class XiangqiGame {
  static seatsFor() {
    return 2;
  }

  // Xiangqi rooms play the engine's rules with their defaults (the bindings
  // take no rule options yet, see server/PROTOCOL.md).
  static normalizeOptions() {
    return { ok: true, options: {} };
  }

  constructor(engine) {
    this.engine = engine;
    this.session = new engine.XiangqiSession();
    this.seats = 2;
  }

  delete() {
    this.session.delete();
  }

  // Checks the notation only; the engine decides legality.
  parseMove(text) {
    return ICCS.test(text) ? null : `'${text}' is not an ICCS move (like h2e2)`;
  }

  // {ok: false, detail} for a refusal (detail = the engine's {code, params,
  // reason}); {ok: true, steps: [{seat, move, pos}], result} once played.
  play(text) {
    const mover = this.toMove();
    const outcome = this.session.play(square(text, 0), square(text, 2));
    if (!outcome.ok) return { ok: false, detail: outcome };
    // The text passed parseMove, so it is the move's ICCS as the engine
    // writes it; status() rather than snapshot(), which would build the whole
    // move list and the legal moves for every move of every room.
    return {
      ok: true,
      steps: [{ seat: mover, move: text, pos: this.posHash() }],
      result: resultOf(this.session.status()),
    };
  }

  // Replays a committed step (log replay, undo): no status, no notation.
  replay(move) {
    const outcome = this.session.play(square(move, 0), square(move, 2));
    if (!outcome.ok) throw new Error(`xiangqi replay of ${move} refused: ${outcome.reason}`);
  }

  reset() {
    this.session.newGame();
  }

  toMove() {
    return this.session.fen().split(' ')[1] === 'b' ? 1 : 0;
  }

  posHash() {
    return hashOfFen(this.session.fen());
  }

  result() {
    return resultOf(this.session.status());
  }

  // The engine's own resignation (Game::resign): its status then carries the
  // code "resignation" and its sentence.
  resign(seat) {
    this.session.resign(seat);
    return resultOf(this.session.status());
  }

  record() {
    return this.session.exportRecord('iccs');
  }

  position() {
    return this.session.fen();
  }
}

function resultOf(status) {
  if (!status.over) return null;
  return { winner: status.winner >= 0 ? status.winner : null, places: null, code: status.reason, reason: status.text };
}
