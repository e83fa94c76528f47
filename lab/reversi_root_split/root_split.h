// An exact Reversi solve shared by solvers that share no memory, as a page's
// Web Workers would share it, each with its own wasm instance (a page opened
// from disk has no SharedArrayBuffer, so the wasm build has no threads;
// engine/reversi/endgame_split.h is the native, shared-table way). An
// experiment of the lab: the page does not use it.
//
// This class is the coordinator. It runs Solver::solve's aspiration loop
// (narrow windows (g - 1, g + 1) around a guess g that follows the
// fail-soft bounds) and turns the root's moves into jobs: "search the
// position after this move in this window" (Solver::solve_window). Whoever
// is free takes the next job and reports its score. Every report narrows
// what is known of its move's value (a fail-soft bound, or the exact value),
// and a pass ends as soon as those bounds decide it, as Engine::root would
// have: a move proves more than g (fail high), or one proves g and the rest
// at most g (exact), or all at most g - 1 (fail low).
//
// A worker with nothing left in the pass speculates on the passes to come:
// the moves still out, a rung or two up (the guess starts below the score,
// so passes mostly climb, and the climb is the part of a solve with nothing
// else to share). Reports that arrive after their pass is over are not
// wasted: their bounds often decide a later pass outright. A worker cannot
// be interrupted, so a job still out when the solve finishes is ignored.
//
// Each worker's table lives on between jobs, so a move goes back to the
// worker that searched it before when it can (most of the tree below it is
// in that worker's table).
//
// Tried and not kept: splitting the first move's node into its moves as
// well (it is refuted reply by reply, so its moves could be shared): each
// worker then holds only part of that subtree in its table, and on FFO
// #40-#49 the solve took 17% more (measured in nodes, simulated).
//
//   RootSplit split(pos, solver.plan_root(pos));
//   while (!split.finished())
//     if (auto job = split.next_job(worker)) ... run it, then
//       split.report(job->id, solver.solve_window(job->position, job->alpha, job->beta).score, nodes);
//   split.solution();
//
// The score is the solve's; the move is one that reaches it (which one may
// depend on the order the reports arrive in).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/reversi/endgame.h"
#include "engine/reversi/position.h"

namespace qipan::reversi::endgame {

struct RootJob {
  int id = 0;
  Position position;        // the root after one of its moves
  int alpha = 0, beta = 0;  // the window to search it in, its side to move's view
};

class RootSplit {
 public:
  // `plan` is Solver::plan_root(root): the moves' order and the first guess.
  RootSplit(const Position& root, const RootPlan& plan);

  // The next job for `worker` (0, 1, ...), or none: the pass waits for the
  // jobs out, or the solve is finished.
  std::optional<RootJob> next_job(int worker);

  // The score solve_window returned for a job, and the nodes it took. An
  // unknown or repeated id is refused (false).
  bool report(int job_id, int score, std::uint64_t nodes);

  bool finished() const { return root_.lower >= root_.upper; }
  // The exact score and a best move once finished, and the nodes of the
  // plan and of every report.
  Solution solution() const;

  int passes() const { return passes_; }

 private:
  struct Bounds {
    int lower = -64, upper = 64;  // its side to move's view
  };
  struct Move : Bounds {
    Square square = kNoSquare;  // or kPass
    Position child;
    int owner = -1;  // the worker that last searched it
  };
  struct Candidate {  // a move and the window to search it in, the child's view
    int move, alpha, beta;
  };
  struct Flight {  // a job out
    int id;
    Candidate searched;
  };

  void start_pass(int guess);
  // Folds the moves' bounds into the root's and ends every pass they decide.
  void advance();
  // The moves that still need a search for the pass around `guess` to be
  // decided, in search order, with their windows.
  void collect(int guess, std::vector<Candidate>& out) const;
  bool covered(int move, int alpha, int beta) const;
  RootJob dispatch(int worker, const Candidate& c);

  Bounds root_;
  std::vector<Move> moves_;
  std::vector<int> order_;  // indices into moves_, in the order to search them
  std::vector<Flight> flights_;
  std::uint64_t nodes_ = 0;
  int passes_ = 0;
  int next_id_ = 0;
  int guess_ = 0;  // the pass under way searches (guess_ - 1, guess_ + 1)
  Square best_move_ = kNoSquare;
};

}  // namespace qipan::reversi::endgame
