// `qipan-lab solve reversi --ffo N[-M] --workers N [--simulate] [--hash MB]`:
// the FFO benchmark of `qipan solve --ffo` (engine/tools/ffo_bench.h) with
// each solve split at the root among N solvers that share no table
// (root_split.h), on N threads: how a page's Web Workers would divide a
// solve. --simulate plays that split out on one thread instead; the nodes
// column is then the makespan in nodes (the time if every worker searched at
// one node rate). Builds without threads (wasm) take only --simulate.
#include <cstdio>
#include <string>

#include "engine/tools/ffo_bench.h"
#include "lab/commands.h"
#include "root_split_threads.h"

namespace qipan::lab {
namespace {

int usage(const std::string& error) {
  if (!error.empty()) std::fprintf(stderr, "qipan-lab solve: %s\n", error.c_str());
  std::fprintf(stderr,
               "usage: qipan-lab solve reversi --ffo N[-M] --workers N [--simulate] [--hash MB]\n"
               "                                  (FFO test positions, 40-59; 1-64 workers)\n");
  return 2;
}

}  // namespace

int reversi_root_split_command(const Args& args) {
  if (args.empty() || args[0] != "reversi") return usage("solves reversi only");
  bool simulate = false;
  long long megabytes = 64, workers = 0;
  tools::FfoBenchOptions options;
  options.first = 0;
  CommandFlags flags;
  flags.integer("--hash", 1, 4096, megabytes).integer("--workers", 1, 64, workers).toggle("--simulate", simulate);
  flags.option("--ffo", 1, tools::ffo_positions_option(options));
  if (const std::string error = flags.read(args); !error.empty()) return usage(error);
  if (!workers || !options.first) return usage(!workers ? "--workers is needed" : "--ffo is needed");
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  if (!simulate) {
    std::fprintf(stderr,
                 "qipan-lab solve: this build has no threads (--workers is native only; --simulate runs anywhere)\n");
    return 2;
  }
#endif
  const int n = int(workers);
  const std::size_t table = std::size_t(megabytes);
  std::printf("ffo root-split workers=%d%s\n", n, simulate ? " simulated (nodes = makespan in nodes)" : "");
  options.table_megabytes = table;
  // New solvers for every position: each starts cold.
  options.solve = [&](const reversi::Position& pos) {
    const RootSplitRun run = simulate ? simulate_root_split(pos, n, table) : solve_root_split(pos, n, table);
    reversi::endgame::Solution s = run.solution;
    if (simulate) s.nodes = run.makespan;
    return s;
  };
  return tools::run_ffo_bench(options).wrong ? 1 : 0;
}

}  // namespace qipan::lab
