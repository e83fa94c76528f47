// PGN as xqbase, dpxq and the WXF databases write it, with real published
// games (tests/xiangqi/fixtures, compiled in by cmake/EmbedTexts.cmake): each
// imports to the final position another implementation reports, keeps its
// result, and survives export and re-import in every notation.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/pgn.h"
#include "engine/xiangqi/game/record.h"

using namespace qipan;
using namespace qipan::xiangqi;

namespace {

struct Fixture {
  std::string_view name;
  std::string_view text;
};

constexpr Fixture kFixtures[] = {
#include "xiangqi_fixtures.inc"
};

std::string_view fixture(std::string_view name) {
  for (const Fixture& f : kFixtures)
    if (f.name == name) return f.text;
  FAIL("no fixture " << name);
  return {};
}

// Board and side to move: the clocks are counted differently by other tools.
std::string board_and_side(const Position& pos) {
  const std::string fen = pos.fen();
  return fen.substr(0, fen.find(' ') + 2);
}

std::string tag(const PgnTags& tags, std::string_view name) {
  const std::string* v = tags.find(name);
  return v ? *v : "<none>";
}

PgnGame imported(std::string_view text) {
  auto pgn = parse_pgn(text);
  REQUIRE_MESSAGE(pgn, (pgn ? "" : pgn.error()));
  return std::move(*pgn);
}

void check_round_trip(const PgnGame& original) {
  for (Notation n : {Notation::kChinese, Notation::kWxf, Notation::kIccs}) {
    const std::string text = format_pgn(original.game, n, original.tags);
    CAPTURE(text);
    const PgnGame back = imported(text);
    CHECK(back.game.moves() == original.game.moves());
    CHECK(back.game.position().fen() == original.game.position().fen());
    CHECK(back.game.start_position().fen() == original.game.start_position().fen());
    CHECK(back.game.status().reason == original.game.status().reason);
    CHECK(back.game.status().outcome == original.game.status().outcome);
    for (const PgnTag& t : original.tags.tags) {
      if (t.name == "Format") continue;  // export names its own notation
      if (t.name == "FEN") continue;     // written normalised (side w, not r); compared above
      CHECK_MESSAGE(tag(back.tags, t.name) == t.value, t.name);
    }
    CHECK(tag(back.tags, "Format") == (n == Notation::kChinese ? "Chinese" : n == Notation::kWxf ? "WXF" : "ICCS"));
    // Exporting again gives the same text: nothing drifts.
    CHECK(format_pgn(back.game, n, back.tags) == text);
  }
}

}  // namespace

TEST_CASE("the three published fixtures are embedded") {
  CHECK(std::size(kFixtures) == 3);
  for (const Fixture& f : kFixtures)
    CHECK_MESSAGE(f.text.find("[Game \"Chinese Chess\"]") != std::string_view::npos, f.name);
}

