// Names of the 121 holes for people: a row letter and a position in the row.
//
//   row letters  a (the bottom tip, seat 1's home) .. q (the top tip), one per
//                row of the upright star (z = +8 .. -8), so they run "up the
//                board" from the first player's side, like chess ranks;
//   position     1, 2, ... from the left inside the row.
//
//          q1                     the top tip (hole 0)
//         p1 p2
//        ...
//   e1 e2 ... e13                 the widest row below the centre (13 holes)
//        ...
//        i1 .. i5 .. i9           the middle row; i5 is the centre (hole 60)
//        ...
//       d1 d2 d3 d4               seat 1's front row
//         ...
//          a1                     the bottom tip (hole 120)
//
// Rows hold 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes
// (a..q). Input also takes the hole's number 0..120 (rules spec §5.2: rows
// from the top, left to right), and upper-case letters.
#pragma once

#include <string>
#include <string_view>

#include "../../core/result.h"
#include "../geometry.h"

namespace qipan::checkers {

constexpr int kRows = 17;

// "e5"; "?" for a value that is no hole.
std::string cell_name(Cell c);
// A hole name ("e5", "E5") or number ("102"). Refusals: bad_hole_name (not
// a hole's form), no_such_hole (the form of one, but off the star).
Result<Cell> parse_cell(std::string_view text);
// The name of a hole number given by a caller, or the number itself when it
// names no hole (for refusal parameters).
std::string hole_param(int c);

}  // namespace qipan::checkers
