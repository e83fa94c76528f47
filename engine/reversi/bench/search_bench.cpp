#include "search_bench.h"

#include <cassert>
#include <cstdio>

#include "engine/core/clock.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/search.h"

namespace qipan::tools {
namespace {

// The start and positions of one level-7 self-play game (random first 4
// plies), with 52, 44, 36, 28 and 24 empty squares; all close to even.
constexpr const char* kPositions[] = {
    "---------------------------OX------XO--------------------------- X",
    "---------------------X-----OXO----OOOO----XXXO------------------ X",
    "-------------------X-XX---XXOOO---XXOO----XXOO----OOO-----O----- X",
    "-----------------OOXXXX---OOXOO-XXXXOO---OOXXO----OXX-----O-XX-- X",
    "-----------O-----OOOXXX-XXOOXXXXXXXOOO--OOXXOO----XXOO---XXXXX-- X",
    "-----------O-O--OOOOOXX-OXOOXXXXOXXXXXX-OOXXXX----XXXX---XXXXXX- X",
};

}  // namespace

ReversiSearchBenchResult run_reversi_search_bench(int depth, bool verbose) {
  ReversiSearchBenchResult total;
  total.depth = depth;
  reversi::Searcher searcher(16);
  for (const char* text : kPositions) {
    const auto pos = reversi::parse_board(text);
    assert(pos.ok());  // fixed, valid board strings
    if (!pos) continue;
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
