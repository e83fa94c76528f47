// Endings beyond the board in Chinese checkers: a two-player game ends by
// agreement or on time like the other games, a game of any seat count
// aborted; a seat that resigns, abandons, or runs out of time with more seats
// in play is taken over by the AI.
// Records carry both, and undo takes them back.
#include <doctest/doctest.h>

#include "engine/checkers/codes.h"
#include "engine/checkers/game/game.h"
#include "engine/checkers/movegen.h"

using namespace qipan;
using namespace qipan::checkers;

namespace {

// The first few legal moves of each seat in turn.
Game opened(int players, int plies) {
  RuleOptions rules;
  rules.players = players;
  Game game(rules, 0);
  for (int i = 0; i < plies; ++i) {
    const MoveList moves = game.legal_moves();
    REQUIRE(moves.size() > 0);
    REQUIRE(game.play(moves[0]));
  }
  return game;
}

}  // namespace

TEST_CASE("checkers: two players end by agreement or on time, and undo takes it back") {
  Game drawn = opened(2, 4);
  auto agreed = drawn.agree_draw();
  REQUIRE(agreed);
  CHECK(agreed->over);
  CHECK(end_reason_name(agreed->reason) == "agreement");
  CHECK(agreed->kind == ResultKind::draw);
  CHECK_FALSE(agreed->winner);
  CHECK(agreed->places == std::vector<int>{1, 1});
  CHECK(drawn.play(Move::pass()).code() == checkers::code::game_over);
  REQUIRE(drawn.undo());
  CHECK_FALSE(drawn.over());
  CHECK(drawn.plies().size() == 4);

  Game flagged = opened(2, 3);
  auto lost = flagged.flag(1);
  REQUIRE(lost);
  CHECK(end_reason_name(lost->reason) == "timeout");
  CHECK(lost->winner == Player(0));
  CHECK(lost->places == std::vector<int>{1, 2});
  CHECK(lost->description == "player 2 lost on time");
  CHECK(flagged.flag(0).code() == checkers::code::game_over);
}

TEST_CASE("checkers: with more seats there is no agreement, and a flag hands the seat to the AI") {
  Game game = opened(3, 3);
  CHECK(game.agree_draw().code() == checkers::code::checkers_two_players_only);
  auto flagged = game.flag(1);
  REQUIRE(flagged);
  CHECK_FALSE(flagged->over);
  CHECK(game.is_taken_over(1));
  CHECK(game.flag(1).code() == checkers::code::checkers_seat_taken_over);
  CHECK(game.take_over(7).code() == checkers::code::checkers_no_such_seat);
  // The game goes on: the taken-over seat's moves are played like any other.
  for (int i = 0; i < 3; ++i) REQUIRE(game.play(game.legal_moves()[0]));
  CHECK(game.is_taken_over(1));
}

TEST_CASE("checkers: takeovers and endings travel in the record") {
  Game game = opened(3, 4);
  REQUIRE(game.take_over(2));
  REQUIRE(game.play(game.legal_moves()[0]));
  REQUIRE(game.take_over(0));
  const std::string record = game.record();
  CAPTURE(record);
  CHECK(record.find("\ntakeover: p3@4 p1@5\n") != std::string::npos);
  auto back = Game::from_record(record);
  REQUIRE_MESSAGE(back, (back ? "" : back.error()));
  CHECK(back->record() == record);
  CHECK(back->is_taken_over(2));
  CHECK(back->is_taken_over(0));
  CHECK_FALSE(back->is_taken_over(1));
  // Undo past a takeover brings the seat back.
  REQUIRE(back->undo());
  CHECK_FALSE(back->is_taken_over(0));
  CHECK(back->is_taken_over(2));

  Game two = opened(2, 2);
  REQUIRE(two.flag(0));
  const std::string lost = two.record();
  CHECK(lost.find("\nending: timeout p1\n") != std::string::npos);
  auto again = Game::from_record(lost);
  REQUIRE(again);
  CHECK(again->ending() == two.ending());
  CHECK(again->status().winner == Player(1));

  for (const char* bad :
       {"1. d1-e1\nending: timeout p9", "ending: agreement p1", "takeover: p1@x", "takeover: p2@40"}) {
    auto refused = Game::from_record(bad);
    CAPTURE(bad);
    REQUIRE_FALSE(refused);
    CHECK(refused.code() == checkers::code::checkers_record_ending);
  }
}

