// The Reversi evaluation: a sum of table weights over pattern and scalar
// features, one weight set per game phase, in disc-difference units for the
// side to move (so +4 reads "about four discs ahead at the end").
//
// Features (all from the side to move's point of view):
//   patterns   the ternary configuration (empty / mine / theirs) of a fixed
//              set of squares, read in all board symmetries that map the set
//              to a different place, sharing one table:
//              edge + 2 X squares (10 squares, 4 places), 2x5 corner (10, 8),
//              3x3 corner (9, 4), rows/columns 2, 3, 4 (8, 4 each),
//              diagonals of length 8 (2 places), 7, 6, 5, 4 (4 places each);
//              these carry corners, X and C squares and edge structure;
//   scalars    mobility and potential mobility of each side, edge-anchored
//              stable discs of each side, corners held, X squares taken next
//              to an empty corner, and parity (who gets the last move),
//              each a small table over its count.
// A phase is a band of disc counts (kPhaseWidth discs). The weights were
// fitted by least squares on about 1.5 million self-play positions labelled
// by exact solving and play (`qipan-lab tune reversi eval`; the header of
// eval_weights.inc gives the run), nothing from outside; the built-in ones
// share a table between two phases and leave rare configurations 0, so they
// store small (eval_weights.h, docs/reversi-weights.md).
//
//   const EvalWeights& w = EvalWeights::builtin();
//   int discs = evaluate(w, pos.player(), pos.opponent());   // -63 .. +63
//
// The search keeps the pattern configurations up to date move by move
// (PatternState) and evaluates with them: the same value, read faster.
//   PatternState state = PatternState::of(P, O);
//   state = state.after_move(square, flipped);               // the reply's view
//   int discs = evaluate(w, state, O ^ flipped, P | flipped | square_bit(square));
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "bitboard.h"
#include "position.h"

namespace qipan::reversi {

enum FeatureKind : int {
  kFeatureEdge2X,
  kFeatureCorner2x5,
  kFeatureCorner3x3,
  kFeatureLine2,
  kFeatureLine3,
  kFeatureLine4,
  kFeatureDiag8,
  kFeatureDiag7,
  kFeatureDiag6,
  kFeatureDiag5,
  kFeatureDiag4,
  kFeatureMobility,          // the side to move's legal moves (0..35)
  kFeatureOpponentMobility,  // the other side's (0..35)
  kFeaturePotential,         // empty squares next to an opponent disc (0..63)
  kFeatureOpponentPotential,
  kFeatureStable,  // stable discs (stability.h), 0..64
  kFeatureOpponentStable,
  kFeatureCorners,   // corners held: mine * 5 + theirs
  kFeatureXSquares,  // X squares held next to an empty corner: mine * 5 + theirs
  kFeatureParity,    // 1 when the number of empty squares is odd
  kFeatureKinds
};

struct FeatureInfo {
  const char* name;
  int size;       // table entries
  int instances;  // places read per position
  int squares;    // pattern squares (0 for scalar features)
};

constexpr std::array<FeatureInfo, kFeatureKinds> kFeatures = {{
    {"edge+2x", 59049, 4, 10},  {"corner2x5", 59049, 8, 10}, {"corner3x3", 19683, 4, 9},  {"line2", 6561, 4, 8},
    {"line3", 6561, 4, 8},      {"line4", 6561, 4, 8},       {"diag8", 6561, 2, 8},       {"diag7", 2187, 4, 7},
    {"diag6", 729, 4, 6},       {"diag5", 243, 4, 5},        {"diag4", 81, 4, 4},         {"mobility", 36, 1, 0},
    {"opp-mobility", 36, 1, 0}, {"potential", 64, 1, 0},     {"opp-potential", 64, 1, 0}, {"stable", 65, 1, 0},
    {"opp-stable", 65, 1, 0},   {"corners", 25, 1, 0},       {"x-squares", 25, 1, 0},     {"parity", 2, 1, 0},
}};

constexpr std::array<int, kFeatureKinds + 1> feature_offsets() {
  std::array<int, kFeatureKinds + 1> offsets{};
  for (int k = 0; k < kFeatureKinds; ++k) offsets[k + 1] = offsets[k] + kFeatures[k].size;
  return offsets;
}
constexpr std::array<int, kFeatureKinds + 1> kFeatureOffset = feature_offsets();
// Weights per phase.
constexpr int kPhaseSize = kFeatureOffset[kFeatureKinds];

constexpr int feature_instance_count() {
  int n = 0;
  for (const FeatureInfo& f : kFeatures) n += f.instances;
  return n;
}
constexpr int kFeatureInstances = feature_instance_count();

// Phases: bands of kPhaseWidth disc counts, from 4 discs (the start) to 64.
constexpr int kPhaseWidth = 6;
constexpr int kPhases = 10;
constexpr int phase_of_discs(int discs) {
  const int p = (discs - 4) / kPhaseWidth;
  return p < 0 ? 0 : p >= kPhases ? kPhases - 1 : p;
}

// Weights are stored in 1/kEvalScale disc.
constexpr int kEvalScale = 32;
// The evaluation never claims a certain result: exact scores are +-64 at most
// and a heuristic one stays inside.
constexpr int kEvalLimit = 63;

// Where one position reads the tables: for every feature instance, its index
// inside a phase's table (kFeatureOffset[kind] + the configuration).
struct FeatureIndices {
  std::array<std::uint32_t, kFeatureInstances> index{};
  int phase = 0;
};

void compute_features(Bitboard player, Bitboard opponent, FeatureIndices& out);

// The kind of each instance slot of FeatureIndices::index, in order.
constexpr std::array<std::uint8_t, kFeatureInstances> instance_kinds() {
  std::array<std::uint8_t, kFeatureInstances> kinds{};
  int i = 0;
  for (int k = 0; k < kFeatureKinds; ++k)
    for (int j = 0; j < kFeatures[k].instances; ++j) kinds[i++] = std::uint8_t(k);
  return kinds;
}
constexpr std::array<std::uint8_t, kFeatureInstances> kInstanceKind = instance_kinds();

// Patterns that are their own mirror image (all but the 2x5 corner) read the
// same configuration two ways; the weights of the two readings must be equal
// for the evaluation to be symmetric. Returns the other reading's index of a
// configuration (itself for scalar features and the 2x5 corner).
int mirror_configuration(int kind, int configuration);

// Expanded weights: kPhases tables of kPhaseSize entries, in 1/kEvalScale disc.
struct EvalWeights {
  std::vector<std::int16_t> table;  // phase-major

