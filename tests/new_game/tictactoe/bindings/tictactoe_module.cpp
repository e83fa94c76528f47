// The Embind classes of tic-tac-toe: its session for the page and the room
// server, its searcher for the AI workers. bindings/games.cpp lists them.
#include <emscripten/bind.h>

#include "session_bindings.h"
#include "tictactoe_searcher.h"
#include "tictactoe_session.h"

EMSCRIPTEN_BINDINGS(tictactoe) {
  using namespace emscripten;
  using namespace qipan::bindings;
  with_session_face(class_<TictactoeSession>("TictactoeSession").constructor<>())
      .function("newGame", &TictactoeSession::newGame)
      .function("play", &TictactoeSession::play)
      .function("importRecord", &TictactoeSession::importRecord);

  class_<TictactoeSearcher>("TictactoeSearcher")
      .constructor<>()
      .function("search", &TictactoeSearcher::search)
      .function("search",
                optional_override([](TictactoeSearcher& s, val r, val l) { return s.search(r, l, val::undefined()); }));
}
