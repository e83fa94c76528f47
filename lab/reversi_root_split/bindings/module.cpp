// QipanEndgame (build/wasm/qipan_endgame.js): the Reversi solve shared by
// workers (reversi_root_split.h), a module of its own beside the page's
// QipanEngine. The page does not use it, so it does not carry its bytes;
// bench_ffo_workers.mjs and bindings_root_split_test.mjs (beside this
// folder) do. Its methods are listed in ../README.md.
#include <emscripten/bind.h>

#include "engine/reversi/ffo_positions.h"
#include "reversi_root_split.h"

namespace {

// [{number, board, score, best}]: the FFO test positions (ffo_positions.h).
emscripten::val ffo_positions() {
  emscripten::val out = emscripten::val::array();
  for (const auto& ffo : qipan::reversi::kFfoPositions) {
    emscripten::val p = emscripten::val::object();
    p.set("number", ffo.number);
    p.set("board", std::string(ffo.board));
    p.set("score", ffo.score);
    p.set("best", std::string(ffo.best));
    out.call<void>("push", p);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(qipan_endgame) {
  using namespace emscripten;
  function("ffoPositions", &ffo_positions);
  using qipan::bindings::ReversiEndgameWorker;
  using qipan::bindings::ReversiRootSplit;
  class_<ReversiEndgameWorker>("ReversiEndgameWorker")
      .constructor<int>()
      .function("solveWindow", &ReversiEndgameWorker::solveWindow)
      .function("clear", &ReversiEndgameWorker::clear);
  class_<ReversiRootSplit>("ReversiRootSplit")
      .constructor<>()
      .function("start", &ReversiRootSplit::start)
      .function("nextJob", &ReversiRootSplit::nextJob)
      .function("report", &ReversiRootSplit::report)
      .function("solution", &ReversiRootSplit::solution);
}
