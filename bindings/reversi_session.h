// The page's handle on one Reversi game. Holds no rules: moves, passes and
// results come from engine/reversi (Game, notation).
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/reversi/game.h"

namespace qipan::bindings {

class ReversiSession {
 public:
  void newGame() { game_ = reversi::Game(); }
  emscripten::val loadBoard(const std::string& board);
  emscripten::val play(int square);
  bool undo() { return game_.undo(); }
  bool redo() { return game_.redo(); }

  emscripten::val snapshot() const { return snapshot_at(int(game_.plies().size())); }
  emscripten::val snapshotAt(int ply) const;

  // Board line (for a set-up start) and transcript; importRecord takes the
  // same, or a bare transcript. Atomic: on error nothing changes.
  std::string exportRecord() const { return game_.record(); }
  emscripten::val importRecord(const std::string& text);
  std::string exportGgf() const;
  std::string boardString() const;
  // What the worker needs: the current position as a board string.
  emscripten::val searchRequest() const;

 private:
  emscripten::val snapshot_at(int ply) const;

  reversi::Game game_;
};

}  // namespace qipan::bindings
