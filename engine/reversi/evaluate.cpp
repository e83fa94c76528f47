#include "evaluate.h"

#include <algorithm>

#include "eval_symmetry.h"
#include "movegen.h"
#include "position.h"
#include "stability.h"

namespace qipan::reversi {
namespace {

// kTernary[bits] = sum of 3^i over the set bits i: a pattern's configuration
// is kTernary[mine] + 2 * kTernary[theirs] (digit 0 empty, 1 mine, 2 theirs).
constexpr std::array<std::uint16_t, 1024> build_ternary() {
  std::array<std::uint16_t, 1024> t{};
  for (unsigned b = 0; b < 1024; ++b) {
    unsigned v = 0, power = 1;
    for (int i = 0; i < 10; ++i, power *= 3)
      if (b >> i & 1u) v += power;
    t[b] = std::uint16_t(v);
  }
  return t;
}
constexpr std::array<std::uint16_t, 1024> kTernary = build_ternary();

// Gathers of the canonical pattern squares from a (transformed) board into
// consecutive bits; digit i of a configuration is bit i here.
// a1..h1, then b2, g2.
constexpr unsigned edge2x_bits(Bitboard b) { return unsigned((b & 0xFF) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200)); }
// a1..e1, then a2..e2.
constexpr unsigned corner2x5_bits(Bitboard b) { return unsigned((b & 0x1F) | ((b >> 3) & 0x3E0)); }
// a1 b1 c1, a2 b2 c2, a3 b3 c3.
constexpr unsigned corner3x3_bits(Bitboard b) { return unsigned((b & 0x7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0)); }
// Row `row` (0-based), columns a..h.
constexpr unsigned row_bits(Bitboard b, int row) { return unsigned((b >> (8 * row)) & 0xFF); }
// A diagonal going down-right from column `first` of row 1: squares at most
// one per column, so one multiply gathers them into the top byte by column
// without carries; the shift drops the columns before `first`.
template <int first>
constexpr unsigned diagonal_bits(Bitboard b) {
  constexpr Bitboard kMask = [] {
    Bitboard m = 0;
    for (int c = first; c < 8; ++c) m |= square_bit(make_square(c, c - first));
    return m;
  }();
  return unsigned(((b & kMask) * 0x0101010101010101ull) >> (56 + first));
}

// The 8 symmetric views of one side's discs (eval_symmetry.h numbering).
struct Views {
  std::array<Bitboard, 8> v;
  constexpr explicit Views(Bitboard b) : v{} {
    v[0] = b;
    v[1] = mirror_horizontal(b);
    v[2] = flip_vertical(b);
    v[3] = flip_vertical(v[1]);
    for (int k = 0; k < 4; ++k) v[4 + k] = transpose(v[k]);
  }
};

constexpr unsigned ternary(unsigned mine, unsigned theirs) { return kTernary[mine] + 2u * kTernary[theirs]; }

// Calls `f(configuration)` for every pattern instance, in FeatureIndices
// order (the table offset not added).
template <typename F>
constexpr void for_each_pattern(Bitboard player, Bitboard opponent, F&& f) {
  const Views p(player), o(opponent);
  // Views that put each place of a pattern at its canonical spot: the four
  // edges (rows 1 and 8, columns a and h), the four corners, and so on.
  constexpr int kEdges4[4] = {0, 2, 4, 5};
  constexpr int kCorners4[4] = {0, 1, 2, 3};
  constexpr int kDiagonals4[4] = {0, 4, 1, 5};
  for (int v : kEdges4) f(ternary(edge2x_bits(p.v[v]), edge2x_bits(o.v[v])));
  for (int v = 0; v < 8; ++v) f(ternary(corner2x5_bits(p.v[v]), corner2x5_bits(o.v[v])));
  for (int v : kCorners4) f(ternary(corner3x3_bits(p.v[v]), corner3x3_bits(o.v[v])));
  for (int line = 1; line <= 3; ++line)
    for (int v : kEdges4) f(ternary(row_bits(p.v[v], line), row_bits(o.v[v], line)));
  for (int v = 0; v < 2; ++v) f(ternary(diagonal_bits<0>(p.v[v]), diagonal_bits<0>(o.v[v])));
  for (int v : kDiagonals4) f(ternary(diagonal_bits<1>(p.v[v]), diagonal_bits<1>(o.v[v])));
  for (int v : kDiagonals4) f(ternary(diagonal_bits<2>(p.v[v]), diagonal_bits<2>(o.v[v])));
  for (int v : kDiagonals4) f(ternary(diagonal_bits<3>(p.v[v]), diagonal_bits<3>(o.v[v])));
  for (int v : kDiagonals4) f(ternary(diagonal_bits<4>(p.v[v]), diagonal_bits<4>(o.v[v])));
}

// Each pattern instance's table offset inside a phase.
constexpr std::array<std::uint32_t, kPatternInstances> kPatternOffset = [] {
  std::array<std::uint32_t, kPatternInstances> offsets{};
  for (int i = 0; i < kPatternInstances; ++i) offsets[i] = kFeatureOffset[kInstanceKind[i]];
  return offsets;
}();

// Calls `f(index)` for every scalar feature, in FeatureIndices order.
// Returns false when neither side can move (the game is over).
template <typename F>
inline bool for_each_scalar(Bitboard player, Bitboard opponent, F&& f) {
  const Bitboard empties = ~(player | opponent);
  const int mine = mobility(player, opponent), theirs = mobility(opponent, player);
  f(kFeatureOffset[kFeatureMobility] + std::min(mine, 35));
  f(kFeatureOffset[kFeatureOpponentMobility] + std::min(theirs, 35));
  f(kFeatureOffset[kFeaturePotential] + std::min(popcount(neighbours(opponent) & empties), 63));
  f(kFeatureOffset[kFeatureOpponentPotential] + std::min(popcount(neighbours(player) & empties), 63));
  const StableDiscs stable = stable_discs_of_both(player, opponent);
  f(kFeatureOffset[kFeatureStable] + popcount(stable.player));
  f(kFeatureOffset[kFeatureOpponentStable] + popcount(stable.opponent));
  f(kFeatureOffset[kFeatureCorners] + popcount(player & kCorners) * 5 + popcount(opponent & kCorners));
  // The X square next to each empty corner (a1-b2, h1-g2, a8-b7, h8-g7).
  const Bitboard open = empties & kCorners;
  const Bitboard x = ((open & square_bit(0)) << 9) | ((open & square_bit(7)) << 7) | ((open & square_bit(56)) >> 7) |
                     ((open & square_bit(63)) >> 9);
  f(kFeatureOffset[kFeatureXSquares] + popcount(player & x) * 5 + popcount(opponent & x));
  f(kFeatureOffset[kFeatureParity] + (popcount(empties) & 1));
  return mine + theirs > 0;
}

// Calls `f(index)` for every feature instance, in FeatureIndices order.
// Returns false when the game is over.
template <typename F>
inline bool for_each_feature(Bitboard player, Bitboard opponent, F&& f) {
  int i = 0;
  for_each_pattern(player, opponent, [&](unsigned configuration) { f(kPatternOffset[i++] + configuration); });
  return for_each_scalar(player, opponent, f);
}

// kSquareDigits[s][i]: what a disc of the side to move on square s adds to
// pattern instance i's configuration (3 to the power of its digit there, or
// 0 when the instance does not read s); a disc of the other side adds twice
// that.
using PatternLanes = PatternState::Lanes;
constexpr std::array<PatternLanes, kSquares> kSquareDigits = [] {
  std::array<PatternLanes, kSquares> digits{};
  for (Square s = 0; s < kSquares; ++s) {
    int i = 0;
    for_each_pattern(square_bit(s), 0, [&](unsigned configuration) { digits[s][i++] = std::uint16_t(configuration); });
  }
  return digits;
}();

// A weighted sum in 1/kEvalScale disc to discs, rounded, within
// +-kEvalLimit.
int scaled_to_discs(int s) {
  const int discs = s >= 0 ? (s + kEvalScale / 2) / kEvalScale : -((-s + kEvalScale / 2) / kEvalScale);
  return std::clamp(discs, -kEvalLimit, kEvalLimit);
}

// Digit permutation of each self-symmetric pattern: digit i of a reading
// becomes digit perm[i] of the mirrored reading.
int permute_digits(int configuration, const int* perm, int digits) {
  int d[10];
  for (int i = 0; i < digits; ++i, configuration /= 3) d[i] = configuration % 3;
  int out = 0, power = 1;
  int m[10];
  for (int i = 0; i < digits; ++i) m[perm[i]] = d[i];
  for (int i = 0; i < digits; ++i, power *= 3) out += m[i] * power;
  return out;
}

// The weighted sum of the features in 1/kEvalScale disc, the patterns read
// from `patterns`; false when the game is over (`sum` is then meaningless).
bool weighted_sum(const EvalWeights& weights, const PatternState& patterns, Bitboard player, Bitboard opponent,
                  int& sum) {
  const std::int16_t* w = weights.phase(phase_of_discs(popcount(player | opponent)));
  sum = 0;
  if (!for_each_scalar(player, opponent, [&](unsigned index) { sum += w[index]; })) return false;
  for (int i = 0; i < kPatternInstances; ++i) sum += w[kPatternOffset[i] + patterns.mine[i]];
  return true;
}

}  // namespace

