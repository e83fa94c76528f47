// Reversi move generation on raw bitboards: the legal-move mask and the discs a
// move flips. Everything here is inline and branch-light because search,
// the endgame solver and perft call it at every node.
//
// All functions take the side to move's discs (`player`) and the other side's
// (`opponent`); colours never matter to the rules. A move is legal exactly when
// it is on an empty square and flips at least one disc.
//
//   Bitboard moves = legal_moves(P, O);
//   while (moves) {
//     Square s = pop_first(moves);
//     Bitboard f = flips(P, O, s);
//     // child position, from the new side to move's point of view:
//     Bitboard child_player = O ^ f, child_opponent = P | f | square_bit(s);
//   }
#pragma once

#include <array>
#include <bit>

#include "bitboard.h"

namespace qipan::reversi {

namespace detail {

// The moves along one axis (step `d` bits, both ways): squares reached from a
// player disc over an unbroken run of `mask` (opponent discs that may take part
// in a run along this axis). Runs are at most 6 long; a parallel-prefix fill
// covers them in 4 steps instead of 6: after two single steps the run is
// doubled twice using `pairs` (mask squares whose neighbour one step back is
// also in the mask).
template <int d>
constexpr Bitboard axis_moves(Bitboard player, Bitboard mask) {
  Bitboard fwd = mask & (player << d);
  Bitboard back = mask & (player >> d);
  fwd |= mask & (fwd << d);
  back |= mask & (back >> d);
  const Bitboard pairs_fwd = mask & (mask << d);
  const Bitboard pairs_back = pairs_fwd >> d;
  fwd |= pairs_fwd & (fwd << (2 * d));
  back |= pairs_back & (back >> (2 * d));
  fwd |= pairs_fwd & (fwd << (2 * d));
  back |= pairs_back & (back >> (2 * d));
  return (fwd << d) | (back >> d);
}

// For each square, the squares strictly beyond it in each of the 8 directions.
// `ascending` rays go to higher square indices (east +1, south-west +7,
// south +8, south-east +9), `descending` rays to lower ones.
struct SquareRays {
  std::array<Bitboard, 4> ascending{};
  std::array<Bitboard, 4> descending{};
};

constexpr std::array<SquareRays, kSquares> build_rays() {
  constexpr int dc[4] = {1, -1, 0, 1};  // column step of +1, +7, +8, +9
  constexpr int dr[4] = {0, 1, 1, 1};   // row step
  std::array<SquareRays, kSquares> rays{};
  for (Square s = 0; s < kSquares; ++s) {
    for (int k = 0; k < 4; ++k) {
      for (int sign = 1; sign >= -1; sign -= 2) {
        Bitboard ray = 0;
        int c = column_of(s) + sign * dc[k], r = row_of(s) + sign * dr[k];
        for (; c >= 0 && c < 8 && r >= 0 && r < 8; c += sign * dc[k], r += sign * dr[k])
          ray |= square_bit(make_square(c, r));
        (sign > 0 ? rays[s].ascending : rays[s].descending)[k] = ray;
      }
    }
  }
  return rays;
}

inline constexpr std::array<SquareRays, kSquares> kRays = build_rays();

}  // namespace detail

// Every legal move of `player`: empty squares that bracket at least one
// opponent disc in some direction. Horizontal and diagonal runs use the
// opponent discs off columns a and h, so no fill wraps around an edge.
constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7Eull;
  const Bitboard moves = detail::axis_moves<1>(player, inner) | detail::axis_moves<8>(player, opponent) |
                         detail::axis_moves<7>(player, inner) | detail::axis_moves<9>(player, inner);
  return moves & ~(player | opponent);
}

constexpr int mobility(Bitboard player, Bitboard opponent) {
  return popcount(legal_moves(player, opponent));
}

// The opponent discs flipped by `player` playing on `s`. `s` must be an empty
// square; the result is 0 exactly when the move is illegal.
//
// Per direction: along the ray beyond `s`, the first square that is not an
// opponent disc ends the run; if it is a player disc, the run between flips.
// On ascending rays that square is the lowest set bit, on descending rays the
// highest (std::bit_floor, 0 for an empty set), so no loop is needed.
constexpr Bitboard flips(Bitboard player, Bitboard opponent, Square s) {
  const detail::SquareRays& rays = detail::kRays[s];
  Bitboard flipped = 0;
  for (int k = 0; k < 4; ++k) {
    const Bitboard ray = rays.ascending[k];
    const Bitboard stops = ray & ~opponent;
    const Bitboard end = stops & (0 - stops) & player;  // lowest stop, if ours
    flipped |= (end - Bitboard(end != 0)) & ray;        // the ray below it
  }
  for (int k = 0; k < 4; ++k) {
    const Bitboard ray = rays.descending[k];
    const Bitboard end = std::bit_floor(ray & ~opponent) & player;  // highest stop, if ours
    flipped |= ray & (0 - (end << 1));                             // the ray above it
  }
  return flipped;
}

}  // namespace qipan::reversi
