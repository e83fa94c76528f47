// The Chinese checkers searcher.
//
// 2 players: iterative-deepening negascout (PVS) alpha-beta over the
// distance-to-goal evaluation (evaluate.h) with a transposition table, move
// ordering by TT move, forward gain, killers and history, late-move
// reductions for moves that do not advance, and no backward moves near the
// horizon. Once the armies have passed each other (armies_passed) the game is
// a pure race: both sides' remaining moves are counted by the race solver
// (race.h) and the side to move plays its race plan.
// 3-6 players: Best-Reply Search, paranoid search or BRS against modelled
// greedy rivals (multi_search.cpp), chosen by SearchOptions::multi.
//
//   Searcher searcher;                  // owns its tables, counters, stop flag
//   SearchOptions o;
//   o.limits.depth = 6;
//   SearchResult r = searcher.search(pos, o);   // r.best, r.score, r.pv ...
//
// Under depth and node limits the result is a pure function of (position,
// options) on every build (tables start clean unless limits.reuse_tables).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "../core/move_list.h"
#include "../core/search_budget.h"
#include "../core/search_limits.h"
#include "evaluate.h"
#include "position.h"
#include "rules.h"

namespace qipan::checkers {

constexpr int kMaxSearchDepth = 40;
using Line = FixedList<Move, 64>;

enum class MultiAlgorithm : std::uint8_t {
  brs,       // Best-Reply Search: the root seat against the single best reply of all rivals
  paranoid,  // every rival minimises the root seat's value, in turn order
  greedy,    // BRS layers, but a reply is one round of every rival's most forward move (six-player levels)
};

struct SearchOptions {
  SearchLimits limits;
  RuleOptions rules;  // rules.players is ignored: the position's count rules
  EvalWeights weights;
  // 2 players: solve passed armies as a race (race.h) instead of searching.
  bool race = true;
  int race_beam = 400;  // beam width of the race solver
  MultiAlgorithm multi = MultiAlgorithm::brs;
  // Keys of the positions before the root in the game (2 players: a position
  // that repeats one of them or one on the search path scores as a draw).
  std::span<const std::uint64_t> history;
  // Play on for places (3+ players): seats that have finished (bit p = seat
  // p; seats finished on the board count too). They are skipped in turn
  // order and their pieces are obstacles; the search plays for the best
  // place among the others: with two left, the 2-player search between them,
  // with more, the multi-player one. Ignored unless the rules play on.
  std::uint8_t retired = 0;
  // Non-zero: root moves that the move ordering ranks equal are tried in an
  // order drawn from this seed, so equally good moves vary from game to game
  // (reproducibly). 0 keeps the generator's order.
  std::uint64_t seed = 0;
};

// The seats a search plays among: the rules' play-on retirements plus seats
// finished on the board; `decided` when the root cannot be searched (a seat
// finished in a first-wins game, the side to move retired, or fewer than two
// seats left).
struct SeatsInPlay {
  std::uint8_t retired = 0;
  int active = 0;
  bool decided = false;
};
SeatsInPlay seats_in_play(const Position& pos, const RuleOptions& rules, std::uint8_t retired);

// Reported after every completed iteration.
struct SearchInfo {
  int depth = 0;
  int score = 0;  // the side to move's view (kDistanceUnit per row)
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  bool race = false;  // the score comes from the race solver
  const Line* pv = nullptr;
};

struct SearchResult {
  Move best = Move::pass();
  bool has_move = false;  // false when the game is already decided (seats_in_play)
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  Line pv;
  bool stopped = false;  // a limit cut the last iteration short
  // Race (2 players, armies passed): moves each side still needs.
  bool race = false;
  bool race_exact = false;
  int race_moves = 0;           // side to move
  int race_opponent_moves = 0;  // the other side
};

// A score's meaning for people: "+12.3" rows ahead, or "win in 3".
bool is_win_score(int score);
int win_distance_plies(int score);  // plies to the decision, for |score| > kWinThreshold

class Searcher {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using StopPoll = SearchBudget::StopPoll;  // true: stop (polled every 1024 nodes)

  explicit Searcher(std::size_t tt_megabytes = 16);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  SearchResult search(const Position& root, const SearchOptions& options);

  void set_info_callback(InfoCallback callback) { info_ = std::move(callback); }
  void set_stop_poll(StopPoll poll);
  // Safe from another thread; cleared when the next search starts.
  void stop();
  void clear();

  class Impl;

 private:
  std::unique_ptr<Impl> impl_;
  InfoCallback info_;
};

}  // namespace qipan::checkers
