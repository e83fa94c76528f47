// libFuzzer target: move notation and record parsing. The first input byte
// picks one of a few positions, the rest is move text handed to every
// notation parser. A parser may reject the text (with a message and a listed
// refusal code, causes included); whatever it accepts must be a legal move
// that its formatter writes back to text parsing to the same move. The same
// text is also read as a record (PGN or the short form): a game it yields
// must export to PGN in every notation and import back to the same moves and
// result.
//
// To cover another notation, add an entry to kNotations below.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/xiangqi/codes.h"
#include "engine/xiangqi/game/chinese.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/pgn.h"
#include "engine/xiangqi/game/wxf.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"

using namespace qipan::xiangqi;

namespace {

// Start, black to move after a central cannon, and positions with tandem
// pieces on one file, where WXF and Chinese need +/-, 前/中/后 or file digits:
// rooks and soldiers, three black soldiers, two soldiers on each of two files.
constexpr std::array<std::string_view, 5> kFens = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3akab2/9/4b4/2P6/2P1R4/4R4/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/9/9/2p6/2p6/2p6/3K5 b - - 0 1",
    "4k4/9/9/2P1P4/2P1P4/9/9/9/9/4K4 w - - 0 1",
};

struct NotationCase {
  const char* name;
  qipan::Result<Move> (*parse)(const Position&, std::string_view);
  std::string (*format)(const Position&, Move);
};

constexpr std::array<NotationCase, 3> kNotations = {{
    {"iccs", parse_iccs_move, [](const Position&, Move m) { return to_iccs(m); }},
    {"wxf", parse_wxf, to_wxf},
    {"chinese", parse_chinese, to_chinese},
}};

[[noreturn]] void fail(const char* notation, const char* what, std::string_view input) {
  std::fprintf(stderr, "notation_fuzz [%s]: %s\ninput: %.*s\n", notation, what, int(input.size()), input.data());
  std::abort();
}

// A refusal names a listed code, and so does every refusal it wraps.
bool coded(const qipan::Error& e) {
  bool listed = false;
  for (std::string_view c : qipan::xiangqi::code::all_codes) listed |= c == e.code;
  for (std::string_view c : qipan::code::all_codes) listed |= c == e.code;  // the shared ones (empty_move, ...)
  return listed && !e.message.empty() && (!e.cause || coded(*e.cause));
}

void check_record(std::string_view text) {
  auto pgn = parse_pgn(text);
  if (!pgn) {
    if (!coded(pgn.failure())) fail("record", "refused without a listed code", text);
    return;
  }
  for (qipan::xiangqi::Notation n :
       {qipan::xiangqi::Notation::kChinese, qipan::xiangqi::Notation::kWxf, qipan::xiangqi::Notation::kIccs}) {
    auto back = parse_pgn(format_pgn(pgn->game, n, pgn->tags));
    if (!back) fail("record", ("exported PGN does not import: " + back.error()).c_str(), text);
    if (back->game.moves() != pgn->game.moves()) fail("record", "PGN round trip changed the moves", text);
    if (back->game.status().reason != pgn->game.status().reason)
      fail("record", "PGN round trip changed the result", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // '0' picks the first position, so seeds can be plain text.
  const std::string_view fen = kFens[std::uint8_t(data[0] - '0') % kFens.size()];
  auto parsed = Position::from_fen(fen);
  if (!parsed) fail("setup", "a fixed FEN does not parse", fen);
  const Position& pos = *parsed;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  // Syntax-only ICCS: an accepted move prints back to the same move.
  if (auto m = parse_iccs(text)) {
    auto back = parse_iccs(to_iccs(*m));
    if (!back || *back != *m) fail("iccs", "syntax round trip differs", text);
  } else if (!coded(m.failure())) {
    fail("iccs", "rejected without a listed code", text);
  }

  for (const NotationCase& n : kNotations) {
    auto m = n.parse(pos, text);
    if (!m) {
      if (!coded(m.failure())) fail(n.name, "rejected without a listed code", text);
      continue;
    }
    if (!is_legal(pos, *m)) fail(n.name, "accepted an illegal move", text);
    const std::string written = n.format(pos, *m);
    auto back = n.parse(pos, written);
    if (!back || *back != *m) fail(n.name, "format/parse round trip differs", text);
  }
  check_record(text);
  return 0;
}
