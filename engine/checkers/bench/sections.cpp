#include "sections.h"

#include "engine/checkers/perft.h"
#include "engine/checkers/position.h"
#include "engine/checkers/rules.h"
#include "engine/core/clock.h"
#include "search_bench.h"

namespace qipan::checkers {
namespace {

using tools::BenchOptions;
using tools::BenchResult;

// Move generation (steps and deduplicated hop chains): perft from the
// 2-player start, depth 6 = 87,946,884 leaves.
BenchResult perft_section(const BenchOptions&) {
  BenchResult r;
  r.depth = 6;
  const Position pos = Position::start(2);
  const Stopwatch watch;
  r.nodes = perft(pos, RuleOptions{}, r.depth);
  r.seconds = watch.elapsed_seconds();
  return r;
}

// Search speed and determinism signature: fixed-depth searches from a few
// fixed positions (search_bench.cpp).
BenchResult search_section(const BenchOptions& options) {
  const tools::CheckersBenchFigures f = tools::run_checkers_search_bench(options.verbose);
  return BenchResult{f.depth, f.nodes, f.seconds};
}

constexpr tools::BenchSection kSections[] = {
    {"perft-checkers", perft_section},
    {"search-checkers", search_section},
};

}  // namespace

tools::BenchSections bench_sections() { return kSections; }

}  // namespace qipan::checkers
