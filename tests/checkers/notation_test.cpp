// Checkers move notation (from-to, full chains, pass) and game records.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/checkers/game/game.h"
#include "engine/checkers/game/notation.h"
#include "engine/checkers/game/path.h"
#include "helpers.h"

using namespace qipan::checkers;

namespace {
// The ladder position of positions_test.cpp: P1 on 102 climbs 79, 60, 39, 14.
const char* const kLadder =
    "2222.......................2..2...................22.................2....................2...........1........111.111111 1 2";
}  // namespace

TEST_CASE("checkers notation: writing moves") {
  const Position ladder = *Position::from_string(kLadder);
  const RuleOptions rules;
  CHECK(format_move(ladder, rules, Move::of(102, 14)) == "e5:g5:i5:k5:m5");
  CHECK(format_move(ladder, rules, Move::of(102, 79)) == "e5:g5");
  CHECK(format_move(Position::start(2), rules, Move::of(111, 102)) == "d1-e5");
  CHECK(format_move(ladder, rules, Move::pass()) == "pass");
  const std::vector<Cell> step{111, 102};
  CHECK(format_path(step) == "d1-e5");
  CHECK(format_path({}) == "pass");
}

TEST_CASE("checkers hole names: every hole round-trips; the rows and tips are where the notation says") {
  std::set<std::string> seen;
  for (Cell c = 0; c < kCells; ++c) {
    const std::string name = cell_name(c);
    CAPTURE(name);
    CHECK(seen.insert(name).second);
    REQUIRE(parse_cell(name).ok());
    CHECK(parse_cell(name).value() == c);
    std::string upper = name;
    upper[0] = char(upper[0] - 'a' + 'A');
    CHECK(parse_cell(upper).value() == c);
    CHECK(parse_cell(std::to_string(c)).value() == c);  // numbers still read
    // The letter is the row counted from the bottom tip; the number counts
    // from the left end of the row.
    CHECK(name[0] == char('a' + 16 - row_of(c)));
    const int position = std::stoi(name.substr(1));
    CHECK((c == 0 || row_of(c - 1) != row_of(c)) == (position == 1));
    if (c > 0 && row_of(c - 1) == row_of(c))
      CHECK(cell_name(c - 1) == name.substr(0, 1) + std::to_string(position - 1));
  }
  CHECK(seen.size() == 121);
  CHECK(cell_name(120) == "a1");
  CHECK(cell_name(0) == "q1");
  CHECK(cell_name(60) == "i5");
  CHECK(cell_name(98) == "e1");
  CHECK(cell_name(110) == "e13");
  CHECK(cell_name(kNoCell) == "?");
  struct Bad {
    const char* text;
    const char* code;
  };
  const Bad bad[] = {{"", "bad_hole_name"},    {"121", "no_such_hole"},   {"-1", "bad_hole_name"},
                     {"r1", "no_such_hole"},   {"a2", "no_such_hole"},    {"e14", "no_such_hole"},
                     {"e0", "no_such_hole"},   {"e", "bad_hole_name"},    {"5e", "bad_hole_name"},
                     {"e1x", "bad_hole_name"}, {"1000", "bad_hole_name"}, {"i 5", "bad_hole_name"}};
  for (const Bad& b : bad) {
    CAPTURE(b.text);
    CHECK(checkers_test::code_of(parse_cell(b.text)) == b.code);
  }
  CHECK(*parse_cell("e14").failure().param("hole") == "e14");
}

