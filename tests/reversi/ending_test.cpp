// The endings every game shares (engine/core/ending.h) in a Reversi game:
// resignation, agreement, abandonment, timeout, a recorded result and an
// aborted game end the game with their code, refuse moves, go back with undo,
// and travel in both record forms (the transcript's `ending:` line and GGF's
// RE[] flags; GGF has none for an aborted game).
#include <doctest/doctest.h>

#include <functional>

#include "engine/reversi/codes.h"
#include "engine/reversi/game/game.h"
#include "engine/reversi/game/notation.h"

using namespace qipan;
using namespace qipan::reversi;

namespace {

Square sq(const char* name) { return *parse_square(name); }

Game opening() {
  Game game;
  for (const char* m : {"f5", "d6", "c3"}) REQUIRE(game.play(sq(m)));
  return game;
}

}  // namespace

TEST_CASE("reversi endings: each ends the game with its code and winner, and undo takes it back") {
  struct Case {
    const char* code;
    std::function<Result<GameStatus>(Game&)> end;
    std::optional<Color> winner;
    const char* description;
  };
  const Case cases[] = {
      {"resignation", [](Game& g) { return g.resign(kWhite); }, kBlack, "white resigns"},
      {"agreement", [](Game& g) { return g.agree_draw(); }, std::nullopt, "draw by agreement"},
      {"abandonment", [](Game& g) { return g.abandon(kBlack); }, kWhite, "black abandoned the game"},
      {"timeout", [](Game& g) { return g.flag(kBlack); }, kWhite, "black lost on time"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.code);
    Game game = opening();
    auto status = c.end(game);
    REQUIRE(status);
    CHECK(status->over);
    CHECK(end_reason_code(status->reason) == c.code);
    CHECK(status->winner == c.winner);
    CHECK(status->description == c.description);
    CHECK(status->black_discs + status->white_discs == 7);  // the board stays as it was
    const Square legal = first_square(game.position().legal_moves());
    CHECK(game.play(legal).code() == reversi::code::game_over);
    CHECK(game.resign(kBlack).code() == reversi::code::game_over);
    CHECK_FALSE(game.redo());
    CHECK(game.can_undo());
    REQUIRE(game.undo());  // the ending goes, the moves stay
    CHECK_FALSE(game.over());
    CHECK(game.plies().size() == 3);
    CHECK(game.play(legal));
  }
}

TEST_CASE("reversi endings travel in the record's ending line and in GGF") {
  const std::function<Result<GameStatus>(Game&)> endings[] = {
      [](Game& g) { return g.resign(kBlack); }, [](Game& g) { return g.agree_draw(); },
      [](Game& g) { return g.abandon(kWhite); }, [](Game& g) { return g.flag(kWhite); }};
  for (const auto& end : endings) {
    Game game = opening();
    REQUIRE(end(game));
    const std::string record = game.record();
    CAPTURE(record);
    CHECK(record.rfind("\nending: ") != std::string::npos);
    auto back = Game::from_record(record);
    REQUIRE_MESSAGE(back, (back ? "" : back.error()));
    CHECK(back->ending() == game.ending());
    CHECK(back->status().description == game.status().description);
    CHECK(back->record() == record);
    // GGF names the loser's flag: resignation (and abandonment) :r,
    // timeout :t, agreement :s; the winner gets the whole board.
    const std::string ggf = game.ggf();
    auto from_ggf = Game::from_ggf(ggf);
    REQUIRE(from_ggf);
    CHECK(from_ggf->status().winner == game.status().winner);
    CHECK(from_ggf->status().over);
  }
  Game resigned = opening();
  REQUIRE(resigned.resign(kWhite));
  CHECK(resigned.ggf().find("RE[+64.000:r]") != std::string::npos);
  CHECK(resigned.record() == "f5d6c3\nending: resignation white");
}

