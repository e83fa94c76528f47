// The evaluation network (NNUE style), the alternative to the hand-made
// evaluation (evaluate.h) that `Searcher::set_network` switches to.
//
// Each side has its own view of the board: the board turned so that side's
// pieces start at the bottom, every piece a feature (own or enemy, type,
// square). Advisors, elephants, generals and soldiers stand on a few squares
// only, so a view has 692 features, not 2 x 7 x 90. A view's features sum
// into an accumulator of kHidden values (one weight row per feature plus a
// bias); the output is a weighted sum of both accumulators clipped to
// [0, 1], the side to move's first, plus a linear part: a value per feature,
// summed over the side to move's view minus the other's (material and
// placement by themselves; as NNUE engines keep beside their layers).
// Weights are int16 (the accumulator in units of 1/kQA, the output weights
// of 1/kQB; the output bias and linear values are int32 in units of
// 1/(kQA * kQB)), trained in floating point by
// `qipan-lab train xiangqi-network` (lab/xiangqi_network_train.cpp) on our
// own self-play and written to network_weights.inc.
#pragma once

#include <array>
#include <cstdint>

#include "position.h"

namespace qipan::xiangqi::network {

constexpr int kFeatures = 692;  // a view
constexpr int kHidden = 128;
constexpr int kQA = 255;           // accumulator units: 1.0 is kQA
constexpr int kQB = 64;            // output weight units
constexpr int kOutputScale = 400;  // the output 1.0 is this many evaluation units
constexpr int kNoFeature = -1;

struct Weights {
  alignas(32) std::int16_t feature[kFeatures][kHidden];
  alignas(32) std::int16_t bias[kHidden];
  alignas(32) std::int16_t output[2 * kHidden];  // the side to move's view, then the other
  std::int32_t output_bias;
  std::int32_t linear[kFeatures];
};

// The trained network (network_weights.inc, an object file of its own).
// Every function here takes the weights it uses, so only programs that name
// kWeights link it in (the page's engine does, for level 8 and its hints:
// bindings/xiangqi_searcher.h).
extern const Weights kWeights;

// The feature of piece p on square s in the view of `view`, or kNoFeature
// for a square that piece can never stand on.
int feature_index(Color view, Piece p, Square s);
// The same piece on the square mirrored left to right (the rules are
// symmetric that way, so the trainer doubles its data with it).
int mirrored_feature(int feature);

// The features of a position in each colour's view; `count` of each.
struct ActiveFeatures {
  std::array<std::array<std::int16_t, 32>, 2> index{};
  int count = 0;
};
ActiveFeatures active_features(const Position& pos);

// Both views' accumulators of one position. The searcher keeps one a ply
// and updates it from its parent's (a move changes two to three features of
// each view) rather than summing every piece again.
struct Accumulator {
  alignas(32) std::int16_t values[2][kHidden];  // red's view, black's view
  std::int32_t linear[2];                       // each view's sum of linear values
};
void refresh(const Position& pos, Accumulator& acc, const Weights& weights);
// `child` is `parent` after `moving` goes from -> to, taking `captured` (or kEmpty).
void update(const Accumulator& parent, Piece moving, Square from, Square to, Piece captured, Accumulator& child,
            const Weights& weights);

// The side to move's score in evaluation units (a rook is about 600), within
// +-20000 (mate scores start at 29872).
int evaluate(const Accumulator& acc, Color side_to_move, const Weights& weights);
// The same from accumulators computed afresh.
int evaluate(const Position& pos, const Weights& weights);

}  // namespace qipan::xiangqi::network
