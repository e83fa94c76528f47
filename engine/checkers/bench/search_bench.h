// The Chinese checkers search bench (`qipan bench --only search-checkers`):
// fixed-depth searches from a few fixed positions. The total node count is
// the determinism signature: it must be the same natively and in wasm.
#pragma once

namespace qipan::tools {

constexpr int kCheckersBenchDepth = 7;

struct CheckersBenchFigures {
  int depth = 0;
  unsigned long long nodes = 0;
  double seconds = 0;
};

// Searches every bench position from clean tables; `verbose` prints one line
// per position (players, plies, depth, move, score, nodes, time) to stderr.
CheckersBenchFigures run_checkers_search_bench(bool verbose);

}  // namespace qipan::tools
