// Reversi board vocabulary: 64-bit bitboards, squares, colours and the
// whole-board shifts that move generation, flips and evaluation are built on.
//
// Squares follow the Othello world's convention (Edax, GGS, WTHOR): columns a-h
// left to right, rows 1-8 from the TOP of the board. Square index = row * 8 +
// column, so a1 = 0 (bit 0, top left), h1 = 7, a2 = 8, h8 = 63 (bottom right).
// "Up" (towards row 1) is a right shift by 8.
#pragma once

#include <bit>
#include <cstdint>

namespace qipan::reversi {

using Bitboard = std::uint64_t;

using Square = int;  // 0 .. 63, or kPass / kNoSquare
constexpr int kSquares = 64;
// The pass "move", where a ply needs a value (move lists, transcripts, perft
// --divide). Never a bit of a bitboard.
constexpr Square kPass = 64;
constexpr Square kNoSquare = -1;

constexpr int column_of(Square s) { return s & 7; }  // 0 = column a
constexpr int row_of(Square s) { return s >> 3; }    // 0 = row 1 (top)
constexpr Square make_square(int column, int row) { return row * 8 + column; }
constexpr Bitboard square_bit(Square s) { return Bitboard{1} << s; }

// Black moves first and is written X (or * in GGF); white is O.
enum Color : std::uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color opposite(Color c) { return Color(c ^ 1); }

// Column masks, used to stop horizontal and diagonal shifts from wrapping
// around the board's edge.
constexpr Bitboard kColumnA = 0x0101010101010101ull;
constexpr Bitboard kColumnH = 0x8080808080808080ull;
constexpr Bitboard kNotColumnA = ~kColumnA;
constexpr Bitboard kNotColumnH = ~kColumnH;
constexpr Bitboard kRow1 = 0x00000000000000FFull;
constexpr Bitboard kRow8 = 0xFF00000000000000ull;
constexpr Bitboard kCorners = 0x8100000000000081ull;
constexpr Bitboard kEdges = kColumnA | kColumnH | kRow1 | kRow8;

// One-step shifts of every disc in a set; discs pushed off the board vanish.
constexpr Bitboard shift_east(Bitboard b) { return (b << 1) & kNotColumnA; }
constexpr Bitboard shift_west(Bitboard b) { return (b >> 1) & kNotColumnH; }
constexpr Bitboard shift_down(Bitboard b) { return b << 8; }  // towards row 8
constexpr Bitboard shift_up(Bitboard b) { return b >> 8; }    // towards row 1
constexpr Bitboard shift_down_east(Bitboard b) { return (b << 9) & kNotColumnA; }
constexpr Bitboard shift_down_west(Bitboard b) { return (b << 7) & kNotColumnH; }
constexpr Bitboard shift_up_east(Bitboard b) { return (b >> 7) & kNotColumnA; }
constexpr Bitboard shift_up_west(Bitboard b) { return (b >> 9) & kNotColumnH; }

// Every square a king step away from some square of `b` (squares of `b` are
// included only when next to another square of `b`). Frontier and potential
// mobility use it, e.g. neighbours(opponent) & empties.
constexpr Bitboard neighbours(Bitboard b) {
  const Bitboard sideways = shift_east(b) | shift_west(b);
  return sideways | shift_up(b | sideways) | shift_down(b | sideways);
}

constexpr int popcount(Bitboard b) { return std::popcount(b); }
// Lowest set square; `b` must not be empty.
constexpr Square first_square(Bitboard b) { return std::countr_zero(b); }
// Removes and returns the lowest set square; `b` must not be empty. Iterate a
// set with `while (b) { Square s = pop_first(b); ... }`.
constexpr Square pop_first(Bitboard& b) {
  const Square s = std::countr_zero(b);
  b &= b - 1;
  return s;
}

}  // namespace qipan::reversi