TEST_CASE("checkers notation: reading moves") {
  const Position ladder = *Position::from_string(kLadder);
  const RuleOptions rules;
  for (const char* text : {" 102-14 ", "e5-m5", "E5-M5", "102-m5"}) {
    CAPTURE(text);
    auto any = parse_move(ladder, rules, text);
    REQUIRE(any.ok());
    CHECK(any->move == Move::of(102, 14));
    CHECK(any->path == std::vector<Cell>{102, 79, 60, 39, 14});
  }
  for (const char* text : {"102:79:60", "e5:g5:i5", "e5:79:i5"}) {
    auto exact = parse_move(ladder, rules, text);
    REQUIRE(exact.ok());
    CHECK(exact->path == std::vector<Cell>{102, 79, 60});
  }
  auto step = parse_move(ladder, rules, "102:103");
  REQUIRE(step.ok());
  CHECK(step->move == Move::of(102, 103));

  // Each refusal's code, and a parameter where it names a hole.
  struct Bad {
    const char* text;
    const char* code;
    const char* param = nullptr;
    const char* value = nullptr;
  };
  const Bad bad[] = {
      {"", "empty_move"},
      {"hello", "checkers_not_a_move", "text", "hello"},
      {"102", "checkers_not_a_move"},
      {"102-", "hole_missing", "text", "102-"},
      {"-14", "hole_missing"},
      {"102-200", "no_such_hole", "hole", "200"},
      {"102-z3", "no_such_hole", "hole", "z3"},
      {"102-1x", "bad_hole_name", "text", "1x"},
      {"102-102", "same_hole", "hole", "e5"},
      {"0-10", "not_your_piece", "player", "2"},
      {"60-61", "hole_empty", "hole", "i5"},
      {"102-112", "hole_occupied", "hole", "d2"},
      {"102-62", "too_far", "to", "i7"},
      {"pass", "pass_not_allowed"},
      {"102:79:102", "chain_returns_to_start", "hole", "e5"},
      {"102:79:60:79", "chain_revisits", "hole", "g5"},
      {"102:79:80", "step_in_chain", "to", "g6"},
      {"102:79:81", "nothing_to_hop", "from", "g5"},
      {"102:79:61", "hop_not_straight"},
      {"102:60", "hop_too_far", "from", "e5"},
      {"102:104", "nothing_to_hop", "to", "e7"},
      {"102:79:60:39:14:0", "hole_occupied", "hole", "q1"},
      {"102:", "hole_missing"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.text);
    auto parsed = parse_move(ladder, rules, b.text);
    REQUIRE_FALSE(parsed.ok());
    CHECK(std::string(parsed.code()) == b.code);
    if (b.param) {
      REQUIRE(parsed.failure().param(b.param));
      CHECK(*parsed.failure().param(b.param) == b.value);
    }
  }
  CHECK(std::string(parse_move(ladder, rules, std::string(700, '1')).code()) == "text_too_long");
  std::string long_chain = "102";
  for (int i = 0; i < 130; ++i) long_chain += ":79";
  CHECK(std::string(parse_move(ladder, rules, long_chain).code()) == "path_too_long");
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
  CHECK(checkers_test::code_of(next_hops(ladder, rules, theirs)) == "not_your_piece");
  CHECK(checkers_test::code_of(next_hops(ladder, rules, {})) == "chain_empty");
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
  CHECK(bad.error() == "move 3 (102-60): too far: not a step or a hop chain (hole e5 to hole i5)");
  CHECK(bad.code() == "checkers_record_move");
  CHECK(*bad.failure().param("number") == "3");
  CHECK(*bad.failure().param("move") == "102-60");
  REQUIRE(bad.failure().cause);
  CHECK(bad.failure().cause->code == "too_far");
  CHECK(*bad.failure().cause->param("from") == "e5");
  auto bad_line = Game::from_record(std::string(121, '.') + " 1 2\n111-102");
  REQUIRE_FALSE(bad_line.ok());
  CHECK(bad_line.error().find("bad position line") == 0);
  CHECK(bad_line.code() == "checkers_record_position");
  CHECK(bad_line.failure().root_cause().code == "checkers_piece_count");
  auto after_end = Game::from_record(
      "111111.1122222.1.......222.........22...................................................................................1 1 2\n"
      "15-6 10-11");
  REQUIRE_FALSE(after_end.ok());
  CHECK(after_end.error() == "move 2 (10-11): the game is over");
  CHECK(after_end.failure().cause->code == "game_over");
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
    CHECK(parsed.code() == "checkers_record_rules");
  }
  auto unknown = Game::from_record(start + "rules: colour=red\n111-102");
  CHECK(unknown.failure().cause->code == "checkers_unknown_rule");
  CHECK(*unknown.failure().cause->param("rule") == "colour");
  auto value = Game::from_record(start + "rules: goal-lock=maybe\n111-102");
  CHECK(value.failure().cause->code == "checkers_rule_value");
  CHECK(*value.failure().cause->param("value") == "maybe");
  auto ok =
      Game::from_record(start + "rules: goal-lock=off draws=cap-only parking=pass-through equal-turns=on\n111-102");
  REQUIRE_MESSAGE(ok.ok(), ok.error());
  CHECK_FALSE(ok->rules().goal_lock);
  CHECK(ok->rules().draw_rules == DrawRules::cap_only);
  CHECK(ok->rules().parking == Parking::pass_through);
  CHECK(ok->rules().equal_turns);
  CHECK(ok->plies().size() == 1);
}
