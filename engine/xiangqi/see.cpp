#include "see.h"

namespace qipan::xiangqi {
namespace {

// The position with the pieces on `gone` lifted off the board.
struct ExchangeBoard {
  const Position& pos;
  SquareSet gone;
  Piece at(Square s) const { return gone.contains(s) ? kEmpty : pos.at(s); }
};

struct Attacker {
  Square square = kNoSquare;
  PieceType type = kNoType;
};

Square first_on(const ExchangeBoard& b, const StepList& steps, Piece wanted, bool needs_free_via) {
  for (const Step& st : steps)
    if (b.at(st.to) == wanted && (!needs_free_via || st.via < 0 || b.at(st.via) == kEmpty)) return st.to;
  return kNoSquare;
}

// The least valuable piece of colour c that attacks `to` on board b.
Attacker least_valuable_attacker(const ExchangeBoard& b, Square to, Color c) {
  Square s;
  if ((s = first_on(b, kGeometry.pawn_attackers[c][to], make_piece(c, kPawn), false)) != kNoSquare) return {s, kPawn};
  // Advisor, elephant and general steps are symmetric: the squares a piece
  // reaches from `to` are the squares it attacks `to` from (same eye).
  if ((s = first_on(b, kGeometry.advisor_moves[c][to], make_piece(c, kAdvisor), false)) != kNoSquare)
    return {s, kAdvisor};
  if ((s = first_on(b, kGeometry.elephant_moves[c][to], make_piece(c, kElephant), true)) != kNoSquare)
    return {s, kElephant};
  if ((s = first_on(b, kGeometry.horse_attackers[to], make_piece(c, kHorse), true)) != kNoSquare) return {s, kHorse};
  // Along each line: the first piece may be a rook, the second (over one
  // screen) a cannon.
  const Piece rook = make_piece(c, kRook), cannon = make_piece(c, kCannon);
  Square rook_square = kNoSquare;
  for (const Ray& ray : kGeometry.rays[to]) {
    const std::int8_t* it = ray.begin();
    const std::int8_t* end = ray.end();
    while (it != end && b.at(*it) == kEmpty) ++it;
    if (it == end) continue;
    if (b.at(*it) == rook) rook_square = *it;
    for (++it; it != end; ++it) {
      const Piece p = b.at(*it);
      if (p == kEmpty) continue;
      if (p == cannon) return {*it, kCannon};
      break;
    }
  }
  if (rook_square != kNoSquare) return {rook_square, kRook};
  if ((s = first_on(b, kGeometry.king_moves[c][to], make_piece(c, kKing), false)) != kNoSquare) return {s, kKing};
  return {};
}

}  // namespace

bool see_ge(const Position& pos, Move m, int threshold) {
  const Square from = m.from(), to = m.to();
  const Piece moving = pos.at(from);
  int swap = see_value(pos.at(to)) - threshold;
  if (swap < 0) return false;
  swap = see_value(moving) - swap;
  if (swap <= 0) return true;
  ExchangeBoard board{pos, {}};
  board.gone.insert(from);
  Color side = color_of(moving);
  // res: does the side that made m stay ahead if the exchange stops here?
  int res = 1;
  for (;;) {
    side = opposite(side);
    const Attacker a = least_valuable_attacker(board, to, side);
    if (a.square == kNoSquare) break;
    res ^= 1;
    if (a.type == kKing) {
      // The general may only take last: with the square still covered by
      // the other side the capture would be illegal.
      board.gone.insert(a.square);
      return (least_valuable_attacker(board, to, opposite(side)).square != kNoSquare ? res ^ 1 : res) != 0;
    }
    swap = kSeeValue[a.type] - swap;
    if (swap < res) break;
    board.gone.insert(a.square);
  }
  return res != 0;
}

int see_value_of(const Position& pos, Move m) {
  // Binary search over thresholds keeps one implementation of the exchange.
  int low = -kSeeValue[kRook] * 3, high = kSeeValue[kRook] * 3;
  while (low < high) {
    const int mid = low + (high - low + 1) / 2;
    if (see_ge(pos, m, mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

}  // namespace qipan::xiangqi
