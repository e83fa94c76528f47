// Single-agent races: how many moves one army needs to fill its target arm
// when nobody else moves (rules spec §2.3: the target full, at least one own
// piece in it). Two uses:
//   - the solo race (one army crossing an empty board: 27 moves is the best
//     known; `qipan-lab race checkers` prints ours);
//   - two-player endgames once the armies have passed each other
//     (armies_passed in evaluate.h): neither side can touch the other any
//     more, so each side's count is independent and the side to move wins
//     exactly when its count is at most the other's.
//
// Two solvers:
//   beam():  breadth-first by moves, keeping the `width` most promising
//            distinct states of each layer (by a distance-to-goal heuristic).
//            Fast and strong, but an upper bound only.
//   exact(): IDA* with an admissible bound (every empty target hole needs a
//            move of its own); optimal, but only feasible for a few moves.
//   solve(): beam, then exact() tries to prove that nothing shorter exists
//            within a node budget; `exact` says whether it succeeded.
// The solver owns its buffers (allocated on first use, reused after), so
// calls are cheap and nothing is shared between solvers.
#pragma once

#include <cstdint>
#include <vector>

#include "../core/move_list.h"
#include "position.h"
#include "rules.h"

namespace qipan::checkers {

constexpr int kMaxRaceMoves = 160;

struct RaceProblem {
  Bits pieces;     // the racing army
  Bits obstacles;  // pieces that never move (hop stones, and they fill holes)
  int target_arm = 0;
  bool goal_lock = true;
  bool long_jumps = false;
  Bits forbidden;  // holes a move may not end on (parking: pass-through only)
};

// Seat p's race in `pos`: its pieces against the others as fixed obstacles,
// or with the others removed (`alone`: what a passed 2-player race means).
RaceProblem race_problem(const Position& pos, const RuleOptions& rules, Player p, bool alone);
bool race_finished(const RaceProblem& problem, Bits pieces);
// Every move of the army from `pieces` (deduplicated (from, to) pairs).
void race_moves(const RaceProblem& problem, Bits pieces, MoveList& out);
// A lower bound on the moves left: each empty target hole needs a move.
int race_lower_bound(const RaceProblem& problem, Bits pieces);

struct RacePlan {
  bool solved = false;  // a finishing line was found (always, given enough width and moves)
  bool exact = false;   // `moves` is proven minimal
  int moves = 0;
  FixedList<Move, kMaxRaceMoves> line;
  std::uint64_t nodes = 0;  // states generated
};

class RaceSolver {
 public:
  RaceSolver() = default;
  RacePlan beam(const RaceProblem& problem, int width, int max_moves = kMaxRaceMoves - 1);
  // Optimal within `max_moves`; unsolved when longer or when node_limit
  // (0 = none) runs out first (then `exact` is false too).
  RacePlan exact(const RaceProblem& problem, int max_moves, std::uint64_t node_limit);
  // beam(), then an exact search for anything shorter (node_limit states).
  RacePlan solve(const RaceProblem& problem, int width, std::uint64_t node_limit);

 private:
  struct Node {
    Bits pieces;
    std::int32_t parent;
    Move move;
    std::int32_t h;
  };
  bool ida(const RaceProblem& problem, Bits pieces, int g, int bound, RacePlan& plan, std::uint64_t limit,
           int& next_bound);
  bool seen_at(Bits pieces, int g);

  std::vector<Node> nodes_;
  std::vector<Node> candidates_;
  std::vector<std::uint64_t> seen_keys_;  // open addressing, 0 = empty
  std::vector<std::uint8_t> seen_g_;
  std::vector<MoveList> move_stack_;
  bool aborted_ = false;
  std::uint64_t counter_ = 0;
};

}  // namespace qipan::checkers
