// The Embind classes of Reversi: its session for the page and the room
// server, its searcher for the AI workers. The game is listed in
// bindings/games.cpp, which names these classes.
#include <emscripten/bind.h>

#include "reversi_searcher.h"
#include "reversi_session.h"

EMSCRIPTEN_BINDINGS(reversi) {
  using namespace emscripten;
  using namespace qipan::bindings;
  class_<ReversiSession>("ReversiSession")
      .constructor<>()
      .function("newGame", &ReversiSession::newGame)
      .function("startGame", &ReversiSession::startGame)
      .function("loadBoard", &ReversiSession::loadBoard)
      .function("play", &ReversiSession::play)
      .function("playText", &ReversiSession::playText)
      .function("status", &ReversiSession::status)
      .function("steps", &ReversiSession::steps)
      .function("positionText", &ReversiSession::positionText)
      .function("positionHash", &ReversiSession::positionHash)
      .function("positionHashAt", &ReversiSession::positionHashAt)
      .function("position", &ReversiSession::position)
      .function("record", &ReversiSession::record)
      .function("resign", &ReversiSession::resign)
      .function("agreeDraw", &ReversiSession::agreeDraw)
      .function("abandon", &ReversiSession::abandon)
      .function("flag", &ReversiSession::flag)
      .function("restoreEnding", &ReversiSession::restoreEnding)
      .function("capabilities", &ReversiSession::capabilities)
      .function("undo", &ReversiSession::undo)
      .function("redo", &ReversiSession::redo)
      .function("truncate", &ReversiSession::truncate)
      .function("snapshot", &ReversiSession::snapshot)
      .function("snapshotAt", &ReversiSession::snapshotAt)
      .function("exportRecord", &ReversiSession::exportRecord)
      .function("importRecord", &ReversiSession::importRecord)
      .function("exportGgf", &ReversiSession::exportGgf)
      .function("exportGgf", optional_override([](ReversiSession& s) { return s.exportGgf(val::undefined()); }))
      .function("boardString", &ReversiSession::boardString)
      .function("positions", &ReversiSession::positions)
      .function("searchRequest", &ReversiSession::searchRequest)
      .function("searchRequest", optional_override([](ReversiSession& s) { return s.searchRequest(-1); }));

  class_<ReversiSearcher>("ReversiSearcher")
      .constructor<>()
      .function("search", &ReversiSearcher::search)
      .function("search",
                optional_override([](ReversiSearcher& s, val r, val l) { return s.search(r, l, val::undefined()); }))
      .function("hints", &ReversiSearcher::hints)
      .function("hints",
                optional_override([](ReversiSearcher& s, val r, val l) { return s.hints(r, l, val::undefined()); }))
      .function("evaluate", &ReversiSearcher::evaluate);
}
