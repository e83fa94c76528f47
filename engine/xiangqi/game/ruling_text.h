// A repetition ruling as one English sentence, for a record: what PGN export
// writes as the comment on the game's last move (pgn.h), so a file read
// anywhere says why the game ended, e.g.
//
//   Red loses: perpetual chase of the black cannon on b4 by the red rook on d4
//     (Asian rules; WXF rules, general rule 3)
//   Draw by repetition: red perpetual check, black perpetual chase (Asian rules)
//
// The parenthesis names the rule set and the book's rule the ruling rests on
// (rule_article, ruling_record.h), where there is one.
//
// The page and the server word rulings in both languages from ruling_json's
// fields (ruling_record.h); this is the record's own text.
#pragma once

#include <string>
#include <string_view>

#include "game.h"

namespace qipan::xiangqi {

// "" unless a repetition ruling ended the game. Squares are ICCS, the
// chasing and chased pieces on their squares in the final position.
std::string ruling_sentence(const Game& game);

// The [Termination] tag's words for a repetition ruling: "perpetual check",
// "perpetual chase", "one check one chase" or "repetition"; "" for any other
// status.
std::string_view ruling_termination(const Game& game);

// "Asian rules", "Chinese rules", "simple rules".
std::string_view rule_book_name(RuleSet rules);

}  // namespace qipan::xiangqi
