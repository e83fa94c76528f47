// Least-squares fitting of the Reversi evaluation weights (tools only):
// ridge regression of labelled positions' scores on the evaluation features,
// solved by preconditioned conjugate gradients on the normal equations, with
// a penalty tying each phase's weights to its neighbours' (so a configuration
// seen in one phase informs the next).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/reversi/evaluate.h"

namespace qipan::tools {

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
  double phase_smoothing = 10.0;  // mu: pull towards the neighbouring phases
  int max_iterations = 300;
  double tolerance = 1e-5;      // relative residual of the normal equations
  int validation_every = 20;    // every n-th game is held out (0 = none)
  bool verbose = true;
};

struct FitReport {
  std::size_t train_samples = 0, validation_samples = 0;
  double train_rmse = 0, validation_rmse = 0;  // in discs
  double validation_rmse_before = 0;            // of the starting weights
  int iterations = 0;
  double seconds = 0;
  std::size_t nonzero_weights = 0;
};

// Fits weights to `samples`; mirror readings share one weight (so the
// result evaluates symmetric positions alike). `start` is only measured, for
// the report (validation error before fitting).
reversi::EvalWeights fit_weights(const std::vector<ReversiSample>& samples, const reversi::EvalWeights& start,
                                 const FitOptions& options, FitReport& report);

}  // namespace qipan::tools
