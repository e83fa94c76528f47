// The face every game shares (engine/core/playable_game.h): each Game is a
// PlayableGame at compile time, and one generic walk through the face
// behaves alike on all three (a ply's text plays back, positions by ply,
// seats checked, a resignation).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/checkers/game/game.h"
#include "engine/core/playable_game.h"
#include "engine/reversi/game/game.h"
#include "engine/xiangqi/game/game.h"

using namespace qipan;

static_assert(PlayableGame<xiangqi::Game>);
static_assert(PlayableGame<reversi::Game>);
static_assert(PlayableGame<checkers::Game>);

namespace {

// Plays `texts`, then replays the game's own move texts on a fresh game and
// checks the same positions come out, ply by ply.
template <PlayableGame G>
void check_face(const std::vector<std::string>& texts) {
  G game;
  for (const std::string& text : texts) REQUIRE_MESSAGE(game.play_text(text), text);
  const int plies = int(game.plies().size());
  CHECK(game.play_status().steps == plies);
  CHECK_FALSE(game.play_status().over);
  CHECK(game.position_text() == G::position_text(game.position()));

  G replay;
  for (int i = 0; i < plies; ++i) {
    if (int(replay.plies().size()) > i) continue;  // a forced pass the game recorded itself
    CHECK(G::position_text(*game.position_at(i)) == replay.position_text());
    CHECK(int(game.plies()[std::size_t(i)].mover) == replay.play_status().to_move);
    REQUIRE(replay.play_text(game.move_text(i)));
  }
  CHECK(replay.position_text() == game.position_text());
  CHECK(G::position_text(*game.position_at(plies)) == game.position_text());
  CHECK_FALSE(game.position_at(plies + 1));
  CHECK_FALSE(game.position_at(-1));

  CHECK(game.valid_seat(game.seats() - 1));
  CHECK(game.valid_seat(game.seats()).failure().code == code::bad_argument);
  CHECK(game.valid_seat(-1).failure().code == code::bad_argument);
  CHECK(code::is_listed(game.parse_move("").failure().code, G::move_text_codes));
}

}  // namespace

TEST_CASE("every game walks through the same face") {
  check_face<xiangqi::Game>({"h2e2", "h9g7", "H2+3"});
  check_face<reversi::Game>({"f5", "d6", "C3"});
  check_face<checkers::Game>({"d1-e5"});
}

TEST_CASE("a seat that resigns: the game ends, or in Chinese checkers the AI takes it over") {
  xiangqi::Game xiangqi;
  REQUIRE(xiangqi.resign(*xiangqi.valid_seat(0)));
  CHECK(xiangqi.play_status().over);
  CHECK(xiangqi.play_status().winner == 1);
  CHECK(xiangqi.play_status().reason == "resignation");

  checkers::Game checkers;
  CHECK(checkers.capabilities().resign == SeatLoss::kTakeover);
  CHECK(checkers.capabilities().flag == SeatLoss::kEnds);
  REQUIRE(checkers.resign(*checkers.valid_seat(1)));
  CHECK_FALSE(checkers.over());
  CHECK(checkers.is_taken_over(1));
  CHECK(checkers.abandon(1).failure().code == checkers::code::checkers_seat_taken_over);
  CHECK(checkers::Game::about_no_seat({EndingKind::kAbandonment, -1}));
  CHECK_FALSE(xiangqi::Game::about_no_seat({EndingKind::kAbandonment, -1}));
}
