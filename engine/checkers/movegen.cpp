#include "movegen.h"

#include <array>

namespace qipan::checkers {
namespace {

// The landings of one hop from c that are not in `blocked` (which holds at
// least `occ` and the off-board sentinel).
inline Bits hops_from(Bits occ, Bits blocked, Cell c, bool long_jumps) {
  Bits out;
  if (!long_jumps) {
    const auto& over = kGeometry.jump_over[c];
    const auto& land = kGeometry.jump_land[c];
    for (int d = 0; d < kDirections; ++d)
      if (occ.test(over[d]) && !blocked.test(land[d])) out.set(land[d]);
    return out;
  }
  // Long jumps: over the nearest piece in a line, to the hole symmetric
  // about it, with every hole in between empty on both sides.
  for (int d = 0; d < kDirections; ++d) {
    const auto& ray = kGeometry.ray[c][d];
    const int len = kGeometry.ray_length[c][d];
    int pivot = 0;
    while (pivot < len && !occ.test(ray[pivot])) ++pivot;
    const int landing = 2 * pivot + 1;
    if (landing >= len) continue;
    bool clear = true;
    for (int k = pivot + 1; k < landing && clear; ++k) clear = !occ.test(ray[k]);
    if (clear && !blocked.test(ray[landing])) out.set(ray[landing]);
  }
  return out;
}

// The landings of every hop chain from `from`, by a breadth-first search over
// holes. `occ` must not contain `from` (the moving piece has left it). A
// hole's onward hops depend only on the hole (goal lock is per hop), so
// visiting each hole once finds every destination (§2.2 note).
Bits chain_landings(Bits occ, Cell from, Bits target, bool lock_in_target, bool long_jumps) {
  Bits visited = Bits::of(from);  // never a landing, even via a loop
  std::array<std::uint8_t, kCells> queue;
  int head = 0, tail = 0;
  queue[tail++] = static_cast<std::uint8_t>(from);
  // kSentinel stands for "off the board": never occupied, always blocked.
  const Bits blocked_base = occ | Bits::of(kSentinel);
  while (head < tail) {
    const Cell c = queue[head++];
    Bits fresh = hops_from(occ, blocked_base | visited, c, long_jumps);
    if (lock_in_target && target.test(c)) fresh &= target;
    visited |= fresh;
    while (fresh.any()) queue[tail++] = static_cast<std::uint8_t>(fresh.pop_first());
  }
  visited.reset(from);
  return visited;
}

struct PieceRules {
  Bits target;
  Bits forbidden;  // parking: holes a move may not end on
  bool goal_lock;
  bool long_jumps;
};

PieceRules piece_rules(const Position& pos, const RuleOptions& rules, Player p) {
  return PieceRules{
      pos.target(p),
      rules.parking == Parking::pass_through ? parking_forbidden(pos.players(), p) : Bits{},
      rules.goal_lock,
      rules.long_jumps,
  };
}

Bits piece_destinations(Bits occupied, Cell from, const PieceRules& r) {
  const Bits occ = occupied & ~Bits::of(from);
  Bits dest = neighbours(from) & ~occ;
  if (r.goal_lock && r.target.test(from)) dest &= r.target;
  dest |= chain_landings(occ, from, r.target, r.goal_lock, r.long_jumps);
  return dest & ~r.forbidden;
}

}  // namespace

Bits single_hops(Bits occ, Cell c, bool long_jumps) { return hops_from(occ, occ | Bits::of(kSentinel), c, long_jumps); }

Bits hop_landings(const Position& pos, const RuleOptions& rules, Cell from) {
  if (!valid_cell(from) || pos.is_empty(from)) return {};
  const Player p = pos.owner(from);
  const Bits occ = pos.occupied() & ~Bits::of(from);
  return chain_landings(occ, from, pos.target(p), rules.goal_lock, rules.long_jumps);
}

Bits destinations(const Position& pos, const RuleOptions& rules, Cell from) {
  if (!valid_cell(from) || pos.is_empty(from)) return {};
  return piece_destinations(pos.occupied(), from, piece_rules(pos, rules, pos.owner(from)));
}

void generate_moves(const Position& pos, const RuleOptions& rules, Player p, MoveList& out) {
  out.clear();
  const PieceRules r = piece_rules(pos, rules, p);
  const Bits occupied = pos.occupied();
  for (Bits pieces = pos.pieces(p); pieces.any();) {
    const Cell from = pieces.pop_first();
    for (Bits dest = piece_destinations(occupied, from, r); dest.any();) out.push(Move::of(from, dest.pop_first()));
  }
  if (out.empty()) out.push(Move::pass());
}

int count_moves(const Position& pos, const RuleOptions& rules, Player p) {
  const PieceRules r = piece_rules(pos, rules, p);
  const Bits occupied = pos.occupied();
  int n = 0;
  for (Bits pieces = pos.pieces(p); pieces.any();) n += piece_destinations(occupied, pieces.pop_first(), r).count();
  return n == 0 ? 1 : n;
}

bool has_move(const Position& pos, const RuleOptions& rules, Player p) {
  const PieceRules r = piece_rules(pos, rules, p);
  const Bits occupied = pos.occupied();
  for (Bits pieces = pos.pieces(p); pieces.any();)
    if (piece_destinations(occupied, pieces.pop_first(), r).any()) return true;
  return false;
}

bool is_legal(const Position& pos, const RuleOptions& rules, Move m) {
  const Player side = pos.side_to_move();
  if (m.is_pass()) return !has_move(pos, rules, side);
  if (!valid_cell(m.from) || !valid_cell(m.to) || pos.owner(m.from) != side) return false;
  return destinations(pos, rules, m.from).test(m.to);
}

}  // namespace qipan::checkers
