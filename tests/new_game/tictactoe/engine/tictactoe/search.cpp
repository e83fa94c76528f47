#include "search.h"

#include <algorithm>
#include <bit>

#include "movegen.h"

namespace qipan::tictactoe {
namespace {

int negamax(Position& pos, int depth, int ply, int alpha, int beta, std::uint64_t& nodes) {
  ++nodes;
  // The side that just moved made the line: a loss for the side to move.
  if (pos.winner()) return -(kWin - ply);
  if (pos.full() || depth == 0) return 0;
  int best = -kWin - 1;
  for (Mask moves = legal_moves(pos); moves; moves &= Mask(moves - 1)) {
    const Square square = std::countr_zero(unsigned(moves));
    pos.make(square);
    const int score = -negamax(pos, depth - 1, ply + 1, -beta, -alpha, nodes);
    pos.unmake(square);
    best = std::max(best, score);
    alpha = std::max(alpha, score);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace

SearchResult search(const Position& pos, int depth) {
  SearchResult result;
  result.best_score = -kWin - 1;
  Position work = pos;
  for (Mask moves = legal_moves(pos); moves; moves &= Mask(moves - 1)) {
    const Square square = std::countr_zero(unsigned(moves));
    work.make(square);
    // A full window per root move: every move's value is exact, for hints.
    const int score = -negamax(work, depth - 1, 1, -kWin - 1, kWin + 1, result.nodes);
    work.unmake(square);
    result.moves.push_back({square, score});
    result.best_score = std::max(result.best_score, score);
  }
  if (result.moves.empty()) result.best_score = 0;
  return result;
}

}  // namespace qipan::tictactoe
