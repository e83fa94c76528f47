// The Reversi game layer: forced passes recorded by the rules, undo/redo by
// whole moves, results with empties to the winner, records in and out.
#include <doctest/doctest.h>

#include "engine/core/random.h"
#include "engine/reversi/codes.h"
#include "engine/reversi/game/game.h"
#include "engine/reversi/game/notation.h"

using namespace qipan;
using namespace qipan::reversi;

namespace {

Square sq(const char* name) { return *parse_square(name); }

}  // namespace

TEST_CASE("illegal moves are refused with a reason and change nothing") {
  Game game;
  CHECK(game.illegal_reason(sq("d4"))->code == reversi::code::square_taken);
  CHECK(*game.illegal_reason(sq("d4"))->param("square") == "d4");
  CHECK(game.illegal_reason(sq("a1"))->code == reversi::code::flips_nothing);
  CHECK(game.illegal_reason(sq("a1"))->message.find("flip") != std::string::npos);
  CHECK(game.illegal_reason(-5)->code == reversi::code::square_out_of_range);
  CHECK(*game.illegal_reason(65)->param("index") == "65");
  CHECK(game.illegal_reason(kPass)->code == reversi::code::pass_not_allowed);
  CHECK(*game.illegal_reason(kPass)->param("side") == "black");
  CHECK(game.play(sq("a1")).code() == reversi::code::flips_nothing);
  CHECK_FALSE(game.play(sq("a1")));
  CHECK(game.plies().empty());
  CHECK(game.play(sq("f5")));
  CHECK(game.position().side_to_move() == kWhite);
}

TEST_CASE("forced passes are recorded by the rules, and undo takes back whole moves") {
  // Random games to the end: whenever a side cannot move while the game goes
  // on, the game itself records the pass, so players only ever see real moves.
  SplitMix64 rng(5);
  int passes = 0;
  for (int g = 0; g < 300; ++g) {
    Game game;
    while (!game.status().over) {
      MoveList list;
      game.position().generate_moves(list);
      REQUIRE(game.play(list[rng.below(std::uint32_t(list.size()))]));
      if (game.plies().back().square == kPass) {
        ++passes;
        const Ply pass = game.plies().back();
        CHECK(pass.mover != game.position().side_to_move());
        const std::size_t before = game.plies().size();
        REQUIRE(game.undo());  // the move and its pass go together
        CHECK(game.plies().size() == before - 2);
        REQUIRE(game.redo());
        CHECK(game.plies().size() == before);
      }
    }
  }
  CHECK(passes > 10);
}

TEST_CASE("random games: undo/redo and records round-trip, status matches the final board") {
  SplitMix64 rng(99);
  for (int g = 0; g < 30; ++g) {
    Game game;
    int moves = 0;
    while (!game.status().over) {
      MoveList list;
      game.position().generate_moves(list);
      REQUIRE(!list.empty());
      REQUIRE(list[0] != kPass);  // passes are never left to the players
      REQUIRE(game.play(list[rng.below(std::uint32_t(list.size()))]));
      ++moves;
    }
    const GameStatus status = game.status();
    CHECK(status.black_discs + status.white_discs <= 64);
    CHECK((status.black_score > 0) == (status.winner == std::optional<Color>(kBlack)));
    auto copy = Game::from_record(game.record());
    REQUIRE(copy);
    CHECK(copy->position() == game.position());
    CHECK(copy->plies().size() == game.plies().size());
    const Position end = game.position();
    int undone = 0;
    while (game.undo()) ++undone;
    CHECK(undone == moves);
    CHECK(game.position() == Position::start());
    while (game.redo()) {
    }
    CHECK(game.position() == end);
  }
}

TEST_CASE("records from a set-up board carry the board line") {
  auto game = Game::from_board("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
  REQUIRE(game);
  REQUIRE(game->play(sq("a2")));
  const std::string record = game->record();
  CHECK(record.rfind("O--OOOOX", 0) == 0);
  auto back = Game::from_record(record);
  REQUIRE(back);
  CHECK(back->position() == game->position());
  CHECK_FALSE(Game::from_record("f5d6c3zz"));
  CHECK_FALSE(Game::from_record("XXXX X\nf5"));
}
