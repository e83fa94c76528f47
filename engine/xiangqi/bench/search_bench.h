// The xiangqi search bench: a fixed-depth search of a few fixed positions.
// The total node count is the bench signature: it must be identical on every
// build (native, wasm, debug, release), since the search is deterministic.
#pragma once

#include <cstdint>

#include "engine/xiangqi/network.h"

namespace qipan::tools {

struct SearchBenchResult {
  int depth = 0;
  int positions = 0;
  std::uint64_t nodes = 0;  // the signature
  double seconds = 0;
  double nodes_per_second() const { return seconds > 0 ? double(nodes) / seconds : 0; }
};

// Searches every bench position with a fresh searcher to `depth` plies,
// evaluating with `network` (nullptr: the hand-made evaluation); `verbose`
// prints one line per position (nodes, move, score, time, FEN).
SearchBenchResult run_search_bench(int depth, bool verbose = false, const xiangqi::network::Weights* network = nullptr);

}  // namespace qipan::tools
