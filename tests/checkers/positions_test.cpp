// Hand-built positions for each rule and option. Every count here was
// established by the reference implementation (tests/checkers/reference.h)
// and is re-checked against it in the test, so a wrong count fails twice.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/checkers/game/path.h"
#include "engine/checkers/perft.h"
#include "helpers.h"

using namespace qipan::checkers;
using namespace checkers_test;

namespace {

Position parse(const char* text) {
  auto pos = Position::from_string(text);
  REQUIRE_MESSAGE(pos.ok(), pos.error());
  return *pos;
}

RuleOptions with(int players, void (*tweak)(RuleOptions&) = nullptr) {
  RuleOptions r;
  r.players = players;
  if (tweak) tweak(r);
  return r;
}

// Engine perft against the expected counts, and the reference against them too.
void check_perft(const Position& pos, const RuleOptions& rules, const std::vector<std::uint64_t>& expected) {
  checkers_reference::Rules ref;
  ref.options = to_reference(rules);
  const auto board = checkers_reference::parse(pos.to_string());
  for (std::size_t d = 1; d <= expected.size(); ++d) {
    CAPTURE(d);
    CHECK(perft(pos, rules, int(d)) == expected[d - 1]);
    if (d <= 2) CHECK(ref.perft(board, int(d)) == expected[d - 1]);
  }
}

std::vector<Cell> dest_list(const Position& pos, const RuleOptions& rules, Cell from) {
  std::vector<Cell> out;
  for (Bits d = destinations(pos, rules, from); d.any();) out.push_back(d.pop_first());
  return out;
}

void no_goal_lock(RuleOptions& r) { r.goal_lock = false; }
void long_jumps(RuleOptions& r) { r.long_jumps = true; }
void strict_win(RuleOptions& r) { r.win_rule = WinRule::strict; }
void pass_through(RuleOptions& r) { r.parking = Parking::pass_through; }

}  // namespace

TEST_CASE("checkers: a hop ladder of four hops, with a branch") {
  // P1 on 102 (x -4, z 4); P2 pieces on every other hole up the NE line and
  // up a NW line from the middle.
  const Position pos = parse(
      "2222.......................2..2...................22.................2....................2...........1........111.111111 1 2");
  const RuleOptions rules = with(2);
  CHECK(dest_list(pos, rules, 102).size() == 9);
  CHECK(shortest_path(pos, rules, Move::of(102, 14)) == std::vector<Cell>{102, 79, 60, 39, 14});
  check_perft(pos, rules, {26, 1122, 34302});
  check_perft(pos, with(2, no_goal_lock), {26, 1122, 34302});
  check_perft(pos, with(2, long_jumps), {45, 2628, 134971});
}

TEST_CASE("checkers: goal lock keeps a piece in its target arm") {
  // P1 on 7 (its target arm, top): 8 -> 9 inside the arm is fine, the hop
  // over 24 out to the hexagon is not.
  const Position pos = parse(
      ".......12.2222..2......222.........2...........................................................................111.111111 1 2");
  const RuleOptions rules = with(2);
  const Bits dest = destinations(pos, rules, 7);
  CHECK(dest.test(9));
  CHECK((dest & ~arm_mask(0)).empty());
  const Bits free = destinations(pos, with(2, no_goal_lock), 7);
  CHECK((free & ~arm_mask(0)).any());
  const Cell outside = (free & ~arm_mask(0)).first();
  CHECK(checkers_test::code_of(illegal_reason(pos, rules, 7, outside)) == "goal_lock");
  CHECK(*illegal_reason(pos, rules, 7, outside)->param("hole") == "n2");
  check_perft(pos, rules, {19, 496, 12316});
  check_perft(pos, with(2, no_goal_lock), {21, 550, 14467});
}

TEST_CASE("checkers: goal lock applies from the hop that enters the target") {
  // P1 on 30 hops over 19 into the target (8), and may not hop on out to 28.
  const Position pos = parse(
      "..........2222..22.....222....1....2...........................................................................111.111111 1 2");
  const RuleOptions rules = with(2);
  CHECK(destinations(pos, rules, 30).test(8));
  CHECK_FALSE(destinations(pos, rules, 30).test(28));
  CHECK(destinations(pos, with(2, no_goal_lock), 30).test(28));
  CHECK(shortest_path(pos, with(2, no_goal_lock), Move::of(30, 28)) == std::vector<Cell>{30, 8, 28});
  CHECK(checkers_test::code_of(illegal_reason(pos, rules, 30, 28)) == "goal_lock_in_chain");
  const std::vector<Cell> chain{30, 8, 28};
  CHECK(checkers_test::code_of(path_problem(pos, rules, chain)) == "goal_lock");
  CHECK(*path_problem(pos, rules, chain)->param("hole") == "n3");
  check_perft(pos, rules, {21, 561, 14787});
  check_perft(pos, with(2, no_goal_lock), {22, 588, 15636});
}

