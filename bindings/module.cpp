// The Embind surface of the engine: one session class per game for the page,
// one searcher class per game for the AI worker. Everything else is plain data.
#include <emscripten/bind.h>

#include "xiangqi_searcher.h"
#include "xiangqi_session.h"

EMSCRIPTEN_BINDINGS(qipan) {
  using namespace emscripten;
  using qipan::bindings::XiangqiSearcher;
  using qipan::bindings::XiangqiSession;

  class_<XiangqiSession>("XiangqiSession")
      .constructor<>()
      .function("newGame", &XiangqiSession::newGame)
      .function("loadFen", &XiangqiSession::loadFen)
      .function("play", &XiangqiSession::play)
      .function("playText", &XiangqiSession::playText)
      .function("undo", &XiangqiSession::undo)
      .function("redo", &XiangqiSession::redo)
      .function("resign", &XiangqiSession::resign)
      .function("snapshot", &XiangqiSession::snapshot)
      .function("snapshotAt", &XiangqiSession::snapshotAt)
      .function("exportRecord", &XiangqiSession::exportRecord)
      .function("importRecord", &XiangqiSession::importRecord)
      .function("fen", &XiangqiSession::fen)
      .function("moveText", &XiangqiSession::moveText)
      .function("searchRequest", &XiangqiSession::searchRequest);

  class_<XiangqiSearcher>("XiangqiSearcher")
      .constructor<>()
      .function("search", &XiangqiSearcher::search);
}
