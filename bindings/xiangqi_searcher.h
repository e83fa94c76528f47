// The worker's AI: one Searcher (with its own table) behind a JS-friendly call.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/xiangqi/search.h"

namespace qipan::bindings {

class XiangqiSearcher {
 public:
  // limits: {depth, nodes, timeMs}; onInfo(info) after every iteration.
  // Returns {ok, error} on bad input, else {ok, best, bestIccs, score,
  // scoreText, depth, nodes, timeMs, pv}.
  emscripten::val search(const std::string& fen, emscripten::val history, emscripten::val limits,
                         emscripten::val onInfo);

 private:
  xiangqi::Searcher searcher_{32};
};

}  // namespace qipan::bindings
