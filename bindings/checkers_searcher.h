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
  // record: the session's exportRecord(); rules: its rules(); limits:
  // {level}; onInfo(info) after each iteration ({depth, score, scoreText,
  // nodes, timeMs}). Returns {ok, error} on bad input or a finished game,
  // else {ok, pass, from, to, path, text, searched, score, scoreText, depth,
  // nodes, timeMs, pv: [text], race, raceMoves, raceOpponentMoves}.
  emscripten::val search(const std::string& record, emscripten::val rules, emscripten::val limits, emscripten::val onInfo);

 private:
  checkers::CheckersAi ai_{16};
  std::uint64_t seed_ = 1;  // greedy tie-breaks, different every move
};

}  // namespace qipan::bindings
