// One room's game: an engine session of any game, driven through the face
// every session shares (bindings/session_face.h, bindings/README.md). Nothing
// here knows a game: which games exist, their options, moves and forced
// passes, positions and their hashes, results and every ending, and what a
// room may do with a seat (capabilities) all come from the engine. The room
// server has no other per-game code, but for the options a room logged
// before they existed was played under (logged_options.js).

import { replayStep } from '../../web/common/session_steps.js';

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

// A result as the room announces it: the engine's winner, places (seats in
// finishing order, for games that have places), code and sentence; `seat`
// when the ending is about one seat (who resigned, abandoned or flagged);
// `ruling` when the engine explains how its rules decided the game (its
// snapshot's `ruling`: xiangqi's repetition rulings, ruling_record.h).
export function resultOf(status, seat = null, ruling = null) {
  if (!status.over) return null;
  const result = { winner: status.winner, places: status.finishOrder, code: status.reason, reason: status.text };
  if (seat !== null) result.seat = seat;
  if (ruling) result.ruling = ruling;
  return result;
}

// A room always starts from the start position: the start's `position` (a
// set-up start, which the page's own games take) is no room option, refused
// as the engine refuses a key it does not know.
function positionRefusal(options) {
  if (!options || typeof options !== 'object' || !Object.hasOwn(options, 'position')) return null;
  return {
    ok: false,
    code: 'bad_argument',
    params: { name: 'options.position', expected: 'no position: a room starts from the start position' },
    reason: 'options.position is not an option of a room',
  };
}

export class RoomGame {
  // The options a room is created with, completed by the engine: {ok: true,
  // options, seats} or {ok: false, refusal} (the engine's own refusal).
  static prepare(engine, name, options = {}) {
    const refusal = positionRefusal(options);
    if (refusal) return { ok: false, refusal };
    const session = new (sessionClass(engine, name))();
    try {
      const started = session.startGame(options);
      if (!started.ok) return { ok: false, refusal: started };
      return { ok: true, options: started.options, capabilities: session.capabilities() };
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
    const started = this.session.startGame(this.options);
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
    return { ok: true, steps: this.session.steps(before), result: resultOf(status, null, this.ruling(status)) };
  }

  // The engine's explanation of a result its rules decided, or null: a
  // game's snapshot names it `ruling` where the game has one.
  ruling(status) {
    return status.over ? (this.session.snapshot().ruling ?? null) : null;
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

  // Replays committed step `index` (0-based) from the log or after an undo.
  replayStep(index, move) {
    const replayed = replayStep(this.session, index, move);
    if (!replayed.ok) throw new Error(`${this.name} replay: ${replayed.reason}`);
  }

  // The hash of the position after `step` steps of the live game.
  stepHash(step) {
    return this.session.positionHashAt(step);
  }

  toMove() {
    return this.session.status().toMove;
  }

  posHash() {
    return this.session.positionHash();
  }

  result(seat = null) {
    const status = this.session.status();
    return resultOf(status, seat, this.ruling(status));
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
