// One move of a varied but sound opening line, for the lab's opening makers
// (`qipan-lab book xiangqi`, `qipan-lab openings xiangqi`): every legal move
// is searched under `quick` and one of those within `margin` centipawns of
// the best is drawn with `rng`. A pure function of its arguments under a
// depth limit, so a seed gives the same lines on every build.
#pragma once

#include <vector>

#include "engine/core/random.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/search.h"

namespace qipan::lab {

xiangqi::Move draw_sound_move(const xiangqi::Position& pos, const std::vector<xiangqi::PastPosition>& past,
                              xiangqi::Searcher& searcher, const SearchLimits& quick, long long margin,
                              SplitMix64& rng);

}  // namespace qipan::lab
