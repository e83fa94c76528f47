// An exact Reversi solve shared by Web Workers that share no memory
// (lab/reversi_root_split/root_split.h): ReversiEndgameWorker runs jobs in
// each worker; ReversiRootSplit, in one of them or in the page, hands the
// jobs out and folds their scores. JS only carries the messages.
//
//   const split = new ReversiRootSplit();
//   split.start(board)    -> {ok, finished}: planned with its own solver
//   split.nextJob(w)      -> {ok, job: {id, board, alpha, beta} | null, finished}
//   worker.solveWindow(board, alpha, beta) -> {ok, score, nodes}
//   split.report(id, score, nodes) -> {ok, finished}
//   split.solution()      -> {ok, score, square (-1: pass, null: none), name, nodes, passes}
//
// A bad board, window or job id is refused as {ok: false, code, params, reason}.
#pragma once

#include <emscripten/val.h>

#include <optional>
#include <string>

#include "engine/reversi/endgame.h"
#include "lab/reversi_root_split/root_split.h"

namespace qipan::bindings {

class ReversiEndgameWorker {
 public:
  explicit ReversiEndgameWorker(int table_megabytes);
  // Solver::solve_window: the fail-soft score in (alpha, beta).
  emscripten::val solveWindow(const std::string& board, int alpha, int beta);
  // Empties the table (each benchmark position starts cold).
  void clear();

 private:
  reversi::endgame::Solver solver_;
};

class ReversiRootSplit {
 public:
  ReversiRootSplit() = default;
  // {ok} once planned, or a refusal of the board (or a finished game's
  // score right away: finished is then true).
  emscripten::val start(const std::string& board);
  emscripten::val nextJob(int worker);
  emscripten::val report(int id, int score, double nodes);
  emscripten::val solution() const;

 private:
  reversi::endgame::Solver planner_{4};
  std::optional<reversi::endgame::RootSplit> split_;
};

}  // namespace qipan::bindings
