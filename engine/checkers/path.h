// Paths of moves, for people rather than search: the shortest hop chain of a
// (from, to) move for animation, the choices of hop-by-hop input, and
// player-readable reasons why a move or a path is illegal. These allocate
// (std::vector) and are not meant for the search's hot path.
//
// A path is [from, h1, ..., hk]: [from, to] for a step, or every landing of a
// hop chain in order. No hole appears twice, and `from` is never a landing.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../core/result.h"
#include "position.h"
#include "rules.h"

namespace qipan::checkers {

// The path of a legal move of the side to move: [from, to] when `to` is
// adjacent (a step), otherwise the chain with the fewest hops (ties: the
// first found by a BFS that expands landings in cell order). Empty for a pass
// or an illegal move.
std::vector<Cell> shortest_path(const Position& pos, const RuleOptions& rules, Move m);

// Hop-by-hop input. Given a partial chain [from, h1, ..., hk] of the side to
// move (k = 0 is just the selected piece):
struct HopChoices {
  std::vector<Cell> next;      // landings of one more hop: legal, not yet visited, goal lock kept
  std::vector<Cell> steps;     // k = 0 only: the adjacent holes a step may go to
  bool can_stop = false;       // k >= 1 and the move may end on hk (parking)
  std::string stop_problem;    // when k >= 1 and !can_stop: why not
};
// Fails (with the reason) when the partial chain itself is not legal.
Result<HopChoices> next_hops(const Position& pos, const RuleOptions& rules, std::span<const Cell> chain);

// Why the side to move may not play from -> to, or nullopt when it may.
// Reasons: "the game is over" is NOT checked here (game.h does). Examples:
// "no piece on that hole", "not your piece", "that hole is occupied",
// "too far: not a step or a hop chain", "a piece in its target arm must stay
// there", "a move may not end in another player's arm".
std::optional<std::string> illegal_reason(const Position& pos, const RuleOptions& rules, Cell from, Cell to);
// Why `path` is not a legal move of the side to move, or nullopt. A path of
// two adjacent holes is a step; otherwise every consecutive pair must be a hop
// (over one piece, or a long jump when enabled). Extra reasons: "a chain may
// not land on the same hole twice", "a chain may not come back to its start",
// "steps and hops cannot be mixed", "nothing to hop over".
std::optional<std::string> path_problem(const Position& pos, const RuleOptions& rules, std::span<const Cell> path);

}  // namespace qipan::checkers
