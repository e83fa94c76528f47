// The worker's AI: one Searcher (with its own table) behind a JS-friendly call.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/xiangqi/search.h"

namespace qipan::bindings {

class XiangqiSearcher {
 public:
  // limits: {depth, nodes, timeMs, reuseTables}; onInfo(info) after every
  // iteration. reuseTables (default true) keeps what earlier searches learnt:
  // stronger in a game; false gives the same result as a fresh searcher.
  // Returns {ok, error} on bad input, else {ok, best, bestIccs, score,
  // scoreText, depth, nodes, timeMs, pv}.
  emscripten::val search(const std::string& fen, emscripten::val history, emscripten::val limits,
                         emscripten::val onInfo);

 private:
  xiangqi::Searcher searcher_{16};  // the same table size as `qipan bench`
};

}  // namespace qipan::bindings
