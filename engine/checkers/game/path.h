// Paths of moves, for people rather than search: the shortest hop chain of a
// (from, to) move for animation, the choices of hop-by-hop input, and
// coded refusals (codes.h) saying why a move or a path is illegal. These allocate
// (std::vector) and are not meant for the search's hot path.
//
// A path is [from, h1, ..., hk]: [from, to] for a step, or every landing of a
// hop chain in order. No hole appears twice, and `from` is never a landing.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../../core/result.h"
#include "../position.h"
#include "../rules.h"

namespace qipan::checkers {

// The path of a legal move of the side to move: [from, to] when `to` is
// adjacent (a step), otherwise the chain with the fewest hops (ties: the
// first found by a BFS that expands landings in cell order). Empty for a pass
// or an illegal move.
std::vector<Cell> shortest_path(const Position& pos, const RuleOptions& rules, Move m);

// Hop-by-hop input. Given a partial chain [from, h1, ..., hk] of the side to
// move (k = 0 is just the selected piece):
struct HopChoices {
  std::vector<Cell> next;             // landings of one more hop: legal, not yet visited, goal lock kept
  std::vector<Cell> steps;            // k = 0 only: the adjacent holes a step may go to
  bool can_stop = false;              // k >= 1 and the move may end on hk (parking)
  std::optional<Error> stop_problem;  // when k >= 1 and !can_stop: why not
};
// Fails (with the reason) when the partial chain itself is not legal.
Result<HopChoices> next_hops(const Position& pos, const RuleOptions& rules, std::span<const Cell> chain);

// Why the side to move may not play from -> to, or nullopt when it may
// (codes.h). "The game is over" is NOT checked here (game.h does). Codes:
// no_such_hole, hole_empty, not_your_piece, hole_occupied, same_hole,
// too_far, goal_lock, goal_lock_in_chain, parking_forbidden.
std::optional<Error> illegal_reason(const Position& pos, const RuleOptions& rules, Cell from, Cell to);
// Why `path` is not a legal move of the side to move, or nullopt. A path of
// two adjacent holes is a step; otherwise every consecutive pair must be a hop
// (over one piece, or a long jump when enabled). Codes beyond those above:
// path_too_short, chain_revisits, chain_returns_to_start, step_in_chain,
// hop_not_straight, hop_too_far, nothing_to_hop, long_jump_shape.
std::optional<Error> path_problem(const Position& pos, const RuleOptions& rules, std::span<const Cell> path);

}  // namespace qipan::checkers
