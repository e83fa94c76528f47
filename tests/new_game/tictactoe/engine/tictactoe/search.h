// A negamax search with alpha-beta to a depth: exact once it reaches the
// end of the game (at most nine plies). Scores are for the side to move:
// kWin - plies for a win found `plies` on (a quicker win is better), 0 for a
// draw or an unknown outcome at the depth limit.
#pragma once

#include <cstdint>
#include <vector>

#include "position.h"

namespace qipan::tictactoe {

constexpr int kWin = 100;
constexpr int kMaxSearchDepth = 9;

struct MoveValue {
  Square square = -1;
  int score = 0;
};

struct SearchResult {
  std::vector<MoveValue> moves;  // every legal move's value, in square order
  int best_score = 0;
  std::uint64_t nodes = 0;
};

// The value of every legal move of `pos` searched `depth` plies deep.
SearchResult search(const Position& pos, int depth);

}  // namespace qipan::tictactoe
