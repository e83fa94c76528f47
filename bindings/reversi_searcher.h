// The worker's Reversi AI: one ReversiAi (searcher, tables, endgame solver)
// behind JS-friendly calls. Levels are defined in engine/reversi/ai_levels.h.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/reversi/ai_levels.h"

namespace qipan::bindings {

class ReversiSearcher {
 public:
  // limits: {level}; onInfo(info) per iteration. Returns {ok, error} on bad
  // input, else {ok, square, name, score (side to move), scoreText, exact,
  // depth, nodes, timeMs, pv}.
  emscripten::val search(const std::string& board, emscripten::val limits, emscripten::val onInfo);
  // {ok, moves: [{square, value, exact}]}: the value of every legal move.
  emscripten::val hints(const std::string& board, emscripten::val limits, emscripten::val onInfo);

 private:
  reversi::ReversiAi ai_{16};
  std::uint64_t games_seed_ = 1;  // level 1's randomness, different every move
};

}  // namespace qipan::bindings
