// libFuzzer target: Chinese checkers text input (position strings, moves,
// game records). Anything must be rejected with a coded refusal and a message
// or give a position that keeps its invariants and whose text form reads back
// to the same thing; a parsed move's text in the engine's notation reads back
// to the same move.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engine/checkers/game/game.h"
#include "engine/checkers/game/notation.h"
#include "engine/checkers/movegen.h"

using namespace qipan::checkers;

namespace {

[[noreturn]] void fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "checkers_fuzz: %s\ninput: %.*s\n", what, int(input.size()), input.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto pos = Position::from_string(text)) {
    if (!pos->invariants_hold()) fail("position breaks its invariants", text);
    auto again = Position::from_string(pos->to_string());
    if (!again || !(*again == *pos) || again->key() != pos->key()) fail("position string does not round-trip", text);
  } else if (pos.error().empty() || pos.code() == "unclassified") {
    fail("position rejected without a message or code", text);
  }
  const Position start = Position::start(2);
  if (auto move = parse_move(start, RuleOptions{}, text)) {
    if (!is_legal(start, RuleOptions{}, move->move)) fail("parsed an illegal move", text);
    auto back = parse_move(start, RuleOptions{}, format_path(move->path));
    if (!back || !(back->move == move->move) || back->path != move->path) fail("move text does not round-trip", text);
  } else if (move.error().empty() || move.code() == "unclassified") {
    fail("move rejected without a message or code", text);
  }
  if (auto game = Game::from_record(text)) {
    if (!game->position().invariants_hold()) fail("record gives a broken position", text);
    auto again = Game::from_record(game->record());
    if (!again || !(again->position() == game->position())) fail("record does not round-trip", text);
  } else if (game.error().empty() || game.code() == "unclassified") {
    fail("record rejected without a message or code", text);
  }
  return 0;
}
