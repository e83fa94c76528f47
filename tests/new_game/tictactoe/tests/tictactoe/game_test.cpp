#include <doctest/doctest.h>

#include <string>

#include "engine/core/playable_game.h"
#include "engine/tictactoe/ai_levels.h"
#include "engine/tictactoe/game/game.h"

using namespace qipan;
using namespace qipan::tictactoe;

static_assert(PlayableGame<tictactoe::Game>);

namespace {
Game played(std::initializer_list<const char*> moves) {
  Game game;
  for (const char* m : moves) REQUIRE(game.play_text(m).ok());
  return game;
}
}  // namespace

TEST_CASE("tictactoe three in a row wins for the side that made it") {
  const Game game = played({"a1", "a2", "b1", "b2", "c1"});
  const PlayStatus status = game.play_status();
  CHECK(status.over);
  CHECK(status.winner == 0);
  CHECK(status.reason == "three_in_row");
  CHECK(status.steps == 5);
  Game more = game;
  CHECK(more.play_text("c3").code() == "game_over");
}

TEST_CASE("tictactoe a diagonal for O") {
  const Game game = played({"a2", "a1", "b1", "b2", "c2", "c3"});
  CHECK(game.play_status().winner == 1);
}

TEST_CASE("tictactoe a full board without a line is a draw") {
  const Game game = played({"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"});
  const PlayStatus status = game.play_status();
  CHECK(status.over);
  CHECK_FALSE(status.winner);
  CHECK(status.reason == "board_full");
}

TEST_CASE("tictactoe moves refused by code") {
  Game game = played({"b2"});
  CHECK(game.play_text("b2").code() == "tictactoe_square_taken");
  CHECK(game.play_text("z9").code() == "tictactoe_not_a_square");
  CHECK(game.play_text("").code() == "empty_move");
  CHECK(game.plies().size() == 1);
}

TEST_CASE("tictactoe every shared ending, its winner and its record round trip") {
  struct Case {
    Ending ending;
    const char* reason;
    std::optional<int> winner;
  };
  const Case cases[] = {
      {{EndingKind::kResignation, 0}, "resignation", 1},
      {{EndingKind::kAgreement, -1}, "agreement", std::nullopt},
      {{EndingKind::kAbandonment, 1}, "abandonment", 0},
      {{EndingKind::kTimeout, 0}, "timeout", 1},
      {{EndingKind::kTimeoutDraw, -1}, "timeout_draw", std::nullopt},
      {{EndingKind::kRecorded, 1}, "recorded", 1},
      {{EndingKind::kAborted, -1}, "aborted", std::nullopt},
  };
  for (const Case& c : cases) {
    CAPTURE(c.reason);
    Game game = played({"b2", "a1"});
    REQUIRE(game.restore(c.ending).ok());
    const PlayStatus status = game.play_status();
    CHECK(status.over);
    CHECK(status.reason == c.reason);
    CHECK(status.winner == c.winner);
    CHECK(game.play_text("c3").code() == "game_over");
    const auto back = Game::from_record(game.record());
    REQUIRE(back.ok());
    CHECK(back->record() == game.record());
    CHECK(back->play_status().reason == c.reason);
    CHECK(game.undo());
    CHECK_FALSE(game.over());
  }
}

TEST_CASE("tictactoe seats, resignation by seat and a bad seat") {
  Game game;
  CHECK(game.valid_seat(2).code() == "bad_argument");
  REQUIRE(game.resign(*game.valid_seat(1)).ok());
  CHECK(game.play_status().winner == 0);
  CHECK(game.resign(kX).code() == "game_over");
}

TEST_CASE("tictactoe records: round trip, refusals, undo, redo and truncate") {
  Game game = played({"b2", "a1", "c3"});
  CHECK(game.record() == "b2 a1 c3");
  CHECK(Game::from_record("b2 a1 c3")->position() == game.position());
  const auto bad = Game::from_record("b2 b2");
  CHECK(bad.code() == "tictactoe_record_bad_move");
  CHECK(*bad.failure().param("index") == "2");
  CHECK(bad.failure().root_cause().code == "tictactoe_square_taken");
  CHECK(Game::from_record("b2\nending: resignation z").code() == "tictactoe_record_bad_ending");
  CHECK(game.undo());
  CHECK(game.redo());
  CHECK(game.position_text() == "O---X---X o");
  CHECK(Game::position_text(*game.position_at(1)) == "----X---- o");
  CHECK(game.position_at(4).code() == "bad_argument");
  CHECK(game.truncate(1));
  CHECK(game.record() == "b2");
  CHECK_FALSE(game.truncate(5));
}

TEST_CASE("tictactoe AI: level 8 never loses and takes a win in one") {
  // X threatens c1: O to move must block; then X to move with two in a row wins.
  const auto block = parse_position("XX--O---- o");
  REQUIRE(block.ok());
  CHECK(choose_move(*block, level_spec(8), 1).square == 2);
  const auto win = parse_position("XX-OO---- x");
  REQUIRE(win.ok());
  for (int level = 2; level <= 8; ++level) CHECK(choose_move(*win, level_spec(level), 7).square == 2);
  // Perfect play from the start is a draw.
  Game game;
  std::uint64_t seed = 3;
  while (!game.over()) REQUIRE(game.play(choose_move(game.position(), level_spec(8), seed++).square).ok());
  CHECK(game.play_status().reason == "board_full");
}

TEST_CASE("tictactoe AI: the same seed plays the same move, level 1 any legal one") {
  const Position start;
  CHECK(choose_move(start, level_spec(5), 11).square == choose_move(start, level_spec(5), 11).square);
  const auto full = parse_position("XOXXOOOXX o");
  CHECK(choose_move(*full, level_spec(1), 1).square == -1);
}
