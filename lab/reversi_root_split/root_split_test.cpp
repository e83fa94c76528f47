// The Reversi root split (root_split.h) against the exact solver: a solve
// split among workers that share no table, with reports arriving out of
// order, finds the solver's score and a move that reaches it, and refuses
// reports of jobs it did not hand out.
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/endgame.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/movegen.h"
#include "lab/reversi_root_split/root_split.h"
#include "tests/reversi/random_endgames.h"

using namespace qipan;
using namespace qipan::reversi;
using namespace qipan::reversi::testing;

namespace {

// A root-split solve driven here: `workers` solvers with their own tables
// take jobs whenever idle, and the jobs out finish in an order drawn from
// `seed` (out of order, as workers of uneven speed report), so reports of
// passes already over arrive too.
struct SplitResult {
  endgame::Solution solution;
  int jobs = 0;
  bool refused_report = false;  // a report the coordinator refused
};
SplitResult solve_split(const Position& pos, int workers, std::uint64_t seed) {
  std::vector<std::unique_ptr<endgame::Solver>> solvers;
  for (int w = 0; w < workers; ++w) solvers.push_back(std::make_unique<endgame::Solver>(1));
  endgame::RootSplit split(pos, solvers[0]->plan_root(pos));
  SplitResult out;
  struct Out {
    int worker;
    endgame::RootJob job;
  };
  std::vector<Out> jobs_out;
  std::vector<bool> busy(workers, false);
  SplitMix64 rng(seed);
  while (!split.finished()) {
    for (int w = 0; w < workers; ++w)
      if (!busy[w])
        if (auto job = split.next_job(w)) {
          jobs_out.push_back({w, *job});
          busy[w] = true;
          ++out.jobs;
        }
    REQUIRE(!jobs_out.empty());  // unfinished with nothing out would never end
    const std::size_t pick = rng.below(std::uint32_t(jobs_out.size()));
    const Out done = jobs_out[pick];
    jobs_out.erase(jobs_out.begin() + std::ptrdiff_t(pick));
    busy[done.worker] = false;
    const endgame::Solution s = solvers[done.worker]->solve_window(done.job.position, done.job.alpha, done.job.beta);
    out.refused_report |= !split.report(done.job.id, s.score, s.nodes);
  }
  // Jobs still out when it finished are ignored, not refused.
  for (const Out& o : jobs_out) out.refused_report |= !split.report(o.job.id, 0, 0);
  out.solution = split.solution();
  return out;
}

}  // namespace

TEST_CASE("a solve split among workers that share no table finds the solver's score") {
  endgame::Solver one(4);
  std::vector<Position> positions = random_endgames(4242, 30, 10, 16);
  for (const Position& pos : random_endgames(777, 60, 0, 5))
    if (pos.game_over() || pos.must_pass()) positions.push_back(pos);
  int passes = 0, over = 0;
  for (const Position& pos : positions) {
    CAPTURE(board_string(pos));
    const int expected = one.solve(pos).score;
    for (const int workers : {1, 2, 3}) {
      CAPTURE(workers);
      const SplitResult r = solve_split(pos, workers, 99 + std::uint64_t(workers));
      REQUIRE(r.solution.score == expected);
      CHECK(!r.refused_report);
      if (pos.game_over()) {
        ++over;
        CHECK(r.solution.best_move == kNoSquare);
        CHECK(r.jobs == 0);
      } else if (pos.must_pass()) {
        ++passes;
        CHECK(r.solution.best_move == kPass);
      } else {
        REQUIRE(pos.is_legal(r.solution.best_move));
        CHECK(-one.solve(after(pos, r.solution.best_move)).score == expected);  // the move reaches it
      }
    }
  }
  CHECK(passes > 0);
  CHECK(over > 0);
}

TEST_CASE("a split solve refuses reports of jobs it did not hand out") {
  const Position pos = random_endgames(31337, 1, 14, 14).front();
  endgame::Solver solver(1);
  endgame::RootSplit split(pos, solver.plan_root(pos));
  REQUIRE(!split.finished());
  const auto job = split.next_job(0);
  REQUIRE(job.has_value());
  CHECK(!split.report(job->id + 1, 0, 0));  // never handed out
  const endgame::Solution s = solver.solve_window(job->position, job->alpha, job->beta);
  CHECK(split.report(job->id, s.score, s.nodes));
  CHECK(!split.report(job->id, s.score, s.nodes));  // reported already
}
