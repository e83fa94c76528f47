#include "games.h"

#include <emscripten/bind.h>

#include <span>
#include <string>
#include <string_view>

#include "engine/checkers/codes.h"
#include "engine/core/codes.h"
#include "engine/reversi/codes.h"
#include "engine/xiangqi/codes.h"

namespace qipan::bindings {

using emscripten::val;

namespace {

struct GameEntry {
  const char* game;     // the name clients use
  const char* session;  // its Embind classes (bindings/<game>_module.cpp)
  const char* searcher;
  std::span<const std::string_view> codes;  // its refusal codes (engine/<game>/codes.h)
};

// Every game, in the order the page offers them.
const GameEntry kGames[] = {
    {"xiangqi", "XiangqiSession", "XiangqiSearcher", xiangqi::code::all_codes},
    {"reversi", "ReversiSession", "ReversiSearcher", reversi::code::all_codes},
    {"checkers", "CheckersSession", "CheckersSearcher", checkers::code::all_codes},
};

void push_codes(val& out, std::span<const std::string_view> codes, const char* game) {
  for (std::string_view c : codes) {
    val entry = val::object();
    entry.set("code", std::string(c));
    entry.set("game", std::string(game));
    out.call<void>("push", entry);
  }
}

}  // namespace

val games() {
  val out = val::array();
  for (const GameEntry& g : kGames) {
    val entry = val::object();
    entry.set("game", std::string(g.game));
    entry.set("session", std::string(g.session));
    entry.set("searcher", std::string(g.searcher));
    out.call<void>("push", entry);
  }
  return out;
}

val refusal_codes() {
  val out = val::array();
  push_codes(out, code::all_codes, "core");
  for (const GameEntry& g : kGames) push_codes(out, g.codes, g.game);
  return out;
}

}  // namespace qipan::bindings

EMSCRIPTEN_BINDINGS(qipan) {
  emscripten::function("games", &qipan::bindings::games);
  emscripten::function("refusalCodes", &qipan::bindings::refusal_codes);
}
