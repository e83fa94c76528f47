// Results the players decide (resignation, draw by agreement) live in the
// game and its record; position_at and truncate ("continue from here").
#include <doctest/doctest.h>

#include "engine/core/random.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/game/record.h"

using namespace qipan;
using namespace qipan::xiangqi;

namespace {

Game played(std::initializer_list<const char*> moves) {
  Game game;
  for (const char* text : moves) {
    auto m = parse_iccs_move(game.position(), text);
    REQUIRE_MESSAGE(m, text);
    REQUIRE(game.play(*m));
  }
  return game;
}

Game random_game(std::uint64_t seed, int plies) {
  SplitMix64 rng(seed);
  Game game;
  for (int i = 0; i < plies && !game.over(); ++i) {
    MoveList moves;
    generate_legal(game.position(), moves);
    REQUIRE(game.play(moves[rng.below(std::uint32_t(moves.size()))]));
  }
  return game;
}

}  // namespace

TEST_CASE("a draw by agreement ends the game, undo takes it back, moves are refused meanwhile") {
  Game game = played({"h2e2", "h9g7"});
  auto status = game.agree_draw();
  REQUIRE(status);
  CHECK(status->outcome == Outcome::kDraw);
  CHECK(status->code() == "agreement");
  CHECK(status->description == "draw by agreement");
  REQUIRE(game.players_ending());
  CHECK(game.players_ending()->reason == Reason::kAgreement);
  CHECK_FALSE(game.play(*parse_iccs_move(game.position(), "h0g2")));
  CHECK_FALSE(game.agree_draw());
  CHECK(game.can_undo());
  REQUIRE(game.undo());
  CHECK_FALSE(game.over());
  CHECK(game.ply() == 2);  // the agreement went, the moves stay
  CHECK_FALSE(game.players_ending());
}

TEST_CASE("records carry resignation and agreement, and importing restores them") {
  for (const bool draw : {false, true}) {
    for (const Color loser : {kRed, kBlack}) {
      Game game = played({"h2e2", "h9g7", "h0g2"});
      REQUIRE((draw ? game.agree_draw() : game.resign(loser)));
      for (Notation n : {Notation::kChinese, Notation::kWxf, Notation::kIccs}) {
        const std::string text = format_record(game, n);
        CAPTURE(text);
        auto back = parse_record(text);
        REQUIRE_MESSAGE(back, (back ? "" : back.error()));
        CHECK(back->moves() == game.moves());
        CHECK(back->status().outcome == game.status().outcome);
        CHECK(back->status().reason == game.status().reason);
        CHECK(back->status().description == game.status().description);
      }
      if (draw) break;
    }
  }
  // The token is how: 1-0 on a live position is black's resignation.
  auto resigned = parse_record("1. h2e2 h9g7 1-0");
  REQUIRE(resigned);
  CHECK(resigned->status().reason == Reason::kResignation);
  CHECK(resigned->status().winner() == kRed);
  auto agreed = parse_record("1. h2e2 h9g7 2. h0g2 1/2-1/2");
  REQUIRE(agreed);
  CHECK(agreed->status().reason == Reason::kAgreement);
  CHECK(agreed->position().side_to_move() == kBlack);
  // "*" and no token: the game goes on.
  CHECK_FALSE(parse_record("1. h2e2 h9g7 *")->over());
  CHECK_FALSE(parse_record("1. h2e2 h9g7")->over());
}

TEST_CASE("a result token must agree with a position the rules end") {
  const std::string mate = "[FEN \"3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1\"]\n1. a1a9 ";
  auto agrees = parse_record(mate + "1-0");
  REQUIRE(agrees);
  CHECK(agrees->status().reason == Reason::kCheckmate);
  auto conflict = parse_record(mate + "0-1");
  REQUIRE_FALSE(conflict);
  CHECK(conflict.code() == "record_result_conflict");
  CHECK(*conflict.failure().param("result") == "0-1");
  CHECK(*conflict.failure().param("reason") == "checkmate");
  // A checkmate written without a result is still a checkmate.
  CHECK(parse_record(mate)->status().reason == Reason::kCheckmate);
}

TEST_CASE("position_at walks back without changing the game") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Game game = random_game(seed, 80);
    Position replay = game.start_position();
    for (int ply = 0; ply <= game.ply(); ++ply) {
      auto at = game.position_at(ply);
      REQUIRE(at);
      CHECK(at->fen() == replay.fen());
      CHECK(at->key() == replay.key());
      CHECK(at->invariants_hold());
      if (ply < game.ply()) {
        Undo undo;
        replay.make(game.records()[ply].move, undo);
      }
    }
    CHECK(game.position_at(game.ply())->fen() == game.position().fen());
    CHECK_FALSE(game.position_at(game.ply() + 1));
  }
}

TEST_CASE("truncate keeps the first moves and drops the rest, the redo list and the ending") {
  Game game = random_game(42, 60);
  REQUIRE(game.ply() == 60);
  const std::vector<Move> all = game.moves();
  const std::string fen_at_20 = game.position_at(20)->fen();
  REQUIRE(game.undo());  // something to redo
  REQUIRE(game.resign(kRed));
  auto status = game.truncate(20);
  REQUIRE(status);
  CHECK_FALSE(status->over());
  CHECK(game.ply() == 20);
  CHECK(game.position().fen() == fen_at_20);
  CHECK(std::vector<Move>(all.begin(), all.begin() + 20) == game.moves());
  CHECK_FALSE(game.can_redo());
  CHECK_FALSE(game.players_ending());
  CHECK(game.keys().size() == 21);
  // Play on from there: a different move than the one dropped is accepted.
  MoveList moves;
  generate_legal(game.position(), moves);
  const Move other = moves[0] == all[20] ? moves[1] : moves[0];
  CHECK(game.play(other));
  CHECK(game.ply() == 21);
  // Truncating at the live position only clears the redo list.
  REQUIRE(game.undo());
  REQUIRE(game.truncate(game.ply()));
  CHECK_FALSE(game.can_redo());
  REQUIRE(game.truncate(0));
  CHECK(game.position().fen() == game.start_position().fen());
}

TEST_CASE("truncating a finished game reopens it when the ending lies beyond") {
  auto game = Game::from_fen("3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1");
  REQUIRE(game);
  REQUIRE(game->play(*parse_iccs_move(game->position(), "a1a9")));
  REQUIRE(game->over());
  auto reopened = game->truncate(0);
  REQUIRE(reopened);
  CHECK_FALSE(reopened->over());
  CHECK(game->ply() == 0);
}
