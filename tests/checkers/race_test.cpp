// The race solver: exact answers on small constructed races against a plain
// breadth-first search over positions built with the engine's own move
// generator (an independent path: Position + generate_moves), the beam's
// lines replayed move by move as legal plies, and the solo race.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/race.h"
#include "engine/core/random.h"

using namespace qipan::checkers;

namespace {

using State = std::pair<std::uint64_t, std::uint64_t>;

// Fewest moves for seat 0 of a solitaire position to finish, by BFS over
// whole positions; -1 when more than max_depth moves or max_states states.
int bfs_race(const Position& start, const RuleOptions& rules, int max_depth, std::size_t max_states) {
  if (start.finished(0, rules.win_rule)) return 0;
  std::set<State> seen;
  std::vector<Position> layer{start};
  seen.insert({start.pieces(0).lo, start.pieces(0).hi});
  for (int depth = 1; depth <= max_depth; ++depth) {
    std::vector<Position> next;
    for (const Position& pos : layer) {
      MoveList moves;
      generate_moves(pos, rules, 0, moves);
      for (Move m : moves) {
        if (m.is_pass()) continue;
        Position child = pos;
        Undo undo;
        child.make(m, undo);
        if (child.finished(0, rules.win_rule)) return depth;
        if (seen.insert({child.pieces(0).lo, child.pieces(0).hi}).second) next.push_back(child);
        if (seen.size() > max_states) return -1;
      }
    }
    layer = std::move(next);
  }
  return -1;
}

// A solitaire position near the end: the target (top arm) full, then `out`
// of its pieces moved to random holes of rows 4..5 (cells 10..34).
Position near_finish(std::uint64_t seed, int out) {
  qipan::SplitMix64 rng(seed);
  Position pos(1);
  for (int c : kGeometry.arm_cells[0]) pos.put(c, 0);
  for (int k = 0; k < out; ++k) {
    Cell from, to;
    do from = int(rng.below(10));
    while (pos.is_empty(from));
    do to = 10 + int(rng.below(25));
    while (!pos.is_empty(to));
    pos.remove(from);
    pos.put(to, 0);
  }
  return pos;
}

void check_line(const Position& start, const RuleOptions& rules, const RacePlan& plan) {
  Position pos = start;
  for (Move m : plan.line) {
    REQUIRE(is_legal(pos, rules, m));
    Undo undo;
    pos.make(m, undo);
    pos.set_side_to_move(start.side_to_move());
  }
  CHECK(pos.finished(start.side_to_move(), rules.win_rule));
  CHECK(int(plan.line.size()) == plan.moves);
}

}  // namespace

TEST_CASE("exact race counts agree with a plain BFS on small races") {
  RuleOptions rules;
  rules.players = 1;
  RaceSolver solver;
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 60 && compared < 16; ++seed) {
    const Position pos = near_finish(seed, 2 + int(seed % 2));
    const int expected = bfs_race(pos, rules, 4, 60000);
    if (expected < 0) continue;
    ++compared;
    CAPTURE(pos.to_string());
    const RaceProblem problem = race_problem(pos, rules, 0, false);
    const RacePlan exact = solver.exact(problem, 8, 0);
    REQUIRE(exact.solved);
    CHECK(exact.exact);
    CHECK(exact.moves == expected);
    check_line(pos, rules, exact);
    // The beam is an upper bound; solve() proves or improves it.
    const RacePlan beam = solver.beam(problem, 50);
    REQUIRE(beam.solved);
    CHECK(beam.moves >= expected);
    check_line(pos, rules, beam);
    const RacePlan solved = solver.solve(problem, 50, 1000000);
    CHECK(solved.moves == expected);
    CHECK(solved.exact);
  }
  CHECK(compared >= 8);
}

TEST_CASE("race moves are the engine's legal moves for a lone army") {
  RuleOptions rules;
  rules.players = 1;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Position pos = near_finish(seed, 5);
    const RaceProblem problem = race_problem(pos, rules, 0, false);
    MoveList ours, engine;
    race_moves(problem, pos.pieces(0), ours);
    generate_moves(pos, rules, 0, engine);
    std::set<std::pair<int, int>> a, b;
    for (Move m : ours) a.insert({m.from, m.to});
    for (Move m : engine)
      if (!m.is_pass()) b.insert({m.from, m.to});
    CHECK(a == b);
  }
}

TEST_CASE("obstacles are hop stones and fill target holes") {
  // Seat 0 needs one hole of its target; the other nine hold seat 1's pieces.
  Position pos(2);
  for (int i = 0; i < 9; ++i) pos.put(kGeometry.arm_cells[0][i], 1);
  pos.put(17, 0);  // next to hole 9 (the arm's last cell)
  RuleOptions rules;
  const RaceProblem problem = race_problem(pos, rules, 0, false);
  CHECK(race_lower_bound(problem, problem.pieces) == 1);
  RaceSolver solver;
  const RacePlan plan = solver.exact(problem, 4, 0);
  REQUIRE(plan.solved);
  CHECK(plan.moves == 1);
  CHECK(plan.line[0] == Move::of(17, 9));
}

TEST_CASE("the solo race crosses the board in at most 32 moves") {
  RuleOptions rules;
  rules.players = 1;
  const Position start = Position::start(1);
  RaceSolver solver;
  const RacePlan plan = solver.beam(race_problem(start, rules, 0, false), 1000);
  REQUIRE(plan.solved);
  CHECK(plan.moves <= 32);
  check_line(start, rules, plan);
  MESSAGE("solo race with beam width 1000: " << plan.moves << " moves");
}
