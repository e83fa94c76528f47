#include "endgame.h"

#include <algorithm>
#include <array>
#include <thread>

#include "../core/clock.h"
#include "endgame_bits.h"
#include "endgame_last_empties.h"
#include "endgame_split.h"
#include "endgame_tt.h"
#include "evaluate.h"
#include "movegen.h"
#include "stability.h"

// Natively the solver can run on several threads; so can a wasm build with
// pthreads (qipan_solve_threads.js). The page's wasm has none: opened from
// disk it cannot share memory between workers.
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define QIPAN_ENDGAME_THREADS 1
#endif

namespace qipan::reversi::endgame {
namespace {

// The tree, from the leaves up (thresholds in empty squares, tuned on FFO
// #40-#49 and positions derived from them):
// - 1 to 4: endgame_last_empties.h;
// - 5 to 6: shallow(): parity order, no table;
// - 7 and up: search(): principal variation search, fastest-first order;
//   the table from kTableMinEmpties, enhanced transposition cutoffs from
//   kEtcMinEmpties, ordering by shallow searches of the ordering evaluation
//   from kProbeMinEmpties (one ply deeper every kProbeStep empties).
constexpr int kSearchMinEmpties = 7;
constexpr int kTableMinEmpties = 9;
constexpr int kEtcMinEmpties = 12;
constexpr int kProbeMinEmpties = 14;
constexpr int kProbeStep = 3;
// The root orders its moves by a deeper probe: (empties - this) / 2 plies,
// at most kRootProbeMaxDepth: the probe has no table and no ordering, so an
// uncapped one far from the end takes longer than the rest of the solve.
constexpr int kRootProbeBase = 12;
constexpr int kRootProbeMaxDepth = 8;
// The first guess of the score: a search of the best kGuessBreadth moves
// (by the ordering) at every node above kGuessExactEmpties, exact below, then
// lowered by kGuessBias (approaching the score from below is cheaper: a
// fail-high only needs one good move at the root).
constexpr int kGuessBreadth = 2;
constexpr int kGuessExactEmpties = 12;
constexpr int kGuessBias = 4;
// With several threads, nodes with at least this many empties may share
// their moves (endgame_split.h); below, a split costs more
// than the work it shares.
constexpr int kSplitMinEmpties = 12;
// ... and only once this many of their moves have been searched without a
// cutoff: a node whose first moves do not cut will most likely search them
// all, while at a node split after its first move, the moves the helpers
// take are often cut by a sibling (the tree grows with earlier splits).
constexpr int kSplitMinSearched = 4;

// Stability cutoffs are tried only when alpha is high enough for the bound
// 64 - 2 * stable to have a chance; computing stable discs costs about as
// much as a move generation.
constexpr std::array<int, 65> kStabilityThreshold = [] {
  std::array<int, 65> t{};
  for (int n = 0; n <= 64; ++n) t[n] = n < 4 ? 99 : std::min(64, 2 * n + 4);
  return t;
}();

// Probe values are in 1/64 disc (the evaluation's unit is 1/kEvalScale).
constexpr int kProbeUnit = 64;
static_assert(kProbeUnit % kEvalScale == 0);
// In probe-ordered nodes, each reply (corners twice) the move leaves the
// opponent costs this much: a pull towards fastest first.
constexpr int kProbeReplyPenalty = 128;
constexpr int kProbeInfinity = 1 << 20;
constexpr int kTableMoveBonus = 1 << 28;

// The child of a move, from its side to move's point of view.
struct Child {
  Bitboard player, opponent;
};
inline Child play(Bitboard player, Bitboard opponent, Bitboard flipped, Square s) {
  return {opponent ^ flipped, player | flipped | square_bit(s)};
}

}  // namespace

// One per thread. Aligned to a cache line: an engine writes its node count
// at every node, and when wasm's allocator put the helper's engine on a
// line the main thread's engine reads at every node, the two threads shared
// that line (false sharing) and two threads in wasm ran a quarter slower.
class alignas(64) Engine {
 public:
  Engine(TranspositionTable& table, const EvalWeights& weights) : table_(table), weights_(weights) {}

