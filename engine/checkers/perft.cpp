#include "perft.h"

#include "movegen.h"

namespace qipan::checkers {
namespace {

// depth >= 1, pos not terminal. Bulk-counted at depth 1.
std::uint64_t perft_node(Position& pos, const RuleOptions& rules, int depth) {
  if (depth == 1) return std::uint64_t(count_moves(pos, rules));
  MoveList moves;
  generate_moves(pos, rules, moves);
  std::uint64_t leaves = 0;
  for (Move m : moves) {
    Undo undo;
    pos.make(m, undo);
    if (!pos.anyone_finished(rules.win_rule)) leaves += perft_node(pos, rules, depth - 1);
    pos.unmake(m, undo);
  }
  return leaves;
}

}  // namespace

std::uint64_t perft(const Position& pos, const RuleOptions& rules, int depth) {
  if (depth <= 0) return 1;
  if (pos.anyone_finished(rules.win_rule)) return 0;
  Position copy = pos;
  return perft_node(copy, rules, depth);
}

std::vector<PerftDivide> perft_divide(const Position& pos, const RuleOptions& rules, int depth) {
  std::vector<PerftDivide> out;
  if (depth <= 0 || pos.anyone_finished(rules.win_rule)) return out;
  MoveList moves;
  generate_moves(pos, rules, moves);
  Position copy = pos;
  for (Move m : moves) {
    Undo undo;
    copy.make(m, undo);
    out.push_back({m, perft(copy, rules, depth - 1)});
    copy.unmake(m, undo);
  }
  return out;
}

}  // namespace qipan::checkers
