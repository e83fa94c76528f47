// The Embind classes of Chinese checkers: its session for the page and the room
// server, its searcher for the AI workers. The game is listed in
// bindings/games.cpp, which names these classes.
#include <emscripten/bind.h>

#include "checkers_searcher.h"
#include "checkers_session.h"
#include "session_bindings.h"

EMSCRIPTEN_BINDINGS(checkers) {
  using namespace emscripten;
  using namespace qipan::bindings;
  with_session_face(class_<CheckersSession>("CheckersSession").constructor<>())
      .function("newGame", &CheckersSession::newGame)
      .function("newGame", optional_override([](CheckersSession& s) { return s.newGame(val::undefined()); }))
      .function("play", &CheckersSession::play)
      .function("playPath", &CheckersSession::playPath)
      .function("pass", &CheckersSession::pass)
      .function("chainOptions", &CheckersSession::chainOptions)
      .function("reasonFor", &CheckersSession::reasonFor)
      .function("pathFor", &CheckersSession::pathFor)
      .function("recordAt", &CheckersSession::recordAt)
      .function("geometry", &CheckersSession::geometry)
      .function("rules", &CheckersSession::rules)
      .function("exportRecord", &CheckersSession::exportRecord)
      .function("importRecord", &CheckersSession::importRecord)
      .function("importRecord", optional_override([](CheckersSession& s, const std::string& t) {
                  return s.importRecord(t, val::undefined());
                }));

  class_<CheckersSearcher>("CheckersSearcher")
      .constructor<>()
      .function("search", &CheckersSearcher::search)
      .function("search",
                optional_override([](CheckersSearcher& s, val r, val l) { return s.search(r, l, val::undefined()); }));
}