  TranspositionTable& table_;
  const EvalWeights& weights_;
  const std::uint8_t* edge_ = edge_stability_table();
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::uint64_t next_check_ = 0;
  const Limits* limits_ = nullptr;
  Stopwatch watch_;
  // The root's move order, kept across the passes of one solve.
  Position root_position_;
  int root_count_ = 0;
  std::array<MoveEntry, kMaxMoves> root_moves_{};
  // Parallel solves only: the threads' meeting place, the innermost split
  // point this thread works under, and whether a cutoff above is unwinding
  // this thread's search (its results are then void, like a stopped one's).
  SplitPool* pool_ = nullptr;
  SplitPoint* split_ = nullptr;
  bool abort_ = false;
  std::uint64_t reported_nodes_ = 0;
  std::uint64_t splits_ = 0;

  // `limits` is null for a helper thread: the main thread checks them for
  // all and raises the pool's stop flag.
  void start(const Limits* limits, SplitPool* pool = nullptr) {
    limits_ = limits;
    pool_ = pool;
    nodes_ = 0;
    reported_nodes_ = 0;
    splits_ = 0;
    stopped_ = false;
    abort_ = false;
    split_ = nullptr;
    next_check_ = 1 << 14;
    root_count_ = 0;
    watch_.restart();
  }

  bool interrupted() const { return stopped_ || abort_; }

  // Once stopped, every later check answers at once (next_check_ 0), so
  // loops that ignore a child's result, like the probes of move ordering,
  // unwind too. In a parallel solve the node limit counts every thread.
  bool check_limits() {
    std::uint64_t nodes = nodes_;
    if (pool_) {
      nodes = pool_->nodes.fetch_add(nodes_ - reported_nodes_, std::memory_order_relaxed) + nodes_ - reported_nodes_;
      reported_nodes_ = nodes_;
    }
    if (limits_) {
      const Limits& l = *limits_;
      if ((l.nodes && nodes >= l.nodes) || (l.stop && l.stop->load(std::memory_order_relaxed)) ||
          (l.time_ms && watch_.elapsed_ms() >= l.time_ms))
        stopped_ = true;
    }
    if (pool_) {
      if (stopped_) pool_->stop.store(true, std::memory_order_relaxed);
      else if (pool_->stop.load(std::memory_order_relaxed)) stopped_ = true;
    }
    next_check_ = stopped_ ? 0 : nodes_ + (1 << 14);
    return stopped_;
  }

  // --- Parallel search (endgame_split.h) ---

  bool can_split(int empties, int moves_left) const {
    return pool_ && empties >= kSplitMinEmpties && moves_left >= 2 && pool_->idle.load(std::memory_order_relaxed) > 0;
  }

  // Searches the moves of a split point until none is left or it is cut.
  void work_at(SplitPoint& sp) {
    SplitPoint* const outer = split_;
    split_ = &sp;
    for (;;) {
      int i, a;
      {
        const std::lock_guard<std::mutex> guard(sp.lock);
        if (sp.cutoff.load(std::memory_order_relaxed) || sp.next >= sp.count) break;
        i = sp.next++;
        a = sp.alpha;
      }
      const MoveEntry& m = sp.moves[i];
      const Child c = play(sp.player, sp.opponent, m.flipped, m.square);
      const unsigned child_parity = sp.parity ^ kQuadrantBit[m.square];
      int v = -dispatch(c.player, c.opponent, -a - 1, -a, sp.empties - 1, child_parity);
      if (!interrupted() && v > a && v < sp.beta)
        v = -dispatch(c.player, c.opponent, -sp.beta, -v, sp.empties - 1, child_parity);
      if (interrupted()) break;
      const std::lock_guard<std::mutex> guard(sp.lock);
      if (v > sp.best) {
        sp.best = v;
        sp.best_move = m.square;
        if (v >= sp.beta) sp.cutoff.store(true, std::memory_order_relaxed);
        else if (v > sp.alpha) sp.alpha = v;
      }
    }
    split_ = outer;
  }

