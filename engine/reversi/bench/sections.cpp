#include "sections.h"

#include "engine/core/clock.h"
#include "engine/reversi/perft.h"
#include "engine/reversi/position.h"
#include "engine/tools/ffo_bench.h"
#include "search_bench.h"

namespace qipan::reversi {
namespace {

using tools::BenchOptions;
using tools::BenchResult;

// Bitboard move generation: perft from the start position (depth 11 =
// 212,258,800 leaves; a forced pass is a ply, a finished game one leaf).
BenchResult perft_section(const BenchOptions& options) {
  BenchResult r;
  r.depth = options.reversi_perft_depth;
  const Position pos = Position::start();
  const Stopwatch watch;
  r.nodes = perft(pos, r.depth);
  r.seconds = watch.elapsed_seconds();
  return r;
}

// Search speed and determinism signature: fixed-depth searches with probcut
// of a few fixed positions (search_bench.cpp).
BenchResult search_section(const BenchOptions& options) {
  const tools::ReversiSearchBenchResult s =
      tools::run_reversi_search_bench(tools::kReversiSearchBenchDepth, options.verbose);
  return BenchResult{s.depth, s.nodes, s.seconds};
}

// FFO endgame positions first..last solved exactly, one line per position
// (engine/tools/ffo_bench.h); nodes is the sum. #40-#49 take about a minute;
// #50-#59 (26 to 34 empties) about 26 minutes natively.
template <int first, int last>
BenchResult ffo_section(const BenchOptions&) {
  const tools::FfoBenchResult f = tools::run_ffo_bench({first, last});
  return BenchResult{0, f.nodes, f.seconds};
}

constexpr tools::BenchSection kSections[] = {
    {"perft-reversi", perft_section},
    {"search-reversi", search_section},
    {"ffo", ffo_section<40, 49>, true},
    {"ffo-50-59", ffo_section<50, 59>, true},
};

}  // namespace

tools::BenchSections bench_sections() { return kSections; }

}  // namespace qipan::reversi
