// PGN for xiangqi, as xqbase (象棋百科全书), 东萍象棋 (dpxq) and the WXF
// databases write it:
//
//   [Game "Chinese Chess"]
//   [Event "..."] [Site "..."] [Date "1999.12.09"] [Round "..."]
//   [Red "..."] [Black "..."] [Result "1-0"]
//   [Termination "..."]               (how it ended, when not on the board; below)
//   [Rules "asian" | "chinese" | "simple"]   (Qipan's: the repetition rules, below)
//   [FEN "..."]                       (when the game does not start normally)
//   [Format "Chinese" | "WXF" | "ICCS"]
//   1. 炮二平五 马８进７ {a comment} 2. 马二进三 (2. 马八进七 ...) 车９平８ ... 1-0
//
// Import: any tags (kept in their order), {comments} and (variations, nested)
// skipped, $NAGs and !? marks ignored, numbered moves in Chinese, WXF or ICCS
// (with or without a dash, any case) whatever [Format] says, and the result
// token. Only the first game of a file is read: its result token ends it, or
// the next game's first tag when the file writes no results.
// The result restores how the game ended: on a position the rules end it
// must agree with them; otherwise the [Termination] tag says why (written
// for the shared endings of engine/core/ending.h: "resignation",
// "agreement", "abandoned", "time forfeit", "time forfeit (red)" for a
// timeout that drew), and without one the game ends as recorded (its result,
// no cause: most databases give none). An aborted game (no result) is
// written as lichess writes one: [Result "*"] and [Termination "abandoned"];
// "*" with that Termination reads back as aborted, "*" alone as a game
// still going on. Export writes the tags above, the moves in one notation
// and the result, so a game round-trips with its result and its cause.
//
// The repetition rules (repetition_rules.h): export always writes [Rules]
// with the rule set's code, and for a game a repetition ruling ended
// [Termination "perpetual check" | "perpetual chase" | "one check one chase"
// | "repetition"] and the ruling in words as a comment on the last move
// (ruling_text.h): {Red loses: perpetual chase of the black cannon on b4 by
// the red rook on d4 (Asian rules; WXF rules, general rule 3)}. Import plays the moves under the rules
// the tag names (any case; another value is refused, bad_argument), so the
// game rules the same again; the comment is only read by people. A record
// without the tag is read under `options.rules` (the Asian rules by
// default: the rules of new games, and the books most published games were
// played under), except that when its result is one those rules contradict
// and the simple rules explain it (a chase cycle drawn by repetition), it is
// read under the simple rules: Qipan's own records from before rule sets
// named none, and their games were played under what is now "simple", so
// their results stay valid without reading every untagged record that way.
//
// Text is UTF-8. (Many older PGN files are GBK: the page decodes those before
// handing the text over.)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "../../core/result.h"
#include "game.h"
#include "record.h"

namespace qipan::xiangqi {

struct PgnTag {
  std::string name;
  std::string value;
};

// Tags in file order. Names are case-sensitive as in PGN.
struct PgnTags {
  std::vector<PgnTag> tags;

  const std::string* find(std::string_view name) const;
  // Replaces the value of `name`, or appends the tag.
  void set(std::string_view name, std::string value);
};

struct PgnGame {
  Game game;
  PgnTags tags;
};

Result<PgnGame> parse_pgn(std::string_view text, RuleOptions options = {});

// Game, Event, Site, Date, Round, Red, Black (from `tags`; Event, Date, Red
// and Black written as "?" / "????.??.??" when missing), Result,
// Termination, Rules, FEN and Format (from the game and `notation`), then
// the other tags of `tags` in their order; a blank line, the moves (a
// repetition ruling as a comment on the last) and the result token.
std::string format_pgn(const Game& game, Notation notation, const PgnTags& tags = {});

// The [Termination] value for the game's ending or repetition ruling (""
// when it has none to name: still going, ended on the board otherwise, or
// as recorded).
std::string termination_tag(const Game& game);

}  // namespace qipan::xiangqi
