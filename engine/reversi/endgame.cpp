#include "endgame.h"

#include <algorithm>
#include <array>
#include <cstdio>

#include "../core/clock.h"
#include "endgame_bits.h"
#include "endgame_last_empties.h"
#include "endgame_order.h"
#include "endgame_stability.h"
#include "endgame_tt.h"
#include "movegen.h"

#ifndef FF_MOB
#define FF_MOB 16
#define FF_POT 1
#define FF_PAR 2
#define FF_CORNER 0
#define QE_MOB 8
#define QE_POT 2
#define QE_CORNER 16
#define PROBE_MIN 14
#define PROBE_STEP 4
#define TABLE_MIN 9
#define ORDER_MIN 7
#define ETC_MIN 12
#define STAB_MIN 4
#define PROBE_FF 0
#define FF_CS 0
#define QE_STAB 0
#define QE_DISC 0
#define USE_OE 0
#define ROOT_MODE 1
#define ROOT_PROBE 0
#define STAB_A 2
#define STAB_B 4
#endif
namespace qipan::reversi::endgame {
namespace {

// Below this many empties the table costs more than it saves.
constexpr int kTableMinEmpties = TABLE_MIN;
// Fastest-first ordering (and search()) from this many empties.
constexpr int kOrderMinEmpties = ORDER_MIN;
// Enhanced transposition cutoffs from this many empties.
constexpr int kEtcMinEmpties = ETC_MIN;
// Order moves by a shallow search from this many empties, one ply deeper
// every kProbeStep empties.
constexpr int kProbeMinEmpties = PROBE_MIN;
constexpr int kProbeStep = PROBE_STEP;

// Stability cutoffs are tried only when alpha is high enough for the bound
// 64 - 2 * stable to have a chance: with n empties the opponent rarely has
// many stable discs, and computing them costs a few dozen operations.
constexpr std::array<int, 65> kStabilityThreshold = [] {
  std::array<int, 65> t{};
  for (int n = 0; n <= 64; ++n) t[n] = n < STAB_MIN ? 99 : std::min(64, STAB_A * n + STAB_B);
  return t;
}();

struct MoveEntry {
  Bitboard flipped;
  int value;
  Square square;
};

}  // namespace

class Engine {
 public:
  explicit Engine(std::size_t megabytes) : table_(megabytes) {}

  TranspositionTable table_;
  Engine* oracle_ = nullptr;
  const std::uint8_t* edge_ = edge_stability_table();
  const std::uint8_t* edge_table_ = edge_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::uint64_t next_check_ = 0;
  const Limits* limits_ = nullptr;
  Stopwatch watch_;

  void start(const Limits& limits) {
    limits_ = &limits;
    nodes_ = 0;
    stopped_ = false;
    next_check_ = 1 << 14;
    watch_.restart();
  }

  bool check_limits() {
    next_check_ = nodes_ + (1 << 14);
    const Limits& l = *limits_;
    if ((l.nodes && nodes_ >= l.nodes) || (l.stop && l.stop->load(std::memory_order_relaxed)) ||
        (l.time_ms && watch_.elapsed_ms() >= l.time_ms))
      stopped_ = true;
    return stopped_;
  }

  // Any number of empties.
  int dispatch(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    if (empties >= kOrderMinEmpties) return search(player, opponent, alpha, beta, empties, parity);
    if (empties >= 5) return shallow(player, opponent, alpha, beta, empties, parity);
    Bitboard e = ~(player | opponent);
    Square x[4];
    for (int i = 0; i < empties; ++i) x[i] = pop_first(e);
    switch (empties) {
      case 4: return solve_4(player, opponent, alpha, beta, x, parity, nodes_);
      case 3: return solve_3(player, opponent, alpha, beta, x, parity, nodes_);
      case 2: return solve_2(player, opponent, alpha, beta, x[0], x[1], nodes_);
      case 1: return solve_1(player, opponent, x[0], nodes_);
      default: ++nodes_; return final_score(player, 0);
    }
  }

#ifdef EG_STATS
  std::uint64_t stat_nodes[65] = {}, stat_probe = 0, stat_cut_first[65] = {}, stat_cut_later[65] = {}, stat_all[65] = {};
#define STAT(x) x
#else
#define STAT(x)
#endif
  // 5 .. kTableMinEmpties - 1 empties: parity order, no table.
  int shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    STAT(++stat_nodes[empties]);
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
        const Bitboard np = opponent ^ f, no = player | f | square_bit(s);
        const unsigned child_parity = parity ^ kQuadrantBit[s];
#ifdef DUMP4
        if (empties == 5 && (nodes_ % 97) == 0) std::printf("D4 %016llx %016llx %d %d\n", (unsigned long long)np, (unsigned long long)no, -beta, -alpha);
#endif
        const int v = empties == 5 ? -solve_4_from(np, no, -beta, -alpha, child_parity, nodes_)
                                   : -shallow(np, no, -beta, -alpha, empties - 1, child_parity);
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

