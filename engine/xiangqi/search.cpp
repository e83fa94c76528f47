#include "search.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>

#include "../core/clock.h"
#include "evaluate.h"
#include "game.h"
#include "movegen.h"

namespace qipan::xiangqi {
namespace {

// Positions before the root kept for repetition checks. Only positions since
// the last capture can repeat, and the move limit ends a game well before this.
constexpr int kMaxHistory = 512;

constexpr int kTTMoveScore = 1 << 30;
constexpr int kCaptureScore = 1 << 24;
constexpr int kKillerScore = 1 << 20;
constexpr int kHistoryMax = 1 << 18;

// Least valuable attacker first among equal victims.
constexpr std::array<int, kPieceTypeCount> kAttackerRank = {0, 5, 1, 1, 2, 4, 3, 0};

int mvv_lva(Piece attacker, Piece victim) {
  return kCaptureScore + piece_value(type_of(victim)) * 8 - kAttackerRank[type_of(attacker)];
}

int score_to_tt(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}
int score_from_tt(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

bool has_attackers(const Position& pos, Color c) {
  return pos.count(c, kRook) + pos.count(c, kHorse) + pos.count(c, kCannon) > 0;
}

}  // namespace

int mate_in_moves(int score) {
  if (score >= kMateBound) return (kMateScore - score + 1) / 2;
  if (score <= -kMateBound) return -((kMateScore + score + 1) / 2);
  return 0;
}

std::string format_score(int score) {
  char text[32];
  if (is_mate_score(score)) {
    const int moves = mate_in_moves(score);
    std::snprintf(text, sizeof text, moves > 0 ? "mate %d" : "-mate %d", moves > 0 ? moves : -moves);
  } else {
    std::snprintf(text, sizeof text, "%+d", score);
  }
  return text;
}

std::vector<PastPosition> past_positions(const Game& game) {
  std::vector<PastPosition> past;
  const auto& keys = game.keys();
  const auto& records = game.records();
  past.reserve(records.size());
  for (std::size_t i = 0; i < records.size(); ++i)
    past.push_back({keys[i], i == 0 ? game.start_position().in_check() : records[i - 1].gave_check});
  return past;
}

// Everything indexed by ply lives here, on the heap, so that neither the
// Searcher object nor the recursion needs much stack (wasm stacks are small).
struct Searcher::Workspace {
  struct Frame {
    EvalScore psqt;              // material + tables at this ply (red's view)
    std::array<Move, 2> killers;
    int rep_window = 0;          // earlier positions that could equal this one
    bool in_check = false;
    bool after_null = false;     // reached by a null move
  };

