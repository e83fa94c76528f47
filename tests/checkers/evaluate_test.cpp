// The Chinese checkers evaluation: goal tables, remaining distance, symmetry
// of start positions, the straggler and isolation terms, the test for
// armies that have passed each other, and the filled-rule shortcut.
#include <doctest/doctest.h>

#include "engine/checkers/evaluate.h"
#include "engine/checkers/movegen.h"

using namespace qipan::checkers;

TEST_CASE("goal distance is the hex distance to the target apex, 0 at the apex") {
  // Apexes (rules spec §5.2): 0 top, 22 upper-right, 110 lower-right, 120 bottom, 98 lower-left, 10 upper-left.
  CHECK(kGoal.apex[0] == 0);
  CHECK(kGoal.apex[1] == 22);
  CHECK(kGoal.apex[2] == 110);
  CHECK(kGoal.apex[3] == 120);
  CHECK(kGoal.apex[4] == 98);
  CHECK(kGoal.apex[5] == 10);
  CHECK(goal_distance(0, 0) == 0);
  CHECK(goal_distance(0, 120) == 16);
  // The bottom arm's rows are 13..16 rows from the top apex; the target arm
  // itself sums to 20.
  int target_sum = 0;
  for (int c : kGeometry.arm_cells[0]) target_sum += goal_distance(0, c);
  CHECK(target_sum == kFullTargetGoal);
  for (int a = 0; a < kArms; ++a) {
    int sum = 0;
    for (int c : kGeometry.arm_cells[a]) sum += goal_distance(a, c);
    CHECK(sum == kFullTargetGoal);
  }
  // Forward rows: -8 at the opposite apex, +8 at the target apex.
  CHECK(forward_of(0, 0) == 8);
  CHECK(forward_of(0, 120) == -8);
  CHECK(forward_of(3, 120) == 8);
}

TEST_CASE("remaining distance: 120 rows at the start, 0 when the target is full of own pieces") {
  const Position start = Position::start(2);
  CHECK(remaining_distance(start, 0) == 120);
  CHECK(remaining_distance(start, 1) == 120);
  Position done(2);
  for (int c : kGeometry.arm_cells[0]) done.put(c, 0);
  for (int c : kGeometry.arm_cells[3]) done.put(c, 1);
  CHECK(remaining_distance(done, 0) == 0);
  CHECK(remaining_distance(done, 1) == 0);
  CHECK(player_cost(done, 0) < player_cost(start, 0));
}

TEST_CASE("start positions are balanced for every player count") {
  for (int n : {2, 3, 4, 6}) {
    const Position start = Position::start(n);
    for (Player p = 0; p < n; ++p) {
      CAPTURE(n);
      CAPTURE(p);
      CHECK(evaluate_for(start, p) == 0);
      CHECK(player_cost(start, p) == player_cost(start, 0));
    }
  }
}

TEST_CASE("the evaluation prefers forward moves and is antisymmetric in 2 players") {
  Position pos = Position::start(2);
  Undo undo;
  pos.make(Move::of(111, 99), undo);  // a step forward for player 1 (seat 0)
  CHECK(evaluate_for(pos, 0) > 0);
  CHECK(evaluate_for(pos, 1) == -evaluate_for(pos, 0));
  CHECK(evaluate(pos) == evaluate_for(pos, 1));
}

TEST_CASE("a straggler far behind costs more than the same distance spread evenly") {
  // Two armies of seat 0 with the same remaining distance: one compact, one
  // with a piece left far behind.
  Position compact(2), straggler(2);
  for (int c : kGeometry.arm_cells[0]) {  // seat 1 still at home, out of the way
    compact.put(c + 0, 1);
    straggler.put(c + 0, 1);
  }
  // Compact: ten pieces around rows 9-10; straggler: nine higher, one at the bottom tip.
  const int compact_cells[] = {65, 66, 67, 68, 69, 75, 76, 77, 78, 79};
  for (int c : compact_cells) compact.put(c, 0);
  const int d_compact = remaining_distance(compact, 0);
  // Build the straggler army greedily to the same distance: start from the
  // compact one, move one piece to the bottom apex and others forward.
  const int straggler_cells[] = {46, 47, 48, 49, 50, 56, 57, 58, 59, 120};
  for (int c : straggler_cells) straggler.put(c, 0);
  const int d_straggler = remaining_distance(straggler, 0);
  CHECK(d_straggler <= d_compact);
  EvalWeights w;
  const int extra = w.straggler;  // the term exists
  CHECK(extra > 0);
  CHECK(player_cost(straggler, 0) - kDistanceUnit * d_straggler > player_cost(compact, 0) - kDistanceUnit * d_compact);
}

TEST_CASE("an isolated piece costs more than a connected one") {
  Position a(2), b(2);
  for (int c : kGeometry.arm_cells[3]) {
    a.put(c, 1);
    b.put(c, 1);
  }
  // Nine pieces together in the middle; the tenth next to them (a) or alone (b).
  const int group[] = {56, 57, 58, 59, 60, 46, 47, 48, 49};
  for (int c : group) {
    a.put(c, 0);
    b.put(c, 0);
  }
  a.put(61, 0);  // adjacent to 60 (same row), same distance as 63... compare costs minus distance
  b.put(64, 0);  // row 8, far right: no neighbour within two holes
  EvalWeights w;
  const int ia = player_cost(a, 0, w) - kDistanceUnit * remaining_distance(a, 0);
  const int ib = player_cost(b, 0, w) - kDistanceUnit * remaining_distance(b, 0);
  CHECK(ib - ia == w.isolated);
}

TEST_CASE("armies_passed: false at the start, true once every piece is beyond every enemy piece") {
  CHECK_FALSE(armies_passed(Position::start(2)));
  CHECK_FALSE(armies_passed(Position::start(3)));
  Position pos(2);
  // Seat 0 (heading up) in rows 3-5, seat 1 (heading down) in rows 8-9.
  const int up[] = {6, 7, 8, 9, 14, 15, 16, 17, 28, 29};
  const int down[] = {56, 57, 58, 59, 60, 61, 62, 63, 64, 70};
  for (int c : up) pos.put(c, 0);
  for (int c : down) pos.put(c, 1);
  CHECK(armies_passed(pos));
  pos.remove(70);
  pos.put(27, 1);  // one enemy piece among seat 0's
  CHECK_FALSE(armies_passed(pos));
}

TEST_CASE("the filled-rule shortcut counts only the pieces needed for the empty holes") {
  // Seat 0 (target: the top arm) still at home; seat 1's pieces hold the
  // top seven holes (goal distances 0+1+1+2+2+2+3 = 11), leaving three
  // holes at distance 3. Home rows are 13..16 from the apex (sum 140): the
  // full army needs 140 - 20 = 120 rows, the three nearest pieces 3 * 13 - 9.
  Position pos(2);
  for (int c : kGeometry.arm_cells[3]) pos.put(c, 0);
  for (int c = 0; c < 7; ++c) pos.put(c, 1);
  CHECK(remaining_distance(pos, 0) == 120);
  CHECK(filled_shortcut(pos, 0) == 120 - (3 * 13 - 9));
  EvalWeights half;
  half.filled_percent = 50;
  CHECK(player_cost(pos, 0, half) == player_cost(pos, 0) - 45 * kDistanceUnit);
  // No foreign piece in the target, or no hole left to fill: no shortcut.
  CHECK(filled_shortcut(pos, 1) == 0);
  CHECK(filled_shortcut(Position::start(2), 0) == 0);
}
