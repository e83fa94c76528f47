// Least-squares fitting of the Reversi evaluation weights (tools only):
// ridge regression of labelled positions' scores on the evaluation features,
// solved by preconditioned conjugate gradients on the normal equations, with
// a penalty tying each table's weights to its neighbours' (so a configuration
// seen in one phase informs the next); rare configurations pruned, weights
// rounded to the storage's step.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/reversi/evaluate.h"

namespace qipan::lab {

// One labelled position: the side to move's discs, the other side's, and the
// final disc difference for the side to move (exact, or reached in play).
struct ReversiSample {
  reversi::Bitboard player = 0;
  reversi::Bitboard opponent = 0;
  std::int8_t score = 0;
  std::uint32_t game = 0;  // samples of one game share it (validation split)
};

struct FitOptions {
  double ridge = 10.0;            // lambda: pull towards 0 (unseen -> 0)
  double phase_smoothing = 10.0;  // mu: pull towards the neighbouring tables
  // Weight tables: `tables` bands of phases share one (WeightStorage::tied),
  // fitted as one; weights are rounded to multiples of `step`.
  int tables = reversi::kPhases;
  int step = 1;
  // A configuration read fewer than `min_count` times in the training
  // positions (all phases together) is left 0 in every table (pruned: rare
  // configurations cost storage and say little).
  int min_count = 1;
  // Feature kinds left out (all their weights 0), a bit per FeatureKind.
  std::uint32_t skip_kinds = 0;
  int max_iterations = 300;
  double tolerance = 1e-5;    // relative residual of the normal equations
  int validation_every = 20;  // every n-th game is held out (0 = none)
  bool verbose = true;
};

struct FitReport {
  std::size_t train_samples = 0, validation_samples = 0;
  double train_rmse = 0, validation_rmse = 0;  // in discs
  double validation_rmse_before = 0;           // of the starting weights
  int iterations = 0;
  double seconds = 0;
  std::size_t nonzero_weights = 0;  // stored (live) ones: mirror readings and shared phases once
  std::size_t pruned_weights = 0;   // configurations seen, but fewer than min_count times
};

// Fits weights to `samples`; mirror readings share one weight (so the
// result evaluates symmetric positions alike), and so do the phases of one
// table. `start` is only measured, for
// the report (validation error before fitting).
reversi::EvalWeights fit_weights(const std::vector<ReversiSample>& samples, const reversi::EvalWeights& start,
                                 const FitOptions& options, FitReport& report);

// Weights from a generated eval_weights.inc (a tuning run's output or an
// older one): the byte array of the current format, or the base64 string
// literals of the first (eval_weights.h). Null when unreadable.
std::unique_ptr<reversi::EvalWeights> load_weights_file(const std::string& path);

}  // namespace qipan::lab
