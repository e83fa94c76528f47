// The FFO endgame benchmark: exact solves of FFO test positions (#40-#49 by
// default) with a cold solver each, one line per position (score, move, time,
// nodes, nodes per second, and whether score and move match the published
// answer), then a total line.
#pragma once

#include <cstddef>
#include <cstdint>

namespace qipan::tools {

struct FfoBenchResult {
  int positions = 0;
  int wrong = 0;  // positions whose score or move disagrees with the answer
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Solves FFO positions first..last (40..59 available). `table_megabytes`
// sizes the solver's transposition table; `threads` > 1 solves in parallel
// (native builds only; node counts then vary from run to run).
FfoBenchResult run_ffo_bench(int first = 40, int last = 49, std::size_t table_megabytes = 64, int threads = 1);

}  // namespace qipan::tools
