// The 8 symmetries of the board as bitboard transforms. The evaluation reads
// every pattern in one canonical orientation (at corner a1 / along row 1) from
// a transformed board, so symmetric placements share their weights; the tests
// use them to check that symmetric positions score alike.
//
// Bit layout (bitboard.h): square = row * 8 + column, a1 = bit 0 top left.
#pragma once

#include "bitboard.h"

namespace qipan::reversi {

// Row r <-> row 7 - r.
constexpr Bitboard flip_vertical(Bitboard b) {
  b = ((b >> 8) & 0x00FF00FF00FF00FFull) | ((b & 0x00FF00FF00FF00FFull) << 8);
  b = ((b >> 16) & 0x0000FFFF0000FFFFull) | ((b & 0x0000FFFF0000FFFFull) << 16);
  return (b >> 32) | (b << 32);
}

// Column c <-> column 7 - c.
constexpr Bitboard mirror_horizontal(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
  b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
}

// (column c, row r) <-> (column r, row c): the a1-h8 diagonal stays. Three
// rounds of swapping off-diagonal blocks (4x4, then 2x2, then single bits).
constexpr Bitboard transpose(Bitboard b) {
  Bitboard t = 0x0F0F0F0F00000000ull & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (b ^ (b << 7));
  b ^= t ^ (t >> 7);
  return b;
}

// Symmetry k (0..7) of the board: bit 0 mirrors columns, bit 1 flips rows,
// bit 2 then transposes. symmetry(b, 0) == b.
constexpr Bitboard symmetry(Bitboard b, int k) {
  if (k & 1) b = mirror_horizontal(b);
  if (k & 2) b = flip_vertical(b);
  if (k & 4) b = transpose(b);
  return b;
}

}  // namespace qipan::reversi
