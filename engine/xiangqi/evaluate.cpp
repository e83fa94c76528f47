#include "evaluate.h"

#include <algorithm>

#include "endgame.h"
#include "eval_params.h"
#include "eval_weights.h"

namespace qipan::xiangqi {
namespace {

using namespace eval;

constexpr detail::PsqtTable build_psqt() {
  detail::PsqtTable t{};
  for (Color c : {kRed, kBlack})
    for (int type = kKing; type <= kPawn; ++type) {
      const Piece p = make_piece(c, PieceType(type));
      for (Square s = 0; s < kSquares; ++s) {
        const Weight material = kWeights[kMaterial + type];
        const Weight placement = kWeights[kPsqt + type * kHalfSquares + folded_square(c, s)];
        t[p][s] = detail::PsqtPair{std::int16_t(material.mg + placement.mg), std::int16_t(material.eg + placement.eg)};
      }
    }
  return t;
}

// Attack-unit weight of one palace square hit by a piece of each type.
constexpr std::array<int, kPieceTypeCount> kUnitWeight = {0, 0, 0, 0, 3, 2, 2, 2};
// Order of piece values for "attacked by a cheaper piece".
constexpr std::array<std::uint8_t, kPieceTypeCount> kValueRank = {0, 6, 2, 2, 3, 5, 3, 1};
constexpr int kValueRanks = 7;  // ranks 0 (none) to 6 (the general)

// The palace of each colour as a square set.
constexpr std::array<SquareSet, 2> kPalace = [] {
  std::array<SquareSet, 2> t{};
  for (Color c : {kRed, kBlack})
    for (Square s = 0; s < kSquares; ++s)
      if (in_palace(c, s)) t[c].insert(s);
  return t;
}();

// What one side's pieces attack, built in one pass over its pieces, as square
// sets: no per-square counters to clear and update at every evaluation.
struct SideScan {
  std::array<SquareSet, kValueRanks> by_rank{};  // attacked by a piece of each value rank
  int king_units = 0;                            // attack units against the enemy palace
  // below[r]: the squares attacked by a piece of value rank below r;
  // below[kValueRanks]: those attacked at all.
  std::array<SquareSet, kValueRanks + 1> attacked_below() const {
    std::array<SquareSet, kValueRanks + 1> below{};
    for (std::size_t r = 0; r < by_rank.size(); ++r) (below[r + 1] = below[r]) |= by_rank[r];
    return below;
  }
};

// Scans the pieces of colour c: attacks, mobility and palace hits.
template <class Acc>
void scan_side(const Position& pos, Color c, SideScan& scan, Acc& acc) {
  const int sign = c == kRed ? 1 : -1;
  const SquareSet& enemy_palace = kPalace[opposite(c)];
  pos.pieces(c).for_each([&](Square from) {
    const PieceType type = type_of(pos.at(from));
    const std::uint8_t rank = kValueRank[type];
    int mobility = 0;
    SquareSet hits;  // what this piece attacks
    switch (type) {
      case kRook:
        for (const Ray& ray : kGeometry.rays[from])
          for (const std::int8_t s : ray) {
            hits |= kSingleSquare[s];
            const Piece p = pos.at(s);
            if (p == kEmpty) {
              ++mobility;
              continue;
            }
            mobility += color_of(p) != c;
            break;
          }
        acc.add(kRookMobility + std::min(mobility, kRookMobilityCount - 1), sign);
        break;
      case kCannon:
        for (const Ray& ray : kGeometry.rays[from]) {
          const std::int8_t* it = ray.begin();
          const std::int8_t* end = ray.end();
          for (; it != end && pos.at(*it) == kEmpty; ++it) ++mobility;
          if (it == end) continue;
          // Beyond the screen: every square up to and including the next piece.
          for (++it; it != end; ++it) {
            hits |= kSingleSquare[*it];
            const Piece p = pos.at(*it);
            if (p == kEmpty) continue;
            mobility += color_of(p) != c;
            break;
          }
        }
        acc.add(kCannonMobility + std::min(mobility, kCannonMobilityCount - 1), sign);
        break;
      case kHorse:
        for (const Step& st : kGeometry.horse_moves[from]) {
          if (pos.at(st.via) != kEmpty) continue;
          hits |= kSingleSquare[st.to];
          const Piece p = pos.at(st.to);
          mobility += p == kEmpty || color_of(p) != c;
        }
        acc.add(kHorseMobility + mobility, sign);
        break;
      case kPawn:
        for (const Step& st : kGeometry.pawn_moves[c][from]) hits |= kSingleSquare[st.to];
        break;
      case kElephant:
        for (const Step& st : kGeometry.elephant_moves[c][from])
          if (pos.at(st.via) == kEmpty) hits |= kSingleSquare[st.to];
        break;
      case kAdvisor:
        for (const Step& st : kGeometry.advisor_moves[c][from]) hits |= kSingleSquare[st.to];
        break;
      case kKing:
        for (const Step& st : kGeometry.king_moves[c][from]) hits |= kSingleSquare[st.to];
        break;
      default: break;
    }
    scan.by_rank[rank] |= hits;
    scan.king_units += kUnitWeight[type] * std::min((hits & enemy_palace).size(), 3);
  });
}

// Cannons and rooks of colour c lined up on the enemy general.
template <class Acc>
void lines_on_general(const Position& pos, Color c, Acc& acc) {
  const int sign = c == kRed ? 1 : -1;
  const Square king = pos.king_square(opposite(c));
  const Piece cannon = make_piece(c, kCannon), rook = make_piece(c, kRook);
  for (int d = 0; d < 4; ++d) {
    const bool file = d == kUp || d == kDown;
    int between = 0;
    for (const std::int8_t s : kGeometry.rays[king][d]) {
      const Piece p = pos.at(s);
      if (p == kEmpty) continue;
      if (p == cannon && between == 0) acc.add(file ? kCannonFileOpen : kCannonRankOpen, sign);
      if (p == cannon && between == 2) acc.add(file ? kCannonFileTwoScreens : kCannonRankTwoScreens, sign);
      if (p == rook && between == 1) acc.add(kRookPinsToGeneral, sign);
      if (++between > 2) break;
    }
  }
}

template <class Acc>
void evaluate_terms(const Position& pos, Acc& acc) {
  SideScan scans[2];
  scan_side(pos, kRed, scans[kRed], acc);
  scan_side(pos, kBlack, scans[kBlack], acc);
  const std::array<std::array<SquareSet, kValueRanks + 1>, 2> below = {scans[kRed].attacked_below(),
                                                                       scans[kBlack].attacked_below()};
  for (Color c : {kRed, kBlack}) {
    const int sign = c == kRed ? 1 : -1;
    const Color them = opposite(c);
    acc.add(kKingDanger + std::min(scans[c].king_units, kKingDangerCount - 1), sign);
    lines_on_general(pos, c, acc);
    // Defenders the enemy is missing, against our attackers.
    const int missing_advisors = 2 - pos.count(them, kAdvisor), missing_elephants = 2 - pos.count(them, kElephant);
    if (missing_advisors > 0) {
      acc.add(kMissingAdvisorRook, sign * missing_advisors * pos.count(c, kRook));
      acc.add(kMissingAdvisorHorse, sign * missing_advisors * pos.count(c, kHorse));
      acc.add(kMissingAdvisorCannon, sign * missing_advisors * pos.count(c, kCannon));
    }
    if (missing_elephants > 0) {
      acc.add(kMissingElephantRook, sign * missing_elephants * pos.count(c, kRook));
      acc.add(kMissingElephantHorse, sign * missing_elephants * pos.count(c, kHorse));
      acc.add(kMissingElephantCannon, sign * missing_elephants * pos.count(c, kCannon));
    }
    if (pos.count(c, kAdvisor) == 2) acc.add(kAdvisorPair, sign);
    if (pos.count(c, kElephant) == 2) acc.add(kElephantPair, sign);
    // Our pieces under attack: undefended, or by a cheaper piece.
    const Piece our_pawn = make_piece(c, kPawn);
    const SquareSet& ours_attacked = below[c][kValueRanks];
    const auto& theirs = below[them];
    pos.pieces(c).for_each([&](Square s) {
      const Piece p = pos.at(s);
      const PieceType type = type_of(p);
      if (p == our_pawn && crossed_river(c, s) && file_of(s) < kFiles - 1 && pos.at(s + 1) == our_pawn)
        acc.add(kLinkedSoldiers, sign);
      if (type == kKing || !theirs[kValueRanks].contains(s)) return;
      if (!ours_attacked.contains(s)) acc.add(kHanging + int(type), sign);
      if (theirs[kValueRank[type]].contains(s)) acc.add(kThreatByLesser + int(type), sign);
    });
  }
  acc.add(kTempo, pos.side_to_move() == kRed ? 1 : -1);
}

// Adds weights as they go (the engine's evaluation).
struct WeightSum {
  int mg = 0, eg = 0;
  void add(int param, int coefficient) {
    mg += coefficient * kWeights[param].mg;
    eg += coefficient * kWeights[param].eg;
  }
};

// Records the features (the tuner's view).
struct TraceRecorder {
  EvalTrace* trace;
  void add(int param, int coefficient) {
    if (coefficient != 0) trace->terms.emplace_back(std::int16_t(param), std::int16_t(coefficient));
  }
};

int scaled(const Position& pos, int red_view) {
  if (red_view == 0) return 0;
  const int scale = endgame_scale(pos, red_view > 0 ? kRed : kBlack);
  return scale == kFullScale ? red_view : red_view * scale / kFullScale;
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
  for (Color c : {kRed, kBlack}) pos.pieces(c).for_each([&](Square s) { total += psqt_of(pos.at(s), s); });
  return total;
}

int game_phase(const Position& pos) {
  int phase = 0;
  for (Color c : {kRed, kBlack}) phase += 4 * pos.count(c, kRook) + pos.count(c, kHorse) + pos.count(c, kCannon);
  return std::min(phase, kMaxPhase);
}

int evaluate(const Position& pos, EvalScore psqt) {
  WeightSum sum{psqt.mg, psqt.eg};
  evaluate_terms(pos, sum);
  const int phase = game_phase(pos);
  const int red_view = scaled(pos, (sum.mg * phase + sum.eg * (kMaxPhase - phase)) / kMaxPhase);
  return pos.side_to_move() == kRed ? red_view : -red_view;
}

int evaluate(const Position& pos) { return evaluate(pos, psqt_score(pos)); }

EvalTrace trace_evaluation(const Position& pos) {
  EvalTrace trace;
  TraceRecorder recorder{&trace};
  for (Color c : {kRed, kBlack})
    pos.pieces(c).for_each([&](Square s) {
      const PieceType type = type_of(pos.at(s));
      const int sign = c == kRed ? 1 : -1;
      recorder.add(kMaterial + int(type), sign);
      recorder.add(kPsqt + type * kHalfSquares + folded_square(c, s), sign);
    });
  evaluate_terms(pos, recorder);
  trace.phase = game_phase(pos);
  trace.scale_red_ahead = endgame_scale(pos, kRed);
  trace.scale_black_ahead = endgame_scale(pos, kBlack);
  trace.red_to_move = pos.side_to_move() == kRed;
  return trace;
}

}  // namespace qipan::xiangqi
