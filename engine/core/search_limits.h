// What bounds one search: depth, nodes and time. Depth and node limits are
// deterministic (same position, same limit => same result on every build);
// a time limit is not, so tests and the bench never use one.
#pragma once

#include <cstdint>

namespace qipan {

struct SearchLimits {
  int depth = 0;             // maximum iteration depth in plies; 0 = no limit
  std::uint64_t nodes = 0;   // stop after this many nodes; 0 = no limit
  std::int64_t time_ms = 0;  // hard time limit; 0 = no limit
  // With a time limit, no new iteration starts once this share of the budget
  // is gone (a deeper iteration would most likely not finish anyway): right
  // for the levels' ceilings and a clock's plan; a fixed time for the move is
  // spent whole (100, spend_move_time in time_manager.h).
  int soft_time_percent = 50;
  // Keep the transposition table, history and killers of the previous search
  // (stronger in a game, but the result then depends on what came before).
  bool reuse_tables = false;

  bool unlimited() const { return depth == 0 && nodes == 0 && time_ms == 0; }
};

}  // namespace qipan
