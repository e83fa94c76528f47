// The exact endgame solver: the final disc difference under perfect play
// (empty squares to the winner) and a move that achieves it.
//
//   endgame::Solver solver;                 // owns its transposition table
//   endgame::Solution s = solver.solve(pos);
//   // s.score (side to move's view), s.best_move, s.nodes
//
//   solver.solve_window(pos, -1, 1);        // win/loss/draw only
//   solver.solve_all_moves(pos);            // exact value of every move
//
// The search: negamax alpha-beta with null windows (principal variation
// search). The root is searched in narrow windows (g - 1, g + 1) around a
// guess g, which prove "score == g" or bound it from one side: far cheaper
// than a wide window. The first guess comes from a search of the two best
// moves at each node. Below the root: a transposition table with exact
// bounds and enhanced transposition cutoffs; move ordering by shallow
// searches with the pattern evaluation (evaluate.h) far from the end, by the
// opponent's corner-weighted mobility ("fastest first") in the middle, by
// quadrant parity near the end; stability cutoffs (stability.h); and
// dedicated code for the last four empty squares (endgame_last_empties.h).
//
// A Solver holds no global state; separate solvers are independent. The table
// survives between calls (endgame values never go stale); clear() empties it
// (the benchmark does, so each position starts cold).
//
// Natively a solver can search on several threads (set_threads; young
// brothers wait, endgame_split.h), sharing one table. The score is the same;
// the move may be another of equal score, and the node count varies from
// run to run. The wasm build has one thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "position.h"

namespace qipan::reversi {
struct EvalWeights;
}

namespace qipan::reversi::endgame {

class Engine;
class TranspositionTable;

// Where a solve stands after each step of the root's aspiration loop.
struct Progress {
  int alpha = 0, beta = 0;  // the window just searched
  int score = 0;            // its fail-soft result
  Square best_move = kNoSquare;
  std::uint64_t nodes = 0;  // since the solve started
  double seconds = 0;
};

struct Limits {
  std::uint64_t nodes = 0;                           // stop after about this many nodes; 0 = none
  std::int64_t time_ms = 0;                          // stop after this long; 0 = none (never in tests)
  const std::atomic<bool>* stop = nullptr;           // polled; set it to abort
  std::function<void(const Progress&)> on_progress;  // root steps only
};

struct Solution {
  // Exact score for the side to move when the search finished inside the
  // window; otherwise a bound (see solve_window).
  int score = 0;
  // A best move: a square, kPass when the side to move must pass, kNoSquare
  // when the game is over.
  Square best_move = kNoSquare;
  std::uint64_t nodes = 0;
  std::uint64_t splits = 0;  // split points opened by every thread (several threads only)
  bool stopped = false;      // a limit cut the search short; score and move are unreliable
};

struct MoveValue {
  Square move = kNoSquare;  // a square or kPass
  int score = 0;            // exact final score for the side to move after it
};

// What a solve split among solvers that share no memory starts from
// (lab/reversi_root_split/root_split.h): the root's moves in the order to
// search them and the first guess of the score.
struct RootPlan {
  std::vector<Square> moves;  // best first; a lone kPass; empty when the game is over
  int first_guess = 0;        // where the aspiration starts (the score when the game is over)
  std::uint64_t nodes = 0;
  bool stopped = false;
};

struct AllMoves {
  std::vector<MoveValue> moves;
  std::uint64_t nodes = 0;
  bool stopped = false;  // some values are unreliable
};

class Solver {
 public:
  // `weights` order the moves far from the end (EvalWeights::builtin() when
  // null); they must outlive the solver. Results never depend on them, only
  // the time taken.
  explicit Solver(std::size_t table_megabytes = 32, const EvalWeights* weights = nullptr);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // The exact score and a best move.
  Solution solve(const Position& pos, const Limits& limits = {});

  // Fail-soft search in the window (alpha, beta), alpha < beta, both within
  // [-64, 64]: when alpha < score < beta it is exact; when score <= alpha the
  // true score is at most `score`; when score >= beta it is at least `score`.
  // (-1, 1) decides win/draw/loss. The best move is the one that reached the
  // returned score (any legal move on a fail-low).
  Solution solve_window(const Position& pos, int alpha, int beta, const Limits& limits = {});

  // The exact value of every legal move (for hints), in square order; a lone
  // kPass entry when the side to move must pass; empty when the game is over.
  AllMoves solve_all_moves(const Position& pos, const Limits& limits = {});

  // The plan of a root-split solve (lab/reversi_root_split/root_split.h):
  // the same order and first guess solve() starts from.
  RootPlan plan_root(const Position& pos, const Limits& limits = {});

  void clear();

  // The number of threads of later solves, at most kMaxThreads (1 where
  // threads are not built); returns the number set.
  static constexpr int kMaxThreads = 64;
  int set_threads(int threads);
  int threads() const;

 private:
  template <class Result, class Task>
  Result run(const Limits& limits, Task task);

  std::unique_ptr<TranspositionTable> table_;
  const EvalWeights* weights_;
  std::unique_ptr<Engine> engine_;  // the main thread's
  std::vector<std::unique_ptr<Engine>> helpers_;
};

}  // namespace qipan::reversi::endgame