TEST_CASE("checkers: a game every player left to the AI ends abandoned, in any seat count") {
  Game game = opened(3, 6);
  for (Player p = 0; p < 3; ++p) REQUIRE(game.take_over(p));
  auto left = game.restore({EndingKind::kAbandonment, -1});
  REQUIRE(left);
  CHECK(left->over);
  CHECK(end_reason_name(left->reason) == "abandonment");
  CHECK(left->kind == ResultKind::draw);
  CHECK_FALSE(left->winner);
  CHECK(left->places == std::vector<int>{1, 1, 1});
  CHECK(left->description == "abandoned: no player left");
  // One seat's abandonment is still two players' only.
  Game other = opened(3, 2);
  CHECK(other.restore({EndingKind::kAbandonment, 1}).code() == checkers::code::checkers_two_players_only);

  const std::string record = game.record();
  CAPTURE(record);
  CHECK(record.find("\nending: abandonment\n") != std::string::npos);
  auto back = Game::from_record(record);
  REQUIRE_MESSAGE(back, (back ? "" : back.error()));
  CHECK(back->ending() == game.ending());
  CHECK(back->status().places == left->places);
  CHECK(back->record() == record);
  REQUIRE(back->undo());
  CHECK_FALSE(back->over());
}

TEST_CASE("checkers: an aborted game, in any seat count, is over with no winner and no new place") {
  for (const int players : {2, 3, 6}) {
    for (const int plies : {0, 1}) {
      CAPTURE(players);
      CAPTURE(plies);
      Game game = opened(players, plies);
      if (plies == 0) CHECK_FALSE(game.can_undo());
      auto aborted = game.restore({EndingKind::kAborted, 1});  // the seat is dropped
      REQUIRE(aborted);
      CHECK(aborted->over);
      CHECK(aborted->reason == EndReason::aborted);
      CHECK(end_reason_name(aborted->reason) == "aborted");
      CHECK(aborted->kind == ResultKind::draw);
      CHECK_FALSE(aborted->winner);
      CHECK(aborted->places == std::vector<int>(std::size_t(players), 0));
      CHECK(aborted->description == "game aborted");
      CHECK(game.ending() == Ending{EndingKind::kAborted, -1});
      CHECK(game.play(Move::pass()).code() == checkers::code::game_over);
      CHECK(game.agree_draw().code() == checkers::code::game_over);

      const std::string record = game.record();
      CAPTURE(record);
      CHECK(record.ends_with("\nending: aborted\n"));
      auto back = Game::from_record(record);
      REQUIRE_MESSAGE(back, (back ? "" : back.error()));
      CHECK(back->ending() == game.ending());
      CHECK(back->status().reason == EndReason::aborted);
      CHECK(back->status().places == aborted->places);
      CHECK(back->record() == record);

      // Undo takes it back, even before any move.
      CHECK(game.can_undo());
      REQUIRE(game.undo());
      CHECK_FALSE(game.over());
      CHECK(game.plies().size() == std::size_t(plies));
      CHECK(game.can_undo() == (plies > 0));
    }
  }
  CHECK(Game::from_record("ending: aborted p1").code() == checkers::code::checkers_record_ending);

  // A place already won stands; the other seats get none.
  Position pos(3, 0);
  const std::initializer_list<int> seats[] = {{0, 1, 2, 3, 4, 5, 7, 8, 9, 15},
                                              {73, 84, 85, 95, 96, 97, 107, 108, 109, 110},
                                              {19, 20, 21, 22, 32, 33, 34, 44, 45, 55}};
  for (Player p = 0; p < 3; ++p)
    for (int c : seats[p]) pos.put(c, p);
  RuleOptions rules;
  rules.multiplayer_end = MultiplayerEnd::play_on;
  auto on = Game::from_position(pos, rules);
  REQUIRE(on);
  REQUIRE(on->play_text("15-6"));  // seat 0 finishes first; the others play on
  REQUIRE_FALSE(on->over());
  auto aborted = on->restore({EndingKind::kAborted, -1});
  REQUIRE(aborted);
  CHECK(aborted->kind == ResultKind::places);
  CHECK_FALSE(aborted->winner);
  CHECK(aborted->places == std::vector<int>{1, 0, 0});
  CHECK(aborted->finish_order == std::vector<Player>{0});
}
