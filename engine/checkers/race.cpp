#include "race.h"

#include <algorithm>
#include <array>
#include <bit>

#include "evaluate.h"
#include "movegen.h"

namespace qipan::checkers {
namespace {

std::uint64_t hash_bits(Bits b) {
  std::uint64_t h = b.lo * 0x9E3779B97F4A7C15ull ^ (b.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 31;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 29;
  return h | 1;  // 0 marks an empty slot
}

// The beam's heuristic: the evaluation's army cost (distance to the apex,
// stragglers, isolated pieces), with the obstacles as hop stones.
int race_heuristic(const RaceProblem& problem, Bits pieces) {
  return army_cost(pieces, pieces | problem.obstacles, problem.target_arm);
}

constexpr std::uint32_t kSeenBits = 20;

// A total order on moves, for deterministic tie-breaks.
constexpr int move_order(Move m) { return m.from << 8 | m.to; }

}  // namespace

RaceProblem race_problem(const Position& pos, const RuleOptions& rules, Player p, bool alone) {
  RaceProblem r;
  r.pieces = pos.pieces(p);
  r.obstacles = alone ? Bits{} : pos.occupied() & ~r.pieces;
  r.target_arm = target_arm(pos.players(), p);
  r.goal_lock = rules.goal_lock;
  r.long_jumps = rules.long_jumps;
  r.forbidden = rules.parking == Parking::pass_through ? parking_forbidden(pos.players(), p) : Bits{};
  return r;
}

bool race_finished(const RaceProblem& problem, Bits pieces) {
  const Bits target = arm_mask(problem.target_arm);
  return ((pieces | problem.obstacles) & target) == target && pieces.intersects(target);
}

int race_lower_bound(const RaceProblem& problem, Bits pieces) {
  const Bits target = arm_mask(problem.target_arm);
  const int empty = kArmCells - ((pieces | problem.obstacles) & target).count();
  if (empty == 0 && !pieces.intersects(target)) return 1;
  return empty;
}

void race_moves(const RaceProblem& problem, Bits pieces, MoveList& out) {
  out.clear();
  const Bits target = arm_mask(problem.target_arm);
  const Bits all = pieces | problem.obstacles;
  for (Bits b = pieces; b.any();) {
    const Cell from = b.pop_first();
    const Bits occ = all & ~Bits::of(from);
    const bool locked = problem.goal_lock && target.test(from);
    Bits dest = neighbours(from) & ~occ;
    // Hop chains: a search over landing holes (goal lock per hop).
    Bits visited = Bits::of(from);
    std::array<std::uint8_t, kCells> queue;
    int head = 0, tail = 0;
    queue[tail++] = std::uint8_t(from);
    while (head < tail) {
      const Cell c = queue[head++];
      Bits fresh = single_hops(occ, c, problem.long_jumps) & ~visited;
      if (problem.goal_lock && target.test(c)) fresh &= target;
      visited |= fresh;
      while (fresh.any()) queue[tail++] = std::uint8_t(fresh.pop_first());
    }
    visited.reset(from);
    dest |= visited;
    if (locked) dest &= target;
    dest &= ~problem.forbidden;
    while (dest.any()) out.push(Move::of(from, dest.pop_first()));
  }
}

RacePlan RaceSolver::beam(const RaceProblem& problem, int width, int max_moves) {
  RacePlan plan;
  width = std::max(width, 1);
  max_moves = std::min(max_moves, kMaxRaceMoves - 1);
  if (race_finished(problem, problem.pieces)) {
    plan.solved = plan.exact = true;
    return plan;
  }
  // Visited states of all layers (a state first met at an earlier layer is
  // never worse there).
  const std::size_t seen_size = std::bit_ceil(std::size_t(4) * std::size_t(width) * std::size_t(max_moves + 1));
  std::vector<std::uint64_t> seen(std::min<std::size_t>(seen_size, std::size_t(1) << 22), 0);
  std::size_t seen_count = 0;
  const std::size_t mask = seen.size() - 1;
  auto insert = [&](Bits b) {  // false when already present
    const std::uint64_t h = hash_bits(b);
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      if (seen[i] == h) return false;
      if (seen[i] == 0) {
        if (seen_count * 4 < seen.size() * 3) {
          seen[i] = h;
          ++seen_count;
        }
        return true;
      }
    }
  };
  nodes_.clear();
  nodes_.push_back({problem.pieces, -1, Move::pass(), 0});
  insert(problem.pieces);
  std::size_t layer_begin = 0, layer_end = 1;
  MoveList moves;
  for (int g = 1; g <= max_moves; ++g) {
    candidates_.clear();
    for (std::size_t i = layer_begin; i < layer_end; ++i) {
      const Bits pieces = nodes_[i].pieces;
      race_moves(problem, pieces, moves);
      for (Move m : moves) {
        const Bits child = pieces ^ Bits::of(m.from) ^ Bits::of(m.to);
        ++plan.nodes;
        if (race_finished(problem, child)) {
          // Done: walk the parents back for the line.
          plan.solved = true;
          plan.moves = g;
          std::array<Move, kMaxRaceMoves> back;
          int n = 0;
          back[n++] = m;
          for (std::int32_t k = std::int32_t(i); nodes_[k].parent >= 0; k = nodes_[k].parent)
            back[n++] = nodes_[k].move;
          for (int k = n - 1; k >= 0; --k) plan.line.push(back[k]);
          return plan;
        }
        candidates_.push_back({child, std::int32_t(i), m, race_heuristic(problem, child)});
      }
    }
    // The `width` best distinct new states, in a total order (deterministic).
    const auto less = [](const Node& a, const Node& b) {
      if (a.h != b.h) return a.h < b.h;
      if (a.pieces.lo != b.pieces.lo) return a.pieces.lo < b.pieces.lo;
      if (a.pieces.hi != b.pieces.hi) return a.pieces.hi < b.pieces.hi;
      if (a.parent != b.parent) return a.parent < b.parent;
      return move_order(a.move) < move_order(b.move);
    };
    const std::size_t keep = std::size_t(width) * 4;
    if (candidates_.size() > keep) {
      std::nth_element(candidates_.begin(), candidates_.begin() + std::ptrdiff_t(keep), candidates_.end(), less);
      candidates_.resize(keep);
    }
    std::sort(candidates_.begin(), candidates_.end(), less);
    layer_begin = nodes_.size();
    for (const Node& c : candidates_) {
      if (int(nodes_.size() - layer_begin) >= width) break;
      if (insert(c.pieces)) nodes_.push_back(c);
    }
    layer_end = nodes_.size();
    if (layer_begin == layer_end) break;  // nowhere new to go
  }
  return plan;
}

bool RaceSolver::seen_at(Bits pieces, int g) {
  const std::size_t mask = seen_keys_.size() - 1;
  const std::uint64_t h = hash_bits(pieces);
  for (std::size_t i = h & mask, probes = 0; probes < 16; i = (i + 1) & mask, ++probes) {
    if (seen_keys_[i] == h) {
      if (seen_g_[i] <= g) return true;
      seen_g_[i] = std::uint8_t(g);
      return false;
    }
    if (seen_keys_[i] == 0) {
      seen_keys_[i] = h;
      seen_g_[i] = std::uint8_t(g);
      return false;
    }
  }
  return false;  // a crowded neighbourhood: just search it again
}

bool RaceSolver::ida(const RaceProblem& problem, Bits pieces, int g, int bound, RacePlan& plan, std::uint64_t limit,
                     int& next_bound) {
  if (race_finished(problem, pieces)) return true;
  const int f = g + race_lower_bound(problem, pieces);
  if (f > bound) {
    next_bound = std::min(next_bound, f);
    return false;
  }
  if (seen_at(pieces, g)) return false;
  if (limit && counter_ >= limit) {
    aborted_ = true;
    return false;
  }
  MoveList& moves = move_stack_[std::size_t(g)];
  race_moves(problem, pieces, moves);
  // Most forward first: the last iteration finds its line sooner.
  std::sort(moves.begin(), moves.end(), [&](Move a, Move b) {
    const int ga = goal_distance(problem.target_arm, a.from) - goal_distance(problem.target_arm, a.to);
    const int gb = goal_distance(problem.target_arm, b.from) - goal_distance(problem.target_arm, b.to);
    return ga != gb ? ga > gb : move_order(a) < move_order(b);
  });
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    ++counter_;
    plan.line.push(m);
    if (ida(problem, pieces ^ Bits::of(m.from) ^ Bits::of(m.to), g + 1, bound, plan, limit, next_bound)) return true;
    plan.line.truncate(plan.line.size() - 1);
    if (aborted_) return false;
  }
  return false;
}