  Position pos;
  Stopwatch clock;
  std::array<Frame, kMaxPly + 2> stack{};
  // Keys and check flags of the game history followed by the search path.
  std::array<std::uint64_t, kMaxHistory + kMaxPly + 2> keys{};
  std::array<bool, kMaxHistory + kMaxPly + 2> checks{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
  std::array<int, kMaxPly + 1> pv_len{};
  std::array<MoveList, kMaxPly + 1> moves{};
  std::array<std::array<int, kMaxMoves>, kMaxPly + 1> scores{};
  std::array<std::array<int, kSquares>, kPieceCodes> history{};
  // Best root move of the current iteration, set as soon as one is complete.
  Move root_best;
  int root_best_score = 0;
};

Searcher::Searcher(std::size_t tt_megabytes) : ws_(std::make_unique<Workspace>()), tt_(tt_megabytes) {}
Searcher::~Searcher() = default;

void Searcher::clear() {
  tt_.clear();
  for (auto& row : ws_->history) row.fill(0);
  for (auto& frame : ws_->stack) frame.killers = {};
}

bool Searcher::excluded_at_root(Move m) const {
  return std::find(root_exclusions_.begin(), root_exclusions_.end(), m) != root_exclusions_.end();
}

void Searcher::poll() {
  if (stop_requested_.load(std::memory_order_relaxed)) stopped_ = true;
  if (limits_.time_ms > 0 && ws_->clock.elapsed_ms() >= limits_.time_ms) stopped_ = true;
  if (stop_poll_ && stop_poll_()) stopped_ = true;
}

// Looks back over positions with the same side to move since the last
// capture (or null move). A repeat is a draw, unless one side gave check with
// every one of its moves in the cycle: that side loses (perpetual check).
bool Searcher::repetition(int ply, int& score) const {
  const Workspace& w = *ws_;
  const int now = root_index_ + ply;
  const int window = w.stack[ply].rep_window;
  const std::uint64_t key = w.keys[now];
  for (int back = 4; back <= window; back += 2) {
    if (w.keys[now - back] != key) continue;
    bool we_always_check = true, they_always_check = true;
    for (int i = now - back + 1; i <= now; ++i) {
      // checks[i]: the move into position i (made by the side not to move
      // at i) gave check. Moves into now-1, now-3, ... are ours.
      if (((now - i) & 1) == 1) we_always_check &= w.checks[i];
      else they_always_check &= w.checks[i];
    }
    score = !perpetual_check_loses_ || we_always_check == they_always_check ? 0
            : we_always_check                                            ? -kPerpetualScore
                                                                         : kPerpetualScore;
    return true;
  }
  return false;
}

void Searcher::push_child(int ply, Move m, Piece moving, Piece captured) {
  Workspace& w = *ws_;
  const Workspace::Frame& parent = w.stack[ply];
  Workspace::Frame& child = w.stack[ply + 1];
  child.psqt = parent.psqt;
  child.psqt += psqt_delta(moving, m.from(), m.to(), captured);
  child.in_check = w.pos.in_check();
  child.rep_window = captured != kEmpty ? 0 : parent.rep_window + 1;
  child.after_null = false;
  w.keys[root_index_ + ply + 1] = w.pos.key();
  w.checks[root_index_ + ply + 1] = child.in_check;
}

void Searcher::push_null(int ply) {
  Workspace& w = *ws_;
  Workspace::Frame& child = w.stack[ply + 1];
  child.psqt = w.stack[ply].psqt;
  child.in_check = false;
  child.rep_window = 0;
  child.after_null = true;
  w.keys[root_index_ + ply + 1] = w.pos.key();
  w.checks[root_index_ + ply + 1] = false;
}

void Searcher::update_quiet_stats(int ply, Move m, int depth) {
  Workspace& w = *ws_;
  auto& killers = w.stack[ply].killers;
  if (killers[0] != m) {
    killers[1] = killers[0];
    killers[0] = m;
  }
  int& h = w.history[w.pos.at(m.from())][m.to()];
  h += depth * depth;
  if (h > kHistoryMax)
    for (auto& row : w.history)
      for (int& v : row) v /= 2;
}

int Searcher::quiesce(int alpha, int beta, int ply) {
  Workspace& w = *ws_;
  Position& pos = w.pos;
  w.pv_len[ply] = ply;
  ++nodes_;
  if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
  if ((nodes_ & 2047) == 0) poll();
  if (stopped_) return 0;
  seldepth_ = std::max(seldepth_, ply);

  int rep_score = 0;
  if (repetition(ply, rep_score)) return rep_score;
  const bool in_check = w.stack[ply].in_check;
  if (ply >= kMaxPly - 1) return in_check ? 0 : evaluate(pos, w.stack[ply].psqt);
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  // Stand pat: the side to move may decline every capture, unless in check,
  // where all evasions are searched and having none is mate.
  int best = -kInfinity, stand_pat = 0;
  if (!in_check) {
    stand_pat = evaluate(pos, w.stack[ply].psqt);
    if (stand_pat >= beta) return stand_pat;
    alpha = std::max(alpha, stand_pat);
    best = stand_pat;
  }

  MoveList& moves = w.moves[ply];
  auto& scores = w.scores[ply];
  moves.clear();
  generate_pseudo_legal(pos, moves, in_check ? GenKind::kAll : GenKind::kCaptures);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Piece victim = pos.at(moves[i].to());
    scores[i] = victim != kEmpty ? mvv_lva(pos.at(moves[i].from()), victim)
                                 : w.history[pos.at(moves[i].from())][moves[i].to()];
  }
  const Color us = pos.side_to_move();
  const LegalityFilter filter(pos);
  int legal = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::size_t pick = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (scores[j] > scores[pick]) pick = j;
    std::swap(moves[i], moves[pick]);
    std::swap(scores[i], scores[pick]);
    const Move m = moves[i];
    const Piece moving = pos.at(m.from()), captured = pos.at(m.to());
    if (!in_check) {
      // Delta pruning: even winning this piece for free cannot reach alpha.
      if (stand_pat + piece_value(type_of(captured)) + 150 <= alpha) continue;
      // A bigger piece taking a defended smaller one rarely gains anything.
      if (piece_value(type_of(moving)) > piece_value(type_of(captured)) + 50 &&
          pos.attacked(m.to(), opposite(us)))
        continue;
    }
    if (!filter.legal(pos, m)) continue;
    ++legal;
    Undo undo;
    pos.make(m, undo);
    push_child(ply, m, moving, captured);
    const int score = -quiesce(-beta, -alpha, ply + 1);
    pos.unmake(m, undo);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        w.pv[ply][ply] = m;
        for (int k = ply + 1; k < w.pv_len[ply + 1]; ++k) w.pv[ply][k] = w.pv[ply + 1][k];
        w.pv_len[ply] = std::max(w.pv_len[ply + 1], ply + 1);
        if (score >= beta) break;
      }
    }
  }
  if (in_check && legal == 0) return -kMateScore + ply;
  return best;
}

