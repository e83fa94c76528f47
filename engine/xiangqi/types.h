// Basic xiangqi vocabulary: squares, colours, pieces and moves.
//
// Squares are numbered rank * 9 + file, with rank 0 on red's side (red's back
// rank) and file 0 on red's left: the ICCS coordinates a0 .. i9 map to 0 .. 89.
#pragma once

#include <cstdint>

namespace qipan::xiangqi {

constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = kFiles * kRanks;

using Square = int;  // 0 .. 89, or kNoSquare
constexpr Square kNoSquare = -1;

constexpr int file_of(Square s) { return s % kFiles; }
constexpr int rank_of(Square s) { return s / kFiles; }
constexpr Square make_square(int file, int rank) { return rank * kFiles + file; }
constexpr bool on_board(int file, int rank) { return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks; }

enum Color : std::uint8_t { kRed = 0, kBlack = 1 };
constexpr Color opposite(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t {
  kNoType = 0,
  kKing = 1,
  kAdvisor = 2,
  kElephant = 3,
  kHorse = 4,
  kRook = 5,
  kCannon = 6,
  kPawn = 7,
};
constexpr int kPieceTypeCount = 8;

// A piece is its type in the low 3 bits and its colour in bit 3; 0 is empty.
using Piece = std::uint8_t;
constexpr Piece kEmpty = 0;
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr int kPieceCodes = 16;

// True once a square is on the far side of the river for `c`.
constexpr bool crossed_river(Color c, Square s) { return c == kRed ? rank_of(s) >= 5 : rank_of(s) <= 4; }
constexpr bool in_palace(Color c, Square s) {
  const int f = file_of(s), r = rank_of(s);
  return f >= 3 && f <= 5 && (c == kRed ? r <= 2 : r >= 7);
}

// A move packs from and to squares; 0 (a0 to a0) never is a real move.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : bits_(std::uint16_t(from | (to << 7))) {}
  constexpr Square from() const { return bits_ & 127; }
  constexpr Square to() const { return bits_ >> 7; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr std::uint16_t raw() const { return bits_; }
  static constexpr Move from_raw(std::uint16_t bits) {
    Move m;
    m.bits_ = bits;
    return m;
  }
  friend constexpr bool operator==(Move a, Move b) { return a.bits_ == b.bits_; }

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace qipan::xiangqi
