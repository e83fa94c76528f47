#include "move_check.h"

namespace qipan::xiangqi {
namespace {

bool in_steps(const Position& pos, const StepList& steps, Square to) {
  for (const Step& st : steps)
    if (st.to == to) return st.via < 0 || pos.at(st.via) == kEmpty;
  return false;
}

// Pieces strictly between two squares of one line, or -1 when they share no line.
int pieces_between(const Position& pos, Square from, Square to) {
  if (file_of(from) != file_of(to) && rank_of(from) != rank_of(to)) return -1;
  const int direction = file_of(from) == file_of(to) ? (to > from ? kUp : kDown) : (to > from ? kRight : kLeft);
  int count = 0;
  for (const std::int8_t s : kGeometry.rays[from][direction]) {
    if (s == to) return count;
    count += pos.at(s) != kEmpty;
  }
  return -1;
}

// The board after moving `moving` from `from` to `to`, read one square at a time.
struct AfterMove {
  const Position& pos;
  Square from, to;
  Piece moving;
  Piece at(Square s) const { return s == to ? moving : s == from ? kEmpty : pos.at(s); }
};

bool on_ray(const Ray& ray, Square s) {
  for (const std::int8_t r : ray)
    if (r == s) return true;
  return false;
}

}  // namespace

bool gives_check(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  const Piece moving = pos.at(from);
  const Color us = color_of(moving);
  const Square king = pos.king_square(opposite(us));
  const AfterMove after{pos, from, to, moving};
  const Piece rook = make_piece(us, kRook), cannon = make_piece(us, kCannon), horse = make_piece(us, kHorse);
  // Rooks and cannons: only the lines from the general through from or to changed.
  const bool from_line = file_of(from) == file_of(king) || rank_of(from) == rank_of(king);
  const bool to_line = file_of(to) == file_of(king) || rank_of(to) == rank_of(king);
  if (from_line || to_line)
    for (const Ray& ray : kGeometry.rays[king]) {
      if (!(from_line && on_ray(ray, from)) && !(to_line && on_ray(ray, to))) continue;
      int seen = 0;
      for (const std::int8_t s : ray) {
        const Piece p = after.at(s);
        if (p == kEmpty) continue;
        if (seen == 0 && p == rook) return true;
        if (seen == 1) {
          if (p == cannon) return true;
          break;
        }
        ++seen;
      }
    }
  for (const Step& st : kGeometry.horse_attackers[king]) {
    // A horse moved to a square attacking the general, or a piece leaving a horse's leg.
    if (st.to == to && moving == horse && after.at(st.via) == kEmpty) return true;
    if (st.via == from && st.to != from && pos.at(st.to) == horse) return true;
  }
  if (type_of(moving) == kPawn)
    for (const Step& st : kGeometry.pawn_moves[us][to])
      if (st.to == king) return true;
  return false;
}

bool pseudo_legal(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  if (m.is_none() || from >= kSquares || to >= kSquares || from == to) return false;
  const Piece moving = pos.at(from), target = pos.at(to);
  const Color us = pos.side_to_move();
  if (moving == kEmpty || color_of(moving) != us) return false;
  if (target != kEmpty && color_of(target) == us) return false;
  switch (type_of(moving)) {
    case kRook: return pieces_between(pos, from, to) == 0;
    case kCannon: return pieces_between(pos, from, to) == (target == kEmpty ? 0 : 1);
    case kHorse: return in_steps(pos, kGeometry.horse_moves[from], to);
    case kElephant: return in_steps(pos, kGeometry.elephant_moves[us][from], to);
    case kAdvisor: return in_steps(pos, kGeometry.advisor_moves[us][from], to);
    case kKing: return in_steps(pos, kGeometry.king_moves[us][from], to);
    case kPawn: return in_steps(pos, kGeometry.pawn_moves[us][from], to);
    default: return false;
  }
}

}  // namespace qipan::xiangqi
