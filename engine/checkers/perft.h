// Perft (rules spec §5.4): leaves of the legal move tree. A move is a distinct
// (from, to) pair; a node where somebody has finished (under rules.win_rule)
// is terminal, with no children (a leaf only at depth 0); a side with no move
// makes exactly one move, the pass. Plies follow the turn order.
// Start positions, default rules: 2p 14, 196, 4760; 3p 14, 196, 2744;
// 4p 14, 199, 2786; 6p 14, 199, 2828.
#pragma once

#include <cstdint>
#include <vector>

#include "position.h"
#include "rules.h"

namespace qipan::checkers {

std::uint64_t perft(const Position& pos, const RuleOptions& rules, int depth);

struct PerftDivide {
  Move move;
  std::uint64_t leaves = 0;
};
// One entry per ply at the root (moves in generation order), depth >= 1;
// empty when the root is terminal.
std::vector<PerftDivide> perft_divide(const Position& pos, const RuleOptions& rules, int depth);

}  // namespace qipan::checkers