void compute_features(Bitboard player, Bitboard opponent, FeatureIndices& out) {
  int i = 0;
  for_each_feature(player, opponent, [&](unsigned index) { out.index[i++] = index; });
  out.phase = phase_of_discs(popcount(player | opponent));
}

int evaluate_scaled(const EvalWeights& weights, Bitboard player, Bitboard opponent) {
  const std::int16_t* w = weights.phase(phase_of_discs(popcount(player | opponent)));
  int sum = 0;
  if (!for_each_feature(player, opponent, [&](unsigned index) { sum += w[index]; }))
    return final_score(player, opponent) * kEvalScale;
  return sum;
}

int evaluate(const EvalWeights& weights, Bitboard player, Bitboard opponent) {
  const std::int16_t* w = weights.phase(phase_of_discs(popcount(player | opponent)));
  int sum = 0;
  if (!for_each_feature(player, opponent, [&](unsigned index) { sum += w[index]; }))
    return final_score(player, opponent);
  return scaled_to_discs(sum);
}

PatternState PatternState::of(Bitboard player, Bitboard opponent) {
  PatternState state;
  int i = 0;
  for_each_pattern(player, opponent, [&](unsigned configuration) { state.mine[i++] = std::uint16_t(configuration); });
  i = 0;
  for_each_pattern(opponent, player, [&](unsigned configuration) { state.theirs[i++] = std::uint16_t(configuration); });
  return state;
}

