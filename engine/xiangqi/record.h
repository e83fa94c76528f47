// Game records: a start position plus a move list, as text a player can copy
// and paste back. Export writes one notation; import reads any of them.
#pragma once

#include <string>
#include <string_view>

#include "../core/result.h"
#include "game.h"

namespace qipan::xiangqi {

enum class Notation { kChinese, kWxf, kIccs };

Result<Notation> parse_notation_name(std::string_view name);  // "chinese", "wxf", "iccs"

std::string format_move(const Position& before, Move m, Notation notation);

// Parses one move written in ICCS, WXF or Chinese notation (detected from the text).
Result<Move> parse_any_move(const Position& pos, std::string_view text);

// `[FEN "..."]` (omitted for the standard start) then numbered moves:
// "1. 炮二平五 马8进7\n2. ...".
std::string format_record(const Game& game, Notation notation);

// Reads a record: an optional FEN (a `[FEN "..."]` tag or a bare FEN line)
// followed by moves in any notation, with optional move numbers ("1." "1...")
// and a trailing result ("1-0", "0-1", "1/2-1/2", "*"). Chinese moves may be
// run together without spaces. All or nothing: the first bad move is reported
// with its number and the reason.
Result<Game> parse_record(std::string_view text, RuleOptions options = {});

}  // namespace qipan::xiangqi
