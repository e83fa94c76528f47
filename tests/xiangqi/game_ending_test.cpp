// The endings every game shares (resignation, agreement, abandonment,
// timeout, a recorded result, an aborted game) live in the game and its
// record; position_at and truncate ("continue from here").
#include <doctest/doctest.h>

#include "engine/core/random.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/pgn.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/movegen.h"

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
  REQUIRE(game.ending());
  CHECK(game.ending()->kind == EndingKind::kAgreement);
  CHECK_FALSE(game.play(*parse_iccs_move(game.position(), "h0g2")));
  CHECK_FALSE(game.agree_draw());
  CHECK(game.can_undo());
  REQUIRE(game.undo());
  CHECK_FALSE(game.over());
  CHECK(game.ply() == 2);  // the agreement went, the moves stay
  CHECK_FALSE(game.ending());
}

TEST_CASE("records carry every shared ending, and importing restores it") {
  using End = Result<Status> (*)(Game&, Color);
  const std::pair<const char*, End> endings[] = {
      {"resignation", [](Game& g, Color c) { return g.resign(c); }},
      {"agreement", [](Game& g, Color) { return g.agree_draw(); }},
      {"abandonment", [](Game& g, Color c) { return g.abandon(c); }},
      {"timeout", [](Game& g, Color c) { return g.flag(c); }},
  };
  for (const auto& [code, end] : endings) {
    for (const Color side : {kRed, kBlack}) {
      Game game = played({"h2e2", "h9g7", "h0g2"});
      REQUIRE(end(game, side));
      CHECK(game.status().code() == code);
      for (Notation n : {Notation::kChinese, Notation::kWxf, Notation::kIccs}) {
        for (const bool pgn : {false, true}) {
          const std::string text = pgn ? format_pgn(game, n) : format_record(game, n);
          CAPTURE(text);
          auto back = parse_record(text);
          REQUIRE_MESSAGE(back, (back ? "" : back.error()));
          CHECK(back->moves() == game.moves());
          CHECK(back->status().outcome == game.status().outcome);
          CHECK(back->status().reason == game.status().reason);
          CHECK(back->status().description == game.status().description);
          CHECK(back->ending() == game.ending());
        }
      }
    }
  }
}

TEST_CASE("a result from a record without its cause is the record's result, not a resignation") {
  // xqbase and most databases write [Result "1-0"] and no Termination: who
  // resigned, or whether a clock fell, is not known.
  auto recorded = parse_record("[Result \"1-0\"]\n1. h2e2 h9g7 1-0");
  REQUIRE(recorded);
  CHECK(recorded->status().reason == Reason::kRecorded);
  CHECK(recorded->status().code() == "recorded");
  CHECK(recorded->status().winner() == kRed);
  CHECK(recorded->status().description == "red wins, as recorded");
  auto drawn = parse_record("1. h2e2 h9g7 2. h0g2 1/2-1/2");
  REQUIRE(drawn);
  CHECK(drawn->status().reason == Reason::kRecorded);
  CHECK(drawn->status().outcome == Outcome::kDraw);
  CHECK(drawn->position().side_to_move() == kBlack);
  // PGN's "normal" says nothing more; a Termination naming the cause restores it.
  CHECK(parse_record("[Termination \"normal\"]\n1. h2e2 0-1")->status().reason == Reason::kRecorded);
  CHECK(parse_record("[Termination \"Resignation\"]\n1. h2e2 0-1")->status().reason == Reason::kResignation);
  CHECK(parse_record("[Termination \"time forfeit\"]\n1. h2e2 1-0")->status().reason == Reason::kTimeout);
  // A recorded result exports as it came: the result, no Termination of ours.
  const std::string again = format_pgn(*recorded, Notation::kIccs);
  CHECK(again.find("Termination") == std::string::npos);
  CHECK(parse_record(again)->status().reason == Reason::kRecorded);
  // Undo takes the recorded result back like any ending.
  Game game = *recorded;
  REQUIRE(game.undo());
  CHECK_FALSE(game.over());
  CHECK(game.ply() == 2);
  // "*" and no token: the game goes on.
  CHECK_FALSE(parse_record("1. h2e2 h9g7 *")->over());
  CHECK_FALSE(parse_record("1. h2e2 h9g7")->over());
}