PatternState PatternState::after_move(Square square, Bitboard flipped) const {
  // The flipped squares' digits turn from the other side's (2 in `mine`, 1 in
  // `theirs`) to the mover's; the placed square's from empty to the mover's.
  // The configurations stay within 0..3^10 - 1, so 16-bit wrap-around in the
  // sums is harmless.
  PatternLanes flips{};
  while (flipped) {
    const PatternLanes& d = kSquareDigits[pop_first(flipped)];
    for (int i = 0; i < kPatternLanes; ++i) flips[i] = std::uint16_t(flips[i] + d[i]);
  }
  const PatternLanes& placed = kSquareDigits[square];
  PatternState child;  // the other side to move: the two views trade places
  for (int i = 0; i < kPatternLanes; ++i) {
    child.mine[i] = std::uint16_t(theirs[i] + 2 * placed[i] + flips[i]);
    child.theirs[i] = std::uint16_t(mine[i] + placed[i] - flips[i]);
  }
  return child;
}

int evaluate_scaled(const EvalWeights& weights, const PatternState& patterns, Bitboard player, Bitboard opponent) {
  int sum;
  return weighted_sum(weights, patterns, player, opponent, sum) ? sum : final_score(player, opponent) * kEvalScale;
}

int evaluate(const EvalWeights& weights, const PatternState& patterns, Bitboard player, Bitboard opponent) {
  int sum;
  return weighted_sum(weights, patterns, player, opponent, sum) ? scaled_to_discs(sum) : final_score(player, opponent);
}

int mirror_configuration(int kind, int configuration) {
  static constexpr int kReverse[10] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
  static constexpr int kEdge[10] = {7, 6, 5, 4, 3, 2, 1, 0, 9, 8};
  static constexpr int kTranspose3x3[9] = {0, 3, 6, 1, 4, 7, 2, 5, 8};
  switch (kind) {
    case kFeatureEdge2X: return permute_digits(configuration, kEdge, 10);
    case kFeatureCorner3x3: return permute_digits(configuration, kTranspose3x3, 9);
    case kFeatureLine2:
    case kFeatureLine3:
    case kFeatureLine4:
    case kFeatureDiag8:
    case kFeatureDiag7:
    case kFeatureDiag6:
    case kFeatureDiag5:
    case kFeatureDiag4: {
      const int digits = kFeatures[kind].squares;
      return permute_digits(configuration, kReverse + (10 - digits), digits);
    }
    default: return configuration;
  }
}

EvalWeights EvalWeights::handmade() {
  EvalWeights w;
  for (int p = 0; p < kPhases; ++p) {
    std::int16_t* t = w.phase(p);
    const double late = double(p) / (kPhases - 1);  // 0 at the start, 1 at the end
    auto set = [&](int kind, int index, double discs) {
      t[kFeatureOffset[kind] + index] = std::int16_t(discs * kEvalScale + (discs >= 0 ? 0.5 : -0.5));
    };
    for (int m = 0; m < 36; ++m) {
      set(kFeatureMobility, m, 0.7 * m);
      set(kFeatureOpponentMobility, m, -0.7 * m);
    }
    for (int m = 0; m < 64; ++m) {
      set(kFeaturePotential, m, 0.25 * m);
      set(kFeatureOpponentPotential, m, -0.25 * m);
    }
    for (int s = 0; s <= 64; ++s) {
      set(kFeatureStable, s, (0.8 + 0.4 * late) * s);
      set(kFeatureOpponentStable, s, -(0.8 + 0.4 * late) * s);
    }
    for (int a = 0; a < 5; ++a)
      for (int b = 0; b < 5; ++b) {
        set(kFeatureCorners, a * 5 + b, 6.0 * (a - b));
        set(kFeatureXSquares, a * 5 + b, -3.0 * (a - b));
      }
    set(kFeatureParity, 1, 1.0);
  }
  return w;
}

}  // namespace qipan::reversi
