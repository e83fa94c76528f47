// WXF notation (`C2.5`, `H8+7`, `R+.3`), the World Xiangqi Federation's
// spelling of the traditional file-based records: piece letter, the file it
// stands on (1-9 from the mover's own right), `+` forward / `-` back / `.`
// sideways, then ranks moved (general, rook, cannon, soldier going straight)
// or the destination file (sideways moves, horse, elephant, advisor).
//
// Several same-type pieces on one file (WXF "tandem pieces"): the file digit is
// replaced by `+` (front) or `-` (rear): `R+.3`, `C--1`. Soldiers follow the
// WXF special cases:
//   3 on a file: P+ front, P3 (plain file) middle, P- rear;
//   4 on a file: ++ frontmost, P+ second, P- third, -- rearmost;
//   5 on a file: ++, P+, P3 (middle), P-, --;
//   2+ soldiers on each of two files: the file digit comes first and the place
//   takes the letter's spot: 3+.4, 33.4 (middle), 3-.4, 7+.6, 7-.6.
// Advisors and elephants never need `+`/`-`: direction tells two on one file
// apart (see notation_common.h).
//
// Input also accepts: lower case, B for elephant, N for horse, G for general,
// S for soldier, `=` for `.`, the front/rear mark before the letter (`+C.5`),
// the traverse without operator (`C25`), spaces, and a plain file for a tandem
// piece when only one of them can make the move.
#pragma once

#include <string>
#include <string_view>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::xiangqi {

// Empty when `m` is not legal in `pos`.
std::string to_wxf(const Position& pos, Move m);
// The legal move the text names, or why there is none or several.
Result<Move> parse_wxf(const Position& pos, std::string_view text);

}  // namespace qipan::xiangqi
