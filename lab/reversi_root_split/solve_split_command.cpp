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

int usage() {
  std::fprintf(stderr,
               "usage: qipan-lab solve reversi --ffo N[-M] --workers N [--simulate] [--hash MB]\n"
               "                                  (FFO test positions, 40-59; 1-64 workers)\n");
  return 2;
}

}  // namespace

int reversi_root_split_command(const Args& args) {
  if (args.empty() || args[0] != "reversi") return usage();
  bool simulate = false;
  long long megabytes = 64, ffo_first = 0, ffo_last = 0, workers = 0;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--hash" && i + 1 < args.size()) {
      if (!parse_integer(args[++i], 1, 4096, megabytes)) {
        std::fprintf(stderr, "qipan-lab solve: --hash must be a number of megabytes from 1 to 4096\n");
        return 2;
      }
    } else if (a == "--workers" && i + 1 < args.size()) {
      if (!parse_integer(args[++i], 1, 64, workers)) {
        std::fprintf(stderr, "qipan-lab solve: --workers must be a number from 1 to 64\n");
        return 2;
      }
    } else if (a == "--simulate") {
      simulate = true;
    } else if (a == "--ffo" && i + 1 < args.size()) {
      const std::string range = args[++i];
      const std::size_t dash = range.find('-');
      const bool ok = dash == std::string::npos
                          ? parse_integer(range, 40, 59, ffo_first) && parse_integer(range, 40, 59, ffo_last)
                          : parse_integer(range.substr(0, dash), 40, 59, ffo_first) &&
                                parse_integer(range.substr(dash + 1), 40, 59, ffo_last) && ffo_first <= ffo_last;
      if (!ok) {
        std::fprintf(stderr, "qipan-lab solve: --ffo takes a position number or range within 40-59, e.g. 40-49\n");
        return 2;
      }
    } else {
      return usage();
    }
  }
  if (!workers || !ffo_first) return usage();
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
  tools::FfoBenchOptions options;
  options.first = int(ffo_first);
  options.last = int(ffo_last);
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
