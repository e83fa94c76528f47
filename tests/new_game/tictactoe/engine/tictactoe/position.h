// A tic-tac-toe position: nine squares as two 9-bit masks and the side to
// move. Squares are numbered row * 3 + column from a1 (0) to c3 (8); the
// text form is nine characters from a1 to c3 (X, O or -), a space and the
// side to move (x or o), e.g. `X---O---- x`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "../core/result.h"

namespace qipan::tictactoe {

using Square = int;
using Mask = std::uint16_t;
enum Side : std::uint8_t { kX = 0, kO = 1 };

constexpr int kSquares = 9;
constexpr Mask kFull = 0x1FF;

// The eight lines of three.
inline constexpr Mask kLines[] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

constexpr Side other(Side side) { return side == kX ? kO : kX; }
constexpr Mask bit(Square square) { return Mask(1u << square); }

class Position {
 public:
  Position() = default;

  Mask marks(Side side) const { return marks_[side]; }
  Mask empty() const { return Mask(kFull & ~(marks_[kX] | marks_[kO])); }
  Side side_to_move() const { return side_; }
  // The side at `square`, or nullopt when it is empty.
  std::optional<Side> at(Square square) const;
  // The side with three in a row, if any (a legal position has at most one).
  std::optional<Side> winner() const;
  bool full() const { return empty() == 0; }
  bool over() const { return full() || winner().has_value(); }
  int marks_played() const;

  // Puts the side to move's mark on an empty square and passes the turn.
  void make(Square square);
  // Takes back make(square).
  void unmake(Square square);
  bool invariants_hold() const;

  bool operator==(const Position&) const = default;

 private:
  friend Result<Position> parse_position(std::string_view text);
  Mask marks_[2] = {0, 0};
  Side side_ = kX;
};

// `X---O---- x`; refused with the board_* codes.
Result<Position> parse_position(std::string_view text);
std::string position_string(const Position& pos);
// `a1`..`c3`; parse_square refuses anything else with tictactoe_not_a_square.
std::string square_name(Square square);
Result<Square> parse_square(std::string_view text);
std::string_view side_name(Side side);

}  // namespace qipan::tictactoe
