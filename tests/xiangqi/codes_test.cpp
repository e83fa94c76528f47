// Refusal codes and their parameters: what the page words a refusal from
// (web/games/xiangqi/strings.js). One representative refusal of each kind:
// FEN, ICCS, WXF, Chinese, the shared notation resolver, records (with the
// wrapped cause) and the game.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/xiangqi/codes.h"
#include "engine/xiangqi/game/chinese.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/pgn.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/game/wxf.h"

using qipan::Error;
using qipan::Result;
using namespace qipan::xiangqi;

namespace {

std::string param(const Error& e, std::string_view key) {
  const std::string* v = e.param(key);
  return v ? *v : "<missing " + std::string(key) + ">";
}

template <typename T>
const Error& refusal_of(const Result<T>& r) {
  REQUIRE_FALSE(r.ok());
  return r.failure();
}

constexpr std::string_view kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

}  // namespace

TEST_CASE("every xiangqi code is listed once and the shared ones are not repeated") {
  std::set<std::string_view> seen;
  for (std::string_view c : code::all_codes) CHECK_MESSAGE(seen.insert(c).second, c);
  for (std::string_view c : qipan::code::all_codes) CHECK_MESSAGE(seen.count(c) == 0, c);
}

TEST_CASE("FEN refusals name the rank, the piece and the square") {
  auto ranks = Position::from_fen("rnbakabnr/9/9 w");
  CHECK(refusal_of(ranks).code == code::fen_rank_count);
  CHECK(param(ranks.failure(), "ranks") == "3");

  auto letter = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1x1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
  CHECK(refusal_of(letter).code == code::fen_unknown_piece);
  CHECK(param(letter.failure(), "char") == "x");
  CHECK(param(letter.failure(), "rank") == "4");

  auto wide = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p1/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
  CHECK(refusal_of(wide).code == code::fen_rank_too_long);
  CHECK(param(wide.failure(), "rank") == "4");

  auto narrow = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
  CHECK(refusal_of(narrow).code == code::fen_rank_too_short);
  CHECK(param(narrow.failure(), "files") == "8");

  auto horses = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4N4/RNBAKABNR w");
  CHECK(refusal_of(horses).code == code::fen_too_many_pieces);
  CHECK(param(horses.failure(), "letter") == "N");
  CHECK(param(horses.failure(), "side") == "red");
  CHECK(param(horses.failure(), "piece") == "horse");
  CHECK(param(horses.failure(), "max") == "2");

  auto elephant = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KB4 w");
  CHECK(refusal_of(elephant).code == code::fen_piece_misplaced);
  CHECK(param(elephant.failure(), "square") == "e0");
  CHECK(param(elephant.failure(), "piece") == "elephant");

  CHECK(refusal_of(Position::from_fen("9/9/9/9/9/9/9/9/9/4K4 w")).code == code::fen_missing_general);
  CHECK(param(Position::from_fen("9/9/9/9/9/9/9/9/9/4K4 w").failure(), "side") == "black");
  CHECK(refusal_of(Position::from_fen(std::string(kStart))).code == code::fen_no_side);
  auto side = Position::from_fen(std::string(kStart) + " x");
  CHECK(refusal_of(side).code == code::fen_bad_side);
  CHECK(param(side.failure(), "text") == "x");
  CHECK(refusal_of(Position::from_fen(std::string(kStart) + " w - - 0 1 2")).code == code::fen_too_many_fields);
  CHECK(refusal_of(Position::from_fen(std::string(kStart) + " w KQ")).code == code::fen_bad_field);
  CHECK(param(Position::from_fen(std::string(kStart) + " w - - x").failure(), "text") == "x");
  CHECK(Position::from_fen(std::string(kStart) + " w - - x").code() == code::fen_bad_clock);
  CHECK(Position::from_fen(std::string(kStart) + " w - - 0 0").code() == code::fen_bad_move_number);
  CHECK(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").code() == code::fen_generals_face);
  auto capturable = Position::from_fen("4k4/4R4/9/9/9/9/9/9/9/3K5 w");
  CHECK(refusal_of(capturable).code == code::fen_general_capturable);
  CHECK(param(capturable.failure(), "side") == "black");
  CHECK(Position::from_fen("").code() == code::fen_empty);
}

TEST_CASE("ICCS refusals name the bad file, rank or text") {
  CHECK(parse_iccs("h2").code() == code::iccs_syntax);
  CHECK(param(parse_iccs("h2").failure(), "text") == "h2");
  auto file = parse_iccs("z2e2");
  CHECK(refusal_of(file).code == code::iccs_bad_file);
  CHECK(param(file.failure(), "char") == "z");
  auto rank = parse_iccs("hxe2");
  CHECK(refusal_of(rank).code == code::iccs_bad_rank);
  CHECK(param(rank.failure(), "char") == "x");
  CHECK(parse_iccs("e2e2").code() == code::move_must_change_squares);
  CHECK(parse_square("e").code() == code::iccs_bad_square);
  // Legal syntax, illegal move: the move rule's own code.
  auto leg = parse_iccs_move(Position::start(), "b0d1");
  CHECK(refusal_of(leg).code == code::horse_leg_blocked);
  CHECK(param(leg.failure(), "square") == "c0");
}

TEST_CASE("WXF refusals name the character at fault") {
  const Position start = Position::start();
  CHECK(parse_wxf(start, "").code() == code::empty_move);
  CHECK(parse_wxf(start, std::string(65, 'C')).code() == code::text_too_long);
  CHECK(param(parse_wxf(start, std::string(65, 'C')).failure(), "max") == "64");
  CHECK(parse_wxf(start,
                  "C2\x01"
                  "5")
            .code() == code::wxf_bad_character);
  CHECK(parse_wxf(start, "C2.55").code() == code::wxf_syntax);
  CHECK(param(parse_wxf(start, "C2.x").failure(), "char") == "x");
  CHECK(parse_wxf(start, "C2.x").code() == code::wxf_bad_last);
  CHECK(param(parse_wxf(start, "C2*5").failure(), "char") == "*");
  CHECK(parse_wxf(start, "C2*5").code() == code::wxf_bad_operator);
  CHECK(param(parse_wxf(start, "X2.5").failure(), "char") == "X");
  CHECK(parse_wxf(start, "X2.5").code() == code::wxf_unknown_piece);
  CHECK(parse_wxf(start, "+-.5").code() == code::wxf_bad_tandem);
  CHECK(parse_wxf(start, "34.5").code() == code::wxf_middle_soldier);
  CHECK(parse_wxf(start, "C*.5").code() == code::wxf_bad_place);
  CHECK(parse_wxf(start, "C0.5").code() == code::wxf_bad_file);
}

TEST_CASE("Chinese refusals") {
  const Position start = Position::start();
  CHECK(parse_chinese(start, "").code() == code::empty_move);
  CHECK(parse_chinese(start, "\xff\xfe").code() == code::chinese_bad_utf8);
  CHECK(parse_chinese(start, "炮二\x01平五").code() == code::chinese_control_character);
  auto odd = parse_chinese(start, "炮二跳五");
  CHECK(refusal_of(odd).code == code::chinese_unknown_character);
  CHECK(param(odd.failure(), "char") == "跳");
  auto three = parse_chinese(start, "炮平五");
  CHECK(refusal_of(three).code == code::chinese_length);
  CHECK(param(three.failure(), "count") == "3");
  CHECK(parse_chinese(start, "炮二五五").code() == code::chinese_no_direction);
  CHECK(parse_chinese(start, "炮二平平").code() == code::chinese_no_number);
  CHECK(parse_chinese(start, "进二平五").code() == code::chinese_which_piece);
}

TEST_CASE("the notation resolver names side, piece and file") {
  const Position start = Position::start();
  auto none = parse_chinese(start, "车五进一");
  CHECK(refusal_of(none).code == code::notation_no_piece_on_file);
  CHECK(param(none.failure(), "side") == "red");
  CHECK(param(none.failure(), "piece") == "rook");
  CHECK(param(none.failure(), "file") == "5");
  auto same = parse_wxf(start, "C2.2");
  CHECK(refusal_of(same).code == code::notation_same_file);
  CHECK(param(same.failure(), "piece") == "cannon");
  auto off = parse_wxf(start, "R1-1");
  CHECK(refusal_of(off).code == code::notation_off_board);
  CHECK(param(off.failure(), "steps") == "-1");
  CHECK(parse_wxf(start, "H2.3").code() == code::notation_diagonal_sideways);
  auto dest = parse_wxf(start, "H2+5");
  CHECK(refusal_of(dest).code == code::notation_bad_destination);
  CHECK(param(dest.failure(), "to_file") == "5");
  CHECK(parse_chinese(start, "前车进一").code() == code::notation_no_tandem);
  // Two red rooks on file 1 (i): both can go forward one with nothing named.
  auto pos = Position::from_fen("4k4/9/9/9/9/8R/9/9/8R/3K5 w");
  REQUIRE(pos);
  auto ambiguous = parse_wxf(*pos, "R1+1");
  CHECK(refusal_of(ambiguous).code == code::notation_ambiguous);
  CHECK(param(ambiguous.failure(), "count") == "2");
  CHECK(param(ambiguous.failure(), "hint") == "place");
  CHECK(param(ambiguous.failure(), "notation") == "wxf");
  CHECK(param(parse_chinese(*pos, "车一进一").failure(), "notation") == "chinese");
  auto middle = parse_chinese(*pos, "中车一进一");
  CHECK(refusal_of(middle).code == code::notation_place_picks_none);
  CHECK(param(middle.failure(), "count") == "2");
  CHECK(param(middle.failure(), "place") == "middle");
}

TEST_CASE("record refusals carry the move's number, text and inner refusal") {
  auto bad = parse_record("1. 炮二平五 马８进７ 2. 马二进四");
  const Error& e = refusal_of(bad);
  CHECK(e.code == code::record_bad_move);
  CHECK(param(e, "index") == "3");
  CHECK(param(e, "text") == "马二进四");
  REQUIRE(e.cause);
  CHECK(e.cause->code == code::horse_leg_blocked);
  CHECK(param(*e.cause, "square") == "g0");

  auto glued = parse_record("1.h2e2 2.zz99");
  CHECK(param(refusal_of(glued), "text") == "zz99");
  REQUIRE(glued.failure().cause);
  CHECK(glued.failure().cause->code == code::wxf_bad_operator);

  auto fen = parse_record("[FEN \"9/9 w\"]\n1. a0a1");
  CHECK(refusal_of(fen).code == code::record_bad_fen);
  REQUIRE(fen.failure().cause);
  CHECK(fen.failure().cause->code == code::fen_rank_count);

  auto after = parse_record("[FEN \"3k5/8R/9/9/9/9/9/9/R8/4K4 w\"]\n1. a1a9 d9e9");
  CHECK(refusal_of(after).code == code::record_move_after_end);
  CHECK(param(after.failure(), "index") == "2");
  CHECK(param(after.failure(), "reason") == "checkmate");

  CHECK(parse_record("[FEN \"rnbakabnr").code() == code::record_unterminated_tag);
  CHECK(parse_record("[Event]\n1. h2e2").code() == code::record_bad_tag);
  CHECK(parse_record("1. h2e2 {never closed").code() == code::record_unterminated_comment);
  CHECK(parse_record("1. h2e2 (1. b2e2").code() == code::record_unbalanced_variation);
  CHECK(parse_record("1. h2e2 )").code() == code::record_unbalanced_variation);
  CHECK(parse_notation_name("braille").code() == code::unknown_notation);
  CHECK(param(parse_notation_name("braille").failure(), "name") == "braille");
}

TEST_CASE("game refusals: a finished game, a square off the board, a ply out of range") {
  auto game = Game::from_fen("3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1");
  REQUIRE(game);
  CHECK(game->truncate(1).code() == code::ply_out_of_range);
  CHECK(param(game->truncate(1).failure(), "plies") == "0");
  CHECK(game->position_at(-1).code() == code::ply_out_of_range);
  CHECK(game->play(Move(95, 3)).code() == code::square_off_board);
  REQUIRE(game->play(*parse_iccs(std::string_view("a1a9"))));
  auto over = game->play(Move(make_square(3, 9), make_square(4, 9)));
  CHECK(refusal_of(over).code == code::game_over);
  CHECK(param(over.failure(), "reason") == "checkmate");
  CHECK(game->resign(kRed).code() == code::game_over);
  CHECK(game->agree_draw().code() == code::game_over);
}
