// Game records: a start position plus a move list and the result, as text a
// player can copy and paste back. Export writes one notation; import reads any
// of them. The full PGN form (headers such as Event, Red, Black) is pgn.h;
// this is the short form the page's move dialog and saved games use, and
// parse_record reads every form (it is parse_pgn without the headers).
#pragma once

#include <string>
#include <string_view>

#include "../../core/result.h"
#include "game.h"

namespace qipan::xiangqi {

enum class Notation { kChinese, kWxf, kIccs };

Result<Notation> parse_notation_name(std::string_view name);  // "chinese", "wxf", "iccs"
std::string_view notation_name(Notation notation);            // the same names

std::string format_move(const Position& before, Move m, Notation notation);

// Parses one move written in ICCS, WXF or Chinese notation (detected from the text).
Result<Move> parse_any_move(const Position& pos, std::string_view text);

// "1-0" (red won), "0-1", "1/2-1/2", or "*" while the game goes on and for
// an aborted game (PGN's token for a game without a result; pgn.h).
std::string_view result_token(const Status& status);

// The numbered moves, "1. 炮二平五 马8进7\n2. ...", one line per move
// number, `last_comment` (when given) as a {comment} after the last move,
// then the result token on its own line when the game is over.
std::string format_movetext(const Game& game, Notation notation, std::string_view last_comment = {});

// `[FEN "..."]` (omitted for the standard start), `[Rules "..."]` (omitted
// for the Asian rules, the default), `[Termination "..."]` for an ending that
// is not the board's or for a repetition ruling (pgn.h), then
// format_movetext.
std::string format_record(const Game& game, Notation notation);

// Reads a record: the PGN forms of pgn.h (headers, comments, variations,
// numbered moves in any notation, a result token), a bare FEN line before the
// moves, and Chinese moves run together without spaces. All or nothing: the
// first bad move is refused with its number, its text and the reason.
Result<Game> parse_record(std::string_view text, RuleOptions options = {});

}  // namespace qipan::xiangqi
