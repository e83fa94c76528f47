// The page's handle on one xiangqi game. Holds no rules: every decision is
// delegated to engine/xiangqi (Game, move_reason, notation, record, pgn).
// It caches each played move's texts (ICCS, WXF, Chinese, capture, check),
// filled when a snapshot needs them, so a snapshot never re-derives the
// notation of earlier moves and a user that never asks for one (the room
// server) never pays for it.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/pgn.h"
#include "session.h"

namespace qipan::bindings {

class XiangqiSession : public Session<xiangqi::Game, XiangqiSession> {
 public:
  XiangqiSession();

  void newGame();
  // The room's start (the face every session shares, session_face.h):
  // {players?: 2, ai?, rules?, position?}; {ok, options} with what is in
  // force. `rules` ('asian' by default, 'chinese', 'simple') rules
  // repetitions; `position` (a FEN, the fen_* refusals) starts from a set-up
  // position. newGame() and undo keep the rules.
  emscripten::val startGame(emscripten::val options);
  emscripten::val play(int from, int to);
  bool undo();
  bool redo();
  emscripten::val truncate(int ply);

  emscripten::val snapshot() const;
  // The room's `position`: the whole FEN, with the move counters that
  // positionText() leaves out.
  std::string position() const { return game_.position().fen(); }
  emscripten::val snapshotAt(int ply) const;

  std::string exportRecord(const std::string& notation) const;
  // The record a room shows (ICCS).
  std::string record() const { return exportRecord("iccs"); }
  // PGN with `tags` ({Event, Date, Red, Black, ...}: strings) over the tags of
  // an imported game.
  std::string exportPgn(const std::string& notation, emscripten::val tags) const;
  // `options` ({rules?}): the rule set of a record that names none (the
  // current game's when absent).
  emscripten::val importRecord(const std::string& text, emscripten::val options);
  // The imported game's PGN tags, [[name, value], ...] in file order.
  emscripten::val tags() const;
  // A legal move of the current position in the given notation ("" if illegal).
  std::string moveText(int from, int to, const std::string& notation) const;

 private:
  friend class Session<xiangqi::Game, XiangqiSession>;
  // The live status's own fields: result ("1-0") and inCheck.
  void status_fields(emscripten::val& out) const;
  // {fen, moves, rules}: the start FEN, the ICCS moves of the game's first
  // `ply` moves and the rule set, what the worker's searcher needs to
  // rebuild this game (repetitions and their rulings included).
  emscripten::val search_request(int ply) const;

  struct MoveTexts {
    int from = 0, to = 0;
    std::string iccs, wxf, chinese;
    int captured = 0;
    bool check = false;
  };

  emscripten::val snapshot_of(const xiangqi::Position& pos, int ply) const;
  // {moves: [ICCS], reasons: [code]}: the side to move's moves that would
  // complete a repetition it loses, each with the ruling's reason; or null.
  emscripten::val repetition_warning() const;
  emscripten::val apply(xiangqi::Move move);
  // Brings the move cache in line with the game (called by the snapshots).
  void sync_moves() const;
  void replace(xiangqi::Game game, xiangqi::PgnTags tags = {});

  xiangqi::PgnTags tags_;
  mutable std::vector<MoveTexts> moves_;  // a cache: filled by const readers
};

}  // namespace qipan::bindings
