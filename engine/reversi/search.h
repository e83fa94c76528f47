// The Reversi midgame searcher: iterative deepening over a negascout
// (principal variation) alpha-beta search in disc-difference units, with a
// transposition table, fastest-first move ordering (shallow searches and the
// opponent's mobility), optional multi-probcut, and the exact endgame solver
// (endgame.h) once few enough squares are empty.
//
//   Searcher searcher;                       // owns its tables
//   SearchOptions o;
//   o.limits.depth = 10;
//   o.exact_empties = 18;                    // solve exactly from 18 empties
//   SearchResult r = searcher.search(pos, o);
//   // r.best, r.score (discs, side to move's view), r.exact, r.pv
//
// Every Searcher owns its table, solver, node counter and stop flag: any
// number can live side by side. Under depth and node limits the result is a
// pure function of (position, options) on every build, native or wasm
// (search() starts from clean tables unless limits.reuse_tables is set).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "../core/move_list.h"
#include "../core/search_budget.h"
#include "../core/search_limits.h"
#include "evaluate.h"
#include "position.h"

namespace qipan::reversi {

constexpr int kMaxSearchDepth = 60;
// Scores are final disc differences (empties to the winner), -64 .. +64.
constexpr int kScoreMax = 64;

// Multi-probcut confidence levels: a cut needs the shallow search to clear
// the bound by t standard deviations of the shallow-vs-deep error (t = 1.1,
// 1.5, 2.0, 2.6: the cut is right about 73, 87, 95, 99% of the time).
enum class Probcut : std::uint8_t { kOff = 0, k73 = 1, k87 = 2, k95 = 3, k99 = 4 };
// The confidence of a probcut level, in percent (100 when off), as shown in
// the thinking line ("depth 14@87%").
int probcut_percent(Probcut p);

struct SearchOptions {
  // depth: midgame plies; nodes: the midgame search's node budget (the
  // exact solver has its own, solve_nodes); time: for everything.
  SearchLimits limits;
  // Solve exactly (no depth limit, no probcut) when at most this many squares
  // are empty; 0 = never (the search is still exact when its depth reaches
  // the end of the game).
  int exact_empties = 0;
  std::uint64_t solve_nodes = 0;  // the exact solver's node budget; 0 = none
  Probcut probcut = Probcut::kOff;
};

using Line = FixedList<Square, 64>;

// Reported after every completed iteration (and once after an exact solve).
struct SearchInfo {
  int depth = 0;
  int selectivity = 100;  // probcut confidence in percent
  bool exact = false;     // the score is the game's exact value
  int score = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  const Line* pv = nullptr;  // never null in a report (empty for hints)
};

struct SearchResult {
  // A square; kPass when the side to move must pass; kNoSquare when the game
  // is over.
  Square best = kNoSquare;
  int score = 0;  // discs, side to move's view
  int depth = 0;  // the last completed iteration
  int selectivity = 100;
  bool exact = false;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  Line pv;
  bool stopped = false;  // a limit cut the last iteration short
};

// One legal move's value for hints.
struct MoveValue {
  Square move = kNoSquare;  // a square, or kPass
  int score = 0;            // discs, for the side that plays it
  bool exact = false;
  int depth = 0;  // the depth it was searched to (empties when exact)
};

class Searcher {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  // Returns true when the search should stop (polled every 4096 nodes).
  using StopPoll = SearchBudget::StopPoll;

  explicit Searcher(std::size_t tt_megabytes = 16, const EvalWeights& weights = EvalWeights::builtin());
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  SearchResult search(const Position& root, const SearchOptions& options);

  // The value of every legal move (in square order) under the same options:
  // each move searched to the same depth with a full window, or solved
  // exactly when the root is within exact_empties. A lone kPass entry when
  // the side to move must pass; empty when the game is over.
  std::vector<MoveValue> evaluate_moves(const Position& root, const SearchOptions& options);

  void set_info_callback(InfoCallback callback) { info_ = std::move(callback); }
  void set_stop_poll(StopPoll poll);
  // Safe from another thread; the running search returns its best move so far.
  // Cleared when the next search starts.
  void stop();
  // Forgets the transposition tables.
  void clear();
  std::uint64_t nodes() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
  InfoCallback info_;
};

}  // namespace qipan::reversi
