// Perft: the number of leaves of the legal move tree, the move generator's
// contract. The published convention: a forced pass is a ply, and a finished
// game (neither side can move) counts as one leaf at any remaining depth.
// From the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288,
// 24571284 (depth 10).
#pragma once

#include <cstdint>

#include "position.h"

namespace qipan::reversi {

// Bulk-counted: a node at depth 1 counts its moves with one popcount, and a
// node at depth 2 counts each child's mobility without recursing into it.
std::uint64_t perft(Bitboard player, Bitboard opponent, int depth);
inline std::uint64_t perft(const Position& pos, int depth) { return perft(pos.player(), pos.opponent(), depth); }

}  // namespace qipan::reversi
