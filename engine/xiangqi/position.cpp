#include "position.h"

#include <cassert>
#include <cstdlib>

namespace qipan::xiangqi {

Position Position::start() { return *from_fen(kStartFen); }

void Position::put(Square s, Piece p) {
  board_[s] = p;
  occupied_[color_of(p)].insert(s);
  ++counts_[p];
  key_ ^= kZobrist.piece[p][s];
  if (type_of(p) == kKing) king_[color_of(p)] = s;
}

void Position::remove(Square s) {
  const Piece p = board_[s];
  board_[s] = kEmpty;
  occupied_[color_of(p)].erase(s);
  --counts_[p];
  key_ ^= kZobrist.piece[p][s];
}

void Position::make(Move m, Undo& undo) {
  const Square from = m.from(), to = m.to();
  const Piece moving = board_[from];
  assert(moving != kEmpty && color_of(moving) == side_);
  undo.key = key_;
  undo.captured = board_[to];
  undo.quiet_plies = quiet_plies_;
  if (undo.captured != kEmpty) {
    remove(to);
    quiet_plies_ = 0;
  } else {
    ++quiet_plies_;
  }
  remove(from);
  put(to, moving);
  if (side_ == kBlack) ++fullmove_;
  side_ = opposite(side_);
  key_ ^= kZobrist.black_to_move;
  assert(invariants_hold());
}

void Position::unmake(Move m, const Undo& undo) {
  const Square from = m.from(), to = m.to();
  side_ = opposite(side_);
  if (side_ == kBlack) --fullmove_;
  const Piece moving = board_[to];
  remove(to);
  put(from, moving);
  if (undo.captured != kEmpty) put(to, undo.captured);
  quiet_plies_ = undo.quiet_plies;
  key_ = undo.key;
  assert(invariants_hold());
}

void Position::make_null(Undo& undo) {
  undo.key = key_;
  undo.captured = kEmpty;
  undo.quiet_plies = quiet_plies_;
  side_ = opposite(side_);
  key_ ^= kZobrist.black_to_move;
  assert(invariants_hold());
}

void Position::unmake_null(const Undo& undo) {
  side_ = opposite(side_);
  key_ = undo.key;
  assert(invariants_hold());
}

bool Position::attacked(Square s, Color by) const {
  const Piece rook = make_piece(by, kRook), cannon = make_piece(by, kCannon);
  const Piece king = make_piece(by, kKing), horse = make_piece(by, kHorse);
  const Piece pawn = make_piece(by, kPawn);
  for (const Ray& ray : kGeometry.rays[s]) {
    const std::int8_t* it = ray.begin();
    const std::int8_t* end = ray.end();
    while (it != end && board_[*it] == kEmpty) ++it;
    if (it == end) continue;
    if (board_[*it] == rook) return true;
    // Flying general: only the other general is "attacked" down an open file.
    if (board_[*it] == king && s == king_[opposite(by)]) return true;
    // Past the first piece (the screen), the next piece may be a cannon.
    for (++it; it != end; ++it) {
      if (board_[*it] == kEmpty) continue;
      if (board_[*it] == cannon) return true;
      break;
    }
  }
  for (const Step& st : kGeometry.horse_attackers[s])
    if (board_[st.to] == horse && board_[st.via] == kEmpty) return true;
  for (const Step& st : kGeometry.pawn_attackers[by][s])
    if (board_[st.to] == pawn) return true;
  // The general itself guards the palace points next to it.
  const Square k = king_[by];
  return k != kNoSquare && in_palace(by, s) &&
         std::abs(file_of(s) - file_of(k)) + std::abs(rank_of(s) - rank_of(k)) == 1;
}

std::uint64_t Position::compute_key() const {
  std::uint64_t key = side_ == kBlack ? kZobrist.black_to_move : 0;
  for (Square s = 0; s < kSquares; ++s)
    if (board_[s] != kEmpty) key ^= kZobrist.piece[board_[s]][s];
  return key;
}

bool Position::invariants_hold() const {
  std::array<std::uint8_t, kPieceCodes> counts{};
  for (Square s = 0; s < kSquares; ++s) {
    const Piece p = board_[s];
    for (Color c : {kRed, kBlack})
      if (occupied_[c].contains(s) != (p != kEmpty && color_of(p) == c)) return false;
    if (p == kEmpty) continue;
    ++counts[p];
    if (type_of(p) == kKing && king_[color_of(p)] != s) return false;
  }
  return counts == counts_ && key_ == compute_key() && counts_[make_piece(kRed, kKing)] == 1 &&
         counts_[make_piece(kBlack, kKing)] == 1;
}

bool advisor_square(Color c, Square s) {
  if (!in_palace(c, s)) return false;
  const int f = file_of(s), r = rank_of(s) % 7;  // black's palace ranks 7..9 map to 0..2
  return (f == 4) == (r == 1);
}

bool elephant_square(Color c, Square s) {
  if (crossed_river(c, s)) return false;
  const int f = file_of(s), r = c == kRed ? rank_of(s) : 9 - rank_of(s);
  return ((r == 0 || r == 4) && (f == 2 || f == 6)) || (r == 2 && (f == 0 || f == 4 || f == 8));
}

bool pawn_square(Color c, Square s) {
  const int r = c == kRed ? rank_of(s) : 9 - rank_of(s);
  if (r <= 2) return false;
  if (r <= 4) return file_of(s) % 2 == 0;  // cannot have moved sideways yet
  return true;
}

bool can_stand(Piece p, Square s) {
  const Color c = color_of(p);
  switch (type_of(p)) {
    case kKing: return in_palace(c, s);
    case kAdvisor: return advisor_square(c, s);
    case kElephant: return elephant_square(c, s);
    case kPawn: return pawn_square(c, s);
    default: return true;
  }
}

}  // namespace qipan::xiangqi
