// Small bit tools for the endgame solver: a popcount that never becomes a
// library call, square neighbourhoods, the quadrants used for parity ordering,
// and the flip counter for the very last empty square.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "bitboard.h"

namespace qipan::reversi::endgame {

// std::popcount compiles to a call into libgcc on a plain x86-64 target (no
// POPCNT instruction assumed); the solver counts bits at every leaf, so use
// the instruction when the target has it (wasm always does) and an inline
// SWAR count otherwise.
inline int count_bits(Bitboard b) {
#if defined(__POPCNT__) || defined(__wasm__) || defined(__aarch64__) || defined(_MSC_VER)
  return std::popcount(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ull);
  b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return int((b * 0x0101010101010101ull) >> 56);
#endif
}

// Corners count twice: a move that gives the opponent a corner is much worse
// than one that gives it an ordinary square.
inline int weighted_mobility(Bitboard moves) { return count_bits(moves) + count_bits(moves & kCorners); }

namespace detail {

constexpr std::array<Bitboard, kSquares> build_neighbours() {
  std::array<Bitboard, kSquares> n{};
  for (Square s = 0; s < kSquares; ++s) n[s] = neighbours(square_bit(s)) & ~square_bit(s);
  return n;
}

}  // namespace detail

// The up to eight squares a king step away. A move on `s` can only be legal
// if one of them holds an opponent disc: a cheap test before computing flips.
inline constexpr std::array<Bitboard, kSquares> kNeighbour = detail::build_neighbours();

// Quadrants (4x4 corners of the board) for parity: a region with an odd
// number of empties tends to give its last move to the side to move there.
// kQuadrantBit[s] is 1, 2, 4 or 8; a parity word has bit q set when quadrant
// q holds an odd number of empties.
inline constexpr std::array<Bitboard, 4> kQuadrantMask = {0x000000000F0F0F0Full, 0x00000000F0F0F0F0ull,
                                                          0x0F0F0F0F00000000ull, 0xF0F0F0F000000000ull};

constexpr int quadrant_of(Square s) { return (column_of(s) >= 4) + 2 * (row_of(s) >= 4); }

inline constexpr std::array<std::uint8_t, kSquares> kQuadrantBit = [] {
  std::array<std::uint8_t, kSquares> q{};
  for (Square s = 0; s < kSquares; ++s) q[s] = std::uint8_t(1u << quadrant_of(s));
  return q;
}();

// The parity word of a set of empty squares.
inline unsigned parity_of(Bitboard empties) {
  unsigned parity = 0;
  for (int q = 0; q < 4; ++q) parity |= unsigned(count_bits(empties & kQuadrantMask[q]) & 1) << q;
  return parity;
}

// The empties that lie in quadrants with an odd number of empties.
inline Bitboard odd_quadrant_squares(Bitboard empties, unsigned parity) {
  Bitboard odd = 0;
  for (int q = 0; q < 4; ++q)
    if (parity & (1u << q)) odd |= kQuadrantMask[q];
  return empties & odd;
}

// --- The last empty square -------------------------------------------------
//
// With one empty square left, every other square holds a disc, so along each
// of the four lines through it the opponent's discs are exactly the squares
// that are not the player's. The number of discs a move flips along one line
// is then a function of the square's index in the line and the player's 8-bit
// pattern on that line: a 2 KB table. Diagonals shorter than 8 leave their
// off-board slots 0 ("not the player's"); those slots are at the ends of the
// line, so a run reaching them never finds a closing disc and flips nothing,
// which is the right answer.

namespace detail {

constexpr std::array<std::array<std::uint8_t, 256>, 8> build_line_flip_counts() {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int pos = 0; pos < 8; ++pos) {
    for (int pattern = 0; pattern < 256; ++pattern) {
      int count = 0;
      for (int dir = -1; dir <= 1; dir += 2) {
        int run = 0;
        int i = pos + dir;
        while (i >= 0 && i < 8 && !(pattern & (1 << i))) {
          ++run;
          i += dir;
        }
        if (i >= 0 && i < 8) count += run;  // closed by a player disc
      }
      t[pos][pattern] = std::uint8_t(count);
    }
  }
  return t;
}

// The diagonal (column - row constant) and anti-diagonal (column + row
// constant) through each square.
constexpr std::array<Bitboard, kSquares> build_diagonals(bool anti) {
  std::array<Bitboard, kSquares> d{};
  for (Square s = 0; s < kSquares; ++s)
    for (Square t = 0; t < kSquares; ++t) {
      const bool same = anti ? column_of(s) + row_of(s) == column_of(t) + row_of(t)
                             : column_of(s) - row_of(s) == column_of(t) - row_of(t);
      if (same) d[s] |= square_bit(t);
    }
  return d;
}

}  // namespace detail

inline constexpr std::array<std::array<std::uint8_t, 256>, 8> kLineFlipCount = detail::build_line_flip_counts();
inline constexpr std::array<Bitboard, kSquares> kDiagonal = detail::build_diagonals(false);
inline constexpr std::array<Bitboard, kSquares> kAntiDiagonal = detail::build_diagonals(true);

// The player's 8 squares of a column, as a byte indexed by row.
constexpr unsigned column_byte(Bitboard b, int column) {
  return unsigned((((b >> column) & kColumnA) * 0x0102040810204080ull) >> 56);
}
// The squares of a diagonal mask (at most one per column), as a byte indexed
// by column: the multiply stacks every row onto the top byte without carries.
constexpr unsigned diagonal_byte(Bitboard b, Bitboard diagonal) {
  return unsigned(((b & diagonal) * 0x0101010101010101ull) >> 56);
}

// Discs flipped when `player` moves on `s`, the only empty square of the
// board (0 when the move is illegal).
inline int last_flip_count(Bitboard player, Square s) {
  const int column = column_of(s), row = row_of(s);
  return kLineFlipCount[column][(player >> (row * 8)) & 0xFF] + kLineFlipCount[row][column_byte(player, column)] +
         kLineFlipCount[column][diagonal_byte(player, kDiagonal[s])] +
         kLineFlipCount[column][diagonal_byte(player, kAntiDiagonal[s])];
}

}  // namespace qipan::reversi::endgame
