#include "network.h"

#include "network_simd.h"

#include <algorithm>
#include <cassert>

namespace qipan::xiangqi::network {
namespace {

constexpr Square turned(Square s) { return make_square(file_of(s), kRanks - 1 - rank_of(s)); }
constexpr Square mirrored(Square s) { return make_square(kFiles - 1 - file_of(s), rank_of(s)); }

// Features in a view seen from red's side of the board: [own/enemy][type][square].
// The viewer's pieces are "own" and play from the bottom, as red does.
struct FeatureTable {
  std::array<std::array<std::array<std::int16_t, kSquares>, kPieceTypeCount>, 2> index{};
  std::array<std::int16_t, kFeatures> mirror{};

  FeatureTable() {
    int next = 0;
    for (int enemy = 0; enemy < 2; ++enemy)
      for (int t = kKing; t <= kPawn; ++t)
        for (Square s = 0; s < kSquares; ++s)
          index[enemy][t][s] =
              can_stand(make_piece(enemy ? kBlack : kRed, PieceType(t)), s) ? std::int16_t(next++) : kNoFeature;
    assert(next == kFeatures);
    for (int enemy = 0; enemy < 2; ++enemy)
      for (int t = kKing; t <= kPawn; ++t)
        for (Square s = 0; s < kSquares; ++s)
          if (index[enemy][t][s] != kNoFeature) mirror[index[enemy][t][s]] = index[enemy][t][mirrored(s)];
  }
};

const FeatureTable& table() {
  static const FeatureTable t;
  return t;
}

}  // namespace

int feature_index(Color view, Piece p, Square s) {
  const Square seen = view == kRed ? s : turned(s);
  return table().index[color_of(p) != view][type_of(p)][seen];
}

int mirrored_feature(int feature) { return table().mirror[feature]; }

ActiveFeatures active_features(const Position& pos) {
  ActiveFeatures active;
  for (Color c : {kRed, kBlack})
    pos.pieces(c).for_each([&](Square s) {
      const Piece p = pos.at(s);
      for (Color view : {kRed, kBlack}) active.index[view][active.count] = std::int16_t(feature_index(view, p, s));
      ++active.count;
    });
  return active;
}

void refresh(const Position& pos, Accumulator& acc, const Weights& weights) {
  for (auto& view : acc.values) std::copy(std::begin(weights.bias), std::end(weights.bias), view);
  acc.linear[kRed] = acc.linear[kBlack] = 0;
  for (Color c : {kRed, kBlack})
    pos.pieces(c).for_each([&](Square s) {
      const Piece p = pos.at(s);
      for (Color view : {kRed, kBlack}) {
        const int f = feature_index(view, p, s);
        // Once a search root: plain C++ is quick enough here.
        for (int i = 0; i < kHidden; ++i)
          acc.values[view][i] = std::int16_t(acc.values[view][i] + weights.feature[f][i]);
        acc.linear[view] += weights.linear[f];
      }
    });
}

void update(const Accumulator& parent, Piece moving, Square from, Square to, Piece captured, Accumulator& child,
            const Weights& weights) {
  for (Color view : {kRed, kBlack}) {
    const int added = feature_index(view, moving, to), removed = feature_index(view, moving, from);
    const int taken = captured != kEmpty ? feature_index(view, captured, to) : kNoFeature;
    simd::add_sub(child.values[view], parent.values[view], weights.feature[added], weights.feature[removed],
                  taken != kNoFeature ? weights.feature[taken] : nullptr, kHidden);
    child.linear[view] = parent.linear[view] + weights.linear[added] - weights.linear[removed] -
                         (taken != kNoFeature ? weights.linear[taken] : 0);
  }
}

int evaluate(const Accumulator& acc, Color side_to_move, const Weights& weights) {
  std::int32_t sum = weights.output_bias + acc.linear[side_to_move] - acc.linear[opposite(side_to_move)];
  for (int half = 0; half < 2; ++half) {
    const std::int16_t* view = acc.values[half == 0 ? side_to_move : opposite(side_to_move)];
    sum += simd::clipped_dot(view, weights.output + half * kHidden, kHidden, kQA);
  }
  // Far beyond any real position's value, and far below the mate scores.
  constexpr std::int64_t kLimit = 20000;
  return int(std::clamp<std::int64_t>(std::int64_t(sum) * kOutputScale / (kQA * kQB), -kLimit, kLimit));
}

int evaluate(const Position& pos, const Weights& weights) {
  Accumulator acc;
  refresh(pos, acc, weights);
  return evaluate(acc, pos.side_to_move(), weights);
}

}  // namespace qipan::xiangqi::network
