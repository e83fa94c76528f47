// Checkers move notation (from-to, full chains, pass) and game records.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/checkers/game.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/path.h"
#include "helpers.h"

using namespace qipan::checkers;

namespace {
// The ladder position of positions_test.cpp: P1 on 102 climbs 79, 60, 39, 14.
const char* const kLadder =
    "2222.......................2..2...................22.................2....................2...........1........111.111111 1 2";
}

TEST_CASE("checkers notation: writing moves") {
  const Position ladder = *Position::from_string(kLadder);
  const RuleOptions rules;
  CHECK(format_move(ladder, rules, Move::of(102, 14)) == "102:79:60:39:14");
  CHECK(format_move(ladder, rules, Move::of(102, 79)) == "102:79");
  CHECK(format_move(Position::start(2), rules, Move::of(111, 102)) == "111-102");
  CHECK(format_move(ladder, rules, Move::pass()) == "pass");
  const std::vector<Cell> step{111, 102};
  CHECK(format_path(step) == "111-102");
  CHECK(format_path({}) == "pass");
  CHECK(cell_name(120) == "120");
  CHECK(parse_cell("7").value() == 7);
  CHECK_FALSE(parse_cell("121"));
  CHECK_FALSE(parse_cell("-1"));
  CHECK_FALSE(parse_cell(""));
}

TEST_CASE("checkers notation: reading moves") {
  const Position ladder = *Position::from_string(kLadder);
  const RuleOptions rules;
  auto any = parse_move(ladder, rules, " 102-14 ");
  REQUIRE(any.ok());
  CHECK(any->move == Move::of(102, 14));
  CHECK(any->path == std::vector<Cell>{102, 79, 60, 39, 14});
  auto exact = parse_move(ladder, rules, "102:79:60");
  REQUIRE(exact.ok());
  CHECK(exact->path == std::vector<Cell>{102, 79, 60});
  auto step = parse_move(ladder, rules, "102:103");
  REQUIRE(step.ok());
  CHECK(step->move == Move::of(102, 103));

  struct Bad {
    const char* text;
    const char* reason;
  };
  const Bad bad[] = {
      {"", "empty move"},
      {"hello", "not a move"},
      {"102", "not a move"},
      {"102-", "a hole number is missing"},
      {"-14", "a hole number is missing"},
      {"102-200", "there is no hole 200"},
      {"102-1x", "not a hole number"},
      {"102-102", "the piece must move"},
      {"0-10", "not your piece"},
      {"60-61", "no piece on that hole"},
      {"102-112", "that hole is occupied"},
      {"102-62", "too far: not a step or a hop chain"},
      {"pass", "a pass is allowed only when no move is possible"},
      {"102:79:102", "a chain may not come back to its start"},
      {"102:79:60:79", "a chain may not land on the same hole twice"},
      {"102:79:80", "steps and hops cannot be mixed"},
      {"102:79:81", "nothing to hop over between hole 79 and hole 81"},
      {"102:79:61", "is not one"},
            {"102:60", "too far: a hop goes over one adjacent piece"},
      {"102:104", "nothing to hop over"},
      {"102:79:60:39:14:0", "is occupied"},
      {"102:", "a hole number is missing"},
      {"102", "not a move"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.text);
    auto parsed = parse_move(ladder, rules, b.text);
    REQUIRE_FALSE(parsed.ok());
    CHECK_MESSAGE(parsed.error().find(b.reason) != std::string::npos, parsed.error());
  }
}

TEST_CASE("checkers notation: every legal move round-trips through its text") {
  for (int players : {2, 3, 6}) {
    for (const RuleOptions& rules : checkers_test::movegen_variants(players)) {
      const Position pos = checkers_test::random_playout(players, 25, 300 + players, rules);
      MoveList moves;
      generate_moves(pos, rules, moves);
      for (Move m : moves) {
        const std::string text = format_move(pos, rules, m);
        CAPTURE(text);
        auto back = parse_move(pos, rules, text);
        REQUIRE_MESSAGE(back.ok(), back.error());
        CHECK(back->move == m);
        CHECK(back->path == shortest_path(pos, rules, m));
        if (!m.is_pass()) {
          // The path is a legal chain or step, and from-to reads back too.
          CHECK_FALSE(path_problem(pos, rules, back->path).has_value());
          auto loose = parse_move(pos, rules, std::to_string(m.from) + "-" + std::to_string(m.to));
          REQUIRE(loose.ok());
          CHECK(loose->move == m);
        }
      }
    }
  }
}

