// Legal moves (rules spec §2.2): steps to an adjacent empty hole, and hop
// chains found by a search over landing holes with a visited set (the start
// hole counts as empty and is never a landing). Moves are distinct
// (from, to) pairs. Options: goal lock (a piece in its own target arm lands
// only inside it, checked at every hop), parking "pass-through only" (the
// FINAL hole may not be another seat's home or target arm), long jumps.
// A pass is generated only when the side to move has no move at all.
//
// Nothing here allocates; this is the search's hot path. Chain paths for
// animation and hop-by-hop input are in path.h.
#pragma once

#include "bits.h"
#include "position.h"
#include "rules.h"

namespace qipan::checkers {

// Where the piece on `from` may go, as a set of holes (empty if `from` is
// empty). The piece's owner is the mover, whoever is to move.
Bits destinations(const Position& pos, const RuleOptions& rules, Cell from);
// The holes the piece on `from` reaches by one or more hops (goal lock
// applied at every hop, parking NOT applied: these include pass-through-only
// holes). destinations() = (steps | hop_landings) minus parking.
Bits hop_landings(const Position& pos, const RuleOptions& rules, Cell from);

// Every legal move of seat `p` (pieces in cell order, then destinations in
// cell order), or a lone pass when p has none.
void generate_moves(const Position& pos, const RuleOptions& rules, Player p, MoveList& out);
inline void generate_moves(const Position& pos, const RuleOptions& rules, MoveList& out) {
  generate_moves(pos, rules, pos.side_to_move(), out);
}
// The number of plies generate_moves() would give (a pass counts 1).
int count_moves(const Position& pos, const RuleOptions& rules, Player p);
inline int count_moves(const Position& pos, const RuleOptions& rules) {
  return count_moves(pos, rules, pos.side_to_move());
}
// The landings of ONE hop from hole c over the pieces in `occ` (which must not
// include the moving piece's start hole): adjacent hops, plus long jumps when
// enabled. No visited set, goal lock or parking: path.h builds on it.
Bits single_hops(Bits occ, Cell c, bool long_jumps);

// Seat p has at least one real move (not just the pass).
bool has_move(const Position& pos, const RuleOptions& rules, Player p);
// `m` is a legal ply for the side to move (the pass only when it has no move).
bool is_legal(const Position& pos, const RuleOptions& rules, Move m);

}  // namespace qipan::checkers
