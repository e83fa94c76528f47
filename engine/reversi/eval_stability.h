// Stable discs: discs that no sequence of moves can ever flip. The evaluation
// counts them (a stable disc is a disc kept to the end) and the searcher can
// use them to bound a score.
//
// The set computed is a lower bound of the true stable set, anchored on the
// edges: edge discs are judged exactly (an edge disc can only be flipped along
// its edge, so a table over the 3^8 edge lines decides it), then an inner disc
// is stable when, along each of the 4 lines through it, either the line is
// full or a neighbour on that line is a stable disc of the same colour.
//
//   Bitboard mine = stable_discs(P, O);   // P's discs that can never flip
#pragma once

#include "bitboard.h"

namespace qipan::reversi {

// The discs of `player` that can never be flipped (a lower bound; exact on
// the edges). `player` and `opponent` must not overlap.
Bitboard stable_discs(Bitboard player, Bitboard opponent);

// The squares lying on 4 full lines (row, column and both diagonals): no move
// can flip a disc there, whoever owns it.
Bitboard full_line_squares(Bitboard occupied);

// The stable squares (of either colour) of one edge line, given its 8 squares
// as bytes (bit i = square i along the edge; `player & opponent` == 0).
// Exposed for the tests.
unsigned edge_stable_squares(unsigned player, unsigned opponent);

}  // namespace qipan::reversi
