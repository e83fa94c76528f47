#include "sections.h"

#include "engine/core/clock.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/network.h"
#include "engine/xiangqi/position.h"
#include "search_bench.h"

namespace qipan::xiangqi {
namespace {

using tools::BenchOptions;
using tools::BenchResult;

// Legal-move-generation speed: perft from the start position (depth 5 =
// 133,312,995 leaves).
BenchResult perft_section(const BenchOptions& options) {
  BenchResult r;
  r.depth = options.perft_depth;
  Position pos = Position::start();
  const Stopwatch watch;
  r.nodes = perft(pos, r.depth);
  r.seconds = watch.elapsed_seconds();
  return r;
}

// Search speed and the determinism signature: fixed-depth searches of a few
// fixed positions (search_bench.cpp); the total node count is the signature.
BenchResult search_section(const BenchOptions& options) {
  const tools::SearchBenchResult s = tools::run_search_bench(options.search_depth, options.verbose);
  return BenchResult{s.depth, s.nodes, s.seconds};
}

// The same searches evaluated by the network (engine/xiangqi/network.h):
// its speed beside the hand-made evaluation's, and its own signature (the
// network's integer arithmetic is the same in every build).
BenchResult search_network_section(const BenchOptions& options) {
  const tools::SearchBenchResult s = tools::run_search_bench(options.search_depth, options.verbose, &network::kWeights);
  return BenchResult{s.depth, s.nodes, s.seconds};
}

constexpr tools::BenchSection kSections[] = {
    {"perft-xiangqi", perft_section},
    {"search-xiangqi", search_section},
    {"search-xiangqi-network", search_network_section},
};

}  // namespace

tools::BenchSections bench_sections() { return kSections; }

}  // namespace qipan::xiangqi
