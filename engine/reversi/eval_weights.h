// The tuned evaluation weights, stored compactly in generated source
// (eval_weights.inc, written by `qipan-lab tune reversi eval`), and the encoding
// used to write and read them.
//
// Encoding (bytes, compiled in as an array of bytes; docs/reversi-weights.md):
//   header   'R' 'W' 3, then T (stored tables, 1..kPhases), then kPhases bytes:
//            the stored table each phase reads (phases may share one), then
//            the step S as a LEB128 varint: every weight is a multiple of S
//            (in 1/kEvalScale disc) and is stored divided by S;
//   layout   the stored configurations are, feature by feature in index
//            order, those that are the smaller of themselves and their mirror
//            reading (mirror_configuration); the live ones (nonzero in some
//            table) as alternating runs, dead first, each a LEB128 varint;
//   values   for every table in turn, one zigzag LEB128 varint per live
//            configuration: table 0's weight, then each table's difference
//            from the table before (neighbouring tables are fitted close).
// Dead configurations (pruned or never seen in training) weigh 0.
// The first format (until issue 11) was base64 text of a token stream alone,
// 10 tables, step 1 (an odd token 2n+1 a run of n zeros, an even token 2z one
// weight of zigzag code z): decode_base64_weights reads it, so matches can pit
// old weight files against new ones.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/result.h"
#include "evaluate.h"

namespace qipan::reversi {

// How a weight set is stored: the stored table each phase reads, and the
// step all weights are multiples of.
struct WeightStorage {
  int tables = kPhases;
  std::array<std::uint8_t, kPhases> table_of_phase{};
  int step = 1;  // in 1/kEvalScale disc

  WeightStorage();
  // `tables` bands of equal width (phase p reads table p * tables / kPhases).
  static WeightStorage tied(int tables, int step);
};

// The bytes of `weights` stored as `storage` says: each table holds the
// first of its phases, each weight rounded to the step (weights that fit the
// storage, mirror readings equal, read back unchanged).
std::vector<std::uint8_t> encode_weights(const EvalWeights& weights, const WeightStorage& storage = {});
// Reads encode_weights' bytes; an error when they do not match the feature
// layout.
Result<EvalWeights> decode_weights(std::span<const std::uint8_t> bytes);
// Reads the first format (base64 text of 10 tables' tokens, whitespace
// ignored).
Result<EvalWeights> decode_base64_weights(std::string_view base64);

// True when the engine was built with tuned weights (eval_weights.inc holds
// some); otherwise EvalWeights::builtin() is the hand-made evaluation.
bool has_tuned_weights();
// The encoded bytes compiled in (eval_weights.inc).
std::span<const std::uint8_t> builtin_weights_bytes();

}  // namespace qipan::reversi
