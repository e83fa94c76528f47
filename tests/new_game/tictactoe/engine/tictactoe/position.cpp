#include "position.h"

#include <bit>
#include <cassert>

#include "codes.h"

namespace qipan::tictactoe {

std::optional<Side> Position::at(Square square) const {
  if (marks_[kX] & bit(square)) return kX;
  if (marks_[kO] & bit(square)) return kO;
  return std::nullopt;
}

std::optional<Side> Position::winner() const {
  for (Mask line : kLines) {
    if ((marks_[kX] & line) == line) return kX;
    if ((marks_[kO] & line) == line) return kO;
  }
  return std::nullopt;
}

int Position::marks_played() const { return std::popcount(unsigned(marks_[kX] | marks_[kO])); }

void Position::make(Square square) {
  marks_[side_] = Mask(marks_[side_] | bit(square));
  side_ = other(side_);
  assert(invariants_hold());
}

void Position::unmake(Square square) {
  side_ = other(side_);
  marks_[side_] = Mask(marks_[side_] & ~bit(square));
  assert(invariants_hold());
}

bool Position::invariants_hold() const {
  const int x = std::popcount(unsigned(marks_[kX]));
  const int o = std::popcount(unsigned(marks_[kO]));
  return (marks_[kX] & marks_[kO]) == 0 && ((marks_[kX] | marks_[kO]) & ~kFull) == 0 && x - o == (side_ == kO ? 1 : 0);
}

Result<Position> parse_position(std::string_view text) {
  const std::size_t space = text.find(' ');
  const std::string_view board = text.substr(0, space);
  if (board.size() != kSquares)
    return make_error(code::tictactoe_square_count, "a board has 9 squares").with("count", int(board.size()));
  Position pos;
  for (Square s = 0; s < kSquares; ++s) {
    const char c = board[std::size_t(s)];
    if (c == 'X' || c == 'x') pos.marks_[kX] = Mask(pos.marks_[kX] | bit(s));
    else if (c == 'O' || c == 'o') pos.marks_[kO] = Mask(pos.marks_[kO] | bit(s));
    else if (c != '-')
      return make_error(code::tictactoe_bad_character, "a square is X, O or -")
          .with("square", square_name(s))
          .with("character", std::string(1, c));
  }
  if (space == std::string_view::npos) return make_error(code::tictactoe_no_side, "no side to move");
  const std::string_view side = text.substr(space + 1);
  if (side == "x" || side == "X") pos.side_ = kX;
  else if (side == "o" || side == "O") pos.side_ = kO;
  else return make_error(code::tictactoe_bad_side, "the side to move is x or o").with("side", std::string(side));
  const int x = std::popcount(unsigned(pos.marks_[kX]));
  const int o = std::popcount(unsigned(pos.marks_[kO]));
  // X moves first: the counts and the side agree, and no game goes on
  // after a line of three (so the last mover's line is the only one).
  const bool counts_agree = x - o == (pos.side_ == kO ? 1 : 0);
  bool both_won = false;
  for (Mask a : kLines)
    for (Mask b : kLines) both_won |= (pos.marks_[kX] & a) == a && (pos.marks_[kO] & b) == b;
  if (!counts_agree || both_won)
    return make_error(code::tictactoe_bad_counts, "no game reaches these marks").with("x", x).with("o", o);
  return pos;
}

std::string position_string(const Position& pos) {
  std::string out;
  for (Square s = 0; s < kSquares; ++s) {
    const auto side = pos.at(s);
    out += side ? (*side == kX ? 'X' : 'O') : '-';
  }
  out += pos.side_to_move() == kX ? " x" : " o";
  return out;
}

std::string square_name(Square square) { return std::string{char('a' + square % 3), char('1' + square / 3)}; }

Result<Square> parse_square(std::string_view text) {
  if (text.empty()) return make_error(code::empty_move, "no move");
  if (text.size() > 16) return make_error(code::text_too_long, "a square is two characters").with("max", 16);
  if (text.size() == 2) {
    const char column = char(text[0] | 0x20);
    if (column >= 'a' && column <= 'c' && text[1] >= '1' && text[1] <= '3')
      return Square((text[1] - '1') * 3 + (column - 'a'));
  }
  return make_error(code::tictactoe_not_a_square, "a square is a1..c3").with("text", std::string(text));
}

std::string_view side_name(Side side) { return side == kX ? "x" : "o"; }

}  // namespace qipan::tictactoe
