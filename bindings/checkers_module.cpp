// The Embind classes of Chinese checkers: its session for the page and the room
// server, its searcher for the AI workers. The game is listed in
// bindings/games.cpp, which names these classes.
#include <emscripten/bind.h>

#include "checkers_searcher.h"
#include "checkers_session.h"

EMSCRIPTEN_BINDINGS(checkers) {
  using namespace emscripten;
  using namespace qipan::bindings;
  class_<CheckersSession>("CheckersSession")
      .constructor<>()
      .function("newGame", &CheckersSession::newGame)
      .function("newGame", optional_override([](CheckersSession& s) { return s.newGame(val::undefined()); }))
      .function("startGame", &CheckersSession::startGame)
      .function("status", &CheckersSession::status)
      .function("steps", &CheckersSession::steps)
      .function("positionText", &CheckersSession::positionText)
      .function("positionHash", &CheckersSession::positionHash)
      .function("positionHashAt", &CheckersSession::positionHashAt)
      .function("position", &CheckersSession::position)
      .function("record", &CheckersSession::record)
      .function("resign", &CheckersSession::resign)
      .function("agreeDraw", &CheckersSession::agreeDraw)
      .function("abandon", &CheckersSession::abandon)
      .function("flag", &CheckersSession::flag)
      .function("restoreEnding", &CheckersSession::restoreEnding)
      .function("capabilities", &CheckersSession::capabilities)
      .function("searchRequest", &CheckersSession::searchRequest)
      .function("searchRequest", optional_override([](CheckersSession& s) { return s.searchRequest(-1); }))
      .function("loadPosition", &CheckersSession::loadPosition)
      .function("play", &CheckersSession::play)
      .function("playPath", &CheckersSession::playPath)
      .function("playText", &CheckersSession::playText)
      .function("pass", &CheckersSession::pass)
      .function("chainOptions", &CheckersSession::chainOptions)
      .function("reasonFor", &CheckersSession::reasonFor)
      .function("pathFor", &CheckersSession::pathFor)
      .function("truncate", &CheckersSession::truncate)
      .function("recordAt", &CheckersSession::recordAt)
      .function("undo", &CheckersSession::undo)
      .function("redo", &CheckersSession::redo)
      .function("snapshot", &CheckersSession::snapshot)
      .function("snapshotAt", &CheckersSession::snapshotAt)
      .function("geometry", &CheckersSession::geometry)
      .function("rules", &CheckersSession::rules)
      .function("exportRecord", &CheckersSession::exportRecord)
      .function("importRecord", &CheckersSession::importRecord)
      .function("importRecord", optional_override([](CheckersSession& s, const std::string& t) {
                  return s.importRecord(t, val::undefined());
                }))
      .function("positionString", &CheckersSession::positionString);

  class_<CheckersSearcher>("CheckersSearcher")
      .constructor<>()
      .function("search", &CheckersSearcher::search)
      .function("search",
                optional_override([](CheckersSearcher& s, val r, val l) { return s.search(r, l, val::undefined()); }));
}
