#include "rival_model.h"

#include "evaluate.h"

namespace qipan::checkers {

Move greedy_rival_move(const Position& pos, const RuleOptions& rules, Player q, MoveList& moves) {
  generate_moves(pos, rules, q, moves);
  const int t = target_arm(pos.players(), q);
  Move best = moves[0];
  int best_gain = forward_gain(t, best);
  for (Move m : moves)
    if (const int g = forward_gain(t, m); g > best_gain) {
      best = m;
      best_gain = g;
    }
  return best;
}

std::uint8_t observed_greedy_seats(const Game& game) {
  std::uint8_t searched = 0;  // seats seen playing a move short of their most forward one
  Position pos = game.start_position();
  MoveList moves;
  for (const PlyRecord& ply : game.plies()) {
    const Player q = ply.mover;
    if (!ply.move.is_pass() && !(searched & (1u << q))) {
      const int t = target_arm(pos.players(), q);
      if (forward_gain(t, ply.move) < forward_gain(t, greedy_rival_move(pos, game.rules(), q, moves)))
        searched |= std::uint8_t(1u << q);
    }
    pos.set_side_to_move(q);
    Undo undo;
    pos.make(ply.move, undo);
  }
  return std::uint8_t(((1u << pos.players()) - 1) & ~searched);
}

}  // namespace qipan::checkers
