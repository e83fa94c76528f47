// The Embind surface of the engine: one session class per game for the page,
// one searcher class per game for the AI worker. Everything else is plain data.
#include <emscripten/bind.h>

#include <string>
#include <tuple>

#include "checkers_searcher.h"
#include "checkers_session.h"
#include "refusal_codes.h"
#include "reversi_searcher.h"
#include "reversi_session.h"
#include "xiangqi_searcher.h"
#include "xiangqi_session.h"

namespace {

// The games this engine plays, by the names clients use, with their session
// and searcher classes: the one list the server, the worker and the page
// read, so none of them keeps a table of its own.
emscripten::val games() {
  using emscripten::val;
  val out = val::array();
  for (const auto& [game, session, searcher] :
       {std::tuple{"xiangqi", "XiangqiSession", "XiangqiSearcher"}, std::tuple{"reversi", "ReversiSession", "ReversiSearcher"},
        std::tuple{"checkers", "CheckersSession", "CheckersSearcher"}}) {
    val entry = val::object();
    entry.set("game", std::string(game));
    entry.set("session", std::string(session));
    entry.set("searcher", std::string(searcher));
    out.call<void>("push", entry);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(qipan) {
  using namespace emscripten;
  function("games", &games);
  function("refusalCodes", &qipan::bindings::refusal_codes);
  function("xiangqiLevels", &qipan::bindings::xiangqi_levels);
  using qipan::bindings::XiangqiSearcher;
  using qipan::bindings::XiangqiSession;

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
      .function("exportPgn",
                optional_override([](XiangqiSession& s, const std::string& n) { return s.exportPgn(n, val::undefined()); }))
      .function("importRecord", &XiangqiSession::importRecord)
      .function("tags", &XiangqiSession::tags)
      .function("fen", &XiangqiSession::fen)
      .function("moveText", &XiangqiSession::moveText)
      .function("searchRequest", &XiangqiSession::searchRequest)
      .function("searchRequest", optional_override([](XiangqiSession& s) { return s.searchRequest(-1); }));

  using qipan::bindings::ReversiSession;
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

  using qipan::bindings::ReversiSearcher;
  class_<ReversiSearcher>("ReversiSearcher")
      .constructor<>()
      .function("search", &ReversiSearcher::search)
      .function("search",
                optional_override([](ReversiSearcher& s, val r, val l) { return s.search(r, l, val::undefined()); }))
      .function("hints", &ReversiSearcher::hints)
      .function("hints",
                optional_override([](ReversiSearcher& s, val r, val l) { return s.hints(r, l, val::undefined()); }))
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
      .function("importRecord",
                optional_override([](CheckersSession& s, const std::string& t) { return s.importRecord(t, val::undefined()); }))
      .function("positionString", &CheckersSession::positionString);

  using qipan::bindings::CheckersSearcher;
  class_<CheckersSearcher>("CheckersSearcher")
      .constructor<>()
      .function("search", &CheckersSearcher::search)
      .function("search",
                optional_override([](CheckersSearcher& s, val r, val l) { return s.search(r, l, val::undefined()); }));
}
