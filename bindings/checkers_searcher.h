// The worker's Chinese checkers AI: one CheckersAi (searcher, tables, race
// solver) behind a JS-friendly call. Levels are defined in
// engine/checkers/ai_levels.h; the rules and the game so far come with each
// request, so repetitions and rule options are the session's.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <string>

#include "engine/checkers/ai_levels.h"

namespace qipan::bindings {

class CheckersSearcher {
 public:
  // request: the session's searchRequest(ply), {record, rules}; limits:
  // {level, seed?}, the page's help ({hint: strength 1..8}, {analyse:
  // true}: ai_levels.h decides them) or {depth, nodes, timeMs, seed?}
  // (search_limits.h); onInfo(info) after each iteration
  // ({depth, score, scoreText, winPlies, race, nodes, timeMs, pv: [text]}).
  // Returns a refusal on bad input or a finished game, else {ok, move (the
  // step's text, or `pass`), pass, from, to, path, text, searched, score,
  // scoreText, winPlies, depth, nodes, timeMs, pv: [text], race, raceMoves,
  // raceOpponentMoves}. Seats that have
  // finished in a play-on game are skipped (their pieces stay as obstacles).
  emscripten::val search(emscripten::val request, emscripten::val limits, emscripten::val onInfo);

 private:
  checkers::CheckersAi ai_{16};
  std::uint64_t seed_ = 1;  // greedy tie-breaks, different every move
};

}  // namespace qipan::bindings
