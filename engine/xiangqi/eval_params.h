// The layout of the xiangqi evaluation's weights: one (middlegame, endgame)
// pair per parameter, red's gain when the feature is red's (black's features
// count negatively). The evaluation is linear in these weights apart from the
// tapering between the two phases and the endgame scale, which is what lets
// `qipan-lab tune xiangqi` fit them by logistic regression (eval_weights.h holds
// the fitted values).
//
// Squares of the piece-square part are seen from the piece's owner, folded
// left to right (file 0 and file 8 share a weight): rank * 5 + min(file, 8 - file).
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace qipan::xiangqi::eval {

struct Weight {
  std::int16_t mg = 0;
  std::int16_t eg = 0;
};

constexpr int kHalfSquares = 50;
constexpr int kRookMobilityCount = 18;    // 0 .. 17 reachable squares
constexpr int kHorseMobilityCount = 9;    // 0 .. 8
constexpr int kCannonMobilityCount = 18;  // 0 .. 17 (moves and the capture)
constexpr int kKingDangerCount = 40;      // attack units 0 .. 39

enum Param : int {
  kMaterial = 0,                        // + piece type
  kPsqt = kMaterial + kPieceTypeCount,  // + type * kHalfSquares + folded square
  kRookMobility = kPsqt + kPieceTypeCount * kHalfSquares,
  kHorseMobility = kRookMobility + kRookMobilityCount,
  kCannonMobility = kHorseMobility + kHorseMobilityCount,
  // Indexed by the attack units against a general (see evaluate.cpp); the
  // weight is the attacker's gain.
  kKingDanger = kCannonMobility + kCannonMobilityCount,
  // A cannon on the enemy general's file with nothing between (空头炮), or
  // with two pieces between; the same along the general's rank (沉底炮 when
  // on the back rank).
  kCannonFileOpen = kKingDanger + kKingDangerCount,
  kCannonFileTwoScreens,
  kCannonRankOpen,
  kCannonRankTwoScreens,
  // A rook on the general's file or rank, with one piece between (a pin).
  kRookPinsToGeneral,
  // Missing defenders (advisors, elephants) times the enemy's attackers of
  // each kind: the defender's loss, counted as the attacker's gain.
  kMissingAdvisorRook,
  kMissingAdvisorHorse,
  kMissingAdvisorCannon,
  kMissingElephantRook,
  kMissingElephantHorse,
  kMissingElephantCannon,
  // Two soldiers across the river side by side.
  kLinkedSoldiers,
  // Both advisors / both elephants still there.
  kAdvisorPair,
  kElephantPair,
  // Our piece of this type attacked and not defended: our loss (negative weights).
  kHanging,  // + piece type
  // Our piece of this type attacked by a cheaper enemy piece.
  kThreatByLesser = kHanging + kPieceTypeCount,  // + piece type
  kTempo = kThreatByLesser + kPieceTypeCount,
  kParamCount,
};

using Weights = std::array<Weight, kParamCount>;

constexpr int folded_square(Color owner, Square s) {
  const int rank = owner == kRed ? rank_of(s) : kRanks - 1 - rank_of(s);
  const int file = file_of(s);
  return rank * 5 + (file < 5 ? file : 8 - file);
}

}  // namespace qipan::xiangqi::eval
