// The page's handle on one Reversi game. Holds no rules: moves, passes and
// results come from engine/reversi (Game, notation, GGF); this class only
// turns them into plain JavaScript objects. Every refusal is
// {ok: false, code, params, reason, cause?} (codes in engine/reversi/codes.h).
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "engine/reversi/game/game.h"

namespace qipan::bindings {

class ReversiSession {
 public:
  void newGame() { game_ = reversi::Game(); }
  // The room's start (session_face.h): no options ({} or {players: 2}).
  emscripten::val startGame(emscripten::val options);
  emscripten::val loadBoard(const std::string& board);
  emscripten::val play(int square);
  // A square by name (`f5`, either case); `pass` is refused: the game passes
  // by itself when a side must.
  emscripten::val playText(const std::string& text);
  bool undo() { return game_.undo(); }
  bool redo() { return game_.redo(); }
  // Drops the plies after `ply` and the redo list ("continue from here"):
  // {ok: true} or a bad_argument refusal.
  emscripten::val truncate(int ply);

  emscripten::val snapshot() const { return snapshot_at(int(game_.plies().size())); }
  emscripten::val snapshotAt(int ply) const;
  // The live status (session_face.h's fields, winner a seat: 0 black, 1
  // white; plus blackScore, finalBlack, finalWhite).
  emscripten::val status() const;
  // Steps `from`.. of the live game, forced passes included: [{seat, move
  // (`f5` or `pass`), pos}].
  emscripten::val steps(int from) const;
  std::string positionText() const { return boardString(); }
  std::string position() const { return boardString(); }
  std::string positionHash() const;
  // The hash of the position after `step` steps (0: the start; the live
  // position when out of range).
  std::string positionHashAt(int step) const;

  // The shared endings (engine/core/ending.h) by seat (0 black, 1 white):
  // {ok, over, takenOver} or a refusal; restoreEnding replays one by code.
  emscripten::val resign(int seat);
  emscripten::val agreeDraw();
  emscripten::val abandon(int seat);
  emscripten::val flag(int seat);
  emscripten::val restoreEnding(const std::string& code, int seat);
  emscripten::val capabilities() const;

  // Board line (for a set-up start) and transcript; importRecord takes the
  // same, any transcript form (notation.h) or a GGF record. Atomic: on a
  // refusal nothing changes. {ok: true, format: 'ggf'|'transcript', black,
  // white, date} (the GGF's players and date, '' otherwise).
  std::string exportRecord() const { return game_.record(); }
  std::string record() const { return game_.record(); }
  emscripten::val importRecord(const std::string& text);
  // GGF with {black, white, date} (each optional) for PB, PW and DT.
  std::string exportGgf(emscripten::val info) const;
  std::string boardString() const;
  // The board string of every position of the game, index = ply (0 = the
  // start): what the page's evaluation graph evaluates, one value a position.
  emscripten::val positions() const;
  // What the worker needs: {board} of the position after `ply` plies (the
  // live one when out of range).
  emscripten::val searchRequest(int ply) const;

 private:
  emscripten::val snapshot_at(int ply) const;
  emscripten::val ended(const Result<reversi::GameStatus>& result) const;
  // The cached JS move list follows game_.plies(): only plies that changed
  // since the last snapshot are rebuilt.
  void sync_moves() const;

  reversi::Game game_;
  mutable std::vector<reversi::Ply> cached_plies_;
  mutable emscripten::val moves_ = emscripten::val::array();
};

}  // namespace qipan::bindings
