// ICCS coordinate notation (`h2e2`): files a-i from red's left, ranks 0-9 from
// red's side, as UCCI engines use. Also accepts the `h2-e2` form.
#pragma once

#include <string>
#include <string_view>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::xiangqi {

std::string square_name(Square s);
Result<Square> parse_square(std::string_view text);

std::string to_iccs(Move m);
// Syntax only: the move may still be illegal in a given position.
Result<Move> parse_iccs(std::string_view text);
// Syntax and legality in `pos`, with the reason when illegal.
Result<Move> parse_iccs_move(const Position& pos, std::string_view text);

}  // namespace qipan::xiangqi
