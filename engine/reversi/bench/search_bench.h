// The Reversi search bench: fixed-depth midgame searches (with probcut) of a
// few fixed positions from the opening to the late midgame. The total node
// count is the bench signature: identical on every build (native, wasm), as
// the search is deterministic under depth limits.
#pragma once

#include <cstdint>

namespace qipan::tools {

constexpr int kReversiSearchBenchDepth = 14;

struct ReversiSearchBenchResult {
  int depth = 0;
  int positions = 0;
  std::uint64_t nodes = 0;  // the signature
  double seconds = 0;
};

// Searches every bench position with a fresh searcher to `depth` plies;
// `verbose` prints one line per position (empties, move, score, nodes, time).
ReversiSearchBenchResult run_reversi_search_bench(int depth = kReversiSearchBenchDepth, bool verbose = false);

}  // namespace qipan::tools
