#include "search.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "endgame.h"
#include "movegen.h"
#include "search_table.h"

namespace qipan::reversi {
namespace {

constexpr int kInf = kScoreMax + 1;  // outside every score

// Probcut (multi-probcut, after Buro): at a node of depth d a shallow search
// of depth probcut_shallow_depth(d) predicts the deep value; when the
// prediction clears beta (alpha) by t standard deviations of the prediction
// error the node is cut. `qipan-lab tune reversi probcut` measured the deviation
// and fitted it as a linear function of depth, shallow depth and empties
// (search_probcut.inc).
constexpr int kProbcutMinDepth = 3;
constexpr int kProbcutMaxDepth = 30;

// Shallow depth of a probcut test: about half, keeping the parity of d
// (odd and even depths of Reversi searches differ systematically).
constexpr int probcut_shallow_depth(int depth) { return ((depth >> 1) & ~1) | (depth & 1); }

#include "search_probcut.inc"

constexpr double probcut_t(Probcut p) {
  switch (p) {
    case Probcut::k73: return 1.1;
    case Probcut::k87: return 1.5;
    case Probcut::k95: return 2.0;
    case Probcut::k99: return 2.6;
    default: return 0;
  }
}

// How trustworthy a stored result is: probcut levels in increasing accuracy,
// full-width last.
constexpr std::uint8_t accuracy(Probcut p) { return p == Probcut::kOff ? 5 : std::uint8_t(p); }
constexpr std::uint8_t kFullAccuracy = 5;

// Move ordering.
constexpr int kWipeoutBonus = 1 << 27;
// From this depth on, moves are ordered by a shallow value of the child
// (evaluation or a short search) besides mobility.
constexpr int kValueOrderDepth = 3;

struct MoveEntry {
  Bitboard flipped;
  int score;
  Square square;
};

}  // namespace

int probcut_percent(Probcut p) {
  switch (p) {
    case Probcut::k73: return 73;
    case Probcut::k87: return 87;
    case Probcut::k95: return 95;
    case Probcut::k99: return 99;
    default: return 100;
  }
}

class Searcher::Impl {
 public:
  Impl(std::size_t megabytes, const EvalWeights& weights)
      : weights_(weights), table_(megabytes), solver_(megabytes, &weights) {}

  // --- per-search state ---
  const EvalWeights& weights_;
  SearchTable table_;
  endgame::Solver solver_;
  std::uint64_t nodes_ = 0;
  // The clock is read every 4096 nodes (pvs nodes and the depth-1 leaves
  // counted between them); the node limit holds at every pvs node.
  SearchBudget budget_{4096, NodeLimitCheck::kEveryNode};
  Probcut probcut_ = Probcut::kOff;
  std::uint8_t accuracy_ = kFullAccuracy;
  bool in_probcut_ = false;
  // margin_[d][empties]: the probcut margin in discs at depth d.
  std::array<std::array<std::int8_t, 61>, kProbcutMaxDepth + 1> margin_{};

  void start(const SearchOptions& options) {
    nodes_ = 0;
    budget_.start(options.limits);
    set_probcut(options.probcut);
    if (!options.limits.reuse_tables) {
      table_.clear();
      solver_.clear();
    }
    table_.new_search();
  }

  void set_probcut(Probcut p) {
    probcut_ = p;
    accuracy_ = accuracy(p);
    const double t = probcut_t(p);
    for (int d = 0; d <= kProbcutMaxDepth; ++d)
      for (int e = 0; e <= 60; ++e) {
        const double m = std::ceil(t * probcut_sigma(d, e));
        margin_[d][e] = std::int8_t(std::min(m, 100.0));
      }
  }

  int eval(Bitboard player, Bitboard opponent, const PatternState& patterns) {
    return evaluate(weights_, patterns, player, opponent);
  }

  // Depth 1: the best evaluation over the children, stopping at the first
  // that reaches beta (fail-soft: that value).
  int search1(Bitboard player, Bitboard opponent, const PatternState& patterns, Bitboard moves, int beta) {
    int best = -kInf;
    while (moves) {
      const Square s = pop_first(moves);
      const Bitboard f = flips(player, opponent, s);
      ++nodes_;
      const int v = -eval(opponent ^ f, player | f | square_bit(s), patterns.after_move(s, f));
      if (v > best) {
        best = v;
        if (v >= beta) break;
      }
    }
    return best;
  }