TEST_CASE("checkers: anti-spoiling finish (filled + one own) against strict") {
  // P1 holds 9 of its target's holes... 8 plus 15 -> 6 to come; P2 never left
  // hole 9 of its home. The step fills the arm: finished under the default
  // rule, not under strict.
  const Position pos = parse(
      "111111.1122222.1.......222.........22...................................................................................1 1 2");
  CHECK_FALSE(pos.finished(0));
  Position after = pos;
  Undo undo;
  after.make(Move::of(15, 6), undo);
  CHECK(after.finished(0, WinRule::filled));
  CHECK_FALSE(after.finished(0, WinRule::strict));
  CHECK_FALSE(after.finished(1, WinRule::filled));
  check_perft(pos, with(2), {11, 182, 2177});
  check_perft(pos, with(2, strict_win), {11, 199, 2230});
}

TEST_CASE("checkers: parking pass-through only, 4 players") {
  // P1 on 78 reaches 57 only through 76, in P2's home arm (lower-left).
  const Position pos = parse(
      "33333333..2222.....4444222......44422.......442........4..........3..........31................................111.111111 1 4");
  CHECK(dest_list(pos, with(4), 78) == std::vector<Cell>{57, 67, 68, 76, 79, 89, 90});
  CHECK(dest_list(pos, with(4, pass_through), 78) == std::vector<Cell>{57, 67, 68, 79, 89, 90});
  CHECK(shortest_path(pos, with(4, pass_through), Move::of(78, 57)) == std::vector<Cell>{78, 76, 57});
  CHECK(checkers_test::code_of(illegal_reason(pos, with(4, pass_through), 78, 76)) == "parking_forbidden");
  check_perft(pos, with(4), {22, 312});
  check_perft(pos, with(4, pass_through), {21, 298});
  // Two players use no third party's arm: the option changes nothing there.
  CHECK(parking_forbidden(2, 0).empty());
  CHECK(parking_forbidden(2, 1).empty());
  CHECK(parking_forbidden(4, 0) == (arm_mask(1) | arm_mask(4)));
  CHECK(parking_forbidden(3, 0) == (arm_mask(1) | arm_mask(2) | arm_mask(4) | arm_mask(5)));
}

TEST_CASE("checkers: long jumps over a distant piece") {
  // P1 on 106 (x 0, z 4): the piece on 69 is three holes up the NW line, so a
  // long jump lands six holes up, on 39.
  const Position pos = parse(
      "22222222.................................2............................2...................................1....111.111111 1 2");
  CHECK_FALSE(destinations(pos, with(2), 106).test(39));
  CHECK(destinations(pos, with(2, long_jumps), 106).test(39));
  CHECK(shortest_path(pos, with(2, long_jumps), Move::of(106, 39)) == std::vector<Cell>{106, 39});
  CHECK(checkers_test::code_of(illegal_reason(pos, with(2), 106, 39)) == "too_far");
  check_perft(pos, with(2), {23, 598, 16339});
  check_perft(pos, with(2, long_jumps), {33, 990, 38846});
}

TEST_CASE("checkers: a forced pass, 3 players") {
  // P1 is still at home, walled in by 11 pieces of P2 and P3 on the two rows
  // above: no step, no hop. Its only ply is the pass.
  const Position pos = parse(
      "..........222.......3332.........33......................................................323232.......23232....1111111111 1 3");
  MoveList moves;
  generate_moves(pos, with(3), moves);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].is_pass());
  CHECK(is_legal(pos, with(3), Move::pass()));
  CHECK_FALSE(has_move(pos, with(3), 0));
  check_perft(pos, with(3), {1, 25, 692});
  check_perft(pos, with(3, no_goal_lock), {1, 25, 693});
  check_perft(pos, with(3, pass_through), {1, 23, 591});
  check_perft(pos, with(3, long_jumps), {1, 25, 714});
}

TEST_CASE("checkers: mid-game positions with 2, 3, 4 and 6 players") {
  struct Case {
    const char* text;
    std::vector<std::uint64_t> plain, parking, long_jump;
  };
  const Case cases[] = {
      {"......2....22.....3.333222.....3.3...........3222....3.32.......3.....................................1..11......1.111111 1 3",
       {30, 1290, 54180},
       {27, 1053, 41067},
       {36, 1780, 91699}},
      {"33.3333.33.........44......3...4..4...3....444.......444.........22........22.........2.21...11...2.2..2.2......1.111111. 1 4",
       {51, 2348, 79948},
       {49, 2132, 72551},
       {57, 3472, 129252}},
      {"4...44444.333...54.545.333...4.55.53335.....5..3......65........5.2....6...22..12..6.12...211.6666.2222.41...6.116..161.1 1 6",
       {40, 1760, 48575},
       {36, 1529, 41456},
       {55, 2613, 97476}},
      {"222..2..2..........2........2.............2......22...........................1.......................111..1...1.1...111. 1 2",
       {49, 2211, 109881},
       {49, 2211, 109881},
       {75, 4407, 329856}},
  };
  for (const Case& c : cases) {
    const Position pos = parse(c.text);
    CAPTURE(c.text);
    const int n = pos.players();
    check_perft(pos, with(n), c.plain);
    check_perft(pos, with(n, pass_through), c.parking);
    check_perft(pos, with(n, long_jumps), c.long_jump);
  }
  // Goal lock matters in the 2-player one by a single leaf at depth 3.
  CHECK(perft(parse(cases[3].text), with(2, no_goal_lock), 3) == 109882);
}
