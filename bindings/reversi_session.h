// The page's handle on one Reversi game. Holds no rules: moves, passes and
// results come from engine/reversi (Game, notation, GGF); this class only
// turns them into plain JavaScript objects. Every refusal is
// {ok: false, code, params, reason, cause?} (codes in engine/reversi/codes.h).
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "engine/reversi/game/game.h"
#include "session.h"

namespace qipan::bindings {

// The face every session shares (status, steps, hashes, endings, searchRequest)
// is Session's; seats are colours: 0 black, 1 white.
class ReversiSession : public Session<reversi::Game, ReversiSession> {
 public:
  void newGame() { game_ = reversi::Game(); }
  // The room's start (session_face.h): no options ({} or {players: 2});
  // `position` (a board string, its refusals) starts from a set-up board.
  emscripten::val startGame(emscripten::val options);
  emscripten::val play(int square);
  bool undo() { return game_.undo(); }
  bool redo() { return game_.redo(); }
  // Drops the plies after `ply` and the redo list ("continue from here"):
  // {ok: true} or a bad_argument refusal.
  emscripten::val truncate(int ply);

  emscripten::val snapshot() const { return snapshot_at(int(game_.plies().size())); }
  emscripten::val snapshotAt(int ply) const;
  // The room's `position`: the board string.
  std::string position() const { return positionText(); }

  // Board line (for a set-up start) and transcript; importRecord takes the
  // same, any transcript form (notation.h) or a GGF record. Atomic: on a
  // refusal nothing changes. {ok: true, format: 'ggf'|'transcript', black,
  // white, date} (the GGF's players and date, '' otherwise).
  std::string exportRecord() const { return game_.record(); }
  std::string record() const { return game_.record(); }
  emscripten::val importRecord(const std::string& text);
  // GGF with {black, white, date} (each optional) for PB, PW and DT.
  std::string exportGgf(emscripten::val info) const;
  // The board string of every position of the game, index = ply (0 = the
  // start): what the page's evaluation graph evaluates, one value a position.
  emscripten::val positions() const;

 private:
  friend class Session<reversi::Game, ReversiSession>;
  // The live status's own fields: blackScore, finalBlack, finalWhite.
  void status_fields(emscripten::val& out) const;
  // {board}: the position after `ply` plies, for the worker.
  emscripten::val search_request(int ply) const;
  emscripten::val snapshot_at(int ply) const;
  // The cached JS move list follows game_.plies(): only plies that changed
  // since the last snapshot are rebuilt.
  void sync_moves() const;

  mutable std::vector<reversi::Ply> cached_plies_;
  mutable emscripten::val moves_ = emscripten::val::array();
};

}  // namespace qipan::bindings
