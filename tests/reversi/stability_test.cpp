// Stable discs (engine/reversi/stability.h), which the evaluation counts and
// the endgame solver bounds scores with: single edge lines, full lines against
// their definition, and the property itself: no continuation of a random game
// ever flips a disc called stable.
#include <doctest/doctest.h>

#include <bit>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/endgame_bits.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/position.h"
#include "engine/reversi/stability.h"

using namespace qipan::reversi;
using qipan::SplitMix64;

namespace {

// Plays random legal moves from `pos` (passes as forced) to the end.
template <typename AfterMove>
void play_out(SplitMix64& rng, Position pos, AfterMove&& after_move) {
  MoveList moves;
  for (pos.generate_moves(moves); !moves.empty(); pos.generate_moves(moves)) {
    Undo undo;
    pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    after_move(pos);
  }
}

// Positions from seeded random games, stopped at 4 to 56 empty squares.
std::vector<Position> random_positions(std::uint64_t seed, int count) {
  SplitMix64 rng(seed);
  std::vector<Position> out;
  while (int(out.size()) < count) {
    const int empties = 4 + int(rng.below(53));
    Position pos = Position::start();
    MoveList moves;
    for (pos.generate_moves(moves); !moves.empty() && pos.empty_count() > empties; pos.generate_moves(moves)) {
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
    if (pos.empty_count() == empties) out.push_back(pos);
  }
  return out;
}

}  // namespace

TEST_CASE("reversi stability: single edge lines") {
  // A full line is stable.
  CHECK(edge_stable_squares(0x0F, 0xF0) == 0xFF);
  // A corner disc is stable; its neighbour too when the run is anchored.
  CHECK((edge_stable_squares(0x03, 0x00) & 0x03) == 0x03);
  // An inner disc with both neighbours empty can be flipped.
  CHECK(edge_stable_squares(0x08, 0x00) == 0);
  // X O _ ... : O at b can be flipped by X playing c.
  CHECK((edge_stable_squares(0x01, 0x02) & 0x02) == 0);
  CHECK((edge_stable_squares(0x01, 0x02) & 0x01) == 0x01);
}

TEST_CASE("reversi stability: full lines are the lines without an empty square") {
  SplitMix64 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    // Dense boards, so that full lines actually occur.
    const Bitboard occupied = rng.next() | rng.next() | rng.next();
    const FullLines full = full_lines(occupied);
    for (Square s = 0; s < 64; ++s) {
      const Bitboard row = kRow1 << (8 * row_of(s)), column = kColumnA << column_of(s);
      const Bitboard lines[4] = {row, column, endgame::kDiagonal[s], endgame::kAntiDiagonal[s]};
      const Bitboard got[4] = {full.horizontal, full.vertical, full.diagonal, full.anti_diagonal};
      for (int k = 0; k < 4; ++k) CHECK(((got[k] >> s) & 1) == ((lines[k] & ~occupied) == 0 ? 1u : 0u));
    }
    CHECK(full_line_squares(occupied) == (full.horizontal & full.vertical & full.diagonal & full.anti_diagonal));
  }
}

TEST_CASE("reversi stability: stable discs never flip in random continuations") {
  SplitMix64 rng(2024);
  int stable_seen = 0;
  for (const Position& start : random_positions(99, 200)) {
    const Bitboard mine = stable_discs(start.player(), start.opponent());
    const Bitboard theirs = stable_discs(start.opponent(), start.player());
    // Both sides at once gives the same sets as one side at a time.
    const StableDiscs both = stable_discs_of_both(start.player(), start.opponent());
    CHECK(both.player == mine);
    CHECK(both.opponent == theirs);
    CHECK((mine & ~start.player()) == 0);
    CHECK((theirs & ~start.opponent()) == 0);
    CHECK((full_line_squares(start.occupied()) & start.empties()) == 0);
    stable_seen += std::popcount(mine | theirs);
    const Color side = start.side_to_move();
    for (int game = 0; game < 20; ++game)
      play_out(rng, start, [&](const Position& pos) {
        // The mover's stable discs stay the mover's, the other side's stay its own.
        REQUIRE((pos.discs(side) & mine) == mine);
        REQUIRE((pos.discs(opposite(side)) & theirs) == theirs);
      });
  }
  CHECK(stable_seen > 1000);  // the property was exercised
  // Corners are always stable; every disc of a full board is.
  CHECK(stable_discs(kCorners, 0x00000000FFFF0000ull) == kCorners);
  CHECK(stable_discs(0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull) == 0x5555555555555555ull);
  auto full = parse_board(std::string(32, 'X') + std::string(32, 'O') + " X");
  REQUIRE(full.ok());
  CHECK(stable_discs(full->player(), full->opponent()) == full->player());
}