RacePlan RaceSolver::exact(const RaceProblem& problem, int max_moves, std::uint64_t node_limit) {
  RacePlan plan;
  max_moves = std::min(max_moves, kMaxRaceMoves - 1);
  if (race_finished(problem, problem.pieces)) {
    plan.solved = plan.exact = true;
    return plan;
  }
  if (seen_keys_.empty()) {
    seen_keys_.assign(std::size_t(1) << kSeenBits, 0);
    seen_g_.assign(std::size_t(1) << kSeenBits, 0);
  }
  if (move_stack_.size() < std::size_t(kMaxRaceMoves + 1)) move_stack_.resize(kMaxRaceMoves + 1);
  aborted_ = false;
  counter_ = 0;
  for (int bound = race_lower_bound(problem, problem.pieces); bound <= max_moves;) {
    std::fill(seen_keys_.begin(), seen_keys_.end(), 0);
    plan.line.clear();
    int next_bound = kMaxRaceMoves + 1;
    if (ida(problem, problem.pieces, 0, bound, plan, node_limit, next_bound)) {
      plan.solved = plan.exact = true;
      plan.moves = int(plan.line.size());
      plan.nodes = counter_;
      return plan;
    }
    if (aborted_) break;
    bound = next_bound;
  }
  plan.line.clear();
  plan.nodes = counter_;
  return plan;
}

RacePlan RaceSolver::solve(const RaceProblem& problem, int width, std::uint64_t node_limit) {
  RacePlan plan = beam(problem, width);
  if (!plan.solved || plan.exact || node_limit == 0) return plan;
  RacePlan shorter = exact(problem, plan.moves - 1, node_limit);
  if (shorter.solved) {
    shorter.nodes += plan.nodes;
    return shorter;
  }
  plan.exact = !aborted_;  // nothing shorter exists
  plan.nodes += shorter.nodes;
  return plan;
}

}  // namespace qipan::checkers
