#include "reversi_search_bench.h"

#include <cstdio>

#include "engine/core/clock.h"
#include "engine/reversi/notation.h"
#include "engine/reversi/search.h"

namespace qipan::tools {
namespace {

// From one self-play game with a random opening: 60, 56, 48, 40, 32 and 25
// empties.
constexpr const char* kPositions[] = {
    "---------------------------OX------XO--------------------------- X",
    "--------------------O-----XXO-----XXO-----X--------------------- X",
    "-------------------OO-----XOO-----OOOX---OOOO----XX-----X------- X",
    "-------------------OO-----OOO---XOOOOX---XOOX----XXXO---X-OOOO-- X",
    "----------------O--OO---XOOOO-O-XXOOOOO--XXOOO---XXOOO--X-OOOOO- X",
    "--------X-------X--OO--OXOOOO-OOXOOOOOOO-OXOOX--XXXXXO--XXXXXXXX X",
};

}  // namespace

ReversiSearchBenchResult run_reversi_search_bench(int depth, bool verbose) {
  ReversiSearchBenchResult total;
  total.depth = depth;
  reversi::Searcher searcher(16);
  for (const char* text : kPositions) {
    const auto pos = reversi::parse_board(text);
    if (!pos) continue;  // the positions above are valid (tests parse them too)
    reversi::SearchOptions options;
    options.limits.depth = depth;
    options.probcut = reversi::Probcut::k87;
    const Stopwatch watch;
    const reversi::SearchResult r = searcher.search(*pos, options);
    const double seconds = watch.elapsed_seconds();
    total.nodes += r.nodes;
    total.seconds += seconds;
    ++total.positions;
    if (verbose)
      std::printf("  %2d empties: %s %+d, %llu nodes, %.3f s  %s\n", pos->empty_count(),
                  reversi::square_name(r.best).c_str(), r.score, static_cast<unsigned long long>(r.nodes), seconds,
                  text);
  }
  return total;
}

}  // namespace qipan::tools