TEST_CASE("reversi: a GGF result on a board the rules do not end is the recorded result") {
  const std::string unfinished =
      "(;GM[Othello]PC[x]PB[a]PW[b]RE[-12.000]TY[8]BO[8 -------- -------- -------- ---O*--- "
      "---*O--- -------- -------- -------- *]B[F5]W[D6];)";
  auto game = Game::from_ggf(unfinished);
  REQUIRE(game);
  CHECK(game->status().over);
  CHECK(end_reason_code(game->status().reason) == "recorded");
  CHECK(game->status().winner == kWhite);
  CHECK(game->status().description == "white wins, as recorded");
  // Written back as read.
  CHECK(game->ggf().find("RE[-12.000]") != std::string::npos);
  auto resigned = Game::from_ggf(unfinished.substr(0, unfinished.find("RE[")) + "RE[+64.00:r]" +
                                 unfinished.substr(unfinished.find("TY[")));
  REQUIRE(resigned);
  CHECK(end_reason_code(resigned->status().reason) == "resignation");
  CHECK(resigned->ending()->seat == kWhite);
  // An unknown result leaves the game going.
  auto open = Game::from_ggf(unfinished.substr(0, unfinished.find("RE[")) + "RE[?]" +
                             unfinished.substr(unfinished.find("TY[")));
  REQUIRE(open);
  CHECK_FALSE(open->over());
}

TEST_CASE("reversi: a malformed ending line is refused and names the line") {
  for (const char* text :
       {"f5d6\nending: resignation purple", "f5d6\nending: walkover black", "f5d6\nending: agreement white"}) {
    auto game = Game::from_record(text);
    REQUIRE_FALSE(game);
    CHECK(game.code() == reversi::code::record_bad_ending);
  }
  auto draw = Game::from_record("f5d6\nending: recorded draw\n");
  REQUIRE(draw);
  CHECK(draw->status().over);
  CHECK_FALSE(draw->status().winner);
}

TEST_CASE("reversi truncate drops an ending") {
  Game game = opening();
  REQUIRE(game.flag(kBlack));
  REQUIRE(game.truncate(1));
  CHECK_FALSE(game.over());
  CHECK(game.plies().size() == 1);
}

TEST_CASE("reversi: an aborted game is over with no winner, travels as `ending: aborted`, and undo takes it back") {
  for (const bool moved : {false, true}) {
    CAPTURE(moved);
    Game game = moved ? opening() : Game();
    auto status = game.restore({EndingKind::kAborted, int(kWhite)});  // the seat is dropped
    REQUIRE(status);
    CHECK(status->over);
    CHECK(status->reason == EndReason::kAborted);
    CHECK(end_reason_code(status->reason) == "aborted");
    CHECK_FALSE(status->winner);
    CHECK(status->description == "game aborted");
    CHECK(game.ending() == Ending{EndingKind::kAborted, -1});
    CHECK(game.play(first_square(game.position().legal_moves())).code() == reversi::code::game_over);

    const std::string record = game.record();
    CAPTURE(record);
    CHECK(record == (moved ? "f5d6c3\nending: aborted" : "ending: aborted"));
    auto back = Game::from_record(record);
    REQUIRE_MESSAGE(back, (back ? "" : back.error()));
    CHECK(back->ending() == game.ending());
    CHECK(back->status().reason == EndReason::kAborted);
    CHECK(back->record() == record);
    // GGF has no result for it: RE[?], a game going on.
    CHECK(game.ggf().find("RE[?]") != std::string::npos);
    CHECK_FALSE(Game::from_ggf(game.ggf())->over());

    CHECK(game.can_undo());
    REQUIRE(game.undo());
    CHECK_FALSE(game.over());
    CHECK(game.plies().size() == (moved ? 3u : 0u));
  }
  auto named = Game::from_record("f5d6\nending: aborted black");
  REQUIRE_FALSE(named);
  CHECK(named.code() == reversi::code::record_bad_ending);
}
