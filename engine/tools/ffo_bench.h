// The FFO endgame benchmark: exact solves of FFO test positions (#40-#49 by
// default) with a cold solver each, one line per position (score, move, time,
// nodes, nodes per second, and whether score and move match the published
// answer), then a total line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "command_flags.h"

#include "engine/reversi/endgame.h"
#include "engine/reversi/position.h"

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
  // Set: solves each position instead of the solver above, starting cold
  // (another way of solving measured on the same lines).
  std::function<reversi::endgame::Solution(const reversi::Position&)> solve{};
};

// The reader (CommandFlags) of `--ffo N[-M]`: one position or a range within
// 40-59, set into options.first and options.last.
inline CommandFlags::Reader ffo_positions_option(FfoBenchOptions& options) {
  return [&options](const std::vector<std::string>& words) {
    const std::string& range = words[0];
    const std::size_t dash = range.find('-');
    long long first = 0, last = 0;
    const bool ok = parse_integer(range.substr(0, dash), 40, 59, first) &&
                    parse_integer(dash == std::string::npos ? range : range.substr(dash + 1), 40, 59, last) &&
                    first <= last;
    if (!ok) return "takes a position number or range within 40-59 (40-49), not '" + range + "'";
    options.first = int(first), options.last = int(last);
    return std::string();
  };
}

// Solves FFO positions with a cold solver each.
FfoBenchResult run_ffo_bench(const FfoBenchOptions& options = {});

}  // namespace qipan::tools
