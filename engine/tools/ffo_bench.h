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

struct FfoBenchOptions {
  int first = 40, last = 49;  // FFO numbers, 40..59 available
  std::size_t table_megabytes = 64;
  // > 1: the parallel solver (native builds and qipan_solve_threads.js;
  // node counts then vary).
  int threads = 1;
  // > 0: instead, each solve split at the root among this many solvers
  // that share no table (root_split_threads.h; likewise) ...
  int workers = 0;
  // ... or that split simulated on one thread: `makespan` is then the
  // nodes column, the time as if all workers ran at one node rate.
  bool simulate = false;
};

// Solves FFO positions with a cold solver each.
FfoBenchResult run_ffo_bench(const FfoBenchOptions& options = {});

}  // namespace qipan::tools
