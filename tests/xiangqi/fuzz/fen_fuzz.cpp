// libFuzzer target: FEN parsing. Any input must either be rejected with a
// message and a listed refusal code (engine/xiangqi/codes.h) or yield a
// consistent position whose FEN parses back to itself; making and unmaking
// every legal move must leave it unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/xiangqi/codes.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"

using namespace qipan::xiangqi;

namespace {

[[noreturn]] void fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "fen_fuzz: %s\ninput: %.*s\n", what, int(input.size()), input.data());
  std::abort();
}

bool listed(std::string_view code) {
  for (std::string_view c : qipan::xiangqi::code::all_codes)
    if (c == code) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = Position::from_fen(text);
  if (!parsed) {
    if (parsed.error().empty()) fail("rejected without a message", text);
    if (!listed(parsed.code())) fail("rejected with an unlisted code", text);
    return 0;
  }
  Position pos = *parsed;
  if (!pos.invariants_hold()) fail("parsed position breaks its invariants", text);

  const std::string fen = pos.fen();
  auto again = Position::from_fen(fen);
  if (!again) fail(("fen() output does not parse: " + again.error()).c_str(), text);
  if (again->fen() != fen) fail("fen() does not round-trip", text);
  if (again->key() != pos.key()) fail("round-tripped position has another key", text);

  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    Undo undo;
    pos.make(m, undo);
    if (!pos.invariants_hold()) fail("invariants broken after make", text);
    pos.unmake(m, undo);
  }
  if (pos.fen() != fen || pos.key() != again->key()) fail("make/unmake changed the position", text);
  return 0;
}
