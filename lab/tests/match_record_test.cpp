// The xiangqi match record (lab/xiangqi_match_record.h): what an engine said
// of each move is written as a comment and read back, a record's comments
// give each side's time and depth, and its endings the games each side lost
// by the repetition rules (lab/xiangqi_rule_losses.h).
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "lab/xiangqi_match_record.h"
#include "lab/xiangqi_rule_losses.h"

using namespace qipan::lab;

TEST_CASE("a move comment is written as cutechess does and reads back") {
  const MoveNote notes[] = {
      {ReportedScore{false, 37}, 18, 1990}, {ReportedScore{false, -1254}, 9, 2010}, {ReportedScore{false, 0}, 21, 2000},
      {ReportedScore{true, 3}, 42, 30},     {ReportedScore{true, -1}, 2, 0},        {std::nullopt, 0, 120},
  };
  const char* texts[] = {"+0.37/18 1.99s", "-12.54/9 2.01s", "+0.00/21 2.00s",
                         "+M3/42 0.03s",   "-M1/2 0.00s",    "?/0 0.12s"};
  for (int i = 0; i < 6; ++i) {
    CHECK(move_comment(notes[i]) == texts[i]);
    const auto back = read_move_comment(texts[i]);
    REQUIRE(back);
    CHECK(back->depth == notes[i].depth);
    CHECK(back->ms == notes[i].ms);
    CHECK(back->score.has_value() == notes[i].score.has_value());
    if (back->score) {
      CHECK(back->score->mate == notes[i].score->mate);
      CHECK(back->score->value == notes[i].score->value);
    }
  }
  for (const char* bad : {"", "book", "+0.37/18", "+0.37 1.99s", "+0.37/x 1.99s", "+Mx/4 1.00s", "+0.37/18 abcs"})
    CHECK_FALSE(read_move_comment(bad));
}

TEST_CASE("a match record's comments give each side's moves, time and depth") {
  MatchGameRecord game{7, false, 1, "adjudicated_win", "chinese", {"h2e2", "h9g7", "h0g2", "i9h9", "g3g4"}, {}};
  // Two book plies without comments, then B (red here) and A (black) alternate.
  game.comments = {"", "", "+0.20/10 1.00s", "-0.10/12 2.00s", "+0.30/14 3.00s"};
  const std::string path = "match_record_test.pgn";
  std::ofstream(path) << match_game_pgn(game);
  const MatchRecords read = read_match_records(path);
  std::remove(path.c_str());
  REQUIRE(read.error.empty());
  REQUIRE(read.games.size() == 1);
  CHECK(read.games[0].rules == "chinese");
  CHECK(read.games[0].reason == "adjudicated_win");
  CHECK(read.games[0].moves == game.moves);
  CHECK(read.games[0].comments == game.comments);
  SideFigures figures[2];
  add_recorded_figures(read.games[0], figures);
  CHECK(figures[0].moves == 1);  // A, black: i9h9
  CHECK(figures[0].ms == 2000);
  CHECK(figures[0].depth == 12);
  CHECK(figures[1].moves == 2);  // B, red: h0g2 and g3g4
  CHECK(figures[1].ms == 4000);
  CHECK(figures[1].depth_per_move() == 12.0);
}

TEST_CASE("losses by the repetition rules are counted for the side that lost, by rule") {
  RuleLosses losses;
  losses.add("perpetual_chase", -1);      // A lost
  losses.add("perpetual_chase", 1);       // B lost
  losses.add("perpetual_check", 1);       // B lost
  losses.add("one_check_one_chase", -1);  // A lost
  losses.add("repetition", 0);            // a draw counts nothing
  losses.add("checkmate", -1);            // nor another ending
  losses.add("perpetual_chase", 0);       // nor a drawn result, whatever the ending says
  CHECK(losses.count(0, "perpetual_chase") == 1);
  CHECK(losses.count(0, "one_check_one_chase") == 1);
  CHECK(losses.count(0, "perpetual_check") == 0);
  CHECK(losses.count(1, "perpetual_chase") == 1);
  CHECK(losses.count(1, "perpetual_check") == 1);
  CHECK(losses.total(0) == 2);
  CHECK(losses.total(1) == 2);
  CHECK(losses.line() ==
        "lost by the repetition rules: A perpetual_check 0, perpetual_chase 1, one_check_one_chase 1; "
        "B perpetual_check 1, perpetual_chase 1, one_check_one_chase 0");
}
