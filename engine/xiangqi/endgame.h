// Endgame knowledge: how much of an advantage the side ahead can actually
// turn into a win with the material it has left. A general cannot be mated
// by advisors and elephants alone; a lone horse, a lone cannon or a lone
// soldier do not break a defence of advisors and elephants; a lone rook does
// not break the full defence of two advisors and two elephants (车难破士象全).
// The evaluation multiplies the score by scale/64 in those cases, which
// leaves such endings close to a draw but still ordered by material.
#pragma once

#include "position.h"

namespace qipan::xiangqi {

constexpr int kFullScale = 64;

// Scale (0 .. 64) of the evaluation when `strong` is the side ahead.
int endgame_scale(const Position& pos, Color strong);

}  // namespace qipan::xiangqi
