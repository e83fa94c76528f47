#include "xiangqi_sound_move.h"

#include <algorithm>
#include <utility>

#include "engine/xiangqi/movegen.h"

namespace qipan::lab {

using namespace qipan::xiangqi;

Move draw_sound_move(const Position& pos, const std::vector<PastPosition>& past, Searcher& searcher,
                     const SearchLimits& quick, long long margin, SplitMix64& rng) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<std::pair<int, Move>> scored;
  int best = -kInfinity;
  for (Move m : moves) {
    Position child = pos;
    Undo undo;
    child.make(m, undo);
    std::vector<PastPosition> child_past = past;
    child_past.push_back({pos.key(), pos.in_check(), m});
    const int score = -searcher.search(child, child_past, quick).score;
    scored.emplace_back(score, m);
    best = std::max(best, score);
  }
  std::vector<Move> near;
  for (const auto& [score, m] : scored)
    if (score >= best - margin) near.push_back(m);
  return near[rng.below(std::uint32_t(near.size()))];
}

}  // namespace qipan::lab
