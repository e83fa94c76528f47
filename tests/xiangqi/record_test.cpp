// Game records: export in each notation and import back, atomically.
#include <doctest/doctest.h>

#include "engine/core/random.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/movegen.h"

using namespace qipan;
using namespace qipan::xiangqi;

namespace {

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

TEST_CASE("a record round-trips in every notation") {
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    const Game game = random_game(seed, 90);
    for (Notation notation : {Notation::kChinese, Notation::kWxf, Notation::kIccs}) {
      const std::string text = format_record(game, notation);
      auto back = parse_record(text);
      REQUIRE_MESSAGE(back, text << "\n" << (back ? "" : back.error()));
      CHECK(back->moves() == game.moves());
      CHECK(back->position().fen() == game.position().fen());
    }
  }
}

TEST_CASE("a record from a set-up position carries its FEN") {
  auto game = Game::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
  REQUIRE(game);
  REQUIRE(game->play(*parse_any_move(game->position(), "a1a8")));
  const std::string text = format_record(*game, Notation::kChinese);
  CHECK(text.find("[FEN \"4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\"]") == 0);
  auto back = parse_record(text);
  REQUIRE(back);
  CHECK(back->position().fen() == game->position().fen());
}

TEST_CASE("pasted Chinese records: numbers, full-width digits, run-together moves, results") {
  const char* record =
      "1. 炮二平五 马８进７\n"
      "2. 马二进三 车９平８\n"
      "3.车一平二 马2进3 4. 兵七进一卒7进1 1-0";
  auto game = parse_record(record);
  REQUIRE_MESSAGE(game, (game ? "" : game.error()));
  CHECK(game->ply() == 8);
  // The trailing 1-0 on a position the rules do not end: red won, as recorded.
  CHECK(game->status().reason == Reason::kRecorded);
  const std::string iccs = format_record(*game, Notation::kIccs);
  CHECK(iccs == "1. h2e2 h9g7\n2. h0g2 i9h9\n3. i0h0 b9c7\n4. c3c4 g6g5\n1-0\n");
}

TEST_CASE("record errors name the move and leave nothing half-applied") {
  auto bad = parse_record("1. 炮二平五 马８进７ 2. 马二进四");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().find("move 3") != std::string::npos);

  auto garbage = parse_record("1. h2e2 zz99");
  REQUIRE_FALSE(garbage);
  CHECK(garbage.error().find("move 2 (zz99)") != std::string::npos);

  auto bad_fen = parse_record("[FEN \"9/9 w\"]\n1. a0a1");
  REQUIRE_FALSE(bad_fen);
  CHECK(bad_fen.error().find("bad FEN") != std::string::npos);

  auto unterminated = parse_record("[FEN \"rnbakabnr");
  REQUIRE_FALSE(unterminated);
}

TEST_CASE("parse_any_move detects the notation") {
  const Position start = Position::start();
  const Move cannon(make_square(7, 2), make_square(4, 2));
  CHECK(*parse_any_move(start, "h2e2") == cannon);
  CHECK(*parse_any_move(start, "H2-E2") == cannon);
  CHECK(*parse_any_move(start, "C2.5") == cannon);
  CHECK(*parse_any_move(start, "炮二平五") == cannon);
  CHECK_FALSE(parse_any_move(start, "h2e3"));
  CHECK_FALSE(parse_any_move(start, ""));
}
