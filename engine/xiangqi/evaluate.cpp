#include "evaluate.h"

#include <algorithm>

namespace qipan::xiangqi {
namespace {

// Tables are drawn as red sees the board: the first row is rank 9 (black's
// back rank), the last row is rank 0 (red's). Black uses them mirrored.
using Drawing = std::array<std::array<std::int16_t, kFiles>, kRanks>;

// Soldiers: the whole value is in the table. Worth little at home, much more
// across the river, most near the enemy palace, and little on the last rank
// where they can only move sideways.
constexpr Drawing kPawnMgTable = {{
    {30, 30, 32, 36, 40, 36, 32, 30, 30},
    {50, 60, 70, 90, 95, 90, 70, 60, 50},
    {50, 60, 70, 85, 90, 85, 70, 60, 50},
    {50, 58, 65, 75, 80, 75, 65, 58, 50},
    {45, 50, 55, 60, 65, 60, 55, 50, 45},
    {32, 0, 32, 0, 36, 0, 32, 0, 32},
    {30, 0, 30, 0, 34, 0, 30, 0, 30},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
}};
constexpr Drawing kPawnEgTable = {{
    {40, 40, 45, 50, 55, 50, 45, 40, 40},
    {70, 80, 90, 105, 110, 105, 90, 80, 70},
    {70, 80, 90, 100, 105, 100, 90, 80, 70},
    {65, 72, 80, 90, 95, 90, 80, 72, 65},
    {55, 60, 65, 70, 75, 70, 65, 60, 55},
    {35, 0, 35, 0, 38, 0, 35, 0, 35},
    {30, 0, 30, 0, 32, 0, 30, 0, 30},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
}};

// Chariots like open central files and the enemy's soldier rank; the corner
// they start in is their worst square.
constexpr Drawing kRookTable = {{
    {6, 8, 6, 12, 14, 12, 6, 8, 6},
    {6, 10, 8, 14, 16, 14, 8, 10, 6},
    {4, 8, 6, 14, 14, 14, 6, 8, 4},
    {6, 12, 12, 16, 16, 16, 12, 12, 6},
    {8, 12, 12, 14, 16, 14, 12, 12, 8},
    {6, 10, 10, 12, 14, 12, 10, 10, 6},
    {-2, 8, 4, 12, 14, 12, 4, 8, -2},
    {4, 8, 6, 12, 0, 12, 6, 8, 4},
    {-4, 8, 6, 12, 0, 12, 6, 8, -4},
    {-6, 6, 4, 12, 0, 12, 4, 6, -6},
}};

// Horses want to come forward towards the enemy palace and hate the edge and
// the centre file of their own palace (where they block their general).
constexpr Drawing kHorseTable = {{
    {2, -2, 4, 4, -4, 4, 4, -2, 2},
    {4, 8, 16, 24, 4, 24, 16, 8, 4},
    {6, 16, 20, 22, 20, 22, 20, 16, 6},
    {8, 22, 20, 24, 20, 24, 20, 22, 8},
    {4, 14, 18, 20, 20, 20, 18, 14, 4},
    {2, 10, 14, 16, 16, 16, 14, 10, 2},
    {0, 6, 10, 10, 12, 10, 10, 6, 0},
    {0, 2, 6, 6, 0, 6, 6, 2, 0},
    {-4, 0, 2, 0, -10, 0, 2, 0, -4},
    {-6, -4, 0, -4, -6, -4, 0, -4, -6},
}};

// Cannons are strongest on the centre file (the central cannon opening) and
// on the enemy's back rank; deep inside the enemy camp they lose screens.
constexpr Drawing kCannonTable = {{
    {6, 4, 0, -4, -6, -4, 0, 4, 6},
    {2, 2, 0, -4, -8, -4, 0, 2, 2},
    {2, 2, 0, -6, -4, -6, 0, 2, 2},
    {0, 0, -2, 2, 6, 2, -2, 0, 0},
    {0, 0, 0, 2, 8, 2, 0, 0, 0},
    {-2, 0, 4, 2, 8, 2, 4, 0, -2},
    {0, 0, 0, 2, 8, 2, 0, 0, 0},
    {2, 2, 0, 2, 10, 2, 0, 2, 2},
    {0, 2, 4, 4, 4, 4, 4, 2, 0},
    {0, 0, 2, 4, 4, 4, 2, 0, 0},
}};

// Advisors and elephants defend best from the centre of the palace.
constexpr Drawing kAdvisorTable = {{
    {}, {}, {}, {}, {}, {}, {},
    {0, 0, 0, -2, 0, -2, 0, 0, 0},
    {0, 0, 0, 0, 4, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
}};
constexpr Drawing kElephantTable = {{
    {}, {}, {}, {}, {},
    {0, 0, -2, 0, 0, 0, -2, 0, 0},
    {}, 
    {-2, 0, 0, 0, 6, 0, 0, 0, -2},
    {},
    {0, 0, 0, 0, 0, 0, 0, 0, 0},
}};

// The general is safest at home on the centre file; in the endgame it may
// step out to help.
constexpr Drawing kKingMgTable = {{
    {}, {}, {}, {}, {}, {}, {},
    {0, 0, 0, -24, -20, -24, 0, 0, 0},
    {0, 0, 0, -14, -10, -14, 0, 0, 0},
    {0, 0, 0, -6, 0, -6, 0, 0, 0},
}};
constexpr Drawing kKingEgTable = {{
    {}, {}, {}, {}, {}, {}, {},
    {0, 0, 0, -10, -8, -10, 0, 0, 0},
    {0, 0, 0, -4, -2, -4, 0, 0, 0},
    {0, 0, 0, -2, 0, -2, 0, 0, 0},
}};

struct Material {
  int mg;
  int eg;
};
// Cannons are better while the board is full of screens, horses once it empties.
constexpr std::array<Material, kPieceTypeCount> kMaterial = {{
    {0, 0},      // none
    {0, 0},      // king
    {120, 120},  // advisor
    {120, 120},  // elephant
    {270, 300},  // horse
    {600, 650},  // rook
    {300, 270},  // cannon
    {0, 0},      // pawn (value in its table)
}};

constexpr int drawn(const Drawing& d, Color c, Square s) {
  const int rank = c == kRed ? rank_of(s) : kRanks - 1 - rank_of(s);
  return d[kRanks - 1 - rank][file_of(s)];
}

constexpr detail::PsqtTable build_psqt() {
  detail::PsqtTable t{};
  for (Color c : {kRed, kBlack}) {
    for (int type = kKing; type <= kPawn; ++type) {
      const Piece p = make_piece(c, PieceType(type));
      for (Square s = 0; s < kSquares; ++s) {
        int mg = kMaterial[type].mg, eg = kMaterial[type].eg;
        switch (PieceType(type)) {
          case kPawn: mg += drawn(kPawnMgTable, c, s); eg += drawn(kPawnEgTable, c, s); break;
          case kRook: mg += drawn(kRookTable, c, s); eg += drawn(kRookTable, c, s) / 2; break;
          case kHorse: mg += drawn(kHorseTable, c, s); eg += drawn(kHorseTable, c, s) * 3 / 4; break;
          case kCannon: mg += drawn(kCannonTable, c, s); eg += drawn(kCannonTable, c, s) / 2; break;
          case kAdvisor: mg += drawn(kAdvisorTable, c, s); eg += drawn(kAdvisorTable, c, s); break;
          case kElephant: mg += drawn(kElephantTable, c, s); eg += drawn(kElephantTable, c, s); break;
          case kKing: mg += drawn(kKingMgTable, c, s); eg += drawn(kKingEgTable, c, s); break;
          default: break;
        }
        t[p][s] = detail::PsqtPair{std::int16_t(mg), std::int16_t(eg)};
      }
    }
  }
  return t;
}

constexpr int kTempo = 8;

// Palace safety: every attacking piece of the opponent (a rook counts twice)
// is more dangerous for each missing advisor or elephant. Middlegame only.
int palace_danger(const Position& pos, Color c) {
  const Color them = opposite(c);
  const int attackers = 2 * pos.count(them, kRook) + pos.count(them, kHorse) + pos.count(them, kCannon);
  const int missing = 4 - pos.count(c, kAdvisor) - pos.count(c, kElephant);
  return attackers * missing * 5;
}

}  // namespace

namespace detail {
constinit const PsqtTable kPsqt = build_psqt();
}  // namespace detail

int piece_value(PieceType t) {
  static constexpr std::array<int, kPieceTypeCount> kValues = {0, 2000, 120, 120, 285, 620, 285, 60};
  return kValues[t];
}

EvalScore psqt_score(const Position& pos) {
  EvalScore total;
  for (Color c : {kRed, kBlack})
    pos.pieces(c).for_each([&](Square s) { total += psqt_of(pos.at(s), s); });
  return total;
}

int game_phase(const Position& pos) {
  int phase = 0;
  for (Color c : {kRed, kBlack})
    phase += 4 * pos.count(c, kRook) + pos.count(c, kHorse) + pos.count(c, kCannon);
  return std::min(phase, kMaxPhase);
}

int evaluate(const Position& pos, EvalScore psqt) {
  const int phase = game_phase(pos);
  psqt.mg += palace_danger(pos, kBlack) - palace_danger(pos, kRed);
  const int red_view = (psqt.mg * phase + psqt.eg * (kMaxPhase - phase)) / kMaxPhase;
  return (pos.side_to_move() == kRed ? red_view : -red_view) + kTempo;
}

int evaluate(const Position& pos) { return evaluate(pos, psqt_score(pos)); }

}  // namespace qipan::xiangqi
