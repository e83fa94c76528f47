// Cheap checks on a single move without generating the move list: whether a
// move from another position (a killer, a counter move, a table move) is
// pseudo-legal here, and whether a move gives check. Both read the same
// geometry tables as the move generator; tests/xiangqi/see_test.cpp checks
// pseudo_legal against generate_pseudo_legal on random positions.
#pragma once

#include "position.h"

namespace qipan::xiangqi {

// Would generate_pseudo_legal(pos) produce m? (Own piece on from, no own
// piece on to, the piece's move shape with its blockers.)
bool pseudo_legal(const Position& pos, Move m);

// Does the pseudo-legal move m put the opponent's general in check? Decided
// without playing it: direct checks by the moved piece, and discovered ones
// through the lines and horse legs that run through its from or to square.
// (The side to move never starts out giving check: that position would let
// it take the general.)
bool gives_check(const Position& pos, Move m);

}  // namespace qipan::xiangqi
