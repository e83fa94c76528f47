// Static exchange evaluation: what a capture (or a quiet move onto an
// attacked square) wins or loses once every piece that bears on the target
// square has joined in, least valuable first.
//
// Xiangqi's attacks are not all lines of sight: a cannon needs exactly one
// screen (and a piece that leaves the line can make or break one, the x-ray
// case), a horse can be hobbled at its leg and an elephant blocked at its eye,
// and advisors and generals only fight inside their palace. The exchange is
// played out on the real position with a set of squares whose pieces have
// already joined in (treated as empty), so every one of those rules is read
// from the same geometry tables as the move generator.
#pragma once

#include <array>

#include "position.h"

namespace qipan::xiangqi {

// Exchange values: a general can only end an exchange, never be traded.
inline constexpr std::array<int, kPieceTypeCount> kSeeValue = {0, 20000, 120, 120, 290, 620, 300, 80};
inline int see_value(Piece p) { return kSeeValue[type_of(p)]; }

// Does the side making m come out at least `threshold` ahead in material on
// m's target square? m must be pseudo-legal; pins are not considered.
bool see_ge(const Position& pos, Move m, int threshold);

// The exchange's value itself (for tests and tools; see_ge is cheaper).
int see_value_of(const Position& pos, Move m);

}  // namespace qipan::xiangqi
