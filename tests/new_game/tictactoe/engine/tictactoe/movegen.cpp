#include "movegen.h"

#include <bit>

namespace qipan::tictactoe {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  for (Mask moves = legal_moves(pos); moves; moves &= Mask(moves - 1)) {
    const Square square = std::countr_zero(unsigned(moves));
    pos.make(square);
    nodes += perft(pos, depth - 1);
    pos.unmake(square);
  }
  return nodes;
}

GameCount count_games(Position& pos) {
  GameCount count;
  if (const auto winner = pos.winner()) {
    (*winner == kX ? count.x_wins : count.o_wins) = 1;
    return count;
  }
  if (pos.full()) {
    count.draws = 1;
    return count;
  }
  for (Mask moves = legal_moves(pos); moves; moves &= Mask(moves - 1)) {
    const Square square = std::countr_zero(unsigned(moves));
    pos.make(square);
    const GameCount sub = count_games(pos);
    pos.unmake(square);
    count.x_wins += sub.x_wins;
    count.o_wins += sub.o_wins;
    count.draws += sub.draws;
  }
  return count;
}

}  // namespace qipan::tictactoe
