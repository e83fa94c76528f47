// Differential tests of the bitboard move generator against the plain
// reference (reference.h): legal-move sets for both sides, the flip mask of
// every empty square, pass and game-end detection, final scores and
// make/unmake, over every position of seeded random games and over random
// (mostly unreachable) boards that stress edges, corners and wrap-around.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/movegen.h"
#include "engine/reversi/position.h"
#include "reference.h"

using namespace qipan::reversi;
namespace ref = reversi_reference;

namespace {

Bitboard mask_of(const std::vector<int>& squares) {
  Bitboard m = 0;
  for (int s : squares) m |= square_bit(s);
  return m;
}

Bitboard cells_of(const ref::Board& b, char c) {
  Bitboard m = 0;
  for (int s = 0; s < 64; ++s)
    if (b.cells[s] == c) m |= square_bit(s);
  return m;
}

// Built from the cells directly, not through the engine's board parser.
Position to_engine(const ref::Board& b) {
  return Position::from_colors(cells_of(b, 'X'), cells_of(b, 'O'), b.to_move == 'X' ? kBlack : kWhite);
}

// Compares everything the engine says about `b` with the reference; returns
// false at the first disagreement (after reporting it).
bool agrees(const ref::Board& b) {
  const Position pos = to_engine(b);
  const Bitboard p = pos.player(), o = pos.opponent();
  bool ok = true;
  const auto expect = [&](bool condition, const char* what) {
    if (!condition) {
      ok = false;
      FAIL_CHECK(what << " differs in " << ref::to_string(b));
    }
  };
  expect(legal_moves(p, o) == mask_of(ref::legal_moves(b, b.to_move)), "legal moves of the side to move");
  expect(legal_moves(o, p) == mask_of(ref::legal_moves(b, ref::other(b.to_move))), "legal moves of the other side");
  expect(mobility(p, o) == int(ref::legal_moves(b).size()), "mobility");
  for (int s = 0; s < 64 && ok; ++s) {
    if (b.cells[s] != '-') continue;
    expect(flips(p, o, s) == mask_of(ref::flipped_squares(b, s, b.to_move)), "flips of the side to move");
    expect(flips(o, p, s) == mask_of(ref::flipped_squares(b, s, ref::other(b.to_move))), "flips of the other side");
  }
  const bool ref_over = ref::game_over(b);
  expect(pos.game_over() == ref_over, "game over");
  expect(pos.must_pass() == (!ref_over && ref::legal_moves(b).empty()), "must pass");
  if (ref_over) expect(pos.final_score() == ref::final_score(b), "final score");
  expect(pos.empty_count() == ref::count(b, '-'), "empty count");
  return ok;
}

}  // namespace

TEST_CASE("reversi movegen matches the reference over seeded random games") {
  int positions = 0, passes = 0, finished = 0;
  for (std::uint64_t game = 0; game < 120; ++game) {
    qipan::SplitMix64 rng(0xC0FFEE + game);
    ref::Board b = ref::parse("---------------------------OX------XO--------------------------- X");
    Position pos = to_engine(b);
    while (true) {
      ++positions;
      if (!agrees(b)) return;
      const std::vector<int> moves = ref::legal_moves(b);
      if (moves.empty()) {
        if (ref::game_over(b)) {
          ++finished;
          break;
        }
        ++passes;
        b = ref::pass(b);
        Undo undo;
        pos.make(kPass, undo);
        REQUIRE(pos == to_engine(b));
        continue;
      }
      const int s = moves[rng.below(std::uint32_t(moves.size()))];
      const Position before = pos;
      Undo undo;
      pos.make(s, undo);
      CHECK(undo.flipped == mask_of(ref::flipped_squares(b, s, b.to_move)));
      pos.unmake(s, undo);
      REQUIRE(pos == before);
      pos.make(s, undo);
      b = ref::play(b, s);
      REQUIRE(pos == to_engine(b));
      REQUIRE(pos.invariants_hold());
    }
  }
  INFO("compared " << positions << " positions, " << passes << " passes, " << finished << " finished games");
  CHECK(positions > 7000);
  CHECK(finished == 120);
  CHECK(passes > 10);
}

TEST_CASE("reversi movegen matches the reference on random boards (edges, corners, wrap-around)") {
  qipan::SplitMix64 rng(20240601);
  int boards = 0;
  for (int i = 0; i < 3000; ++i) {
    ref::Board b;
    // Densities from sparse to nearly full; every third board crowds the
    // edges and corners, where shifts could wrap between columns a and h.
    const std::uint32_t fill = 15 + rng.below(80);
    const bool edges = i % 3 == 0;
    for (int s = 0; s < 64; ++s) {
      const int r = s / 8, c = s % 8;
      const bool on_edge = r == 0 || r == 7 || c == 0 || c == 7 || c == 1 || c == 6;
      const std::uint32_t chance = edges ? (on_edge ? 90 : 25) : fill;
      b.cells[s] = rng.below(100) < chance ? (rng.below(2) ? 'X' : 'O') : '-';
    }
    b.to_move = rng.below(2) ? 'X' : 'O';
    ++boards;
    if (!agrees(b)) break;
  }
  CHECK(boards == 3000);
}

TEST_CASE("reversi neighbours() is the king-step neighbourhood") {
  qipan::SplitMix64 rng(7);
  for (int i = 0; i < 500; ++i) {
    const Bitboard b = rng.next() & rng.next();
    Bitboard expected = 0;
    for (int s = 0; s < 64; ++s) {
      if (!(b & square_bit(s))) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int r = s / 8 + dr, c = s % 8 + dc;
          if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) expected |= square_bit(r * 8 + c);
        }
    }
    CHECK(neighbours(b) == expected);
  }
}
