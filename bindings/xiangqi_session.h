// The page's handle on one xiangqi game. Holds no rules: every decision is
// delegated to engine/xiangqi (Game, move_reason, notation, record).
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/xiangqi/game.h"

namespace qipan::bindings {

class XiangqiSession {
 public:
  XiangqiSession();

  void newGame();
  emscripten::val loadFen(const std::string& fen);
  emscripten::val play(int from, int to);
  emscripten::val playText(const std::string& text);
  bool undo();
  bool redo();
  void resign(int color);

  emscripten::val snapshot() const;
  emscripten::val snapshotAt(int ply) const;

  std::string exportRecord(const std::string& notation) const;
  emscripten::val importRecord(const std::string& text);
  // A legal move of the current position in the given notation ("" if illegal).
  std::string moveText(int from, int to, const std::string& notation) const;
  std::string fen() const { return game_.position().fen(); }
  // Start FEN and ICCS moves, what the worker needs to search this game.
  emscripten::val searchRequest() const;

 private:
  emscripten::val snapshot_of(const xiangqi::Position& pos, int ply) const;
  emscripten::val apply(xiangqi::Move move);

  xiangqi::Game game_;
};

}  // namespace qipan::bindings
