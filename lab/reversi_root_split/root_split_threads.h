// A root-split solve (root_split.h) natively, each worker with its own
// Solver and table and nothing shared but the coordinator: the division of
// work a page's Web Workers would use, for `qipan-lab solve --workers`.
#pragma once

#include <cstddef>

#include "engine/reversi/endgame.h"
#include "engine/reversi/position.h"

namespace qipan::lab {

struct RootSplitRun {
  reversi::endgame::Solution solution;  // nodes: every worker's and the plan's
  int passes = 0;
  int jobs = 0;
  // With simulate: when the solve would finish if every worker searched at
  // the same node rate, in nodes (a figure a noisy machine cannot blur;
  // a one-worker solve's makespan is its node count).
  std::uint64_t makespan = 0;
};

// On `workers` threads; jobs still out when the solve finishes are stopped.
RootSplitRun solve_root_split(const reversi::Position& pos, int workers, std::size_t table_megabytes);

// The same division of work played out on one thread, in simulated time:
// each job takes as long as its node count, and reports arrive in the order
// they would with workers of equal speed.
RootSplitRun simulate_root_split(const reversi::Position& pos, int workers, std::size_t table_megabytes);

}  // namespace qipan::lab
