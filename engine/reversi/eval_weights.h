// The tuned evaluation weights, stored compactly in generated source
// (eval_weights.inc, written by `qipan tune reversi eval`), and the encoding
// used to write and read them.
//
// Encoding: phase by phase, feature by feature, the weight of every
// configuration that is the smaller of itself and its mirror reading
// (mirror_configuration), in index order, as a stream of LEB128 varint
// tokens: an odd token 2n+1 is a run of n zero weights (configurations never
// seen in training), an even token 2z is one nonzero weight whose zigzag code
// is z (most weights fit one byte). The bytes are written as base64 text in
// chunks of string literals (no compiler's literal size limit is near).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "../core/result.h"
#include "evaluate.h"

namespace qipan::reversi {

// The base64 text of `weights` (mirror readings must hold equal weights).
std::string encode_weights(const EvalWeights& weights);
// Reads encode_weights' text (whitespace ignored); an error when it does not
// match the feature layout.
Result<EvalWeights> decode_weights(std::string_view base64);

// True when the engine was built with tuned weights (eval_weights.inc holds
// some); otherwise EvalWeights::builtin() is the hand-made evaluation.
bool has_tuned_weights();
// The encoded text compiled in (eval_weights.inc), chunks joined.
std::string builtin_weights_text();

}  // namespace qipan::reversi