  // Fills `list` with the moves in `moves`, scored for ordering; returns the
  // count. Fastest first: few replies for the opponent (corners counting
  // double), few squares next to our discs, then a shallow value.
  int order_moves(Bitboard player, Bitboard opponent, const PatternState& patterns, Bitboard moves, int depth,
                  MoveEntry* list) {
    int n = 0;
    const int sort_depth = depth >= 16 ? 2 : depth >= 8 ? 1 : 0;
    while (moves) {
      const Square s = pop_first(moves);
      MoveEntry& m = list[n++];
      m.square = s;
      m.flipped = flips(player, opponent, s);
      const Bitboard np = opponent ^ m.flipped, no = player | m.flipped | square_bit(s);
      if (np == 0) {
        m.score = kWipeoutBonus;
        continue;
      }
      const Bitboard reply = legal_moves(np, no);
      const int mobility = popcount(reply) + popcount(reply & kCorners);
      const int potential = popcount(neighbours(no) & ~(np | no));
      int score = -mobility * 16 - potential * 2;
      if (depth >= kValueOrderDepth) {
        const PatternState child = patterns.after_move(s, m.flipped);
        const int v = sort_depth == 0 ? -evaluate_scaled(weights_, child, np, no) / (kEvalScale / 4)
                                      : -4 * pvs(np, no, child, -kInf, kInf, sort_depth);
        score += v * 2;
      }
      m.score = score;
    }
    return n;
  }

  // Picks the best-scored remaining move into position i.
  static void pick(MoveEntry* list, int i, int n) {
    int best = i;
    for (int j = i + 1; j < n; ++j)
      if (list[j].score > list[best].score) best = j;
    if (best != i) std::swap(list[i], list[best]);
  }

  // Multi-probcut: true (with the bound in `score`) when a shallow search
  // says the node fails high or low with the required confidence.
  bool probcut(Bitboard player, Bitboard opponent, const PatternState& patterns, int alpha, int beta, int depth,
               int empties, int& score) {
    const int margin = margin_[std::min(depth, kProbcutMaxDepth)][empties];
    const int shallow = probcut_shallow_depth(depth);
    in_probcut_ = true;
    bool cut = false;
    const int upper = beta + margin;
    if (upper < kScoreMax) {
      const int v =
          shallow == 0 ? eval(player, opponent, patterns) : pvs(player, opponent, patterns, upper - 1, upper, shallow);
      if (v >= upper) {
        score = beta;
        cut = true;
      }
    }
    const int lower = alpha - margin;
    if (!cut && lower > -kScoreMax) {
      const int v =
          shallow == 0 ? eval(player, opponent, patterns) : pvs(player, opponent, patterns, lower, lower + 1, shallow);
      if (v <= lower) {
        score = alpha;
        cut = true;
      }
    }
    in_probcut_ = false;
    return cut;
  }

  // Negascout on (alpha, beta), fail-soft, in discs; `patterns` is the
  // position's pattern state.
  int pvs(Bitboard player, Bitboard opponent, const PatternState& patterns, int alpha, int beta, int depth) {
    ++nodes_;
    if (budget_.exhausted(nodes_)) return 0;
    if (depth <= 0) return eval(player, opponent, patterns);
    const Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
      if (legal_moves(opponent, player) == 0) return final_score(player, opponent);
      return -pvs(opponent, player, patterns.after_pass(), -beta, -alpha, depth);  // a pass costs no depth
    }
    const int empties = 64 - popcount(player | opponent);
    // From here on the search reaches the end of the game everywhere: its
    // value is exact and probcut stays off.
    const bool exact = depth >= empties;
    if (exact) depth = empties;
    if (depth == 1) {
      return search1(player, opponent, patterns, moves, beta);
    }
    const std::uint8_t acc = exact ? kFullAccuracy : accuracy_;

