// The Embind classes of xiangqi: its session for the page and the room
// server, its searcher for the AI workers. The game is listed in
// bindings/games.cpp, which names these classes.
#include <emscripten/bind.h>

#include "session_bindings.h"
#include "xiangqi_searcher.h"
#include "xiangqi_session.h"

EMSCRIPTEN_BINDINGS(xiangqi) {
  using namespace emscripten;
  using namespace qipan::bindings;
  function("xiangqiLevels", &xiangqi_levels);
  with_session_face(class_<XiangqiSession>("XiangqiSession").constructor<>())
      .function("newGame", &XiangqiSession::newGame)
      .function("play", &XiangqiSession::play)
      .function("exportRecord", &XiangqiSession::exportRecord)
      .function("exportPgn", &XiangqiSession::exportPgn)
      .function("exportPgn", optional_override([](XiangqiSession& s, const std::string& n) {
                  return s.exportPgn(n, val::undefined());
                }))
      .function("importRecord", &XiangqiSession::importRecord)
      .function("importRecord", optional_override([](XiangqiSession& s, const std::string& text) {
                  return s.importRecord(text, val::undefined());
                }))
      .function("tags", &XiangqiSession::tags)
      .function("moveText", &XiangqiSession::moveText);

  class_<XiangqiSearcher>("XiangqiSearcher")
      .constructor<>()
      .function("search", &XiangqiSearcher::search)
      .function("search",
                optional_override([](XiangqiSearcher& s, val g, val l) { return s.search(g, l, val::undefined()); }))
      .function("answerDrawOffer", &XiangqiSearcher::answerDrawOffer);
}
