// The workers' tic-tac-toe AI (engine/tictactoe/ai_levels.h) behind the
// call every searcher shares: search(request, limits, onInfo?).
//
// request: the session's searchRequest(), {position}. limits
// (search_limits.h): {level: 1..8}, {hint: 1..8}, {analyse: true} or
// explicit {depth: 1..9}; optional seed. Refusals as {ok: false, code, ...}.
#pragma once

#include <emscripten/val.h>

#include <cstdint>

namespace qipan::bindings {

class TictactoeSearcher {
 public:
  // {ok, move (`b2`), square, name, searched, score (side to move),
  // scoreText, depth, nodes, timeMs, pv}.
  emscripten::val search(emscripten::val request, emscripten::val limits, emscripten::val onInfo);

 private:
  std::uint64_t games_seed_ = 1;  // each search without a seed takes the next
};

}  // namespace qipan::bindings
