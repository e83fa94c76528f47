#include "path.h"

#include <algorithm>
#include <array>

#include "movegen.h"

namespace qipan::checkers {
namespace {

std::string hole(Cell c) { return "hole " + std::to_string(c); }

const char* const kGoalLock = "a piece in its target arm must stay there";
const char* const kParking = "a move may not end in another player's home or target arm";

bool parking_blocks(const Position& pos, const RuleOptions& rules, Player p, Cell to) {
  return rules.parking == Parking::pass_through && parking_forbidden(pos.players(), p).test(to);
}

// Checks the piece on path[0]: on the board, present, the mover's.
std::optional<std::string> start_problem(const Position& pos, Cell from) {
  if (!valid_cell(from)) return "that hole is not on the board";
  if (pos.is_empty(from)) return "no piece on that hole";
  if (pos.owner(from) != pos.side_to_move()) return "not your piece";
  return std::nullopt;
}

// Why the hop prev -> next is not legal (occupancy `occ` without the moving
// piece), or nullopt. Revisits and goal lock are checked by the caller.
std::optional<std::string> hop_problem(Bits occ, bool long_jumps, Cell prev, Cell next) {
  if (!valid_cell(next)) return "that hole is not on the board";
  if (occ.test(next)) return hole(next) + " is occupied";
  const int d = direction_between(prev, next);
  const int k = distance(prev, next);
  if (k == 1) return "steps and hops cannot be mixed";
  if (d < 0) return "a hop goes in a straight line: " + hole(prev) + " to " + hole(next) + " is not one";
  if (k % 2 != 0 || (k > 2 && !long_jumps))
    return "too far: a hop goes over one adjacent piece to the hole just beyond (" + hole(prev) + " to " +
           hole(next) + ")";
  if (single_hops(occ, prev, long_jumps).test(next)) return std::nullopt;
  if (k == 2) return "nothing to hop over between " + hole(prev) + " and " + hole(next);
  return "a long jump needs one piece exactly halfway and empty holes around it (" + hole(prev) + " to " +
         hole(next) + ")";
}

// Validates every hop of chain[0..]; chain[0] is the start (already checked).
std::optional<std::string> chain_problem(const Position& pos, const RuleOptions& rules, std::span<const Cell> chain) {
  const Cell from = chain[0];
  const Player p = pos.owner(from);
  const Bits occ = pos.occupied() & ~Bits::of(from);
  const Bits target = pos.target(p);
  Bits seen = Bits::of(from);
  for (std::size_t i = 1; i < chain.size(); ++i) {
    const Cell prev = chain[i - 1], next = chain[i];
    if (next == from) return "a chain may not come back to its start";
    if (valid_cell(next) && seen.test(next)) return "a chain may not land on the same hole twice";
    if (auto why = hop_problem(occ, rules.long_jumps, prev, next)) return why;
    if (rules.goal_lock && target.test(prev) && !target.test(next)) return std::string(kGoalLock);
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
  if (chain.empty()) return make_error("no piece selected");
  if (auto why = start_problem(pos, chain[0])) return make_error(*why);
  if (auto why = chain_problem(pos, rules, chain)) return make_error(*why);
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
    out.stop_problem = kParking;
  } else {
    out.can_stop = true;
  }
  return out;
}

std::optional<std::string> path_problem(const Position& pos, const RuleOptions& rules, std::span<const Cell> path) {
  if (path.size() < 2) return "a move needs a start and an end";
  const Cell from = path[0];
  if (auto why = start_problem(pos, from)) return why;
  const Player p = pos.owner(from);
  const Cell to = path.back();
  if (path.size() == 2 && valid_cell(to) && neighbours(from).test(to)) {
    if (!pos.is_empty(to)) return "that hole is occupied";
    if (rules.goal_lock && pos.target(p).test(from) && !pos.target(p).test(to)) return std::string(kGoalLock);
  } else if (auto why = chain_problem(pos, rules, path)) {
    return why;
  }
  if (parking_blocks(pos, rules, p, to)) return std::string(kParking);
  return std::nullopt;
}

std::optional<std::string> illegal_reason(const Position& pos, const RuleOptions& rules, Cell from, Cell to) {
  if (auto why = start_problem(pos, from)) return why;
  if (!valid_cell(to)) return "that hole is not on the board";
  if (from == to) return "the piece must move to another hole";
  if (!pos.is_empty(to)) return "that hole is occupied";
  if (destinations(pos, rules, from).test(to)) return std::nullopt;
  // Name the rule that forbids it: would it be reachable without goal lock,
  // or without the parking restriction?
  const Player p = pos.owner(from);
  RuleOptions relaxed = rules;
  relaxed.parking = Parking::allowed;
  if (destinations(pos, relaxed, from).test(to)) return std::string(kParking);
  relaxed.goal_lock = false;
  if (rules.goal_lock && destinations(pos, relaxed, from).test(to)) {
    if (pos.target(p).test(from)) return std::string(kGoalLock);
    return "a piece that enters its target arm during a chain must stay inside it";
  }
  return "too far: not a step or a hop chain";
}

}  // namespace qipan::checkers
