// A game's result as one JSON object, with the repetition ruling spelled out:
// what `qipan rule xiangqi` prints, what the bindings hand the page and the
// server, so an arbiter, the page and the room all read the same fields.
//
//   {"outcome": "red_wins|black_wins|draw|ongoing", "reason": <reason_code>,
//    "side": "red"|"black"|null (the side that loses), "rules": "asian|...",
//    "rule": <the rule book's article, or "">, "chased": [{"square", "piece",
//    "by", "by_piece"}], "cycle": [{"move", "side", "kind", "chases":
//    [{"by", "target"}]}]}
//
// Squares are ICCS (`c7`), pieces FEN letters (upper case red). "chased" and
// "cycle" are empty unless a repetition ended the game.
#pragma once

#include <string>
#include <string_view>

#include "game.h"

namespace qipan::xiangqi {

std::string ruling_json(const Game& game);

// The rule book's article for a repetition ruling, e.g. "Asian rules, article
// 26"; "" for reasons the books do not number.
std::string_view rule_article(RuleSet rules, Reason reason);

// "general", "advisor", ..., "soldier".
std::string_view piece_type_name(PieceType type);

}  // namespace qipan::xiangqi