    const std::uint64_t key = Position::hash_discs(player, opponent);
    int table_move = -1;
    if (const SearchEntry* e = table_.probe(key)) {
      table_move = e->move;
      if (e->depth >= depth && e->accuracy >= acc) {
        if (e->lower >= beta) return e->lower;
        if (e->upper <= alpha) return e->upper;
        if (e->lower == e->upper) return e->lower;
        alpha = std::max(alpha, int(e->lower));
        beta = std::min(beta, int(e->upper));
      }
    }

    if (!exact && probcut_ != Probcut::kOff && !in_probcut_ && depth >= kProbcutMinDepth) {
      int score;
      if (probcut(player, opponent, patterns, alpha, beta, depth, empties, score)) return score;
    }

    const int alpha0 = alpha;
    int best = -kInf;
    Square best_move = kNoSquare;
    // Searches one move; true on a beta cutoff.
    auto visit = [&](Square sq, Bitboard flipped) {
      const Bitboard np = opponent ^ flipped, no = player | flipped | square_bit(sq);
      const PatternState child = patterns.after_move(sq, flipped);
      int v;
      if (best_move == kNoSquare) {
        v = -pvs(np, no, child, -beta, -alpha, depth - 1);
      } else {
        v = -pvs(np, no, child, -alpha - 1, -alpha, depth - 1);
        if (v > alpha && v < beta) v = -pvs(np, no, child, -beta, -alpha, depth - 1);
      }
      if (budget_.stopped()) return true;
      if (v > best) {
        best = v;
        best_move = sq;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return true;
        }
      }
      return false;
    };
    // The table's move first, before spending anything on ordering the
    // others: it often cuts off alone.
    Bitboard rest = moves;
    bool cut = false;
    if (table_move >= 0 && table_move < kSquares && (moves & square_bit(table_move))) {
      rest &= ~square_bit(table_move);
      cut = visit(table_move, flips(player, opponent, table_move));
    }
    if (!cut && rest) {
      MoveEntry list[kMaxMoves];
      const int n = order_moves(player, opponent, patterns, rest, depth, list);
      for (int i = 0; i < n; ++i) {
        pick(list, i, n);
        if (visit(list[i].square, list[i].flipped)) break;
      }
    }
    if (budget_.stopped()) return 0;
    const int lower = best >= beta ? best : best > alpha0 ? best : -kScoreMax;
    const int upper = best <= alpha0 ? best : best < beta ? best : kScoreMax;
    table_.store(key, depth, acc, lower, upper, best_move);
    return best;
  }

  // The principal variation from the table, starting with `first`.
  Line principal_variation(const Position& root, Square first, int max_length) {
    Line pv;
    Position pos = root;
    Square s = first;
    while (int(pv.size()) < max_length) {
      if (s == kPass) {
        if (!pos.must_pass()) break;
      } else if (s < 0 || !pos.is_legal(s)) {
        break;
      }
      pv.push(s);
      Undo undo;
      pos.make(s, undo);
      if (pos.game_over()) break;
      if (pos.must_pass()) {
        s = kPass;
        continue;
      }
      const SearchEntry* e = table_.probe(pos.hash());
      if (!e) break;
      s = e->move;
    }
    return pv;
  }
};

// ---------------------------------------------------------------------------

Searcher::Searcher(std::size_t tt_megabytes, const EvalWeights& weights)
    : impl_(std::make_unique<Impl>(tt_megabytes, weights)) {}
Searcher::~Searcher() = default;

void Searcher::set_stop_poll(StopPoll poll) { impl_->budget_.set_stop_poll(std::move(poll)); }
void Searcher::stop() { impl_->budget_.request_stop(); }

void Searcher::clear() {
  impl_->table_.clear();
  impl_->solver_.clear();
}

std::uint64_t Searcher::nodes() const { return impl_->nodes_; }

namespace {

struct RootMove {
  Square square;
  Bitboard flipped;
  int score;
};

// The exact solver's limits after the midgame search: what is left of the
// time, its own node budget, and the searcher's stop flag.
endgame::Limits solver_limits(const SearchOptions& options, std::int64_t elapsed_ms, const std::atomic<bool>& stop) {
  endgame::Limits limits;
  limits.stop = &stop;
  if (options.limits.time_ms > 0) limits.time_ms = std::max<std::int64_t>(1, options.limits.time_ms - elapsed_ms);
  limits.nodes = options.solve_nodes;
  return limits;
}

}  // namespace

