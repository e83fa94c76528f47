#include "endgame.h"

namespace qipan::xiangqi {
namespace {

struct Force {
  int rooks, horses, cannons, pawns, crossed_pawns, advisors, elephants;
  int attackers() const { return rooks + horses + cannons + pawns; }
  int defenders() const { return advisors + elephants; }
};

Force force_of(const Position& pos, Color c) {
  Force f{pos.count(c, kRook),    pos.count(c, kHorse),   pos.count(c, kCannon), pos.count(c, kPawn), 0,
          pos.count(c, kAdvisor), pos.count(c, kElephant)};
  if (f.pawns)
    pos.pieces(c).for_each([&](Square s) {
      if (pos.at(s) == make_piece(c, kPawn) && crossed_river(c, s)) ++f.crossed_pawns;
    });
  return f;
}

}  // namespace

int endgame_scale(const Position& pos, Color strong) {
  const Force s = force_of(pos, strong);
  if (s.rooks + s.horses + s.cannons > 1) return kFullScale;  // the common case, decided at once
  if (s.attackers() == 0) return 0;                           // nothing can mate
  const Force w = force_of(pos, opposite(strong));
  const bool weak_only_defends = w.attackers() == 0;
  if (s.rooks + s.horses + s.cannons == 0) {
    // Soldiers alone: one (or soldiers that never crossed) rarely wins
    // against any defender; two against the full defence seldom.
    if (s.crossed_pawns == 0) return 4;
    if (s.pawns == 1) return w.defenders() == 0 ? 48 : 8;
    if (s.pawns == 2 && w.defenders() >= 3) return 24;
    return kFullScale;
  }
  if (!weak_only_defends || s.pawns > 0) return kFullScale;
  // One attacking piece, no soldiers, against a defence.
  if (s.horses == 1) return w.defenders() >= 3 ? 8 : w.defenders() == 2 ? 40 : kFullScale;
  if (s.cannons == 1) return w.defenders() == 0 && s.advisors > 0 ? kFullScale : 4;
  return w.advisors == 2 && w.elephants == 2 ? 16 : kFullScale;  // a lone rook
}

}  // namespace qipan::xiangqi
