#include "perft.h"

namespace qipan::reversi {
namespace {

// depth >= 1. Copy-make: a child is two fresh bitboards, cheaper than
// make/unmake through a Position.
std::uint64_t perft_node(Bitboard player, Bitboard opponent, int depth) {
  Bitboard moves = legal_moves(player, opponent);
  if (moves == 0) {
    // A pass and a finished game are both one leaf at depth 1.
    if (depth == 1 || legal_moves(opponent, player) == 0) return 1;
    return perft_node(opponent, player, depth - 1);
  }
  if (depth == 1) return std::uint64_t(popcount(moves));
  std::uint64_t leaves = 0;
  if (depth == 2) {
    // Each child is a depth-1 node: its move count, or 1 if it must pass or
    // the game is over.
    do {
      const Square s = pop_first(moves);
      const Bitboard f = flips(player, opponent, s);
      const Bitboard child_moves = legal_moves(opponent ^ f, player | f | square_bit(s));
      leaves += std::uint64_t(popcount(child_moves)) + (child_moves == 0);
    } while (moves);
    return leaves;
  }
  do {
    const Square s = pop_first(moves);
    const Bitboard f = flips(player, opponent, s);
    leaves += perft_node(opponent ^ f, player | f | square_bit(s), depth - 1);
  } while (moves);
  return leaves;
}

}  // namespace

std::uint64_t perft(Bitboard player, Bitboard opponent, int depth) {
  return depth <= 0 ? 1 : perft_node(player, opponent, depth);
}

}  // namespace qipan::reversi
