// For each square, the squares strictly beyond it in each of the 8
// directions: the geometry that move generation's flips follow (movegen.h
// folds it into per-square code, movegen_avx2.h loads it as vectors).
#pragma once

#include <array>

#include "bitboard.h"

namespace qipan::reversi::detail {

// `ascending` rays go to higher square indices (east +1, south-west +7,
// south +8, south-east +9), `descending` rays to lower ones, in the same
// order of steps. Aligned so that a SIMD build loads a square's four rays
// of one sense as one 32-byte vector.
struct alignas(64) SquareRays {
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

}  // namespace qipan::reversi::detail
