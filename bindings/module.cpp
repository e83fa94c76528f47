// The Embind surface of the engine: one session class per game for the page,
// one searcher class per game for the AI worker. Everything else is plain data.
#include <emscripten/bind.h>

#include "checkers_searcher.h"
#include "checkers_session.h"
#include "refusal_codes.h"
#include "reversi_searcher.h"
#include "reversi_session.h"
#include "xiangqi_searcher.h"
#include "xiangqi_session.h"

EMSCRIPTEN_BINDINGS(qipan) {
  using namespace emscripten;
  function("refusalCodes", &qipan::bindings::refusal_codes);
  function("xiangqiLevels", &qipan::bindings::xiangqi_levels);
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
      .function("agreeDraw", &XiangqiSession::agreeDraw)
      .function("truncate", &XiangqiSession::truncate)
      .function("snapshot", &XiangqiSession::snapshot)
      .function("snapshotAt", &XiangqiSession::snapshotAt)
      .function("status", &XiangqiSession::status)
      .function("exportRecord", &XiangqiSession::exportRecord)
      .function("exportPgn", &XiangqiSession::exportPgn)
      .function("exportPgn",
                optional_override([](XiangqiSession& s, const std::string& n) { return s.exportPgn(n, val::undefined()); }))
      .function("importRecord", &XiangqiSession::importRecord)
      .function("tags", &XiangqiSession::tags)
      .function("fen", &XiangqiSession::fen)
      .function("moveText", &XiangqiSession::moveText)
      .function("searchRequest", &XiangqiSession::searchRequest);

  using qipan::bindings::ReversiSession;
  class_<ReversiSession>("ReversiSession")
      .constructor<>()
      .function("newGame", &ReversiSession::newGame)
      .function("loadBoard", &ReversiSession::loadBoard)
      .function("play", &ReversiSession::play)
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
      .function("searchRequest", &ReversiSession::searchRequest);

  using qipan::bindings::ReversiSearcher;
  class_<ReversiSearcher>("ReversiSearcher")
      .constructor<>()
      .function("search", &ReversiSearcher::search)
      .function("hints", &ReversiSearcher::hints)
      .function("evaluate", &ReversiSearcher::evaluate);

  class_<XiangqiSearcher>("XiangqiSearcher")
      .constructor<>()
      .function("search", &XiangqiSearcher::search)
      .function("search",
                optional_override([](XiangqiSearcher& s, val g, val l) { return s.search(g, l, val::undefined()); }))
      .function("answerDrawOffer", &XiangqiSearcher::answerDrawOffer);

  using qipan::bindings::CheckersSession;
  class_<CheckersSession>("CheckersSession")
      .constructor<>()
      .function("newGame", &CheckersSession::newGame)
      .function("newGame", optional_override([](CheckersSession& s) { return s.newGame(val::undefined()); }))
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
      .function("importRecord",
                optional_override([](CheckersSession& s, const std::string& t) { return s.importRecord(t, val::undefined()); }))
      .function("positionString", &CheckersSession::positionString);

  using qipan::bindings::CheckersSearcher;
  class_<CheckersSearcher>("CheckersSearcher")
      .constructor<>()
      .function("search", &CheckersSearcher::search);
}