TEST_CASE("Xu Yinchuan - Nie Weiping 1999: Chinese moves, a handicap FEN, comments, a variation, a result") {
  const PgnGame pgn = imported(fixture("xu_yinchuan_nie_weiping_1999.pgn"));
  CHECK(tag(pgn.tags, "Red") == "许银川");
  CHECK(tag(pgn.tags, "Black") == "聂卫平");
  CHECK(tag(pgn.tags, "Date") == "1999.12.09");
  CHECK(tag(pgn.tags, "Site") == "广州");
  CHECK(pgn.game.start_position().fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
  CHECK(pgn.game.ply() == 75);  // 38 moves by red, 37 by black
  CHECK(board_and_side(pgn.game.position()) == "2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b");
  // 1-0 on a position the rules do not end, and no Termination: the
  // record's result, whose cause the record does not give.
  CHECK(pgn.game.status().reason == Reason::kRecorded);
  CHECK(pgn.game.status().winner() == kRed);
  CHECK(to_iccs(pgn.game.moves().front()) == "b2e2");
  check_round_trip(pgn);
}

TEST_CASE("Lv Qin - Xu Yinchuan 2004: ICCS with the full xqbase tag set") {
  const PgnGame pgn = imported(fixture("lv_qin_xu_yinchuan_2004.pgn"));
  CHECK(tag(pgn.tags, "Round") == "决赛(加赛)");
  CHECK(tag(pgn.tags, "ECCO") == "B24");
  CHECK(tag(pgn.tags, "Opening") == "中炮过河炮对左三步虎");
  CHECK(tag(pgn.tags, "Event") == "第24届“五羊杯”全国冠军邀请赛");
  CHECK(pgn.game.ply() == 143);
  CHECK(board_and_side(pgn.game.position()) == "2bak4/4a4/4b4/9/P8/4R4/3rp4/3NB4/4A4/4KAB2 b");
  CHECK(pgn.game.status().reason == Reason::kRecorded);
  CHECK(pgn.game.status().winner() == kRed);
  check_round_trip(pgn);
}

TEST_CASE("Liu Dahua - Yang Guanlin 1982: ICCS, a draw in a repeated position") {
  const PgnGame pgn = imported(fixture("liu_dahua_yang_guanlin_1982.pgn"));
  CHECK(pgn.game.ply() == 125);
  CHECK(board_and_side(pgn.game.position()) == "3akc3/9/4ba3/r7p/P1bC5/9/8P/3AB1N2/4K1nR1/2B6 b");
  CHECK(pgn.game.status().outcome == Outcome::kDraw);
  check_round_trip(pgn);
}

TEST_CASE("PGN movetext: numbers, comments, nested variations, NAGs, marks, dashes and case") {
  const char* text =
      "[Game \"Chinese Chess\"]\n"
      "[Event \"A \\\"quoted\\\" name\"]\n"
      "{before the moves} 1. H2-E2 {central cannon} h9-g7 $1\n"
      "2. h0g2! (2. b0c2 (2... i9h9 {deep}) b9c7) 2... i9h9?! 3.i0h0 b9c7\n"
      "*\n"
      "[Event \"a second game, not read\"]\n1. h2e2";
  const PgnGame pgn = imported(text);
  CHECK(tag(pgn.tags, "Event") == "A \"quoted\" name");
  // A database file without result tokens: the next game's tags end the first.
  const PgnGame first = imported("[Event \"one\"]\n\n1. 炮二平五马８进７\n\n[Event \"two\"]\n\n1. 兵七进一 卒７进１\n");
  CHECK(first.game.ply() == 2);
  CHECK(tag(first.tags, "Event") == "one");
  CHECK(pgn.game.ply() == 6);
  CHECK(to_iccs(pgn.game.moves().back()) == "b9c7");
  CHECK_FALSE(pgn.game.over());
  // WXF with tandem soldiers and check marks, full-width separators in Chinese.
  const PgnGame wxf = imported("[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2+ H2+3");
  CHECK(wxf.game.ply() == 6);
  const PgnGame chinese = imported("1.\xE3\x80\x80炮二平五\xE3\x80\x80马８进７\n2. 马二进三 车９平８");
  CHECK(chinese.game.ply() == 4);
}

TEST_CASE("PGN results: the tag and the token, and refusals when they disagree") {
  auto both = parse_pgn("[Result \"0-1\"]\n1. h2e2 h9g7 0-1");
  REQUIRE(both);
  CHECK(both->game.status().reason == Reason::kRecorded);
  CHECK(both->game.status().winner() == kBlack);
  auto tag_only = parse_pgn("[Result \"1/2-1/2\"]\n1. h2e2 h9g7");
  REQUIRE(tag_only);
  CHECK(tag_only->game.status().reason == Reason::kRecorded);
  CHECK(tag_only->game.status().outcome == Outcome::kDraw);
  auto differ = parse_pgn("[Result \"1-0\"]\n1. h2e2 h9g7 0-1");
  REQUIRE_FALSE(differ);
  CHECK(differ.code() == "record_results_differ");
  CHECK(*differ.failure().param("header") == "1-0");
  CHECK(*differ.failure().param("token") == "0-1");
  auto bad = parse_pgn("[Result \"红胜\"]\n1. h2e2");
  REQUIRE_FALSE(bad);
  CHECK(bad.code() == "record_bad_result");
}

TEST_CASE("PGN export: tags in order, defaults, FEN only when needed, the result token") {
  Game game;
  REQUIRE(game.play(*parse_iccs_move(game.position(), "h2e2")));
  PgnTags tags;
  tags.set("Black", "电脑 5");
  tags.set("Red", "玩家");
  tags.set("Date", "2024.05.01");
  tags.set("Annotator", "nobody");
  const std::string text = format_pgn(game, Notation::kChinese, tags);
  CHECK(text ==
        "[Game \"Chinese Chess\"]\n[Event \"?\"]\n[Date \"2024.05.01\"]\n[Red \"玩家\"]\n[Black \"电脑 5\"]\n"
        "[Result \"*\"]\n[Rules \"asian\"]\n[Format \"Chinese\"]\n[Annotator \"nobody\"]\n\n1. 炮二平五\n*\n");
  REQUIRE(game.resign(kBlack));
  const std::string over = format_pgn(game, Notation::kIccs);
  CHECK(over.find("[Result \"1-0\"]") != std::string::npos);
  CHECK(over.find("[FEN") == std::string::npos);
  CHECK(over.ends_with("\n\n1. h2e2\n1-0\n"));
  auto set_up = Game::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 b - - 0 7");
  REQUIRE(set_up);
  const std::string fen_text = format_pgn(*set_up, Notation::kWxf);
  CHECK(fen_text.find("[FEN \"4k4/9/9/9/9/9/9/9/R8/3K5 b - - 0 7\"]") != std::string::npos);
}

namespace {

// From the start: red's rook comes to d4 and chases black's cannon between
// b4 and b5 (d4-d5, d5-d4) until the position after 5. d1d4 stands for the
// third time. The cannon is protected by nothing, so under the Asian and
// Chinese rules red loses by perpetual chase; under the simple rules it is a
// draw by repetition. (`qipan rule xiangqi startpos ...` rules the same.)
constexpr const char* kRookChase =
    "1. i0i1 h9g7 2. i1d1 b7b4 3. d1d4 b4b5 4. d4d5 b5b4 5. d5d4 b4b5 6. d4d5 b5b4 7. d5d4";

Game played(std::string_view moves, RuleSet rules) {
  RuleOptions options;
  options.rules = rules;
  auto game = parse_record(moves, options);
  REQUIRE_MESSAGE(game, (game ? "" : game.error()));
  return std::move(*game);
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("PGN records a perpetual chase: [Rules], [Termination], the ruling on the last move") {
  const Game game = played(kRookChase, RuleSet::kAsian);
  REQUIRE(game.status().reason == Reason::kPerpetualChase);
  const std::string text = format_pgn(game, Notation::kIccs);
  CAPTURE(text);
  CHECK(has(text, "[Result \"0-1\"]\n[Termination \"perpetual chase\"]\n[Rules \"asian\"]\n"));
  CHECK(text.ends_with(
      "7. d5d4 {Red loses: perpetual chase of the black cannon on b4 by the red rook on d4 (Asian rules; WXF rules, "
      "general rule 3)}\n0-1\n"));
  // Read back, the game is ruled again, the same way, and the file does not drift.
  const PgnGame back = imported(text);
  CHECK(back.game.options().rules == RuleSet::kAsian);
  REQUIRE(back.game.ruling());
  CHECK(back.game.status().reason == Reason::kPerpetualChase);
  CHECK(back.game.ruling()->loser == kRed);
  CHECK(back.game.ruling()->chases == game.ruling()->chases);
  CHECK(format_pgn(back.game, Notation::kIccs, back.tags) == text);
  check_round_trip(back);
  // The Chinese book rules it alike, and says so.
  const std::string chinese = format_pgn(played(kRookChase, RuleSet::kChinese), Notation::kChinese);
  CHECK(has(chinese, "[Rules \"chinese\"]"));
  CHECK(has(chinese, "(Chinese rules (CXA), perpetual chase (长捉))}\n0-1\n"));
  check_round_trip(imported(chinese));
}

TEST_CASE("PGN under the simple rules: the same chase is a draw by repetition, and reads back as one") {
  const Game game = played(kRookChase, RuleSet::kSimple);
  REQUIRE(game.status().reason == Reason::kRepetition);
  const std::string text = format_pgn(game, Notation::kWxf);
  CAPTURE(text);
  CHECK(has(text, "[Result \"1/2-1/2\"]\n[Termination \"repetition\"]\n[Rules \"simple\"]\n"));
  CHECK(has(text, " {Draw by repetition (simple rules)}\n1/2-1/2\n"));
  const PgnGame back = imported(text);
  CHECK(back.game.options().rules == RuleSet::kSimple);
  CHECK(back.game.status().reason == Reason::kRepetition);
  check_round_trip(back);
}

TEST_CASE("PGN [Rules]: read in any case; a value that names no rule set is refused") {
  const PgnGame simple = imported(std::string("[Rules \"Simple\"]\n") + kRookChase);
  CHECK(simple.game.options().rules == RuleSet::kSimple);
  CHECK(simple.game.status().outcome == Outcome::kDraw);
  // The tag outranks the rules the caller reads with.
  RuleOptions chinese;
  chinese.rules = RuleSet::kChinese;
  auto tagged = parse_pgn(std::string("[Rules \"asian\"]\n1. h2e2"), chinese);
  REQUIRE(tagged);
  CHECK(tagged->game.options().rules == RuleSet::kAsian);
  auto bad = parse_pgn("[Rules \"AXF\"]\n1. h2e2");
  REQUIRE_FALSE(bad);
  CHECK(bad.code() == "bad_argument");
  CHECK(*bad.failure().param("name") == "[Rules]");
  CHECK(*bad.failure().param("expected") == "asian, chinese or simple");
}

TEST_CASE("PGN without [Rules]: the caller's rules, unless only the simple rules explain the result") {
  // A published game: the Asian rules by default, the caller's when given.
  CHECK(imported(std::string(kRookChase) + " 0-1").game.options().rules == RuleSet::kAsian);
  RuleOptions chinese;
  chinese.rules = RuleSet::kChinese;
  auto as_chinese = parse_pgn("1. h2e2", chinese);
  REQUIRE(as_chinese);
  CHECK(as_chinese->game.options().rules == RuleSet::kChinese);
  // A Qipan record from before rule sets: the chase was drawn by repetition.
  // The Asian rules contradict that result, the simple rules it was played
  // under explain it: it reads as simple, its result kept.
  const PgnGame old = imported(std::string("[Result \"1/2-1/2\"]\n") + kRookChase + " 1/2-1/2");
  CHECK(old.game.options().rules == RuleSet::kSimple);
  CHECK(old.game.status().reason == Reason::kRepetition);
  // A result no rule set explains is still refused, with the default rules' reason.
  auto wrong = parse_pgn(std::string(kRookChase) + " 1-0");
  REQUIRE_FALSE(wrong);
  CHECK(wrong.code() == "record_result_conflict");
  CHECK(*wrong.failure().param("reason") == "perpetual_chase");
  // A tagged record is never read under other rules than its own.
  auto tagged = parse_pgn(std::string("[Rules \"asian\"]\n") + kRookChase + " 1/2-1/2");
  REQUIRE_FALSE(tagged);
  CHECK(tagged.code() == "record_result_conflict");
}

TEST_CASE("the short record names the rules when they are not the Asian default, and the ruling") {
  const std::string asian = format_record(played(kRookChase, RuleSet::kAsian), Notation::kIccs);
  CHECK(asian.starts_with("[Termination \"perpetual chase\"]\n1. i0i1"));
  const std::string simple = format_record(played(kRookChase, RuleSet::kSimple), Notation::kIccs);
  CHECK(simple.starts_with("[Rules \"simple\"]\n[Termination \"repetition\"]\n1. i0i1"));
  for (const std::string& text : {asian, simple}) {
    CAPTURE(text);
    RuleOptions chinese;
    chinese.rules = RuleSet::kChinese;
    auto back = parse_record(text, text == simple ? chinese : RuleOptions{});
    REQUIRE(back);
    CHECK(back->status().reason == (text == simple ? Reason::kRepetition : Reason::kPerpetualChase));
    CHECK(format_record(*back, Notation::kIccs) == text);
  }
}