  // A rough static evaluation for ordering far from the end: mobility,
  // potential mobility and corners, from the side to move's view.
  int quick_eval(Bitboard player, Bitboard opponent) {
    if (USE_OE) return order_eval(edge_, player, opponent, 64 - count_bits(player | opponent));
    const Bitboard empty = ~(player | opponent);
    int v = QE_MOB * (weighted_mobility(legal_moves(player, opponent)) - weighted_mobility(legal_moves(opponent, player)));
    v += QE_POT * (count_bits(neighbours(opponent) & empty) - count_bits(neighbours(player) & empty));
    v += QE_CORNER * (count_bits(player & kCorners) - count_bits(opponent & kCorners));
    if (QE_STAB) v += QE_STAB * (count_bits(stable_discs(edge_table_, player, opponent)) - count_bits(stable_discs(edge_table_, opponent, player)));
    if (QE_DISC) v += QE_DISC * (count_bits(player) - count_bits(opponent));
    return v;
  }

  // Shallow alpha-beta on quick_eval (passes handled, no table).
  int probe(Bitboard player, Bitboard opponent, int alpha, int beta, int depth) {
    ++nodes_;
    STAT(++stat_probe);
    if (depth == 0) return quick_eval(player, opponent);
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
      if (legal_moves(opponent, player) == 0) return 1000 * final_score(player, count_bits(~(player | opponent)));
      return -probe(opponent, player, -beta, -alpha, depth);
    }
    int best = -1000000;
    while (moves) {
      const Square s = pop_first(moves);
      const Bitboard f = flips(player, opponent, s);
      const int v = -probe(opponent ^ f, player | f | square_bit(s), -beta, -alpha, depth - 1);
      if (v > best) {
        best = v;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    return best;
  }

  // Ordering values for the moves of a node: the opponent's corner-weighted
  // mobility after the move (fewer is better: "fastest first"), its potential
  // mobility, parity and the table's move.
  int order_moves(Bitboard player, Bitboard opponent, Bitboard moves, unsigned parity, int table_move,
                  MoveEntry* list, int empties, int forced_depth = -1) {
    const int probe_depth = forced_depth >= 0 ? forced_depth : empties >= kProbeMinEmpties ? (empties - kProbeMinEmpties) / kProbeStep : -1;
    int count = 0;
    const Bitboard odd = kParityMask[parity];
    while (moves) {
      const Square s = pop_first(moves);
      MoveEntry& m = list[count++];
      m.square = s;
      m.flipped = flips(player, opponent, s);
      const Bitboard np = opponent ^ m.flipped, no = player | m.flipped | square_bit(s);
      const Bitboard empty = ~(np | no);
      int v;
#ifdef ORACLE_MIN
      if (empties >= ORACLE_MIN) {
        if (!oracle_) oracle_ = new Engine(16);
        Limits none;
        oracle_->start(none);
        v = -oracle_->dispatch(np, no, -64, 64, empties - 1, parity ^ kQuadrantBit[s]) * 1000;
        v -= weighted_mobility(legal_moves(np, no));
      } else
#endif
      if (probe_depth >= 0) {
        v = -probe(np, no, -1000000, 1000000, probe_depth);
        if (PROBE_FF) v -= PROBE_FF * weighted_mobility(legal_moves(np, no));
      } else {
        v = -weighted_mobility(legal_moves(np, no)) * FF_MOB;
        v -= count_bits(neighbours(no) & empty) * FF_POT;
        if (odd & square_bit(s)) v += FF_PAR;
        v += FF_CORNER * ((kCorners >> s) & 1);
        if (FF_CS) {
          const Bitboard c = no & kCorners;
          v += FF_CS * (count_bits(c) + count_bits((shift_east(c) | shift_west(c) | shift_up(c) | shift_down(c)) & no));
        }
      }
      if (s == table_move) v += 1 << 28;
      m.value = v;
    }
    return count;
  }

  // kTableMinEmpties or more: principal variation search with the table.
  int search(Bitboard player, Bitboard opponent, int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    STAT(++stat_nodes[empties]);
    if (nodes_ >= next_check_ && check_limits()) return 0;
    if (alpha >= kStabilityThreshold[empties]) {
      const int bound = 64 - 2 * count_bits(stable_discs(edge_, opponent, player));
      if (bound <= alpha) return bound;
    }
    int table_move = kNoMove;
    const bool use_table = empties >= kTableMinEmpties;
    if (const TTEntry* e = use_table ? table_.probe(player, opponent) : nullptr) {
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
      // enough for the opponent refutes this node without a search.
      for (Bitboard m = moves; m;) {
        const Square s = pop_first(m);
        const Bitboard f = flips(player, opponent, s);
        if (const TTEntry* e = table_.probe(opponent ^ f, player | f | square_bit(s))) {
          if (-e->upper >= beta) {
            table_.store(player, opponent, empties, -e->upper, 64, s);
            return -e->upper;
          }
        }
      }
    }
    const int alpha0 = alpha;
    int best = -kScoreInfinity, best_move = kNoMove;
    bool first = true;
    if (table_move != kNoMove && (moves & square_bit(table_move))) {
      // The table's move first, before paying for ordering the others: it
      // often cuts off on its own.
      const Bitboard f = flips(player, opponent, table_move);
      const int v = -dispatch(opponent ^ f, player | f | square_bit(table_move), -beta, -alpha, empties - 1,
                              parity ^ kQuadrantBit[table_move]);
      if (stopped_) return 0;
      best = v;
      best_move = table_move;
      first = false;
      moves &= ~square_bit(table_move);
      if (v > alpha) alpha = v;
    }
    if (best < beta && moves) {
      MoveEntry list[kMaxMoves];
      const int count = order_moves(player, opponent, moves, parity, kNoMove, list, empties);
      for (int i = 0; i < count; ++i) {
        // Selection sort: cutoffs usually come early.
        int top = i;
        for (int j = i + 1; j < count; ++j)
          if (list[j].value > list[top].value) top = j;
        std::swap(list[i], list[top]);
        const MoveEntry& m = list[i];
        const Bitboard np = opponent ^ m.flipped, no = player | m.flipped | square_bit(m.square);
        const unsigned child_parity = parity ^ kQuadrantBit[m.square];
        int v;
        if (first) {
          v = -dispatch(np, no, -beta, -alpha, empties - 1, child_parity);
          first = false;
        } else {
          v = -dispatch(np, no, -alpha - 1, -alpha, empties - 1, child_parity);
          if (v > alpha && v < beta) v = -dispatch(np, no, -beta, -v, empties - 1, child_parity);
        }
        if (stopped_) return 0;
        if (v > best) {
          best = v;
          best_move = m.square;
          if (v >= beta) {
            STAT(++(i == 0 ? stat_cut_first : stat_cut_later)[empties]);
            break;
          }
          if (v > alpha) alpha = v;
        }
      }
    }
    STAT(if (best < beta) ++stat_all[empties]);
    if (!use_table) return best;
    if (best >= beta)
      table_.store(player, opponent, empties, best, 64, best_move);
    else if (best <= alpha0)
      table_.store(player, opponent, empties, -64, best, best_move);
    else
      table_.store(player, opponent, empties, best, best, best_move);
    return best;
  }

  // A guess of the exact score from a shallow search with the ordering
  // evaluation, rounded to an even score.
  int estimate(const Position& pos) {
    const int empties = pos.empty_count();
    const int depth = std::clamp((empties - 8) / 3, 1, 6);
    const int v = probe(pos.player(), pos.opponent(), -1000000, 1000000, depth);
    const int discs = (v >= 0 ? v + 64 : v - 64) / 128 * 2;  // 1/64 disc -> nearest even score
    return std::clamp(discs, -64, 64);
  }

  // The exact score by a sequence of null-window searches of the root
  // (MTD(f)): each one tells whether the score reaches a bound, its fail-soft
  // result moves the next bound, and the table carries what was proved.
  Solution solve_exact(const Position& pos) {
    int lower = -64, upper = 64;
    int guess = estimate(pos);
    Square best_move = kNoSquare;
    Solution s;
    while (lower < upper) {
      const int bound = std::clamp(guess, lower + 2, upper);  // test: score >= bound?
      s = root(pos, bound - 1, bound);
      if (stopped_) break;
      if (s.score >= bound) {
        lower = s.score;
        best_move = s.best_move;
      } else {
        upper = s.score;
        if (best_move == kNoSquare && upper <= -64) best_move = s.best_move;  // every move loses everything
      }
      if (limits_->on_progress) {
        Progress p;
        p.alpha = bound - 1;
        p.beta = bound;
        p.score = s.score;
        p.best_move = best_move;
        p.nodes = nodes_;
        p.seconds = watch_.elapsed_seconds();
        limits_->on_progress(p);
      }
      guess = s.score;
    }
    s.score = lower;
    s.best_move = best_move == kNoSquare ? s.best_move : best_move;
    return s;
  }

  // The root: like search() but reports the move and never cuts off from the
  // table (the move must come with the score).
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
    int table_move = kNoMove;
    if (const TTEntry* e = table_.probe(player, opponent)) table_move = e->move;
    MoveEntry list[kMaxMoves];
    const int count = order_moves(player, opponent, moves, parity, table_move, list, empties,
                                  ROOT_PROBE ? std::max(1, (empties - ROOT_PROBE) / 2) : -1);
    std::stable_sort(list, list + count, [](const MoveEntry& a, const MoveEntry& b) { return a.value > b.value; });
    const int alpha0 = alpha;
    int best = -kScoreInfinity;
    Square best_move = list[0].square;
    for (int i = 0; i < count; ++i) {
      const MoveEntry& m = list[i];
      const Bitboard np = opponent ^ m.flipped, no = player | m.flipped | square_bit(m.square);
      const unsigned child_parity = parity ^ kQuadrantBit[m.square];
      int v;
      if (i == 0) {
        v = -dispatch(np, no, -beta, -alpha, empties - 1, child_parity);
      } else {
        v = -dispatch(np, no, -alpha - 1, -alpha, empties - 1, child_parity);
        if (v > alpha && v < beta) v = -dispatch(np, no, -beta, -v, empties - 1, child_parity);
      }
      if (stopped_) break;
#ifdef ROOT_DEBUG
      std::fprintf(stderr, "root %d: move %d value %d (order %d) window (%d,%d) nodes %llu\n", i, m.square, v, m.value, alpha, beta, (unsigned long long)nodes_);
#endif
      if (v > best) {
        best = v;
        best_move = m.square;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
    if (!stopped_ && empties >= kTableMinEmpties) {
      if (best >= beta)
        table_.store(player, opponent, empties, best, 64, best_move);
      else if (best <= alpha0)
        table_.store(player, opponent, empties, -64, best, best_move);
      else
        table_.store(player, opponent, empties, best, best, best_move);
    }
    out.score = best;
    out.best_move = best_move;
    return out;
  }
};

Solver::Solver(std::size_t table_megabytes) : engine_(std::make_unique<Engine>(table_megabytes)) {}
Solver::~Solver() = default;

void Solver::clear() { engine_->table_.clear(); }

Solution Solver::solve_window(const Position& pos, int alpha, int beta, const Limits& limits) {
  Engine& e = *engine_;
  e.start(limits);
  Solution s = e.root(pos, std::clamp(alpha, -64, 64), std::clamp(beta, -64, 64));
  s.nodes = e.nodes_;
  s.stopped = e.stopped_;
  return s;
}

Solution Solver::solve(const Position& pos, const Limits& limits) {
  Engine& e = *engine_;
  e.start(limits);
  Solution s;
#if ROOT_MODE == 0
  s = e.root(pos, -64, 64);
#else
  s = e.solve_exact(pos);
#endif
#ifdef EG_STATS
  std::fprintf(stderr, "probe nodes %llu\n", (unsigned long long)e.stat_probe);
  for (int n = 5; n < 40; ++n)
    if (e.stat_nodes[n])
      std::fprintf(stderr, "empties %2d nodes %12llu cut-first %10llu cut-later %10llu all %10llu\n", n,
                   (unsigned long long)e.stat_nodes[n], (unsigned long long)e.stat_cut_first[n],
                   (unsigned long long)e.stat_cut_later[n], (unsigned long long)e.stat_all[n]);
  for (auto& x : e.stat_nodes) x = 0;
  for (auto& x : e.stat_cut_first) x = 0;
  for (auto& x : e.stat_cut_later) x = 0;
  for (auto& x : e.stat_all) x = 0;
  e.stat_probe = 0;
#endif
  s.nodes = e.nodes_;
  s.stopped = e.stopped_;
  return s;
}

AllMoves Solver::solve_all_moves(const Position& pos, const Limits& limits) {
  AllMoves out;
  MoveList moves;
  pos.generate_moves(moves);
  Engine& e = *engine_;
  e.start(limits);  // the limits cover all the moves together
  for (const Square m : moves) {
    Position child = pos;
    Undo undo;
    child.make(m, undo);
    const Solution s = e.root(child, -64, 64);
    if (e.stopped_) break;
    out.moves.push_back({m, -s.score});
  }
  out.nodes = e.nodes_;
  out.stopped = e.stopped_;
  return out;
}

}  // namespace qipan::reversi::endgame
