#include "refusal_codes.h"

#include <string>
#include <string_view>

#include "engine/checkers/codes.h"
#include "engine/core/codes.h"
#include "engine/reversi/codes.h"
#include "engine/xiangqi/codes.h"

namespace qipan::bindings {

using emscripten::val;

namespace {

template <typename List>
void push_all(val& out, const List& codes, const char* game) {
  for (std::string_view c : codes) {
    val entry = val::object();
    entry.set("code", std::string(c));
    entry.set("game", std::string(game));
    out.call<void>("push", entry);
  }
}

}  // namespace

val refusal_codes() {
  val out = val::array();
  push_all(out, code::all_codes, "core");
  push_all(out, xiangqi::code::all_codes, "xiangqi");
  push_all(out, reversi::code::all_codes, "reversi");
  push_all(out, checkers::code::all_codes, "checkers");
  return out;
}

}  // namespace qipan::bindings
