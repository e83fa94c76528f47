// The Embind classes of Reversi: its session for the page and the room
// server, its searcher for the AI workers. The game is listed in
// bindings/games.cpp, which names these classes.
#include <emscripten/bind.h>

#include "reversi_searcher.h"
#include "reversi_session.h"
#include "session_bindings.h"

EMSCRIPTEN_BINDINGS(reversi) {
  using namespace emscripten;
  using namespace qipan::bindings;
  with_session_face(class_<ReversiSession>("ReversiSession").constructor<>())
      .function("newGame", &ReversiSession::newGame)
      .function("play", &ReversiSession::play)
      .function("exportRecord", &ReversiSession::exportRecord)
      .function("importRecord", &ReversiSession::importRecord)
      .function("exportGgf", &ReversiSession::exportGgf)
      .function("exportGgf", optional_override([](ReversiSession& s) { return s.exportGgf(val::undefined()); }))
      .function("positions", &ReversiSession::positions);

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
