// The tic-tac-toe AI's eight levels: level 1 plays a random square, levels
// 2..8 search 1, 2, 3, 4, 5, 7 and 9 plies (9: perfect play). Among the
// moves of equal best value a level draws one with its seed, so games
// differ yet replay from the same seed. The page's hints search at the
// hint strength's level; analysis searches to the end.
#pragma once

#include <cstdint>

#include "position.h"
#include "search.h"

namespace qipan::tictactoe {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 8;

struct LevelSpec {
  int level = 0;  // 0: explicit limits
  int depth = 0;  // 0: a random move
};

// The spec of a level (clamped into kMinLevel..kMaxLevel).
LevelSpec level_spec(int level);
LevelSpec hint_spec(int strength);
LevelSpec analysis_spec();

struct AiMove {
  Square square = -1;  // -1 when the game is over
  bool searched = false;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
};

AiMove choose_move(const Position& pos, const LevelSpec& spec, std::uint64_t seed);

}  // namespace qipan::tictactoe
