#include "rival_model.h"

#include <algorithm>

#include "evaluate.h"
#include "movegen.h"

namespace qipan::checkers {

std::uint8_t observed_greedy_seats(const Game& game) {
  std::uint8_t searched = 0;  // seats seen playing a move short of their most forward one
  Position pos = game.start_position();
  MoveList moves;
  for (const PlyRecord& ply : game.plies()) {
    const Player q = ply.mover;
    if (!ply.move.is_pass() && !(searched & (1u << q))) {
      generate_moves(pos, game.rules(), q, moves);
      const int t = target_arm(pos.players(), q);
      int most = 0;
      for (Move m : moves) most = std::max(most, forward_gain(t, m));
      if (forward_gain(t, ply.move) < most) searched |= std::uint8_t(1u << q);
    }
    pos.set_side_to_move(q);
    Undo undo;
    pos.make(ply.move, undo);
  }
  return std::uint8_t(((1u << pos.players()) - 1) & ~searched);
}

}  // namespace qipan::checkers
