// The Embind classes of xiangqi: its session for the page and the room
// server, its searcher for the AI workers. The game is listed in
// bindings/games.cpp, which names these classes.
#include <emscripten/bind.h>

#include "xiangqi_searcher.h"
#include "xiangqi_session.h"

EMSCRIPTEN_BINDINGS(xiangqi) {
  using namespace emscripten;
  using namespace qipan::bindings;
  function("xiangqiLevels", &xiangqi_levels);
  class_<XiangqiSession>("XiangqiSession")
      .constructor<>()
      .function("newGame", &XiangqiSession::newGame)
      .function("startGame", &XiangqiSession::startGame)
      .function("loadFen", &XiangqiSession::loadFen)
      .function("play", &XiangqiSession::play)
      .function("playText", &XiangqiSession::playText)
      .function("undo", &XiangqiSession::undo)
      .function("redo", &XiangqiSession::redo)
      .function("resign", &XiangqiSession::resign)
      .function("agreeDraw", &XiangqiSession::agreeDraw)
      .function("abandon", &XiangqiSession::abandon)
      .function("flag", &XiangqiSession::flag)
      .function("restoreEnding", &XiangqiSession::restoreEnding)
      .function("capabilities", &XiangqiSession::capabilities)
      .function("truncate", &XiangqiSession::truncate)
      .function("snapshot", &XiangqiSession::snapshot)
      .function("snapshotAt", &XiangqiSession::snapshotAt)
      .function("status", &XiangqiSession::status)
      .function("steps", &XiangqiSession::steps)
      .function("positionText", &XiangqiSession::positionText)
      .function("positionHash", &XiangqiSession::positionHash)
      .function("positionHashAt", &XiangqiSession::positionHashAt)
      .function("position", &XiangqiSession::position)
      .function("record", &XiangqiSession::record)
      .function("exportRecord", &XiangqiSession::exportRecord)
      .function("exportPgn", &XiangqiSession::exportPgn)
      .function("exportPgn", optional_override([](XiangqiSession& s, const std::string& n) {
                  return s.exportPgn(n, val::undefined());
                }))
      .function("importRecord", &XiangqiSession::importRecord)
      .function("tags", &XiangqiSession::tags)
      .function("fen", &XiangqiSession::fen)
      .function("moveText", &XiangqiSession::moveText)
      .function("searchRequest", &XiangqiSession::searchRequest)
      .function("searchRequest", optional_override([](XiangqiSession& s) { return s.searchRequest(-1); }));

  class_<XiangqiSearcher>("XiangqiSearcher")
      .constructor<>()
      .function("search", &XiangqiSearcher::search)
      .function("search",
                optional_override([](XiangqiSearcher& s, val g, val l) { return s.search(g, l, val::undefined()); }))
      .function("answerDrawOffer", &XiangqiSearcher::answerDrawOffer);
}
