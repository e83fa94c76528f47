#include "evaluate.h"

#include <algorithm>
#include <array>
#include <bit>

namespace qipan::checkers {

int remaining_distance(const Position& pos, Player p) {
  const int t = target_arm(pos.players(), p);
  int sum = 0;
  for (Bits b = pos.pieces(p); b.any();) sum += kGoal.goal[t][b.pop_first()];
  return sum - kFullTargetGoal;
}

EvalWeights greedy_model_weights() {
  EvalWeights w;
  w.rival_percent = 50;
  w.filled_percent = 50;
  return w;
}

int player_cost(const Position& pos, Player p, const EvalWeights& w) {
  int cost = army_cost(pos.pieces(p), pos.occupied(), target_arm(pos.players(), p), w);
  if (w.filled_percent) cost -= w.filled_percent * kDistanceUnit * filled_shortcut(pos, p) / 100;
  return cost;
}

int filled_shortcut(const Position& pos, Player p) {
  const int t = target_arm(pos.players(), p);
  const Bits target = arm_mask(t);
  const Bits own = pos.pieces(p);
  const Bits foreign = pos.occupied() & target & ~own;
  const int empty = (target & ~pos.occupied()).count();
  // No foreign piece: nothing to save; a target full of them: no hole to fill.
  if (foreign.empty() || (empty == 0 && !own.intersects(target))) return 0;
  // The full-army distance beyond a full target is the outside pieces'
  // distances minus the foreign and empty holes' (own pieces inside fill
  // their own holes); filling only the empty holes needs the `empty` nearest
  // outside pieces, so the saving is the other outside pieces' distances
  // minus the foreign holes'.
  std::array<int, 17> by_distance{};
  int outside = 0;
  for (Bits b = own & ~target; b.any();) {
    const int d = kGoal.goal[t][b.pop_first()];
    ++by_distance[d];
    outside += d;
  }
  int nearest = 0;
  for (int d = 0, need = empty; d < 17 && need > 0; ++d) {
    const int k = std::min(need, by_distance[d]);
    nearest += k * d;
    need -= k;
  }
  int foreign_holes = 0;
  for (Bits b = foreign; b.any();) foreign_holes += kGoal.goal[t][b.pop_first()];
  return outside - nearest - foreign_holes;
}

int army_cost(Bits pieces, Bits occupied, int t, const EvalWeights& w) {
  const Bits target = arm_mask(t);
  int sum = 0, worst = 0, isolated = 0, inside = 0;
  for (Bits b = pieces; b.any();) {
    const Cell c = b.pop_first();
    const int d = kGoal.goal[t][c];
    sum += d;
    if (target.test(c)) {
      ++inside;
      continue;
    }
    worst = std::max(worst, d);
    // Nothing adjacent and nothing in hop reach: this piece can neither hop
    // nor serve as a stepping stone soon.
    const Bits around = (neighbours(c) | kGoal.second_ring[c]) & occupied;
    if (around.empty()) ++isolated;
  }
  const int n = pieces.count();
  int cost = kDistanceUnit * (sum - kFullTargetGoal);
  // How far the last piece trails the army's average, in tenths of a row.
  const int trailing = kDistanceUnit * worst * n - kDistanceUnit * sum;  // (worst - average) * 10 * n
  const int excess = n > 0 ? trailing / n - kDistanceUnit * w.straggler_slack : 0;
  if (excess > 0) cost += w.straggler * excess / kDistanceUnit;
  cost += w.isolated * isolated - w.in_target * inside;
  return cost;
}

int evaluate_against(const Position& pos, Player p, std::uint8_t rivals, const EvalWeights& w) {
  const int own = player_cost(pos, p, w);
  if (std::popcount(unsigned(rivals)) == 1) return player_cost(pos, std::countr_zero(unsigned(rivals)), w) - own;
  int best_rival = 1 << 30;
  for (Player q = 0; q < pos.players(); ++q)
    if (rivals >> q & 1) best_rival = std::min(best_rival, player_cost(pos, q, w));
  if (best_rival == 1 << 30) return -own;
  return best_rival * w.rival_percent / 100 - own;
}

bool armies_passed(const Position& pos) {
  if (pos.players() != 2) return false;
  const int t0 = target_arm(2, 0);
  // Player 1's forward axis is player 0's backward one.
  int min0 = 100, max1 = -100;
  for (Bits b = pos.pieces(0); b.any();) min0 = std::min(min0, int(kGoal.forward[t0][b.pop_first()]));
  for (Bits b = pos.pieces(1); b.any();) max1 = std::max(max1, int(kGoal.forward[t0][b.pop_first()]));
  return min0 > max1;
}

}  // namespace qipan::checkers