  // Searches list[0, count) (the moves after the first) together with the
  // idle threads, and folds their result into alpha, best and best_move.
  void split(Bitboard player, Bitboard opponent, MoveEntry* list, int count, int& alpha, int beta, int& best,
             int& best_move, int empties, unsigned parity) {
    std::stable_sort(list, list + count, [](const MoveEntry& a, const MoveEntry& b) { return a.value > b.value; });
    SplitPoint sp;
    sp.player = player;
    sp.opponent = opponent;
    sp.empties = empties;
    sp.parity = parity;
    sp.beta = beta;
    sp.moves = list;
    sp.count = count;
    sp.parent = split_;
    sp.alpha = alpha;
    sp.best = best;
    sp.best_move = best_move;
    ++splits_;
    pool_->publish(sp);
    work_at(sp);
    // The helpers still inside may split further down: help them there.
    pool_->idle.fetch_add(1, std::memory_order_relaxed);
    while (!pool_->retire(sp)) {
      if (SplitPoint* below = pool_->join(&sp)) {
        pool_->idle.fetch_sub(1, std::memory_order_relaxed);
        work_at(*below);
        pool_->leave(*below);
        abort_ = false;
        pool_->idle.fetch_add(1, std::memory_order_relaxed);
      } else {
        check_limits();
        std::this_thread::yield();
      }
    }
    pool_->idle.fetch_sub(1, std::memory_order_relaxed);
    abort_ = split_ && split_->cut_here_or_above();
    if (pool_->stop.load(std::memory_order_relaxed)) stopped_ = true;
    alpha = sp.alpha;
    best = sp.best;
    best_move = sp.best_move;
  }

  // A helper thread: joins split points until the solve is done.
  void help() {
    pool_->idle.fetch_add(1, std::memory_order_relaxed);
    while (!pool_->done.load(std::memory_order_acquire)) {
      if (SplitPoint* sp = pool_->join()) {
        pool_->idle.fetch_sub(1, std::memory_order_relaxed);
        work_at(*sp);
        pool_->leave(*sp);
        abort_ = false;
        pool_->idle.fetch_add(1, std::memory_order_relaxed);
      } else {
        std::this_thread::yield();
      }
    }
    check_limits();  // reports the last nodes
  }

  // Any number of empties.
  int dispatch(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    if (empties >= kSearchMinEmpties) return search(player, opponent, alpha, beta, empties, parity);
    if (empties >= 5) return shallow(player, opponent, alpha, beta, empties, parity);
    Bitboard e = ~(player | opponent);
    switch (empties) {
      case 4: return solve_4(player, opponent, alpha, beta, parity, nodes_);
      case 3: return solve_3(player, opponent, alpha, beta, parity, nodes_);
      case 2: {
        const Square a = pop_first(e);
        return solve_2(player, opponent, alpha, beta, a, first_square(e), nodes_);
      }
      case 1: return solve_1(player, opponent, first_square(e), nodes_);
      default: ++nodes_; return final_score(player, 0);
    }
  }

  // 5 or 6 empties: empty squares in odd quadrants first, no table.
  int shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    if (alpha >= kStabilityThreshold[empties]) {
      const int bound = 64 - 2 * count_bits(stable_discs(edge_, opponent, player));
      if (bound <= alpha) return bound;
    }
    const Bitboard empty = ~(player | opponent);
    int best = -kScoreInfinity;
    const Bitboard odd = empty & kParityMask[parity];
    for (Bitboard set : {odd, empty ^ odd}) {
      while (set) {
        const Square s = pop_first(set);
        Bitboard f;
        if (!(opponent & kNeighbour[s]) || !(f = flips(player, opponent, s))) continue;
        const Child c = play(player, opponent, f, s);
        const unsigned child_parity = parity ^ kQuadrantBit[s];
        const int v = empties == 5 ? -solve_4(c.player, c.opponent, -beta, -alpha, child_parity, nodes_)
                                   : -shallow(c.player, c.opponent, -beta, -alpha, empties - 1, child_parity);
        if (v > best) {
          if (v >= beta) return v;
          best = v;
          if (v > alpha) alpha = v;
        }
      }
    }
    if (best != -kScoreInfinity) return best;
    if (legal_moves(opponent, player) == 0) return final_score(player, empties);
    return -shallow(opponent, player, -beta, -alpha, empties, parity);
  }