TEST_CASE("a flag loses, unless the other side has nothing that could cross the river") {
  // Black has only its general and advisors: red's flag is a draw.
  auto bare = Game::from_fen("3aka3/9/9/9/9/9/9/9/4A4/3AK1R2 w - - 0 1");
  REQUIRE(bare);
  Game red_flags = *bare;
  auto drawn = red_flags.flag(kRed);
  REQUIRE(drawn);
  CHECK(drawn->outcome == Outcome::kDraw);
  CHECK(drawn->code() == "timeout_draw");
  CHECK(drawn->description == "draw: red ran out of time, but black has nothing left to mate with");
  // Black's flag: red has a rook, so red wins.
  Game black_flags = *bare;
  auto lost = black_flags.flag(kBlack);
  REQUIRE(lost);
  CHECK(lost->outcome == Outcome::kRedWins);
  CHECK(lost->code() == "timeout");
  CHECK(lost->description == "black lost on time");
  // A single soldier is enough to win on time: it can cross the river.
  auto soldier = Game::from_fen("3aka3/9/9/9/9/9/6p2/9/4A4/3AK4 w - - 0 1");
  REQUIRE(soldier);
  CHECK(soldier->flag(kRed)->code() == "timeout");
  // A finished game takes no ending.
  Game over = *bare;
  REQUIRE(over.resign(kBlack));
  CHECK(over.flag(kRed).code() == "game_over");
  CHECK(over.abandon(kRed).code() == "game_over");
}

TEST_CASE("an abandoned game goes to the side that stayed") {
  Game game = played({"h2e2"});
  auto status = game.abandon(kBlack);
  REQUIRE(status);
  CHECK(status->outcome == Outcome::kRedWins);
  CHECK(status->code() == "abandonment");
  CHECK(status->description == "black abandoned the game");
  REQUIRE(game.undo());
  CHECK_FALSE(game.over());
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
        replay.make(game.plies()[ply].move, undo);
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
  CHECK_FALSE(game.ending());
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

TEST_CASE("an aborted game is over with no winner and no result, and PGN carries it as abandoned with *") {
  for (const int plies : {0, 1}) {
    CAPTURE(plies);
    Game game = plies == 0 ? Game() : played({"h2e2"});
    // The seat an aborted game names is dropped: it is about no seat.
    auto status = game.restore({EndingKind::kAborted, 1});
    REQUIRE(status);
    CHECK(status->over());
    CHECK(status->outcome == Outcome::kDraw);
    CHECK_FALSE(status->winner());
    CHECK(status->reason == Reason::kAborted);
    CHECK(status->code() == "aborted");
    CHECK(status->description == "game aborted");
    CHECK(result_token(*status) == "*");
    CHECK(game.ending() == Ending{EndingKind::kAborted, -1});
    MoveList legal;
    generate_legal(game.position(), legal);
    CHECK(game.play(legal[0]).code() == "game_over");
    CHECK(game.resign(kRed).code() == "game_over");

    const std::string pgn = format_pgn(game, Notation::kIccs);
    CAPTURE(pgn);
    CHECK(pgn.find("[Result \"*\"]") != std::string::npos);
    CHECK(pgn.find("[Termination \"abandoned\"]") != std::string::npos);
    CHECK(pgn.ends_with("*\n"));
    CHECK(pgn.find("**") == std::string::npos);  // one result token
    for (Notation n : {Notation::kChinese, Notation::kWxf, Notation::kIccs}) {
      for (const bool full : {false, true}) {
        const std::string text = full ? format_pgn(game, n) : format_record(game, n);
        CAPTURE(text);
        auto back = parse_record(text);
        REQUIRE_MESSAGE(back, (back ? "" : back.error()));
        CHECK(back->moves() == game.moves());
        CHECK(back->ending() == game.ending());
        CHECK(back->status().reason == Reason::kAborted);
        CHECK(back->status().description == "game aborted");
      }
    }

    CHECK(game.can_undo());
    REQUIRE(game.undo());  // the ending goes, the moves stay
    CHECK_FALSE(game.over());
    CHECK_FALSE(game.ending());
    CHECK(game.ply() == plies);
  }
  // As lichess writes an aborted game; "*" without it is a game going on, and
  // "abandoned" with a winner an abandonment.
  CHECK(parse_record("[Termination \"Abandoned\"]\n1. h2e2 *")->status().reason == Reason::kAborted);
  CHECK(parse_record("[Termination \"aborted\"]\n*")->status().reason == Reason::kAborted);
  CHECK_FALSE(parse_record("[Termination \"normal\"]\n1. h2e2 *")->over());
  CHECK(parse_record("[Termination \"abandoned\"]\n1. h2e2 1-0")->status().reason == Reason::kAbandonment);
  // On a position the rules end, the board's result stands.
  const auto mate =
      parse_record("[FEN \"3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1\"]\n[Termination \"abandoned\"]\n1. a1a9 *");
  REQUIRE(mate);
  CHECK(mate->status().reason == Reason::kCheckmate);
}