SearchResult Searcher::search(const Position& root, const SearchOptions& options) {
  Impl& s = *impl_;
  s.start(options);
  SearchResult result;

  const Bitboard player = root.player(), opponent = root.opponent();
  const PatternState root_patterns = PatternState::of(player, opponent);
  const Bitboard moves_bb = root.legal_moves();
  if (moves_bb == 0) {
    if (root.game_over()) {
      result.score = root.final_score();
      result.exact = true;
      result.time_ms = s.budget_.elapsed_ms();
      return result;
    }
    // A forced pass: the value is the opponent's search, negated.
    Position passed = root;
    passed.pass();
    SearchOptions o = options;
    o.limits.reuse_tables = true;  // already cleared above if asked
    SearchResult r = search(passed, o);
    result = r;
    result.best = kPass;
    result.score = -r.score;
    result.pv.clear();
    result.pv.push(kPass);
    for (Square m : r.pv)
      if (result.pv.size() < 64) result.pv.push(m);
    return result;
  }

  const int empties = root.empty_count();
  const int max_depth = std::min(options.limits.depth > 0 ? options.limits.depth : kMaxSearchDepth, empties);
  const bool solve = empties <= options.exact_empties;
  // Before an exact solve, a short midgame search gives a fallback move (if
  // the solve runs out of time) and fills the table for ordering.
  const int midgame_depth = solve ? std::min(max_depth, std::min(10, empties - 1)) : max_depth;

  std::array<RootMove, kMaxMoves> moves{};
  int n = 0;
  {
    MoveEntry list[kMaxMoves];
    const int count = s.order_moves(player, opponent, root_patterns, moves_bb, 2, list);
    for (int i = 0; i < count; ++i) {
      Impl::pick(list, i, count);
      moves[n++] = RootMove{list[i].square, list[i].flipped, -kInf};
    }
  }
  result.best = moves[0].square;

  auto report = [&](const SearchResult& r) {
    if (!info_) return;
    SearchInfo info;
    info.depth = r.depth;
    info.selectivity = r.selectivity;
    info.exact = r.exact;
    info.score = r.score;
    info.nodes = s.nodes_;
    info.time_ms = s.budget_.elapsed_ms();
    info.pv = &r.pv;
    info_(info);
  };

  for (int depth = 1; depth <= midgame_depth; ++depth) {
    const bool exact_iteration = depth >= empties;
    s.accuracy_ = exact_iteration ? kFullAccuracy : accuracy(options.probcut);
    int alpha = -kInf;
    int best = -kInf, best_index = -1;
    int completed = 0;
    for (int i = 0; i < n; ++i) {
      RootMove& m = moves[i];
      const Bitboard np = opponent ^ m.flipped, no = player | m.flipped | square_bit(m.square);
      const PatternState child = root_patterns.after_move(m.square, m.flipped);
      int v;
      if (i == 0) {
        v = -s.pvs(np, no, child, -kInf, -alpha, depth - 1);
      } else {
        v = -s.pvs(np, no, child, -alpha - 1, -alpha, depth - 1);
        if (v > alpha && !s.budget_.stopped()) v = -s.pvs(np, no, child, -kInf, -alpha, depth - 1);
      }
      if (s.budget_.stopped()) break;
      ++completed;
      m.score = v;
      if (v > best) {
        best = v;
        best_index = i;
        alpha = std::max(alpha, v);
      }
    }
    if (completed == 0) break;  // nothing new from this iteration
    // The best move first, the others by their (bound) values.
    std::rotate(moves.begin(), moves.begin() + best_index, moves.begin() + best_index + 1);
    std::stable_sort(moves.begin() + 1, moves.begin() + completed,
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    result.best = moves[0].square;
    result.score = best;
    result.depth = depth;
    result.exact = exact_iteration && !s.budget_.stopped();
    result.selectivity = result.exact ? 100 : probcut_percent(options.probcut);
    // The table holds the line below the best move at depth - 1.
    result.pv = s.principal_variation(root, result.best, depth);
    if (s.budget_.stopped()) break;
    report(result);
    if (exact_iteration || s.budget_.soft_time_over()) break;
  }

  if (solve && !s.budget_.stopped() && !result.exact) {
    const endgame::Limits limits = solver_limits(options, s.budget_.elapsed_ms(), s.budget_.stop_flag());
    const endgame::Solution sol = s.solver_.solve(root, limits);
    s.nodes_ += sol.nodes;
    if (!sol.stopped && sol.best_move != kNoSquare) {
      result.best = sol.best_move;
      result.score = sol.score;
      result.depth = empties;
      result.exact = true;
      result.selectivity = 100;
      result.pv.clear();
      result.pv.push(sol.best_move);
      report(result);
    } else {
      s.budget_.stop();
    }
  }

  result.nodes = s.nodes_;
  result.time_ms = s.budget_.elapsed_ms();
  result.stopped = s.budget_.stopped();
  return result;
}

std::vector<MoveValue> Searcher::evaluate_moves(const Position& root, const SearchOptions& options) {
  Impl& s = *impl_;
  s.start(options);
  std::vector<MoveValue> values;

  const Bitboard player = root.player(), opponent = root.opponent();
  const PatternState root_patterns = PatternState::of(player, opponent);
  Bitboard moves_bb = root.legal_moves();
  if (moves_bb == 0) {
    if (root.game_over()) return values;
    Position passed = root;
    passed.pass();
    SearchOptions o = options;
    o.limits.reuse_tables = true;
    const SearchResult r = search(passed, o);
    values.push_back(MoveValue{kPass, -r.score, r.exact, r.depth});
    return values;
  }

  const int empties = root.empty_count();
  const int max_depth = std::min(options.limits.depth > 0 ? options.limits.depth : kMaxSearchDepth, empties);
  const bool solve = empties <= options.exact_empties;
  const int midgame_depth = solve ? std::min(max_depth, std::min(8, empties - 1)) : max_depth;

  std::vector<RootMove> moves;
  while (moves_bb) {
    const Square sq = pop_first(moves_bb);
    moves.push_back(RootMove{sq, flips(player, opponent, sq), 0});
  }
  std::vector<MoveValue> current(moves.size());
  for (int depth = 1; depth <= midgame_depth; ++depth) {
    const bool exact_iteration = depth >= empties;
    s.accuracy_ = exact_iteration ? kFullAccuracy : accuracy(options.probcut);
    for (std::size_t i = 0; i < moves.size() && !s.budget_.stopped(); ++i) {
      const RootMove& m = moves[i];
      const Bitboard np = opponent ^ m.flipped, no = player | m.flipped | square_bit(m.square);
      const int v = -s.pvs(np, no, root_patterns.after_move(m.square, m.flipped), -kInf, kInf, depth - 1);
      current[i] = MoveValue{m.square, v, exact_iteration, depth};
    }
    if (s.budget_.stopped()) break;
    values = current;
    if (info_) {
      SearchInfo info;
      info.depth = depth;
      info.exact = exact_iteration;
      info.selectivity = exact_iteration ? 100 : probcut_percent(options.probcut);
      info.score = std::max_element(values.begin(), values.end(), [](const MoveValue& a, const MoveValue& b) {
                     return a.score < b.score;
                   })->score;
      info.nodes = s.nodes_;
      info.time_ms = s.budget_.elapsed_ms();
      const Line no_line;  // hints have no single line
      info.pv = &no_line;
      info_(info);
    }
    if (exact_iteration || s.budget_.soft_time_over()) break;
  }

  if (solve && !s.budget_.stopped() && !(values.size() == moves.size() && values[0].exact)) {
    const endgame::Limits limits = solver_limits(options, s.budget_.elapsed_ms(), s.budget_.stop_flag());
    const endgame::AllMoves all = s.solver_.solve_all_moves(root, limits);
    s.nodes_ += all.nodes;
    if (!all.stopped && all.moves.size() == moves.size()) {
      values.clear();
      for (const endgame::MoveValue& m : all.moves) values.push_back(MoveValue{m.move, m.score, true, empties});
    }
  }
  return values;
}

}  // namespace qipan::reversi
