#include "path.h"

#include <algorithm>
#include <array>

#include "../codes.h"
#include "../movegen.h"
#include "hole_names.h"

namespace qipan::checkers {
namespace {

std::string hole(Cell c) { return "hole " + cell_name(c); }

// A refusal about one hole, or about the way from one hole to another.
Error at_hole(Error e, Cell c) { return std::move(e).with("hole", hole_param(c)); }
Error between(Error e, Cell from, Cell to) {
  e.message += " (" + hole(from) + " to " + hole(to) + ")";
  return std::move(e).with("from", hole_param(from)).with("to", hole_param(to));
}
Error goal_locked(Cell c) {
  return at_hole(make_error(code::goal_lock, "a piece in its target arm must stay there"), c);
}
Error parking(Cell c) {
  return at_hole(make_error(code::parking_forbidden, "a move may not end in another player's home or target arm"), c);
}

bool parking_blocks(const Position& pos, const RuleOptions& rules, Player p, Cell to) {
  return rules.parking == Parking::pass_through && parking_forbidden(pos.players(), p).test(to);
}

// Checks the piece on path[0]: on the board, present, the mover's.
std::optional<Error> start_problem(const Position& pos, Cell from) {
  if (!valid_cell(from)) return at_hole(make_error(code::no_such_hole, "that hole is not on the board"), from);
  if (pos.is_empty(from)) return at_hole(make_error(code::hole_empty, "no piece on that hole"), from);
  if (pos.owner(from) != pos.side_to_move())
    return at_hole(make_error(code::not_your_piece, "not your piece"), from).with("player", pos.owner(from) + 1);
  return std::nullopt;
}

// Why the hop prev -> next is not legal (occupancy `occ` without the moving
// piece), or nullopt. Revisits and goal lock are checked by the caller.
std::optional<Error> hop_problem(Bits occ, bool long_jumps, Cell prev, Cell next) {
  if (!valid_cell(next)) return at_hole(make_error(code::no_such_hole, "that hole is not on the board"), next);
  if (occ.test(next)) return at_hole(make_error(code::hole_occupied, hole(next) + " is occupied"), next);
  const int d = direction_between(prev, next);
  const int k = distance(prev, next);
  if (k == 1) return between(make_error(code::step_in_chain, "steps and hops cannot be mixed"), prev, next);
  if (d < 0) return between(make_error(code::hop_not_straight, "a hop goes in a straight line"), prev, next);
  if (k % 2 != 0 || (k > 2 && !long_jumps))
    return between(make_error(code::hop_too_far, "too far: a hop goes over one adjacent piece to the hole just beyond"),
                   prev, next);
  if (single_hops(occ, prev, long_jumps).test(next)) return std::nullopt;
  if (k == 2) return between(make_error(code::nothing_to_hop, "nothing to hop over"), prev, next);
  return between(
      make_error(code::long_jump_shape, "a long jump needs one piece exactly halfway and empty holes around it"), prev,
      next);
}

// Validates every hop of chain[0..]; chain[0] is the start (already checked).
std::optional<Error> chain_problem(const Position& pos, const RuleOptions& rules, std::span<const Cell> chain) {
  const Cell from = chain[0];
  const Player p = pos.owner(from);
  const Bits occ = pos.occupied() & ~Bits::of(from);
  const Bits target = pos.target(p);
  Bits seen = Bits::of(from);
  for (std::size_t i = 1; i < chain.size(); ++i) {
    const Cell prev = chain[i - 1], next = chain[i];
    if (next == from)
      return at_hole(make_error(code::chain_returns_to_start, "a chain may not come back to its start"), next);
    if (valid_cell(next) && seen.test(next))
      return at_hole(make_error(code::chain_revisits, "a chain may not land on the same hole twice"), next);
    if (auto why = hop_problem(occ, rules.long_jumps, prev, next)) return why;
    if (rules.goal_lock && target.test(prev) && !target.test(next)) return goal_locked(prev);
    seen.set(next);
  }
  return std::nullopt;
}

}  // namespace

std::vector<Cell> shortest_path(const Position& pos, const RuleOptions& rules, Move m) {
  if (m.is_pass() || !is_legal(pos, rules, m)) return {};
  const Cell from = m.from, to = m.to;
  if (neighbours(from).test(to)) return {from, to};
  const Bits occ = pos.occupied() & ~Bits::of(from);
  const Bits target = pos.target(pos.owner(from));
  const Bits blocked = occ | Bits::of(kSentinel);
  std::array<std::int16_t, kCells> parent;
  parent.fill(-1);
  std::array<Cell, kCells> queue{};
  int head = 0, tail = 0;
  queue[tail++] = from;
  Bits visited = Bits::of(from);
  while (head < tail) {
    const Cell c = queue[head++];
    if (c == to) break;
    Bits fresh = single_hops(occ, c, rules.long_jumps) & ~visited & ~blocked;
    if (rules.goal_lock && target.test(c)) fresh &= target;
    visited |= fresh;
    while (fresh.any()) {
      const Cell n = fresh.pop_first();
      parent[n] = static_cast<std::int16_t>(c);
      queue[tail++] = n;
    }
  }
  if (!visited.test(to)) return {};  // cannot happen for a legal non-step move
  std::vector<Cell> path;
  for (Cell c = to; c != from; c = parent[c]) path.push_back(c);
  path.push_back(from);
  std::reverse(path.begin(), path.end());
  return path;
}

Result<HopChoices> next_hops(const Position& pos, const RuleOptions& rules, std::span<const Cell> chain) {
  if (chain.empty()) return make_error(code::chain_empty, "no piece selected");
  if (chain.size() > std::size_t(kCells))
    return make_error(code::path_too_long, "a chain cannot be that long").with("max", kCells);
  if (auto why = start_problem(pos, chain[0])) return *why;
  if (auto why = chain_problem(pos, rules, chain)) return *why;
  const Cell from = chain[0], last = chain.back();
  const Player p = pos.owner(from);
  const Bits occ = pos.occupied() & ~Bits::of(from);
  const Bits target = pos.target(p);
  const bool locked = rules.goal_lock && target.test(last);
  Bits seen;
  for (Cell c : chain) seen.set(c);
  HopChoices out;
  Bits next = single_hops(occ, last, rules.long_jumps) & ~seen;
  if (locked) next &= target;
  while (next.any()) out.next.push_back(next.pop_first());
  if (chain.size() == 1) {
    Bits steps = neighbours(from) & ~occ;
    if (locked) steps &= target;
    if (rules.parking == Parking::pass_through) steps &= ~parking_forbidden(pos.players(), p);
    while (steps.any()) out.steps.push_back(steps.pop_first());
  } else if (parking_blocks(pos, rules, p, last)) {
    out.stop_problem = parking(last);
  } else {
    out.can_stop = true;
  }
  return out;
}

std::optional<Error> path_problem(const Position& pos, const RuleOptions& rules, std::span<const Cell> path) {
  if (path.size() < 2) return make_error(code::path_too_short, "a move needs a start and an end");
  if (path.size() > std::size_t(kCells))
    return make_error(code::path_too_long, "a path cannot be that long").with("max", kCells);
  const Cell from = path[0];
  if (auto why = start_problem(pos, from)) return why;
  const Player p = pos.owner(from);
  const Cell to = path.back();
  if (path.size() == 2 && valid_cell(to) && neighbours(from).test(to)) {
    if (!pos.is_empty(to)) return at_hole(make_error(code::hole_occupied, "that hole is occupied"), to);
    if (rules.goal_lock && pos.target(p).test(from) && !pos.target(p).test(to)) return goal_locked(from);
  } else if (auto why = chain_problem(pos, rules, path)) {
    return why;
  }
  if (parking_blocks(pos, rules, p, to)) return parking(to);
  return std::nullopt;
}

std::optional<Error> illegal_reason(const Position& pos, const RuleOptions& rules, Cell from, Cell to) {
  if (auto why = start_problem(pos, from)) return why;
  if (!valid_cell(to)) return at_hole(make_error(code::no_such_hole, "that hole is not on the board"), to);
  if (from == to) return at_hole(make_error(code::same_hole, "the piece must move to another hole"), to);
  if (!pos.is_empty(to)) return at_hole(make_error(code::hole_occupied, "that hole is occupied"), to);
  if (destinations(pos, rules, from).test(to)) return std::nullopt;
  // Name the rule that forbids it: would it be reachable without goal lock,
  // or without the parking restriction?
  const Player p = pos.owner(from);
  RuleOptions relaxed = rules;
  relaxed.parking = Parking::allowed;
  if (destinations(pos, relaxed, from).test(to)) return parking(to);
  relaxed.goal_lock = false;
  if (rules.goal_lock && destinations(pos, relaxed, from).test(to)) {
    if (pos.target(p).test(from)) return goal_locked(from);
    return between(
        make_error(code::goal_lock_in_chain, "a piece that enters its target arm during a chain must stay inside it"),
        from, to);
  }
  return between(make_error(code::too_far, "too far: not a step or a hop chain"), from, to);
}

}  // namespace qipan::checkers
