// The xiangqi searcher: iterative deepening with aspiration windows over a
// principal-variation (negamax alpha-beta) search. Around it: a bucketed
// transposition table (search_table.h) that also keeps static evaluations,
// staged move ordering (move_picker.h) by static exchange (see.h), killers,
// counter moves and butterfly, continuation and capture history (history.h);
// pruning by reverse futility, razoring, null move (verified deep down),
// move count, futility and exchange value; late-move reductions scaled by
// history; singular, and check extensions; a static evaluation corrected by
// what searches found after the same last moves (correction history); a quiescence search of captures
// that do not lose material, with every evasion searched in check.
//
// Every Searcher owns all of its state (table, history, killers, node counter,
// stop flag), so any number can live side by side. Under a depth or node limit
// the result is a pure function of (position, history, limits): the same on
// every build, native or wasm. search() starts from clean tables unless
// SearchLimits::reuse_tables asks otherwise.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "../core/move_list.h"
#include "../core/search_budget.h"
#include "../core/search_limits.h"
#include "network.h"
#include "position.h"
#include "repetition_rules.h"
#include "search_table.h"

namespace qipan::xiangqi {

constexpr int kMaxPly = 128;
constexpr int kMaxSearchDepth = 64;
constexpr int kInfinity = 32000;
// Mate scores: being mated at ply p scores -(kMateScore - p), so a shorter
// mate is better for the winner and a longer one better for the loser. A
// perpetual check completed at ply p loses like a mate there: a side that is
// lost either way then plays on towards the later mate, making the opponent
// find it, rather than repeat its checks.
constexpr int kMateScore = 30000;
constexpr int kMateBound = kMateScore - kMaxPly;  // |score| >= this: a forced mate

constexpr bool is_mate_score(int score) { return score >= kMateBound || score <= -kMateBound; }
// Full moves to the mate for a mate score: positive when the side to move
// mates, negative when it is mated.
int mate_in_moves(int score);
// "+123", "-45", "mate 3", "-mate 2" (from the side to move's view).
std::string format_score(int score);

// A position played before the search root, oldest first: its key, whether
// the side to move there was in check (that is, the move into it gave check),
// and the move played from it. Used to judge repetitions inside the search
// (repetition_rules.h); without the moves only perpetual checks are seen.
struct PastPosition {
  std::uint64_t key = 0;
  bool in_check = false;
  Move move;
};

class Game;
// The positions of a game before its current one, for Searcher::search.
std::vector<PastPosition> past_positions(const Game& game);

using Line = FixedList<Move, kMaxPly>;

// Reported after every completed iteration.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  const Line* pv = nullptr;
};

struct SearchResult {
  Move best;      // none only when the root has no legal move
  int score = 0;  // side to move's view
  int depth = 0;  // last iteration that produced the move
  int seldepth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  Line pv;
  bool stopped = false;  // a limit or stop() cut the last iteration short
};

class Searcher {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  // Returns true when the search should stop (polled every 1024 nodes).
  using StopPoll = SearchBudget::StopPoll;

  explicit Searcher(std::size_t tt_megabytes = 16);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  SearchResult search(const Position& root, std::span<const PastPosition> history, const SearchLimits& limits);
  SearchResult search(const Position& root, const SearchLimits& limits) { return search(root, {}, limits); }

  // The legal root moves whose score searched to `depth` plies reaches
  // `threshold` (side to move's view), in move generation order: one
  // null-window search per move. After search(), with limits.reuse_tables,
  // it lets a level choose among the near-best moves (ai_levels.h). A limit
  // that stops it early returns the moves proven so far.
  std::vector<Move> moves_reaching(const Position& root, std::span<const PastPosition> history, int depth,
                                   int threshold, const SearchLimits& limits);

  void set_info_callback(InfoCallback callback) { info_ = std::move(callback); }
  void set_stop_poll(StopPoll poll) { budget_.set_stop_poll(std::move(poll)); }
  // Draw score once this many plies pass without a capture (0 = never).
  void set_move_limit_plies(int plies) { move_limit_plies_ = plies; }
  // The repetition rules the search plays by (RuleOptions::rules).
  void set_rules(RuleSet rules) { rules_ = rules; }
  // Root moves the search must not play (UCCI banmoves); cleared by passing {}.
  void set_root_exclusions(std::vector<Move> moves) { root_exclusions_ = std::move(moves); }

  // Safe from another thread; the running search returns its best move so far.
  // Cleared when the next search starts.
  void stop() { budget_.request_stop(); }
  // Evaluates with these network weights (network.h; network::kWeights are
  // the trained ones) instead of the hand-made evaluation (evaluate.h), or
  // with the hand-made one again for nullptr, the default. Switching forgets
  // the table. Only a program that passes weights links them in.
  void set_network(const network::Weights* weights);
  const network::Weights* network() const { return network_; }
  // Forgets the table, history and killers.
  void clear();
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Workspace;
  struct Frame;

  void prepare(const Position& root, std::span<const PastPosition> history, const SearchLimits& limits);
  template <bool Pv>
  int negamax(int depth, int alpha, int beta, int ply, bool cut_node);
  template <bool Pv>
  int quiesce(int alpha, int beta, int ply);
  int aspiration(int depth, int previous);
  // The static evaluation of the node at `ply` (w.pos), by the network or the hand-made one.
  int static_eval(int ply);
  bool repetition(int ply, int& score) const;
  // The side that loses the cycle from position index `earlier` to `now`
  // (-1: nobody), remembered by the cycle's keys.
  int cycle_loser(int earlier, int now) const;
  void push_child(int ply, Move m, Piece moving, Piece captured);
  void push_null(int ply);
  bool count_node();
  bool excluded_at_root(Move m) const;
  void update_continuation(int ply, Piece moving, Square to, int bonus);
  struct CorrectionEntries {
    std::int16_t* by_move = nullptr;
    std::int16_t* by_pair = nullptr;
  };
  CorrectionEntries correction_entries(int ply) const;
  int corrected_eval(int ply, int raw_eval) const;
  void update_correction(int ply, int searched, int static_eval, int depth);
  void update_best_move_stats(int ply, Move best, Piece moving, bool quiet, int bonus, int malus, const Move* quiets,
                              int quiet_count, const Move* captures, int capture_count);
  void update_pv(int ply, Move m);

  std::unique_ptr<Workspace> ws_;
  SearchTable tt_;
  InfoCallback info_;
  // The clock is read every 1024 nodes; the node limit holds at every node.
  static constexpr std::uint64_t kPollInterval = 1024;
  SearchBudget budget_{kPollInterval, NodeLimitCheck::kEveryNode};
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int move_limit_plies_ = 120;
  RuleSet rules_ = RuleSet::kAsian;
  const network::Weights* network_ = nullptr;
  // Occurrences that end the game when a repeat reaches back before the root.
  // The rule's count (RuleOptions::repetition_count), set in the constructor.
  int repetition_count_ = 0;
  std::vector<Move> root_exclusions_;
  int root_index_ = 0;
  int root_depth_ = 0;
  int null_move_min_ply_ = 0;
  int picker_height_ = 0;
};

}  // namespace qipan::xiangqi
