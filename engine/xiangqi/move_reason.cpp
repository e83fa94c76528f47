#include "move_reason.h"

#include <cstdlib>

#include "movegen.h"

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

// Explains why the piece on `from` cannot reach `to` by its own movement rule,
// or returns nullopt when the shape and path are fine.
std::optional<std::string> shape_reason(const Position& pos, Square from, Square to) {
  const Piece piece = pos.at(from);
  const Color us = color_of(piece);
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  const int adf = std::abs(df), adr = std::abs(dr);
  const bool straight = (df == 0) != (dr == 0);
  switch (type_of(piece)) {
    case kKing:
      if (!in_palace(us, to)) return "the general must stay in the palace";
      if (adf + adr != 1) return "the general moves one step along a line";
      return std::nullopt;
    case kAdvisor:
      if (!in_palace(us, to)) return "advisors must stay in the palace";
      if (adf != 1 || adr != 1) return "advisors move one step diagonally";
      return std::nullopt;
    case kElephant:
      if (adf != 2 || adr != 2) return "elephants move exactly two steps diagonally";
      if (crossed_river(us, to)) return "elephants cannot cross the river";
      if (pos.at(make_square(file_of(from) + df / 2, rank_of(from) + dr / 2)) != kEmpty)
        return "elephant eye blocked";
      return std::nullopt;
    case kHorse: {
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
        return "horses move one step straight and one diagonally";
      const Square leg = adr == 2 ? make_square(file_of(from), rank_of(from) + dr / 2)
                                  : make_square(file_of(from) + df / 2, rank_of(from));
      if (pos.at(leg) != kEmpty) return "horse leg blocked";
      return std::nullopt;
    }
    case kRook:
      if (!straight) return "rooks move along ranks and files";
      if (pieces_between(pos, from, to) != 0) return "the rook's path is blocked";
      return std::nullopt;
    case kCannon: {
      if (!straight) return "cannons move along ranks and files";
      const int screens = pieces_between(pos, from, to);
      if (pos.at(to) == kEmpty) {
        if (screens != 0) return "the cannon's path is blocked (it needs a screen only to capture)";
      } else if (screens != 1) {
        return "a cannon captures by jumping over exactly one piece";
      }
      return std::nullopt;
    }
    case kPawn: {
      const int forward = us == kRed ? 1 : -1;
      if (adf + adr != 1) return "soldiers move one step at a time";
      if (dr == -forward) return "soldiers cannot move backward";
      if (dr == 0 && !crossed_river(us, from)) return "soldiers move sideways only after crossing the river";
      return std::nullopt;
    }
    default:
      return "no piece there";
  }
}

// Is our general exposed after the move because the two generals face?
bool generals_face(const Position& after) {
  const Square a = after.king_square(kRed), b = after.king_square(kBlack);
  return file_of(a) == file_of(b) && pieces_between(after, a, b) == 0;
}

}  // namespace

std::optional<std::string> illegal_reason(const Position& pos, Square from, Square to) {
  if (from < 0 || from >= kSquares || to < 0 || to >= kSquares) return "square off the board";
  const Piece piece = pos.at(from);
  if (piece == kEmpty) return "no piece there";
  if (color_of(piece) != pos.side_to_move()) return "not your turn";
  if (from == to) return "a move must change squares";
  const Piece target = pos.at(to);
  if (target != kEmpty && color_of(target) == color_of(piece)) return "cannot capture your own piece";
  if (auto reason = shape_reason(pos, from, to)) return reason;

  Position after = pos;
  Undo undo;
  const Color us = pos.side_to_move();
  after.make(Move(from, to), undo);
  if (after.king_exposed(us)) {
    if (generals_face(after)) return "the generals would face each other";
    return pos.in_check() ? "your general is in check and this move does not answer it"
                          : "would leave your general in check";
  }
  return std::nullopt;
}

}  // namespace qipan::xiangqi