int Searcher::negamax(int depth, int alpha, int beta, int ply) {
  Workspace& w = *ws_;
  Position& pos = w.pos;
  const bool pv_node = beta - alpha > 1;
  const bool in_check = w.stack[ply].in_check;
  if (in_check) ++depth;  // check extension: never stop the search in check
  if (depth <= 0) return quiesce(alpha, beta, ply);

  w.pv_len[ply] = ply;
  ++nodes_;
  if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
  if ((nodes_ & 2047) == 0) poll();
  if (stopped_) return 0;
  seldepth_ = std::max(seldepth_, ply);

  if (ply > 0) {
    int rep_score = 0;
    if (repetition(ply, rep_score)) return rep_score;
    if (move_limit_plies_ > 0 && pos.quiet_plies() >= move_limit_plies_) return 0;
    if (ply >= kMaxPly - 1) return in_check ? 0 : evaluate(pos, w.stack[ply].psqt);
    // Mate distance pruning: no line here can beat a mate already found nearer the root.
    alpha = std::max(alpha, -kMateScore + ply);
    beta = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta) return alpha;
  }

  const std::uint64_t key = pos.key();
  Move tt_move;
  if (const TTEntry* e = tt_.probe(key)) {
    tt_move = Move::from_raw(e->move);
    if (!pv_node && ply > 0 && e->depth >= depth) {
      const int s = score_from_tt(e->score, ply);
      if (e->bound == Bound::kExact || (e->bound == Bound::kLower && s >= beta) ||
          (e->bound == Bound::kUpper && s <= alpha))
        return s;
    }
  }

  const Color us = pos.side_to_move();
  const int static_eval = in_check ? -kInfinity : evaluate(pos, w.stack[ply].psqt);
  if (!pv_node && !in_check && ply > 0 && std::abs(beta) < kMateBound) {
    // Reverse futility: far above beta near the leaves, assume it holds.
    if (depth <= 3 && static_eval - 120 * depth >= beta) return static_eval;
    // Null move: if passing still fails high, a real move surely would. Needs
    // attacking pieces, since pure zugzwang endings fool it.
    if (depth >= 3 && static_eval >= beta && !w.stack[ply].after_null && has_attackers(pos, us)) {
      const int reduction = 2 + depth / 4;
      Undo undo;
      pos.make_null(undo);
      push_null(ply);
      const int score = -negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1);
      pos.unmake_null(undo);
      if (stopped_) return 0;
      if (score >= beta) return score >= kMateBound ? beta : score;
    }
  }

  MoveList& moves = w.moves[ply];
  auto& scores = w.scores[ply];
  moves.clear();
  generate_pseudo_legal(pos, moves);
  const auto& killers = w.stack[ply].killers;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const Piece victim = pos.at(m.to());
    if (m == tt_move) scores[i] = kTTMoveScore;
    else if (victim != kEmpty) scores[i] = mvv_lva(pos.at(m.from()), victim);
    else if (m == killers[0]) scores[i] = kKillerScore + 1;
    else if (m == killers[1]) scores[i] = kKillerScore;
    else scores[i] = w.history[pos.at(m.from())][m.to()];
  }
  w.stack[ply + 2].killers = {};  // grandchildren start afresh; siblings share

  const LegalityFilter filter(pos);
  const int original_alpha = alpha;
  int best = -kInfinity, legal = 0;
  Move best_move;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::size_t pick = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (scores[j] > scores[pick]) pick = j;
    std::swap(moves[i], moves[pick]);
    std::swap(scores[i], scores[pick]);
    const Move m = moves[i];
    if (!filter.legal(pos, m)) continue;
    if (ply == 0 && excluded_at_root(m)) continue;
    ++legal;
    const Piece moving = pos.at(m.from()), captured = pos.at(m.to());
    const bool quiet = captured == kEmpty;
    Undo undo;
    pos.make(m, undo);
    push_child(ply, m, moving, captured);
    const bool gives_check = w.stack[ply + 1].in_check;

    int score;
    if (legal == 1) {
      score = -negamax(depth - 1, -beta, -alpha, ply + 1);
    } else {
      // Late quiet moves are searched shallower first (late-move reduction).
      int reduction = 0;
      if (depth >= 3 && quiet && !in_check && !gives_check && legal > 3 && scores[i] < kKillerScore)
        reduction = 1 + (legal > 10 && depth >= 6);
      score = -negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
      if (score > alpha && reduction > 0 && !stopped_)
        score = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
      if (score > alpha && score < beta && !stopped_)
        score = -negamax(depth - 1, -beta, -alpha, ply + 1);
    }
    pos.unmake(m, undo);
    if (stopped_) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        w.pv[ply][ply] = m;
        for (int k = ply + 1; k < w.pv_len[ply + 1]; ++k) w.pv[ply][k] = w.pv[ply + 1][k];
        w.pv_len[ply] = std::max(w.pv_len[ply + 1], ply + 1);
        if (ply == 0) {
          w.root_best = m;
          w.root_best_score = score;
        }
        if (score >= beta) {
          if (quiet) update_quiet_stats(ply, m, depth);
          break;
        }
      }
    }
  }

  // No legal move loses in xiangqi, whether in check (mate) or not (stalemate).
  if (legal == 0) return -kMateScore + ply;

  const Bound bound = best >= beta ? Bound::kLower : alpha > original_alpha ? Bound::kExact : Bound::kUpper;
  tt_.store(key, best_move.raw(), score_to_tt(best, ply), depth, bound);
  return best;
}

