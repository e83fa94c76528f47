// The evaluation the endgame solver orders moves with, far from the end: a
// linear model over a few cheap features that predicts the final disc
// difference, with one weight set per number of empty squares. The weights
// were fitted by least squares on positions solved exactly by this solver
// (endgame_order_weights.h says how).
#pragma once

#include <array>
#include <cstdint>

#include "bitboard.h"
#include "endgame_bits.h"
#include "endgame_stability.h"
#include "movegen.h"

namespace qipan::reversi::endgame {

enum OrderFeature : int {
  kOfBias,
  kOfDiscs,              // disc difference
  kOfMobility,           // the side to move's moves
  kOfOpponentMobility,   // the other side's
  kOfCornerMoves,        // corners the side to move can take now
  kOfOpponentCornerMoves,
  kOfPotential,          // empty squares next to an opponent disc
  kOfOpponentPotential,
  kOfStable,             // stable discs (endgame_stability.h)
  kOfOpponentStable,
  kOfCorners,            // corners held, difference
  kOfXSquares,           // X squares held next to an empty corner, difference
  kOfCSquares,           // C squares held next to an empty corner, difference
  kOfFrontier,           // discs next to an empty square, difference
  kOfEdges,              // edge discs, difference
  kOfOddRegions,         // quadrants with an odd number of empties
  kOrderFeatures
};

using OrderFeatures = std::array<int, kOrderFeatures>;

namespace detail {
// For each corner, its X square (diagonal neighbour) and C squares (edge neighbours).
inline constexpr Bitboard kXSquares = 0x0042000000004200ull;
inline constexpr Bitboard kCSquares = 0x4281000000008142ull;
}  // namespace detail

// Squares of `discs` among `squares` whose corner is empty.
inline int near_empty_corner(Bitboard discs, Bitboard squares, Bitboard empty) {
  const Bitboard empty_corners = empty & kCorners;
  return count_bits(discs & squares & neighbours(empty_corners));
}

inline OrderFeatures order_features(const std::uint8_t* edge, Bitboard player, Bitboard opponent) {
  OrderFeatures f{};
  const Bitboard empty = ~(player | opponent);
  const Bitboard my_moves = legal_moves(player, opponent), their_moves = legal_moves(opponent, player);
  f[kOfBias] = 1;
  f[kOfDiscs] = count_bits(player) - count_bits(opponent);
  f[kOfMobility] = count_bits(my_moves);
  f[kOfOpponentMobility] = count_bits(their_moves);
  f[kOfCornerMoves] = count_bits(my_moves & kCorners);
  f[kOfOpponentCornerMoves] = count_bits(their_moves & kCorners);
  f[kOfPotential] = count_bits(neighbours(opponent) & empty);
  f[kOfOpponentPotential] = count_bits(neighbours(player) & empty);
  f[kOfStable] = count_bits(stable_discs(edge, player, opponent));
  f[kOfOpponentStable] = count_bits(stable_discs(edge, opponent, player));
  f[kOfCorners] = count_bits(player & kCorners) - count_bits(opponent & kCorners);
  f[kOfXSquares] = near_empty_corner(player, detail::kXSquares, empty) - near_empty_corner(opponent, detail::kXSquares, empty);
  f[kOfCSquares] = near_empty_corner(player, detail::kCSquares, empty) - near_empty_corner(opponent, detail::kCSquares, empty);
  const Bitboard frontier = neighbours(empty);
  f[kOfFrontier] = count_bits(player & frontier) - count_bits(opponent & frontier);
  f[kOfEdges] = count_bits(player & kEdges) - count_bits(opponent & kEdges);
  f[kOfOddRegions] = count_bits(parity_of(empty));
  return f;
}

// Weights in 1/64 disc, for 8 .. 8 + size - 1 empties (clamped outside).
inline constexpr int kOrderWeightsMinEmpties = 9;
inline constexpr std::array<std::array<std::int16_t, kOrderFeatures>, 7> kOrderWeights = {{
    {{0, 1, 98, -78, 268, -133, -36, 68, 30, -73, 219, -5, -102, -52, -15, 17}},  // 9 empties
    {{0, 1, 106, -81, 249, -121, -39, 68, 29, -76, 212, -14, -109, -51, -18, 19}},  // 10 empties
    {{0, 3, 96, -83, 242, -99, -37, 60, 28, -76, 229, -49, -118, -58, -19, 20}},  // 11 empties
    {{0, 2, 96, -76, 250, -76, -34, 59, 41, -78, 227, -57, -146, -60, -18, 14}},  // 12 empties
    {{0, 2, 88, -72, 254, -74, -30, 50, 63, -79, 253, -79, -169, -64, -17, 7}},  // 13 empties
    {{0, 0, 90, -64, 252, -95, -25, 48, 66, -84, 277, -81, -178, -65, -19, 7}},  // 14 empties
    {{0, 0, 90, -63, 234, -107, -25, 43, 72, -86, 308, -102, -180, -65, -21, 10}},  // 15 empties
}};

// The predicted final disc difference for the side to move, in 1/64 disc.
inline int order_eval(const std::uint8_t* edge, Bitboard player, Bitboard opponent, int empties) {
  int row = empties - kOrderWeightsMinEmpties;
  row = row < 0 ? 0 : row >= int(kOrderWeights.size()) ? int(kOrderWeights.size()) - 1 : row;
  const OrderFeatures f = order_features(edge, player, opponent);
  int v = 0;
  for (int j = 0; j < kOrderFeatures; ++j) v += kOrderWeights[row][j] * f[j];
  return v;
}

}  // namespace qipan::reversi::endgame
