#include <doctest/doctest.h>

#include <cstdint>

#include "engine/reversi/game/notation.h"
#include "engine/reversi/perft.h"
#include "reference.h"

using namespace qipan::reversi;

namespace {
const char* const kStart = "---------------------------OX------XO--------------------------- X";
}

TEST_CASE("reversi perft from the start position matches the published counts") {
  // A forced pass is a ply and a finished game one leaf (the first games end
  // at ply 9, so depths 9 and 10 depend on that convention).
  const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
  const Position pos = Position::start();
  for (int depth = 0; depth <= 9; ++depth) {
    CAPTURE(depth);
    CHECK(perft(pos, depth) == expected[depth]);
  }
  CHECK(board_string(pos) == kStart);
}

TEST_CASE("reversi perft agrees with the plain reference implementation from the start") {
  const auto board = reversi_reference::parse(kStart);
  const Position pos = Position::start();
  for (int depth = 1; depth <= 6; ++depth) {
    CAPTURE(depth);
    CHECK(perft(pos, depth) == reversi_reference::perft(board, depth));
  }
}

TEST_CASE("reversi perft: the four symmetric first moves have equal subtrees") {
  // f5, e6, d3 and c4 are images of each other under the board's symmetries.
  std::uint64_t counts[4] = {};
  const Square firsts[4] = {*parse_square("f5"), *parse_square("e6"), *parse_square("d3"), *parse_square("c4")};
  for (int i = 0; i < 4; ++i) {
    Position pos = Position::start();
    Undo undo;
    pos.make(firsts[i], undo);
    counts[i] = perft(pos, 7);
  }
  CHECK(counts[0] == 97554);  // established by the reference (perft_positions_test.cpp)
  CHECK(counts[1] == counts[0]);
  CHECK(counts[2] == counts[0]);
  CHECK(counts[3] == counts[0]);
}
