// Chinese checkers rooms: an adapter over the engine's CheckersSession, for
// 2, 3, 4 or 6 seats. Seat i is the engine's player i + 1 and an online room
// always starts with seat 0. The engine checks every step and hop chain,
// finishing, places and draws; a player with no move passes, and the room
// plays that forced pass itself as a step of its own.
//
// Moves travel in the engine's notation, holes by name or number: `d1-e5`
// or `111-102` (a step, or a move the engine plays along its shortest path),
// `e5:f6:g7` or `102:79:60` (an exact hop chain); the canonical text the room
// keeps and broadcasts comes from the engine (hole names).
import { positionHash } from './position_hash.js';

const HOLE = '(?:\\d{1,3}|[a-qA-Q]\\d{1,2})';
const MOVE = new RegExp(`^${HOLE}(?:[-:]${HOLE}){1,121}$`);
const RULE_KEYS = ['winRule', 'goalLock', 'parking', 'multiplayerEnd', 'equalTurns', 'drawRules', 'longJumps', 'turnCap'];

export class CheckersGame {
  static seatsFor(options) {
    return options.players;
  }

  // options: {players, ai: [level | null per seat], rules: {...}, takeoverLevel}
  // (already shaped by the schema). The engine checks the rule options and
  // fills in the defaults; the room keeps its complete list.
  static normalizeOptions(engine, options) {
    const players = options.players ?? 2;
    const ai = options.ai ?? new Array(players).fill(null);
    if (ai.length !== players) return { ok: false, reason: `ai must list ${players} seats (a level 1-8 or null each)` };
    const session = new engine.CheckersSession();
    try {
      const rules = { ...(options.rules ?? {}), players, firstPlayer: 'p1' };
      const started = session.newGame(rules);
      if (!started.ok) return { ok: false, reason: started.reason };
      const full = session.rules();
      const kept = { players };
      for (const key of RULE_KEYS) kept[key] = full[key];
      return { ok: true, options: { players, ai, rules: kept, takeoverLevel: options.takeoverLevel ?? 3 } };
    } finally {
      session.delete();
    }
  }

  constructor(engine, options) {
    this.engine = engine;
    this.options = options;
    this.seats = options.players;
    this.session = new engine.CheckersSession();
    this.reset();
  }

  delete() {
    this.session.delete();
  }

  reset() {
    const started = this.session.newGame({ ...this.options.rules, players: this.options.players, first: 1 });
    if (!started.ok) throw new Error(`checkers rules refused: ${started.reason}`);
  }

  parseMove(text) {
    if (text === 'pass') return 'a pass is played by the server when the rules force it, never sent';
    return MOVE.test(text) ? null : `'${text}' is not a checkers move (like d1-e5, e5:f6:g7 or 111-102)`;
  }

  play(text) {
    const outcome = this.session.playText(text);
    if (!outcome.ok) return { ok: false, detail: outcome };
    let snap = this.session.snapshot();
    const steps = [this.stepOf(snap)];
    // Players left without a move pass, each as its own step.
    while (!snap.status.over && snap.mustPass) {
      const passed = this.session.pass();
      if (!passed.ok) throw new Error(`checkers forced pass refused: ${passed.reason}`);
      snap = this.session.snapshot();
      steps.push(this.stepOf(snap));
    }
    return { ok: true, steps, result: resultOf(snap.status) };
  }

  stepOf(snap) {
    const last = snap.moves[snap.moves.length - 1];
    return { seat: last.player - 1, move: last.pass ? 'pass' : last.text, pos: positionHash(snap.positionString) };
  }

  replay(move) {
    const outcome = move === 'pass' ? this.session.pass() : this.session.playText(move);
    if (!outcome.ok) throw new Error(`checkers replay of ${move} refused: ${outcome.reason}`);
  }

  toMove() {
    return Number(this.session.positionString().split(' ')[1]) - 1;
  }

  posHash() {
    return positionHash(this.session.positionString());
  }

  result() {
    return resultOf(this.session.snapshot().status);
  }

  resign() {
    return null; // in checkers a resigning seat is handed to the AI instead
  }

  // What the AI worker needs to search this game (the page's worker sends the same).
  searchRequest() {
    return { record: this.session.exportRecord(), rules: this.session.rules() };
  }

  record() {
    return this.session.exportRecord();
  }

  position() {
    return this.session.positionString();
  }
}

function resultOf(status) {
  if (!status.over) return null;
  return {
    winner: status.winner > 0 ? status.winner - 1 : null,
    places: status.finishOrder.map((player) => player - 1),
    code: status.reason,
    reason: status.text,
  };
}
