// One room's game: an engine session of any game, driven through the face
// every session shares (bindings/session_face.h, bindings/README.md). Nothing
// here knows a game: which games exist, their options, moves and forced
// passes, positions and their hashes, results and every ending, and what a
// room may do with a seat (capabilities) all come from the engine. The room
// server has no other per-game code.

// The games the engine plays: [{game, session, searcher}].
export function engineGames(engine) {
  return engine.games();
}

export function isGame(engine, name) {
  return engineGames(engine).some((g) => g.game === name);
}

function sessionClass(engine, name) {
  const entry = engineGames(engine).find((g) => g.game === name);
  if (!entry) throw new Error(`the engine plays no game called ${name}`);
  return engine[entry.session];
}

// The room options that are not the game's: AI levels per seat and the AI
// level that takes a seat over.
const ROOM_KEYS = ['ai', 'takeoverLevel'];
export const DEFAULT_TAKEOVER_LEVEL = 3;

function gameOptions(options) {
  const out = {};
  for (const [key, value] of Object.entries(options ?? {})) if (!ROOM_KEYS.includes(key)) out[key] = value;
  return out;
}

// A result as the room announces it: the engine's winner, places (seats in
// finishing order, for games that have places), code and sentence; `seat`
// when the ending is about one seat (who resigned, abandoned or flagged).
export function resultOf(status, seat = null) {
  if (!status.over) return null;
  const result = { winner: status.winner, places: status.finishOrder, code: status.reason, reason: status.text };
  if (seat !== null) result.seat = seat;
  return result;
}

export class RoomGame {
  // The options a room is created with, completed by the engine: {ok: true,
  // options, seats} or {ok: false, refusal} (the engine's own refusal).
  static prepare(engine, name, options = {}) {
    const session = new (sessionClass(engine, name))();
    try {
      const started = session.startGame(gameOptions(options));
      if (!started.ok) return { ok: false, refusal: started };
      const capabilities = session.capabilities();
      const kept = { ...started.options };
      if (options.ai !== undefined) kept.ai = options.ai;
      const takesOver = [capabilities.resign, capabilities.absence, capabilities.flag].includes('takeover');
      if (takesOver) kept.takeoverLevel = options.takeoverLevel ?? DEFAULT_TAKEOVER_LEVEL;
      return { ok: true, options: kept, capabilities };
    } finally {
      session.delete();
    }
  }

  constructor(engine, name, options) {
    this.name = name;
    this.options = options;
    this.session = new (sessionClass(engine, name))();
    this.reset();
    this.capabilities = this.session.capabilities();
  }

  delete() {
    this.session.delete();
  }

  reset() {
    const started = this.session.startGame(gameOptions(this.options));
    if (!started.ok) throw new Error(`${this.name} options refused: ${started.reason}`);
  }

  get seats() {
    return this.capabilities.seats;
  }

  status() {
    return this.session.status();
  }

  // Plays a move the client sent (in any notation the engine reads): {ok:
  // false, detail} (the engine's refusal), or {ok: true, steps: [{seat, move,
  // pos}], result}: the move as the engine writes it and every forced pass
  // after it, each a step of its own.
  play(text) {
    const before = this.stepCount();
    const outcome = this.session.playText(text);
    if (!outcome.ok) return { ok: false, detail: outcome };
    let status = this.playForcedPasses();
    return { ok: true, steps: this.session.steps(before), result: resultOf(status) };
  }

  // Passes the rules force on the seat to move, each a step (an engine that
  // passes by itself has none left to play).
  playForcedPasses() {
    let status = this.session.status();
    while (status.mustPass) {
      const passed = this.session.playText('pass');
      if (!passed.ok) throw new Error(`${this.name}: the forced pass was refused: ${passed.reason}`);
      status = this.session.status();
    }
    return status;
  }

  stepCount() {
    return this.session.status().steps;
  }

  // Replays committed step `index` (0-based) from the log or after an undo:
  // a forced pass the engine already played with the move before is there.
  replayStep(index, move) {
    if (this.stepCount() > index) {
      const [done] = this.session.steps(index);
      if (done.move !== move) throw new Error(`${this.name} replay: step ${index + 1} is ${done.move}, the log says ${move}`);
      return;
    }
    const outcome = this.session.playText(move);
    if (!outcome.ok) throw new Error(`${this.name} replay of ${move} refused: ${outcome.reason}`);
  }

  // The hash of the position after step `step` (1-based) of the live game.
  stepHash(step) {
    return step === 0 ? null : this.session.steps(step - 1)[0]?.pos ?? null;
  }

  toMove() {
    return this.session.status().toMove;
  }

  posHash() {
    return this.session.positionHash();
  }

  result(seat = null) {
    return resultOf(this.session.status(), seat);
  }

  // The endings (bindings/session_face.h): {ok, over, takenOver} or a refusal.
  resign(seat) {
    return this.session.resign(seat);
  }

  agreeDraw() {
    return this.session.agreeDraw();
  }

  abandon(seat) {
    return this.session.abandon(seat);
  }

  flag(seat) {
    return this.session.flag(seat);
  }

  restoreEnding(code, seat) {
    return this.session.restoreEnding(code, seat ?? -1);
  }

  // What the AI worker needs to search this game (the page's worker sends the same).
  searchRequest() {
    return this.session.searchRequest();
  }

  record() {
    return this.session.record();
  }

  position() {
    return this.session.position();
  }
}
