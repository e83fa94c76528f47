// How long to think: turns a protocol's `go` request (a fixed move time, or a
// game clock with increment and moves to go) into search limits. Shared by the
// engine protocols of every game (UCI/UCCI for xiangqi, NBoard for Reversi).
//
// A fixed move time is spent whole (spend_move_time, the one rule for `go
// movetime` and every searcher's {timeMs}): no new iteration is refused early,
// and the hard limit sits just under the budget (kMoveOverheadMs covers the
// reply's trip through the pipe). A clock is split over the moves expected to
// be left, with most of the increment spent at once: the soft limit stops
// starting iterations, the hard limit is the most one move may take.
#pragma once

#include <algorithm>
#include <cstdint>

#include "search_limits.h"

namespace qipan {

struct GoRequest {
  std::int64_t move_time_ms = 0;   // `go movetime`: exactly this much
  std::int64_t time_left_ms = -1;  // the mover's clock (-1: no clock)
  std::int64_t increment_ms = 0;
  int moves_to_go = 0;  // moves to the next time control (0 = sudden death)
  int depth = 0;
  std::uint64_t nodes = 0;
  bool infinite = false;  // until `stop`
};

// Time kept back from every budget for the process and pipe round trip.
inline constexpr std::int64_t kMoveOverheadMs = 10;
// Sudden death: plan as if this many moves were left.
inline constexpr int kSuddenDeathMoves = 30;

// A fixed time for one move, spent whole: `go movetime` (less kMoveOverheadMs)
// and the searchers' explicit {timeMs} (bindings/, through each game's
// ai_levels) both come here. Iterations keep starting until the time is gone
// and the one running then is cut off at it; every game's search keeps the best
// root move a cut iteration completed, so the move takes its time to within a
// node-poll interval (a millisecond or two). A level's time is a ceiling
// instead (SearchLimits' default soft_time_percent: no new iteration after
// half of it), which is not this rule.
inline void spend_move_time(SearchLimits& limits, std::int64_t move_time_ms) {
  limits.time_ms = std::max<std::int64_t>(1, move_time_ms);
  limits.soft_time_percent = 100;
}

inline SearchLimits plan_search(const GoRequest& go) {
  SearchLimits limits;
  limits.depth = go.depth;
  limits.nodes = go.nodes;
  if (go.infinite) return limits;
  if (go.move_time_ms > 0) {
    spend_move_time(limits, go.move_time_ms - kMoveOverheadMs);
    return limits;
  }
  if (go.time_left_ms >= 0) {
    const std::int64_t usable = std::max<std::int64_t>(1, go.time_left_ms - kMoveOverheadMs);
    const int moves = go.moves_to_go > 0 ? std::min(go.moves_to_go, kSuddenDeathMoves) : kSuddenDeathMoves;
    // The share of this move, plus most of the increment (it comes back).
    const std::int64_t target = usable / moves + go.increment_ms * 3 / 4;
    // Never more than a fifth of what is left (a third with a control soon).
    const std::int64_t cap = go.moves_to_go > 0 && go.moves_to_go <= 3 ? usable / 2 : usable / 5 + go.increment_ms;
    const std::int64_t hard = std::clamp<std::int64_t>(target * 3, 1, std::max<std::int64_t>(1, std::min(cap, usable)));
    limits.time_ms = hard;
    // Start no iteration after the target is spent.
    limits.soft_time_percent = int(std::clamp<std::int64_t>(target * 100 / hard, 1, 100));
  }
  return limits;
}

}  // namespace qipan
