// The worker's Reversi AI: a ReversiAi (searcher, tables, endgame solver)
// behind JS-friendly calls. Levels are defined in engine/reversi/ai_levels.h.
//
// request: the session's searchRequest(), {board}. limits
// (search_limits.h): {level: 1..8}; the page's help, {hint: strength 1..8},
// {analyse: true} or {graph: true} (ai_levels.h decides those searches); or
// explicit {depth: 1..60, nodes, timeMs}, with Reversi's exactEmpties;
// optional seed (a level's variety; by default each search takes the next
// seed). A bad request, limits or a finished game is refused as {ok: false,
// code, params, reason, cause?}.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>

#include "engine/reversi/ai_levels.h"

namespace qipan::bindings {

class ReversiSearcher {
 public:
  // onInfo(info) per iteration. {ok, move (the step's text: `f5` or `pass`),
  // square (-1: pass), name, searched, score (side to move), scoreText,
  // exact, depth, nodes, timeMs, pv}.
  emscripten::val search(emscripten::val request, emscripten::val limits, emscripten::val onInfo);
  // {ok, moves: [{square, value, exact}]}: the value of every legal move.
  emscripten::val hints(emscripten::val request, emscripten::val limits, emscripten::val onInfo);
  // The position's value for the evaluation graph: {ok, score (Black's
  // view, discs), exact, depth}, from clean tables, so the same position
  // always gets the same value (ReversiAi::evaluate). Explicit limits too.
  emscripten::val evaluate(emscripten::val request, emscripten::val limits);

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