  EvalWeights() : table(std::size_t(kPhases) * kPhaseSize, 0) {}
  const std::int16_t* phase(int p) const { return table.data() + std::size_t(p) * kPhaseSize; }
  std::int16_t* phase(int p) { return table.data() + std::size_t(p) * kPhaseSize; }

  // The tuned weights compiled into the engine (eval_weights.cpp). Built on
  // first use, then read-only.
  static const EvalWeights& builtin();
  // A simple hand-made evaluation (mobility, corners, X squares, stability):
  // where training starts from, and a baseline for the tests.
  static EvalWeights handmade();
};

// The pattern instances: the slots of FeatureIndices before the scalar
// features.
constexpr int pattern_instance_count() {
  int n = 0;
  for (int k = 0; k < kFeatureMobility; ++k) n += kFeatures[k].instances;
  return n;
}
constexpr int kPatternInstances = pattern_instance_count();
// Padded to a whole number of 16-byte vectors.
constexpr int kPatternLanes = (kPatternInstances + 7) / 8 * 8;

// The configuration of every pattern instance, from both sides' view, kept up
// to date move by move by the search: a move changes only the digits of the
// placed and flipped squares, which costs less than reading all the patterns
// from the board at every evaluation (the same numbers either way).
struct PatternState {
  using Lanes = std::array<std::uint16_t, kPatternLanes>;
  alignas(16) Lanes mine{};    // digit 1: the side to move's disc, 2: the other side's
  alignas(16) Lanes theirs{};  // digit 1: the other side's disc, 2: the side to move's

  static PatternState of(Bitboard player, Bitboard opponent);
  // The state after the side to move plays `square`, flipping `flipped`: the
  // other side is to move.
  PatternState after_move(Square square, Bitboard flipped) const;
  PatternState after_pass() const { return PatternState{theirs, mine}; }
};

// The weighted sum in 1/kEvalScale disc (unclamped). A finished game (neither
// side can move) scores its exact result instead, times kEvalScale.
int evaluate_scaled(const EvalWeights& weights, Bitboard player, Bitboard opponent);

// The evaluation in discs for the side to move, rounded, within +-kEvalLimit;
// the exact result (empties to the winner) when the game is over.
int evaluate(const EvalWeights& weights, Bitboard player, Bitboard opponent);
inline int evaluate(const EvalWeights& weights, const Position& pos) {
  return evaluate(weights, pos.player(), pos.opponent());
}

// The same two with the patterns read from `patterns` (which must be the
// state of player/opponent) instead of from the board.
int evaluate_scaled(const EvalWeights& weights, const PatternState& patterns, Bitboard player, Bitboard opponent);
int evaluate(const EvalWeights& weights, const PatternState& patterns, Bitboard player, Bitboard opponent);

}  // namespace qipan::reversi
