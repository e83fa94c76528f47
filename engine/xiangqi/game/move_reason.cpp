#include "move_reason.h"

#include <cstdlib>

#include "../codes.h"
#include "../movegen.h"
#include "iccs.h"

namespace qipan::xiangqi {
namespace {

int sign(int v) { return (v > 0) - (v < 0); }

// Pieces strictly between two squares on one rank or file.
int pieces_between(const Position& pos, Square from, Square to) {
  const int df = sign(file_of(to) - file_of(from)), dr = sign(rank_of(to) - rank_of(from));
  int n = 0;
  for (Square s = from + df + dr * kFiles; s != to; s += df + dr * kFiles) n += pos.at(s) != kEmpty;
  return n;
}

// The first occupied square after `from` on the way to `to`.
Square first_between(const Position& pos, Square from, Square to) {
  const int step = sign(file_of(to) - file_of(from)) + sign(rank_of(to) - rank_of(from)) * kFiles;
  Square s = from + step;
  while (s != to && pos.at(s) == kEmpty) s += step;
  return s;
}

Error refusal(std::string_view code, std::string message) { return make_error(code, std::move(message)); }
Error at_square(std::string_view code, std::string message, Square s) {
  return make_error(code, std::move(message)).with("square", square_name(s));
}

// Explains why the piece on `from` cannot reach `to` by its own movement rule,
// or returns nullopt when the shape and path are fine.
std::optional<Error> shape_reason(const Position& pos, Square from, Square to) {
  const Piece piece = pos.at(from);
  const Color us = color_of(piece);
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  const int adf = std::abs(df), adr = std::abs(dr);
  const bool straight = (df == 0) != (dr == 0);
  switch (type_of(piece)) {
    case kKing:
      if (!in_palace(us, to)) return refusal(code::general_leaves_palace, "the general must stay in the palace");
      if (adf + adr != 1) return refusal(code::general_one_step, "the general moves one step along a line");
      return std::nullopt;
    case kAdvisor:
      if (!in_palace(us, to)) return refusal(code::advisor_leaves_palace, "advisors must stay in the palace");
      if (adf != 1 || adr != 1) return refusal(code::advisor_one_diagonal, "advisors move one step diagonally");
      return std::nullopt;
    case kElephant:
      if (adf != 2 || adr != 2)
        return refusal(code::elephant_two_diagonal, "elephants move exactly two steps diagonally");
      if (crossed_river(us, to)) return refusal(code::elephant_crosses_river, "elephants cannot cross the river");
      if (const Square eye = make_square(file_of(from) + df / 2, rank_of(from) + dr / 2); pos.at(eye) != kEmpty)
        return at_square(code::elephant_eye_blocked, "elephant eye blocked", eye);
      return std::nullopt;
    case kHorse: {
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
        return refusal(code::horse_shape, "horses move one step straight and one diagonally");
      const Square leg = adr == 2 ? make_square(file_of(from), rank_of(from) + dr / 2)
                                  : make_square(file_of(from) + df / 2, rank_of(from));
      if (pos.at(leg) != kEmpty) return at_square(code::horse_leg_blocked, "horse leg blocked", leg);
      return std::nullopt;
    }
    case kRook:
      if (!straight) return refusal(code::rook_straight, "rooks move along ranks and files");
      if (pieces_between(pos, from, to) != 0)
        return at_square(code::rook_path_blocked, "the rook's path is blocked", first_between(pos, from, to));
      return std::nullopt;
    case kCannon: {
      if (!straight) return refusal(code::cannon_straight, "cannons move along ranks and files");
      const int screens = pieces_between(pos, from, to);
      if (pos.at(to) == kEmpty) {
        if (screens != 0)
          return at_square(code::cannon_path_blocked,
                           "the cannon's path is blocked (it needs a screen only to capture)",
                           first_between(pos, from, to));
      } else if (screens != 1) {
        return refusal(code::cannon_needs_one_screen, "a cannon captures by jumping over exactly one piece")
            .with("screens", screens);
      }
      return std::nullopt;
    }
    case kPawn: {
      const int forward = us == kRed ? 1 : -1;
      if (adf + adr != 1) return refusal(code::soldier_one_step, "soldiers move one step at a time");
      if (dr == -forward) return refusal(code::soldier_backward, "soldiers cannot move backward");
      if (dr == 0 && !crossed_river(us, from))
        return refusal(code::soldier_sideways_before_river, "soldiers move sideways only after crossing the river");
      return std::nullopt;
    }
    default: return at_square(code::no_piece_there, "no piece there", from);
  }
}

// Is our general exposed after the move because the two generals face?
bool generals_face(const Position& after) {
  const Square a = after.king_square(kRed), b = after.king_square(kBlack);
  return file_of(a) == file_of(b) && pieces_between(after, a, b) == 0;
}

}  // namespace

std::optional<Error> illegal_reason(const Position& pos, Square from, Square to) {
  if (from < 0 || from >= kSquares || to < 0 || to >= kSquares)
    return refusal(code::square_off_board, "square off the board");
  const Piece piece = pos.at(from);
  if (piece == kEmpty) return at_square(code::no_piece_there, "no piece there", from);
  if (color_of(piece) != pos.side_to_move()) return at_square(code::not_your_turn, "not your turn", from);
  if (from == to) return refusal(code::move_must_change_squares, "a move must change squares");
  const Piece target = pos.at(to);
  if (target != kEmpty && color_of(target) == color_of(piece))
    return at_square(code::capture_own_piece, "cannot capture your own piece", to);
  if (auto reason = shape_reason(pos, from, to)) return reason;

  Position after = pos;
  Undo undo;
  const Color us = pos.side_to_move();
  after.make(Move(from, to), undo);
  if (after.king_exposed(us)) {
    if (generals_face(after)) return refusal(code::generals_face, "the generals would face each other");
    return pos.in_check()
               ? refusal(code::check_not_answered, "your general is in check and this move does not answer it")
               : refusal(code::leaves_general_in_check, "would leave your general in check");
  }
  return std::nullopt;
}

}  // namespace qipan::xiangqi
