// libFuzzer target: Reversi text input (board strings, transcripts, game
// records, GGF). Anything must be rejected with a code and a message or give
// a position that keeps its invariants and whose text form reads back to
// the same position.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engine/reversi/game/game.h"
#include "engine/reversi/game/ggf.h"
#include "engine/reversi/game/notation.h"

using namespace qipan::reversi;

namespace {

[[noreturn]] void fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "reversi_fuzz: %s\ninput: %.*s\n", what, int(input.size()), input.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto board = parse_board(text)) {
    if (!board->invariants_hold()) fail("board breaks its invariants", text);
    auto again = parse_board(board_string(*board));
    if (!again || !(*again == *board)) fail("board string does not round-trip", text);
  } else if (board.error().empty() || board.code().empty() || board.code() == "unclassified") {
    fail("board rejected without a message", text);
  }
  if (auto transcript = parse_transcript(text)) {
    auto again = parse_transcript(format_transcript(transcript->plies));
    if (!again || !(again->end == transcript->end)) fail("transcript does not round-trip", text);
  } else if (transcript.error().empty() || transcript.code().empty() || transcript.code() == "unclassified") {
    fail("transcript rejected without a message", text);
  }
  if (auto game = Game::from_record(text)) {
    auto again = Game::from_record(game->record());
    if (!again || !(again->position() == game->position())) fail("record does not round-trip", text);
  } else if (game.error().empty() || game.code().empty() || game.code() == "unclassified") {
    fail("record rejected without a message", text);
  }
  if (auto ggf = Game::from_ggf(text)) {
    auto again = Game::from_ggf(ggf->ggf());
    if (!again || !(again->position() == ggf->position()) || again->plies().size() != ggf->plies().size())
      fail("GGF does not round-trip", text);
    if (!ggf->position().invariants_hold()) fail("GGF game breaks the invariants", text);
  } else if (ggf.error().empty() || ggf.code().empty() || ggf.code() == "unclassified") {
    fail("GGF rejected without a code", text);
  }
  return 0;
}