void Searcher::prepare(const Position& root, std::span<const PastPosition> history, const SearchLimits& limits) {
  Workspace& w = *ws_;
  w.clock.restart();
  limits_ = limits;
  stop_requested_.store(false, std::memory_order_relaxed);
  stopped_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  if (!limits.reuse_tables) clear();
  tt_.new_search();

  w.pos = root;
  if (history.size() > std::size_t(kMaxHistory)) history = history.last(kMaxHistory);
  root_index_ = int(history.size());
  for (int i = 0; i < root_index_; ++i) {
    w.keys[i] = history[i].key;
    w.checks[i] = history[i].in_check;
  }
  Workspace::Frame& top = w.stack[0];
  top.psqt = psqt_score(root);
  top.in_check = root.in_check();
  top.rep_window = root_index_;
  top.after_null = false;
  w.keys[root_index_] = root.key();
  w.checks[root_index_] = top.in_check;
}

std::vector<Move> Searcher::moves_reaching(const Position& root, std::span<const PastPosition> history, int depth,
                                           int threshold, const SearchLimits& limits) {
  prepare(root, history, limits);
  Workspace& w = *ws_;
  std::vector<Move> out;
  MoveList root_moves;
  generate_legal(root, root_moves);
  // Each test is a null-window search around the threshold: cheap, since it
  // only has to show the move is not worse than that.
  const int beta = std::clamp(threshold, -kMateScore + 1, kMateScore - 1);
  for (Move m : root_moves) {
    const Piece moving = w.pos.at(m.from()), captured = w.pos.at(m.to());
    Undo undo;
    w.pos.make(m, undo);
    push_child(0, m, moving, captured);
    const int score = -negamax(std::max(depth - 1, 0), -beta, -beta + 1, 1);
    w.pos.unmake(m, undo);
    if (stopped_) break;
    if (score >= beta) out.push_back(m);
  }
  return out;
}

SearchResult Searcher::search(const Position& root, std::span<const PastPosition> history,
                              const SearchLimits& limits) {
  prepare(root, history, limits);
  Workspace& w = *ws_;

  SearchResult result;
  MoveList root_moves;
  generate_legal(root, root_moves);
  const Move* first = std::find_if(root_moves.begin(), root_moves.end(), [&](Move m) { return !excluded_at_root(m); });
  if (first == root_moves.end()) {
    result.score = -kMateScore;
    return result;
  }
  result.best = *first;  // something legal even if depth 1 never completes

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxSearchDepth) : kMaxSearchDepth;
  for (int depth = 1; depth <= max_depth; ++depth) {
    w.root_best = Move();
    const int score = negamax(depth, -kInfinity, kInfinity, 0);
    if (stopped_) {
      // A partly searched iteration still fully searched its best root move
      // so far (the previous best is searched first), so that move is sound.
      if (!w.root_best.is_none() && w.root_best != result.best) {
        result.best = w.root_best;
        result.score = w.root_best_score;
        result.pv.clear();
        result.pv.push(w.root_best);
      }
      result.stopped = true;
      break;
    }
    result.best = w.pv[0][0];
    result.score = score;
    result.depth = depth;
    result.pv.clear();
    for (int k = 0; k < w.pv_len[0]; ++k) result.pv.push(w.pv[0][k]);
    result.seldepth = seldepth_;
    if (info_) {
      SearchInfo info{depth, seldepth_, score, nodes_, w.clock.elapsed_ms(), &result.pv};
      info_(info);
    }
    // A mate found within the searched depth cannot get shorter.
    if (is_mate_score(score) && kMateScore - std::abs(score) <= depth) break;
    if (limits.time_ms > 0 && w.clock.elapsed_ms() * 100 >= limits.time_ms * limits.soft_time_percent) break;
    if (limits.nodes > 0 && nodes_ >= limits.nodes) break;
  }
  result.nodes = nodes_;
  result.time_ms = w.clock.elapsed_ms();
  result.seldepth = std::max(result.seldepth, seldepth_);
  return result;
}

}  // namespace qipan::xiangqi
