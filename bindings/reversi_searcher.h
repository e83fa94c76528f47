// The worker's Reversi AI: a ReversiAi (searcher, tables, endgame solver)
// behind JS-friendly calls. Levels are defined in engine/reversi/ai_levels.h.
//
// limits (search_limits.h): {level: 1..8} or explicit {depth: 1..60, nodes,
// timeMs}, with Reversi's exactEmpties; optional seed (a level's variety; by
// default each search takes the next seed). A bad board, limits or a
// finished game is refused as {ok: false, code, params, reason, cause?}.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>

#include "engine/reversi/ai_levels.h"

namespace qipan::bindings {

class ReversiSearcher {
 public:
  // onInfo(info) per iteration. {ok, square (-1: pass), name, searched,
  // score (side to move), scoreText, exact, depth, nodes, timeMs, pv}.
  emscripten::val search(const std::string& board, emscripten::val limits, emscripten::val onInfo);
  // {ok, moves: [{square, value, exact}]}: the value of every legal move.
  emscripten::val hints(const std::string& board, emscripten::val limits, emscripten::val onInfo);
  // The position's value for the evaluation graph: {ok, score (Black's
  // view, discs), exact, depth}, from clean tables, so the same position
  // always gets the same value (ReversiAi::evaluate). Explicit limits too.
  emscripten::val evaluate(const std::string& board, emscripten::val limits);

 private:
  reversi::ReversiAi& ai();
  reversi::ReversiAi& evaluator();

  // Created on first use: a worker that only evaluates never allocates the
  // move search's 16 MB table.
  std::unique_ptr<reversi::ReversiAi> ai_;
  std::unique_ptr<reversi::ReversiAi> evaluator_;
  std::uint64_t games_seed_ = 1;  // the levels' variety, different every move
};

}  // namespace qipan::bindings