  // Depth-limited alpha-beta on the pattern evaluation (no table, no
  // ordering: it only runs a few plies deep). It checks the limits too: one
  // root probe can take seconds.
  int probe(Bitboard player, Bitboard opponent, int alpha, int beta, int depth) {
    ++nodes_;
    if (nodes_ >= next_check_ && check_limits()) return 0;
    if (depth == 0) return evaluate_scaled(weights_, player, opponent) * (kProbeUnit / kEvalScale);
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
      if (legal_moves(opponent, player) == 0) return kProbeUnit * final_score(player, count_bits(~(player | opponent)));
      return -probe(opponent, player, -beta, -alpha, depth);
    }
    int best = -kProbeInfinity;
    while (moves) {
      const Square s = pop_first(moves);
      const Child c = play(player, opponent, flips(player, opponent, s), s);
      const int v = -probe(c.player, c.opponent, -beta, -alpha, depth - 1);
      if (v > best) {
        best = v;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    return best;
  }

  // Fills `list` with the moves and their ordering values (higher first):
  // - with probe_depth >= 0, the value of a probe of the child (1/64 disc),
  //   less kProbeReplyPenalty per opponent reply (corners count twice);
  // - otherwise fastest first: the opponent's corner-weighted mobility after
  //   the move (fewer is better), then its potential mobility, the mover's
  //   discs on and next to the corners, and parity.
  int order_moves(Bitboard player, Bitboard opponent, Bitboard moves, unsigned parity, int probe_depth, MoveEntry* list,
                  bool prefetch = false) {
    int count = 0;
    const Bitboard odd = kParityMask[parity];
    while (moves) {
      const Square s = pop_first(moves);
      MoveEntry& m = list[count++];
      m.square = s;
      m.flipped = flips(player, opponent, s);
      const Child c = play(player, opponent, m.flipped, s);
      if (prefetch) table_.prefetch(c.player, c.opponent);
      const int replies = weighted_mobility(legal_moves(c.player, c.opponent));
      if (probe_depth >= 0) {
        m.value =
            -probe(c.player, c.opponent, -kProbeInfinity, kProbeInfinity, probe_depth) - kProbeReplyPenalty * replies;
      } else {
        const Bitboard corners = c.opponent & kCorners;
        m.value = -16 * replies - count_bits(neighbours(c.opponent) & ~(c.player | c.opponent)) +
                  4 * (count_bits(corners) + count_bits((shift_east(corners) | shift_west(corners) | shift_up(corners) |
                                                         shift_down(corners)) &
                                                        c.opponent)) +
                  ((odd >> s) & 1) * 2;
      }
    }
    return count;
  }

  static int root_probe_depth(int empties) { return std::clamp((empties - kRootProbeBase) / 2, 1, kRootProbeMaxDepth); }

  int probe_depth(int empties) const {
    return empties >= kProbeMinEmpties ? (empties - kProbeMinEmpties) / kProbeStep : -1;
  }

  // kSearchMinEmpties or more: principal variation search.
  int search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    if (nodes_ >= next_check_ && check_limits()) return 0;
    if (split_ && split_->cut_here_or_above()) {
      abort_ = true;
      return 0;
    }
    if (alpha >= kStabilityThreshold[empties]) {
      const int bound = 64 - 2 * count_bits(stable_discs(edge_, opponent, player));
      if (bound <= alpha) return bound;
    }
    int table_move = kNoMove;
    const bool use_table = empties >= kTableMinEmpties;
    if (const auto e = use_table ? table_.probe(player, opponent) : std::nullopt) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      if (e->lower == e->upper) return e->lower;
      table_move = e->move;
      alpha = std::max<int>(alpha, e->lower);
      beta = std::min<int>(beta, e->upper);
    }
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
      if (legal_moves(opponent, player) == 0) return final_score(player, empties);
      return -search(opponent, player, -beta, -alpha, empties, parity);
    }
    if (empties >= kEtcMinEmpties) {
      // Enhanced transposition cutoff: a child already known to be bad
      // enough for the opponent refutes this node without a search. The
      // children's buckets are fetched together, then read.
      Child children[kMaxMoves];
      Square squares[kMaxMoves];
      int n = 0;
      for (Bitboard m = moves; m; ++n) {
        squares[n] = pop_first(m);
        children[n] = play(player, opponent, flips(player, opponent, squares[n]), squares[n]);
        table_.prefetch(children[n].player, children[n].opponent);
      }
      for (int i = 0; i < n; ++i) {
        if (const auto e = table_.probe(children[i].player, children[i].opponent)) {
          if (-e->upper >= beta) {
            table_.store(player, opponent, empties, -e->upper, 64, squares[i]);
            return -e->upper;
          }
        }
      }
    }
    const int alpha0 = alpha;
    int best = -kScoreInfinity, best_move = kNoMove;
    bool first = true;
    int searched = 0;
    if (table_move != kNoMove && (moves & square_bit(table_move))) {
      // The table's move first, before paying for ordering the others: it
      // often cuts off on its own.
      const Child c = play(player, opponent, flips(player, opponent, table_move), table_move);
      best = -dispatch(c.player, c.opponent, -beta, -alpha, empties - 1, parity ^ kQuadrantBit[table_move]);
      if (interrupted()) return 0;
      best_move = table_move;
      first = false;
      ++searched;
      moves &= ~square_bit(table_move);
      if (best > alpha) alpha = best;
    }
    if (best < beta && moves) {
      MoveEntry list[kMaxMoves];
      const int count = order_moves(player, opponent, moves, parity, probe_depth(empties), list,
                                    empties - 1 >= kTableMinEmpties && empties < kEtcMinEmpties);
      for (int i = 0; i < count; ++i) {
        if (searched >= kSplitMinSearched && can_split(empties, count - i)) {
          split(player, opponent, list + i, count - i, alpha, beta, best, best_move, empties, parity);
          if (interrupted()) return 0;
          break;
        }
        // Selection sort: cutoffs usually come early.
        int top = i;
        for (int j = i + 1; j < count; ++j)
          if (list[j].value > list[top].value) top = j;
        std::swap(list[i], list[top]);
        const MoveEntry& m = list[i];
        const Child c = play(player, opponent, m.flipped, m.square);
        const unsigned child_parity = parity ^ kQuadrantBit[m.square];
        int v;
        if (first) {
          v = -dispatch(c.player, c.opponent, -beta, -alpha, empties - 1, child_parity);
          first = false;
        } else {
          v = -dispatch(c.player, c.opponent, -alpha - 1, -alpha, empties - 1, child_parity);
          if (v > alpha && v < beta) v = -dispatch(c.player, c.opponent, -beta, -v, empties - 1, child_parity);
        }
        if (interrupted()) return 0;
        ++searched;
        if (v > best) {
          best = v;
          best_move = m.square;
          if (v >= beta) break;
          if (v > alpha) alpha = v;
        }
      }
    }
    if (use_table) store(player, opponent, empties, alpha0, beta, best, best_move);
    return best;
  }

  // Records a fail-soft result of the window (alpha, beta).
  void store(Bitboard player, Bitboard opponent, int empties, int alpha, int beta, int best, int best_move) {
    if (best >= beta) table_.store(player, opponent, empties, best, 64, best_move);
    else if (best <= alpha) table_.store(player, opponent, empties, -64, best, best_move);
    else table_.store(player, opponent, empties, best, best, best_move);
  }

  // Alpha-beta over the best kGuessBreadth moves only, exact from
  // kGuessExactEmpties down: usually within a few discs of the score.
  int guess_search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    if (empties <= kGuessExactEmpties) return dispatch(player, opponent, alpha, beta, empties, parity);
    ++nodes_;
    const Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
      if (legal_moves(opponent, player) == 0) return final_score(player, empties);
      return -guess_search(opponent, player, -beta, -alpha, empties, parity);
    }
    MoveEntry list[kMaxMoves];
    const int count = order_moves(player, opponent, moves, parity, probe_depth(empties), list);
    std::stable_sort(list, list + count, [](const MoveEntry& a, const MoveEntry& b) { return a.value > b.value; });
    int best = -kScoreInfinity;
    for (int i = 0; i < count && i < kGuessBreadth; ++i) {
      const Child c = play(player, opponent, list[i].flipped, list[i].square);
      const int v =
          -guess_search(c.player, c.opponent, -beta, -alpha, empties - 1, parity ^ kQuadrantBit[list[i].square]);
      if (stopped_) return 0;
      if (v > best) {
        best = v;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    return best;
  }

  void report(int alpha, int beta, int score, Square move) {
    if (!limits_->on_progress) return;
    Progress p;
    p.alpha = alpha;
    p.beta = beta;
    p.score = score;
    p.best_move = move;
    p.nodes = nodes_;
    p.seconds = watch_.elapsed_seconds();
    limits_->on_progress(p);
  }

  // The plies of a position in the root's order (best first): a lone kPass
  // when the side must pass, none when the game is over.
  std::vector<Square> order_root(const Position& pos) {
    std::vector<Square> out;
    if (pos.game_over()) return out;
    if (pos.must_pass()) return {kPass};
    ++nodes_;
    MoveEntry list[kMaxMoves];
    const int count = order_moves(pos.player(), pos.opponent(), pos.legal_moves(), parity_of(pos.empties()),
                                  root_probe_depth(pos.empty_count()), list);
    std::stable_sort(list, list + count, [](const MoveEntry& a, const MoveEntry& b) { return a.value > b.value; });
    for (int i = 0; i < count; ++i) out.push_back(list[i].square);
    return out;
  }

  // The root's moves best first and solve_exact's first guess.
  RootPlan plan_root(const Position& pos) {
    RootPlan plan;
    plan.moves = order_root(pos);
    if (plan.moves.empty()) {
      plan.first_guess = final_score(pos.player(), pos.empty_count());
      return plan;
    }
    plan.first_guess = first_guess(pos);
    return plan;
  }

  // Where the root's aspiration starts: a little below a cheap estimate.
  int first_guess(const Position& pos) {
    const int estimate =
        guess_search(pos.player(), pos.opponent(), -64, 64, pos.empty_count(), parity_of(pos.empties()));
    return std::clamp(estimate - kGuessBias, -64, 64);
  }

  // The exact score by root searches in narrow windows (g - 1, g + 1): such
  // a search proves "score == g" (all scores are even) or returns a bound
  // beyond g, and costs far less than a wide window. The guess starts a
  // little below a cheap estimate and follows the fail-soft bounds.
  Solution solve_exact(const Position& pos) {
    if (pos.game_over()) return root(pos, -64, 64);
    int lower = -64, upper = 64;
    int guess = first_guess(pos);
    Square best_move = kNoSquare;
    Solution s;
    while (!stopped_) {
      const int alpha = std::max(guess - 1, -64), beta = std::min(guess + 1, 64);
      s = root(pos, alpha, beta);
      if (stopped_) break;
      if (s.score <= alpha) {
        upper = s.score;
      } else {
        lower = s.score;
        best_move = s.best_move;
        if (s.score < beta) upper = s.score;
      }
      report(alpha, beta, s.score, best_move == kNoSquare ? s.best_move : best_move);
      if (lower >= upper) break;
      guess = std::clamp(s.score, lower, upper);
    }
    s.score = lower;
    // With no fail-high ever, the score is -64 and every move reaches it.
    if (best_move != kNoSquare) s.best_move = best_move;
    return s;
  }

  // The root: like search(), but always returns a move with the score, and
  // keeps its move order (a deeper probe) across the passes of a solve.
  Solution root(const Position& pos, int alpha, int beta) {
    Solution out;
    const Bitboard player = pos.player(), opponent = pos.opponent();
    const int empties = pos.empty_count();
    const unsigned parity = parity_of(pos.empties());
    const Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
      if (legal_moves(opponent, player) == 0) {
        out.score = final_score(player, empties);
        out.best_move = kNoSquare;
      } else {
        Position passed = pos;
        passed.pass();
        out = root(passed, -beta, -alpha);
        out.score = -out.score;
        out.best_move = kPass;
      }
      return out;
    }
    ++nodes_;
    if (root_count_ == 0 || !(root_position_ == pos)) {
      root_position_ = pos;
      root_count_ = order_moves(player, opponent, moves, parity, root_probe_depth(empties), root_moves_.data());
    }
    // The table's move first (the previous pass's best), then by probe value.
    MoveEntry list[kMaxMoves];
    std::copy(root_moves_.begin(), root_moves_.begin() + root_count_, list);
    const int count = root_count_;
    if (const auto e = table_.probe(player, opponent))
      for (int i = 0; i < count; ++i)
        if (list[i].square == e->move) list[i].value += kTableMoveBonus;
    std::stable_sort(list, list + count, [](const MoveEntry& a, const MoveEntry& b) { return a.value > b.value; });
    const int alpha0 = alpha;
    int best = -kScoreInfinity;
    int best_move = list[0].square;
    for (int i = 0; i < count; ++i) {
      if (i > 0 && can_split(empties, count - i)) {
        split(player, opponent, list + i, count - i, alpha, beta, best, best_move, empties, parity);
        break;
      }
      const MoveEntry& m = list[i];
      const Child c = play(player, opponent, m.flipped, m.square);
      const unsigned child_parity = parity ^ kQuadrantBit[m.square];
      int v;
      if (i == 0) {
        v = -dispatch(c.player, c.opponent, -beta, -alpha, empties - 1, child_parity);
      } else {
        v = -dispatch(c.player, c.opponent, -alpha - 1, -alpha, empties - 1, child_parity);
        if (v > alpha && v < beta) v = -dispatch(c.player, c.opponent, -beta, -v, empties - 1, child_parity);
      }
      if (stopped_) break;
      if (v > best) {
        best = v;
        best_move = m.square;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    if (!stopped_ && empties >= kTableMinEmpties) store(player, opponent, empties, alpha0, beta, best, best_move);
    out.score = best;
    out.best_move = Square(best_move);
    return out;
  }
};

Solver::Solver(std::size_t table_megabytes, const EvalWeights* weights)
    : table_(std::make_unique<TranspositionTable>(table_megabytes)),
      weights_(weights ? weights : &EvalWeights::builtin()),
      engine_(std::make_unique<Engine>(*table_, *weights_)) {}
Solver::~Solver() = default;

void Solver::clear() { table_->clear(); }

int Solver::set_threads(int threads) {
#if defined(QIPAN_WASM_THREAD_POOL)
  // The helpers come from the program's pool of workers; one more would
  // never start (CMakeLists.txt, qipan_solve_threads).
  threads = std::clamp(threads, 1, std::min(kMaxThreads, QIPAN_WASM_THREAD_POOL + 1));
#elif QIPAN_ENDGAME_THREADS
  threads = std::clamp(threads, 1, kMaxThreads);
#else
  threads = 1;
#endif
  helpers_.clear();
  for (int i = 1; i < threads; ++i) helpers_.push_back(std::make_unique<Engine>(*table_, *weights_));
  return threads;
}

int Solver::threads() const { return 1 + int(helpers_.size()); }

// Runs `task` on the main engine, with the helpers joining its split points
// for as long as it runs; the result's nodes count every thread.
template <class Result, class Task>
Result Solver::run(const Limits& limits, Task task) {
  Engine& e = *engine_;
#if QIPAN_ENDGAME_THREADS
  if (!helpers_.empty()) {
    SplitPool pool;
    e.start(&limits, &pool);
    std::vector<std::thread> threads;
    for (auto& h : helpers_) {
      h->start(nullptr, &pool);
      threads.emplace_back([&helper = *h] { helper.help(); });
    }
    Result r = task(e);
    pool.done.store(true, std::memory_order_release);
    for (std::thread& t : threads) t.join();
    r.nodes = e.nodes_;
    for (auto& h : helpers_) r.nodes += h->nodes_;
    if constexpr (requires { r.splits; }) {
      r.splits = e.splits_;
      for (auto& h : helpers_) r.splits += h->splits_;
    }
    r.stopped = e.stopped_;
    e.pool_ = nullptr;
    return r;
  }
#endif
  e.start(&limits);
  Result r = task(e);
  r.nodes = e.nodes_;
  r.stopped = e.stopped_;
  return r;
}

Solution Solver::solve_window(const Position& pos, int alpha, int beta, const Limits& limits) {
  alpha = std::clamp(alpha, -64, 63);
  beta = std::clamp(beta, alpha + 1, 64);
  return run<Solution>(limits, [&](Engine& e) {
    Solution s = e.root(pos, alpha, beta);
    e.report(alpha, beta, s.score, s.best_move);
    return s;
  });
}

Solution Solver::solve(const Position& pos, const Limits& limits) {
  return run<Solution>(limits, [&](Engine& e) { return e.solve_exact(pos); });
}

RootPlan Solver::plan_root(const Position& pos, const Limits& limits) {
  return run<RootPlan>(limits, [&](Engine& e) { return e.plan_root(pos); });
}

AllMoves Solver::solve_all_moves(const Position& pos, const Limits& limits) {
  MoveList moves;
  pos.generate_moves(moves);
  // The limits cover all the moves together.
  return run<AllMoves>(limits, [&](Engine& e) {
    AllMoves out;
    for (const Square m : moves) {
      Position child = pos;
      Undo undo;
      child.make(m, undo);
      const Solution s = e.solve_exact(child);
      if (e.stopped_) break;
      out.moves.push_back({m, -s.score});
    }
    return out;
  });
}

}  // namespace qipan::reversi::endgame
