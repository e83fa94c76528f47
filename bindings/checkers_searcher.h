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
  // record: the session's exportRecord() (or recordAt(ply)); rules: its
  // rules(); limits: {level, seed?} or {depth, nodes, timeMs, seed?}
  // (search_limits.h); onInfo(info) after each iteration
  // ({depth, score, scoreText, winPlies, race, nodes, timeMs, pv: [text]}).
  // Returns a refusal on bad input or a finished game, else {ok, pass, from,
  // to, path, text, searched, score, scoreText, winPlies, depth, nodes,
  // timeMs, pv: [text], race, raceMoves, raceOpponentMoves}. Seats that have
  // finished in a play-on game are skipped (their pieces stay as obstacles).
  emscripten::val search(const std::string& record, emscripten::val rules, emscripten::val limits, emscripten::val onInfo);

 private:
  checkers::CheckersAi ai_{16};
  std::uint64_t seed_ = 1;  // greedy tie-breaks, different every move
};

}  // namespace qipan::bindings