TEST_CASE("checkers hop-by-hop input") {
  const Position ladder = *Position::from_string(kLadder);
  const RuleOptions rules;
  const std::vector<Cell> start{102};
  auto first = next_hops(ladder, rules, start);
  REQUIRE(first.ok());
  CHECK(first->next == std::vector<Cell>{79});
  CHECK_FALSE(first->can_stop);
  CHECK(first->steps.size() == 3);
  const std::vector<Cell> two{102, 79, 60};
  auto more = next_hops(ladder, rules, two);
  REQUIRE(more.ok());
  CHECK(more->can_stop);
  CHECK(more->steps.empty());
  CHECK(std::find(more->next.begin(), more->next.end(), 39) != more->next.end());
  CHECK(std::find(more->next.begin(), more->next.end(), 79) == more->next.end());  // no revisit
  const std::vector<Cell> bad{102, 80};
  CHECK_FALSE(next_hops(ladder, rules, bad).ok());
  const std::vector<Cell> theirs{0};
  CHECK(next_hops(ladder, rules, theirs).error() == "not your piece");
  CHECK_FALSE(next_hops(ladder, rules, {}).ok());
}

TEST_CASE("checkers records round-trip and import all or nothing") {
  for (int players : {2, 3, 4, 6}) {
    RuleOptions rules;
    rules.players = players;
    Game game(rules, players == 3 ? 1 : 0);
    qipan::SplitMix64 rng(players);
    for (int i = 0; i < 12 * players && !game.over(); ++i) {
      const MoveList moves = game.legal_moves();
      REQUIRE(game.play(moves[rng.below(std::uint32_t(moves.size()))]));
    }
    const std::string record = game.record();
    CAPTURE(record);
    auto back = Game::from_record(record);
    REQUIRE_MESSAGE(back.ok(), back.error());
    CHECK(back->position() == game.position());
    CHECK(back->plies().size() == game.plies().size());
    CHECK(back->record() == record);
    CHECK(back->rules().players == players);
  }
  // No position line: the default start for rules.players; move numbers optional.
  auto plain = Game::from_record("111-102 9-18\n2. 102-111");
  REQUIRE(plain.ok());
  CHECK(plain->plies().size() == 3);
  RuleOptions three;
  three.players = 3;
  auto numbered = Game::from_record("1. 111-102 13-14 19-18 2... 102-111", three);
  REQUIRE_MESSAGE(numbered.ok(), numbered.error());
  CHECK(numbered->position().players() == 3);
  CHECK(Game::from_record("").ok());
  // Errors name the move and the reason.
  auto bad = Game::from_record("111-102 9-18 102-60 18-9");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "move 3 (102-60): too far: not a step or a hop chain");
  auto bad_line = Game::from_record(std::string(121, '.') + " 1 2\n111-102");
  REQUIRE_FALSE(bad_line.ok());
  CHECK(bad_line.error().find("bad position line") == 0);
  auto after_end = Game::from_record(
      "111111.1122222.1.......222.........22...................................................................................1 1 2\n"
      "15-6 10-11");
  REQUIRE_FALSE(after_end.ok());
  CHECK(after_end.error() == "move 2 (10-11): the game is over");
}

TEST_CASE("checkers records carry non-default rules") {
  RuleOptions rules;
  rules.players = 3;
  rules.win_rule = WinRule::strict;
  rules.long_jumps = true;
  rules.multiplayer_end = MultiplayerEnd::play_on;
  rules.turn_cap = 80;
  Game game(rules, 0);
  qipan::SplitMix64 rng(11);
  for (int i = 0; i < 45 && !game.over(); ++i) {
    const MoveList moves = game.legal_moves();
    REQUIRE(game.play(moves[rng.below(std::uint32_t(moves.size()))]));
  }
  const std::string record = game.record();
  CAPTURE(record);
  CHECK(record.find("\nrules: win=strict end=play-on long-jumps=on turn-cap=80\n") != std::string::npos);
  // Imported under the default options, the record's own rules win.
  auto back = Game::from_record(record);
  REQUIRE_MESSAGE(back.ok(), back.error());
  CHECK(back->rules() == rules);
  CHECK(back->position() == game.position());
  CHECK(back->record() == record);
  // A default game writes no rules line.
  CHECK(Game().record().find("rules:") == std::string::npos);
  // Malformed rules lines are refused with the reason.
  const std::string start = Position::start(2).to_string() + "\n";
  const std::pair<const char*, const char*> bad[] = {
      {"rules: colour=red", "bad rules line: unknown rule 'colour'"},
      {"rules: goal-lock=maybe", "bad rules line: rule 'goal-lock' cannot be 'maybe'"},
      {"rules: turn-cap=-3", "bad rules line: rule 'turn-cap' cannot be '-3'"},
      {"rules: win=strict win=filled", "bad rules line: rule 'win' is given twice"},
      {"rules: long-jumps", "bad rules line: rule 'long-jumps' has no '=value'"},
  };
  for (const auto& [line, error] : bad) {
    auto parsed = Game::from_record(start + line + "\n111-102");
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error() == error);
  }
  auto ok = Game::from_record(start + "rules: goal-lock=off draws=cap-only parking=pass-through equal-turns=on\n111-102");
  REQUIRE_MESSAGE(ok.ok(), ok.error());
  CHECK_FALSE(ok->rules().goal_lock);
  CHECK(ok->rules().draw_rules == DrawRules::cap_only);
  CHECK(ok->rules().parking == Parking::pass_through);
  CHECK(ok->rules().equal_turns);
  CHECK(ok->plies().size() == 1);
}
