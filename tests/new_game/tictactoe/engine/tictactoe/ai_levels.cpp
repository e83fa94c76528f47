#include "ai_levels.h"

#include <algorithm>
#include <bit>
#include <vector>

#include "../core/random.h"
#include "movegen.h"

namespace qipan::tictactoe {
namespace {

constexpr int kLevelDepths[] = {0, 1, 2, 3, 4, 5, 7, 9};

}  // namespace

LevelSpec level_spec(int level) {
  const int clamped = std::clamp(level, kMinLevel, kMaxLevel);
  return {clamped, kLevelDepths[clamped - 1]};
}

LevelSpec hint_spec(int strength) { return level_spec(std::max(strength, 2)); }

LevelSpec analysis_spec() { return {0, kMaxSearchDepth}; }

AiMove choose_move(const Position& pos, const LevelSpec& spec, std::uint64_t seed) {
  AiMove move;
  SplitMix64 random(seed);
  const Mask legal = legal_moves(pos);
  if (!legal) return move;
  std::vector<Square> choices;
  if (spec.depth == 0) {
    for (Mask m = legal; m; m &= Mask(m - 1)) choices.push_back(std::countr_zero(unsigned(m)));
  } else {
    const SearchResult result = search(pos, spec.depth);
    for (const MoveValue& v : result.moves)
      if (v.score == result.best_score) choices.push_back(v.square);
    move.searched = true;
    move.score = result.best_score;
    move.depth = spec.depth;
    move.nodes = result.nodes;
  }
  move.square = choices[std::size_t(random.next() % choices.size())];
  return move;
}

}  // namespace qipan::tictactoe
