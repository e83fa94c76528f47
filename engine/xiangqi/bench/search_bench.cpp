#include "search_bench.h"

#include <array>
#include <cstdio>
#include <string>
#include <string_view>

#include "engine/core/clock.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/search.h"

namespace qipan::tools {
namespace {

// The start, four middlegames (reached by short engine self-play after common
// openings: central cannon against screen horses, the pawn opening, a sharp
// central-cannon fight and same-direction cannons) and a rook-and-pawn ending.
constexpr std::array<std::string_view, 6> kBenchFens = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/4c4/1c7/p1C1R4/6p2/9/P1P1P1n1P/6N2/9/RNBAKAB2 w - - 1 10",
    "2bakab1r/9/2R6/p1N1p3p/6p2/2P6/P3P1n1P/6r2/9/R1BAKAB2 w - - 0 10",
    "2b1kab1r/4a4/4c3n/p3C1p1p/2Pn5/4P1P2/Pr3c2P/1CN3N2/9/1RBAKABR1 w - - 1 11",
    "2bakabn1/9/2n1c4/p1p1p1c1p/6p2/2P6/P3P1P1P/N1C1C1N2/9/2BAKAB2 w - - 0 12",
    "3k5/4a4/4ba3/9/2p3P2/9/6n2/4B4/4A4/2RAK4 w - - 0 1",
};

struct PositionRun {
  xiangqi::SearchResult result;
  double seconds = 0;
};

PositionRun run_one(std::string_view fen, int depth, const xiangqi::network::Weights* network) {
  auto pos = xiangqi::Position::from_fen(fen);
  PositionRun run;
  if (!pos) {  // the table above is fixed: this is a bug, make it loud
    std::fprintf(stderr, "search bench: bad FEN %s: %s\n", std::string(fen).c_str(), pos.error().c_str());
    return run;
  }
  xiangqi::Searcher searcher(16);
  searcher.set_network(network);
  SearchLimits limits;
  limits.depth = depth;
  Stopwatch watch;
  run.result = searcher.search(*pos, limits);
  run.seconds = watch.elapsed_seconds();
  return run;
}

}  // namespace

SearchBenchResult run_search_bench(int depth, bool verbose, const xiangqi::network::Weights* network) {
  SearchBenchResult total;
  total.depth = depth;
  for (std::string_view fen : kBenchFens) {
    const PositionRun run = run_one(fen, depth, network);
    total.nodes += run.result.nodes;
    total.seconds += run.seconds;
    ++total.positions;
    if (verbose)
      std::printf("  %-12llu %-5s %-9s %6.2f s  %s\n", static_cast<unsigned long long>(run.result.nodes),
                  xiangqi::to_iccs(run.result.best).c_str(), xiangqi::format_score(run.result.score).c_str(),
                  run.seconds, std::string(fen).c_str());
  }
  return total;
}

}  // namespace qipan::tools
