#include "search.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "evaluate.h"
#include "game/game.h"
#include "history.h"
#include "move_check.h"
#include "move_picker.h"
#include "movegen.h"
#include "network_stack.h"
#include "see.h"

namespace qipan::xiangqi {
namespace {

// Positions before the root kept for repetition checks. Only positions since
// the last capture can repeat, and the move limit ends a game well before this.
constexpr int kMaxHistory = 512;
// "No score" marker for static evaluations (in check) and table scores.
constexpr int kNoScore = kInfinity + 1;
// Frames before the root, so that ply - 4 is always a valid frame.
constexpr int kFrameOffset = 4;
// Pickers in use at once: one per nested search call (a singular search nests
// a second call at the same ply).
constexpr int kMaxPickers = 2 * kMaxPly + 8;

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

int stat_bonus(int depth) { return std::min(268 * depth - 352, 1153); }
int stat_malus(int depth) { return std::min(400 * depth - 354, 1201); }

// Reverse futility margin per ply of depth left.
constexpr int kFutilityMargin = 60;

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
  const auto& records = game.plies();
  past.reserve(records.size());
  for (std::size_t i = 0; i < records.size(); ++i)
    past.push_back({keys[i], i == 0 ? game.start_position().in_check() : records[i - 1].gave_check, records[i].move});
  return past;
}

// What the search knows about one ply of the current line.
struct Searcher::Frame {
  EvalScore psqt;  // material + tables here (red's view)
  std::array<Move, 2> killers;
  Move move;                       // the move being searched from here
  Piece moved = kEmpty;            // its piece (kEmpty: a null move or none)
  PieceToHistory* cont = nullptr;  // continuation table of (moved, move.to())
  Move excluded;                   // singular search: the move left out
  int static_eval = kNoScore;
  int stat_score = 0;
  int move_count = 0;
  int cutoffs = 0;
  int rep_window = 0;  // earlier positions that could equal this one
  bool in_check = false;
  bool after_null = false;  // reached by a null move
  bool tt_pv = false;       // on (or once on) a principal variation
};

// Everything indexed by ply lives here, on the heap, so that neither the
// Searcher object nor the recursion needs much stack (wasm stacks are small).
struct Searcher::Workspace {
  Position pos;
  std::array<Frame, kMaxPly + kFrameOffset + 3> stack{};
  Frame& frame(int ply) { return stack[std::size_t(ply + kFrameOffset)]; }
  const Frame& frame(int ply) const { return stack[std::size_t(ply + kFrameOffset)]; }
  // Keys and check flags of the game history followed by the search path.
  std::array<std::uint64_t, kMaxHistory + kMaxPly + 2> keys{};
  std::array<bool, kMaxHistory + kMaxPly + 2> checks{};
  // moves[i]: the move played from position i (none where unknown).
  std::array<Move, kMaxHistory + kMaxPly + 2> moves{};
  // Judged cycles by a hash of their keys: the search meets the same few
  // cycles again and again, and judging one plays it through.
  struct JudgedCycle {
    std::uint64_t signature = 0;
    std::int8_t loser = -1;
  };
  static constexpr std::size_t kJudgedCycles = 1024;
  std::array<JudgedCycle, kJudgedCycles> judged{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
  std::array<int, kMaxPly + 1> pv_len{};
  std::array<MovePicker, kMaxPickers> pickers{};
  network::AccumulatorStack<kMaxPly + 1> network;  // used with network_
  HistoryTables history;
  // Late-move reductions by depth and move number (in 1/1024 plies).
  std::array<std::array<int, 64>, 64> reductions{};
  // Best root move of the current iteration, set as soon as one is complete.
  Move root_best;
  int root_best_score = 0;
  Move root_previous;  // best move of the last completed iteration, searched first

  Workspace() {
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m) reductions[d][m] = int(1024 * (0.4 + std::log(d) * std::log(m) / 2.3));
  }
};

namespace {
// Hands out one picker per nested search call and takes it back on return.
class PickerLease {
 public:
  PickerLease(int& height) : height_(height) { ++height_; }
  ~PickerLease() { --height_; }
  PickerLease(const PickerLease&) = delete;
  PickerLease& operator=(const PickerLease&) = delete;

 private:
  int& height_;
};
}  // namespace

Searcher::Searcher(std::size_t tt_megabytes)
    : ws_(std::make_unique<Workspace>()), tt_(tt_megabytes), repetition_count_(RuleOptions{}.repetition_count) {}
Searcher::~Searcher() = default;

void Searcher::set_network(const network::Weights* weights) {
  if (weights == network_) return;
  network_ = weights;
  clear();  // the table keeps static evaluations of the other kind
}

int Searcher::static_eval(int ply) {
  Workspace& w = *ws_;
  if (!network_) return evaluate(w.pos, w.frame(ply).psqt);
  return w.network.evaluate(ply, w.pos.side_to_move(), *network_);
}

void Searcher::clear() {
  tt_.clear();
  ws_->history.clear();
  for (auto& frame : ws_->stack) frame.killers = {};
}

bool Searcher::excluded_at_root(Move m) const {
  return std::find(root_exclusions_.begin(), root_exclusions_.end(), m) != root_exclusions_.end();
}

// Counts a node; false when a limit says the search must end.
bool Searcher::count_node() {
  ++nodes_;
  return !budget_.exhausted(nodes_);
}

// Looks back over positions with the same side to move since the last
// capture (or null move). A repeat is a draw, unless the rules make one side
// lose the cycle (repetition_rules.h: perpetual check, perpetual chase, ...).
//
// A repeat inside the search tree is final at once: the side that could have
// left the cycle did not, so it would not later either. A repeat of a
// position from the game before the root is final only when it completes the
// rule's count (the referee's ruling, Game::repetition_ruling); until then the
// opponent may still leave the cycle. Scoring such a first repeat as final
// made a side being checked round a cycle see "mate in 1" at depth 1 and play
// instantly (a 2 s game against Fairy-Stockfish, which then left the cycle).
bool Searcher::repetition(int ply, int& score) const {
  Workspace& w = *ws_;
  const int now = root_index_ + ply;
  const int window = w.frame(ply).rep_window;
  const std::uint64_t key = w.keys[now];
  int occurrences = 1;
  for (int back = 4; back <= window; back += 2) {
    if (w.keys[now - back] != key) continue;
    const int earlier = now - back;
    if (earlier <= root_index_ && ++occurrences < repetition_count_) continue;
    const int loser = cycle_loser(earlier, now);
    const int win = kMateScore - ply;  // decided here, like a mate at this ply
    score = loser < 0 ? 0 : loser == w.pos.side_to_move() ? -win : win;
    return true;
  }
  return false;
}

int Searcher::cycle_loser(int earlier, int now) const {
  Workspace& w = *ws_;
  bool moves_known = true;
  for (int i = earlier; i < now && moves_known; ++i) moves_known = !w.moves[i].is_none();
  if (rules_ == RuleSet::kSimple || !moves_known) {
    // Checks alone: checks[i] says the move into position i gave check.
    // The cycle starts and ends with the side to move now, which moves first.
    bool all_checks[2] = {true, true};
    for (int i = earlier + 1; i <= now; ++i) {
      const Color mover = (i - earlier) % 2 == 1 ? w.pos.side_to_move() : opposite(w.pos.side_to_move());
      all_checks[mover] &= w.checks[i];
    }
    if (all_checks[kRed] == all_checks[kBlack]) return -1;
    return all_checks[kRed] ? kRed : kBlack;
  }
  std::uint64_t signature = std::uint64_t(rules_) + 1;
  for (int i = earlier; i <= now; ++i) signature = (signature ^ w.keys[i]) * 0x9E3779B97F4A7C15ull;
  Workspace::JudgedCycle& slot = w.judged[signature % Workspace::kJudgedCycles];
  if (slot.signature == signature) return slot.loser;
  const CycleJudgement judged =
      judge_cycle(rules_, w.pos, std::span<const Move>(w.moves.data() + earlier, std::size_t(now - earlier)));
  slot = {signature, std::int8_t(judged.loser ? int(*judged.loser) : -1)};
  return slot.loser;
}

void Searcher::push_child(int ply, Move m, Piece moving, Piece captured) {
  Workspace& w = *ws_;
  const Frame& parent = w.frame(ply);
  Frame& child = w.frame(ply + 1);
  child.psqt = parent.psqt;
  child.psqt += psqt_delta(moving, m.from(), m.to(), captured);
  child.in_check = w.pos.in_check();
  child.rep_window = captured != kEmpty ? 0 : parent.rep_window + 1;
  child.after_null = false;
  if (network_) w.network.reached(ply + 1, moving, m, captured);
  w.keys[root_index_ + ply + 1] = w.pos.key();
  w.checks[root_index_ + ply + 1] = child.in_check;
  w.moves[root_index_ + ply] = m;
}

void Searcher::push_null(int ply) {
  Workspace& w = *ws_;
  Frame& child = w.frame(ply + 1);
  child.psqt = w.frame(ply).psqt;
  child.in_check = false;
  child.rep_window = 0;
  child.after_null = true;
  if (network_) w.network.reached(ply + 1, kEmpty, Move(), kEmpty);
  w.keys[root_index_ + ply + 1] = w.pos.key();
  w.checks[root_index_ + ply + 1] = false;
  w.moves[root_index_ + ply] = Move();
}

void Searcher::update_pv(int ply, Move m) {
  Workspace& w = *ws_;
  w.pv[ply][ply] = m;
  for (int k = ply + 1; k < w.pv_len[ply + 1]; ++k) w.pv[ply][k] = w.pv[ply + 1][k];
  w.pv_len[ply] = std::max(w.pv_len[ply + 1], ply + 1);
}

// The continuation tables of the moves 1, 2 and 4 plies back learn that
// `moving` to `to` was good (bonus > 0) or bad after them.
void Searcher::update_continuation(int ply, Piece moving, Square to, int bonus) {
  Workspace& w = *ws_;
  for (int back : {1, 2, 4}) {
    const Frame& f = w.frame(ply - back);
    if (f.moved == kEmpty) continue;
    update_stat((*f.cont)[moving][to], bonus);
    if (back == 2 && w.frame(ply).in_check) break;
  }
}

// The correction entries of the position at `ply`: by its last move, and by
// its last two moves (null when either is missing, as at the root or after a
// null move).
Searcher::CorrectionEntries Searcher::correction_entries(int ply) const {
  Workspace& w = *ws_;
  const Frame& last = w.frame(ply - 1);
  const Frame& before = w.frame(ply - 2);
  if (last.moved == kEmpty) return {};
  const Square to = last.move.to();
  std::int16_t* pair = before.moved != kEmpty
                           ? &w.history.continuation_correction[before.moved][before.move.to()][last.moved][to]
                           : nullptr;
  return {&w.history.move_correction[last.moved][to], pair};
}

// The static evaluation here, moved by what searches found after the same
// last move and the same pair of last moves.
int Searcher::corrected_eval(int ply, int raw_eval) const {
  const CorrectionEntries e = correction_entries(ply);
  if (!e.by_move) return raw_eval;
  const int correction = *e.by_move + (e.by_pair ? *e.by_pair : 0);
  return std::clamp(raw_eval + correction / kCorrectionGrain, -kMateBound + 1, kMateBound - 1);
}

// A search of `depth` found `searched` where the (corrected) static
// evaluation said `static_eval`: both correction tables learn the difference,
// weighted by depth.
void Searcher::update_correction(int ply, int searched, int static_eval, int depth) {
  const CorrectionEntries e = correction_entries(ply);
  if (!e.by_move) return;
  const int bonus =
      std::clamp((searched - static_eval) * depth * kCorrectionGrain / 8, -kCorrectionLimit / 4, kCorrectionLimit / 4);
  update_stat(*e.by_move, bonus, kCorrectionLimit);
  if (e.by_pair) update_stat(*e.by_pair, bonus, kCorrectionLimit);
}

void Searcher::update_best_move_stats(int ply, Move best, Piece moving, bool quiet, int bonus, int malus,
                                      const Move* quiets, int quiet_count, const Move* captures, int capture_count) {
  Workspace& w = *ws_;
  HistoryTables& h = w.history;
  const Position& pos = w.pos;
  const Color us = pos.side_to_move();
  if (quiet) {
    Frame& f = w.frame(ply);
    if (f.killers[0] != best) {
      f.killers[1] = f.killers[0];
      f.killers[0] = best;
    }
    const Frame& prev = w.frame(ply - 1);
    if (prev.moved != kEmpty) h.counter[prev.moved][prev.move.to()] = best;
    update_stat(h.butterfly[us][best.from()][best.to()], bonus);
    update_continuation(ply, moving, best.to(), bonus);
    for (int i = 0; i < quiet_count; ++i) {
      const Move q = quiets[i];
      update_stat(h.butterfly[us][q.from()][q.to()], -malus);
      update_continuation(ply, pos.at(q.from()), q.to(), -malus);
    }
  } else {
    update_stat(h.capture[moving][best.to()][type_of(pos.at(best.to()))], bonus);
  }
  for (int i = 0; i < capture_count; ++i) {
    const Move c = captures[i];
    update_stat(h.capture[pos.at(c.from())][c.to()][type_of(pos.at(c.to()))], -malus);
  }
}

template <bool Pv>
int Searcher::quiesce(int alpha, int beta, int ply) {
  Workspace& w = *ws_;
  Position& pos = w.pos;
  Frame& ss = w.frame(ply);
  if (Pv) w.pv_len[ply] = ply;
  if (!count_node()) return 0;
  seldepth_ = std::max(seldepth_, ply);

  int rep_score = 0;
  if (repetition(ply, rep_score)) return rep_score;
  const bool in_check = ss.in_check;
  if (ply >= kMaxPly - 1 || picker_height_ >= kMaxPickers) return in_check ? 0 : static_eval(ply);
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  const std::uint64_t key = pos.key();
  TableHit hit;
  const bool tt_hit = tt_.probe(key, hit);
  const int tt_score = tt_hit && hit.bound != Bound::kNone ? score_from_tt(hit.score, ply) : kNoScore;
  if (!Pv && tt_score != kNoScore && hit.depth >= 0 &&
      (hit.bound == Bound::kExact || (hit.bound == Bound::kLower && tt_score >= beta) ||
       (hit.bound == Bound::kUpper && tt_score <= alpha)))
    return tt_score;

  // Stand pat: the side to move may decline every capture, unless in check,
  // where all evasions are searched and having none is mate.
  int best = -kInfinity, futility_base = -kInfinity;
  int raw_eval = kNoScore;  // the table keeps the evaluation uncorrected
  if (!in_check) {
    const bool have_eval = tt_hit && hit.eval != kNoScore;
    raw_eval = have_eval ? hit.eval : static_eval(ply);
    ss.static_eval = corrected_eval(ply, raw_eval);
    best = ss.static_eval;
    if (tt_score != kNoScore &&
        (hit.bound == (tt_score > best ? Bound::kLower : Bound::kUpper) || hit.bound == Bound::kExact))
      best = tt_score;
    if (best >= beta) {
      if (!tt_hit) tt_.store(key, 0, score_to_tt(best, ply), raw_eval, 0, Bound::kLower, false);
      return best;
    }
    alpha = std::max(alpha, best);
    futility_base = ss.static_eval + 100;
  } else {
    ss.static_eval = kNoScore;
  }

  const PickerLease lease(picker_height_);
  MovePicker& picker = w.pickers[std::size_t(picker_height_ - 1)];
  const std::array<const PieceToHistory*, 4> cont = {w.frame(ply - 1).cont, w.frame(ply - 2).cont,
                                                     w.frame(ply - 3).cont, w.frame(ply - 4).cont};
  picker.start_quiescence(pos, tt_hit ? Move::from_raw(hit.move) : Move(), w.history, cont, in_check);
  const LegalityFilter filter(pos);
  const int original_alpha = alpha;
  const Square recapture_square = w.frame(ply - 1).moved != kEmpty ? w.frame(ply - 1).move.to() : kNoSquare;
  Move best_move;
  int legal = 0;
  for (Move m; !(m = picker.next()).is_none();) {
    if (!filter.legal(pos, m)) continue;
    ++legal;
    const Piece moving = pos.at(m.from()), captured = pos.at(m.to());
    if (best > -kMateBound && !in_check) {
      if (m.to() != recapture_square) {
        // Futility: even winning this piece for free cannot reach alpha.
        const int futility_value = futility_base + see_value(captured);
        if (futility_value <= alpha) {
          best = std::max(best, futility_value);
          continue;
        }
        if (futility_base <= alpha && !see_ge(pos, m, 1)) {
          best = std::max(best, futility_base);
          continue;
        }
      }
      if (!see_ge(pos, m, -40)) continue;
    }
    ss.move = m;
    ss.moved = moving;
    ss.cont = &w.history.continuation[moving][m.to()];
    Undo undo;
    pos.make(m, undo);
    push_child(ply, m, moving, captured);
    const int score = -quiesce<Pv>(-beta, -alpha, ply + 1);
    pos.unmake(m, undo);
    if (budget_.stopped()) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (Pv) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  if (in_check && legal == 0) return -kMateScore + ply;
  const Bound bound = best >= beta ? Bound::kLower : Pv && best > original_alpha ? Bound::kExact : Bound::kUpper;
  tt_.store(key, best_move.raw(), score_to_tt(best, ply), raw_eval, 0, bound, Pv);
  return best;
}

template <bool Pv>
int Searcher::negamax(int depth, int alpha, int beta, int ply, bool cut_node) {
  Workspace& w = *ws_;
  Position& pos = w.pos;
  Frame& ss = w.frame(ply);
  const bool root = ply == 0;
  const bool in_check = ss.in_check;
  if (depth <= 0) return quiesce<Pv>(alpha, beta, ply);

  // Step 1. Node setup, draws and mate distance pruning.
  if (Pv) w.pv_len[ply] = ply;
  if (!count_node()) return 0;
  if (Pv) seldepth_ = std::max(seldepth_, ply);
  if (!root) {
    int rep_score = 0;
    if (repetition(ply, rep_score)) return rep_score;
    if (move_limit_plies_ > 0 && pos.quiet_plies() >= move_limit_plies_) return 0;
    if (ply >= kMaxPly - 1 || picker_height_ >= kMaxPickers) return in_check ? 0 : static_eval(ply);
    // Mate distance pruning: no line here can beat a mate already found nearer the root.
    alpha = std::max(alpha, -kMateScore + ply);
    beta = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta) return alpha;
  }
  w.frame(ply + 1).excluded = Move();
  w.frame(ply + 2).killers = {};
  w.frame(ply + 2).cutoffs = 0;
  const Frame& prev = w.frame(ply - 1);

  // Step 2. Transposition table.
  const Move excluded = ss.excluded;
  const std::uint64_t key = pos.key();
  TableHit hit;
  const bool tt_hit = excluded.is_none() && tt_.probe(key, hit);
  const int tt_score = tt_hit && hit.bound != Bound::kNone ? score_from_tt(hit.score, ply) : kNoScore;
  Move tt_move = root ? w.root_previous : tt_hit ? Move::from_raw(hit.move) : Move();
  if (excluded.is_none()) ss.tt_pv = Pv || (tt_hit && hit.pv);
  const bool tt_capture = !tt_move.is_none() && pseudo_legal(pos, tt_move) && pos.at(tt_move.to()) != kEmpty;
  if (!Pv && tt_score != kNoScore && hit.depth >= depth &&
      (hit.bound == Bound::kExact || (hit.bound == Bound::kLower && tt_score >= beta) ||
       (hit.bound == Bound::kUpper && tt_score <= alpha))) {
    // A quiet table move that still cuts off earns history credit.
    if (tt_score >= beta && !tt_move.is_none() && !tt_capture && pseudo_legal(pos, tt_move)) {
      const Piece moving = pos.at(tt_move.from());
      update_stat(w.history.butterfly[pos.side_to_move()][tt_move.from()][tt_move.to()], stat_bonus(depth));
      update_continuation(ply, moving, tt_move.to(), stat_bonus(depth));
    }
    return tt_score;
  }

  // Step 3. Static evaluation, and whether it improves on two plies ago.
  const Color us = pos.side_to_move();
  int eval = kNoScore;
  int raw_eval = kNoScore;  // the table keeps the evaluation uncorrected
  if (in_check) {
    ss.static_eval = kNoScore;
  } else if (!excluded.is_none()) {
    eval = ss.static_eval;  // the singular search keeps its node's evaluation
  } else if (tt_hit && hit.eval != kNoScore) {
    raw_eval = hit.eval;
    ss.static_eval = eval = corrected_eval(ply, raw_eval);
    if (tt_score != kNoScore &&
        (hit.bound == Bound::kExact || hit.bound == (tt_score > eval ? Bound::kLower : Bound::kUpper)))
      eval = tt_score;
  } else {
    raw_eval = static_eval(ply);
    ss.static_eval = eval = corrected_eval(ply, raw_eval);
    tt_.store(key, 0, 0, raw_eval, SearchTable::kEvalOnlyDepth, Bound::kNone, ss.tt_pv);
  }
  bool improving = false;
  if (!in_check) {
    const int two_back = w.frame(ply - 2).static_eval, four_back = w.frame(ply - 4).static_eval;
    improving = two_back != kNoScore ? ss.static_eval > two_back : four_back == kNoScore || ss.static_eval > four_back;
  }

  if (!Pv && !in_check && excluded.is_none() && std::abs(beta) < kMateBound) {
    // Step 4. Razoring: hopeless here, so only captures could save it.
    if (depth <= 3 && eval < alpha - 220 - 130 * depth * depth) {
      const int score = quiesce<false>(alpha - 1, alpha, ply);
      if (score < alpha || budget_.stopped()) return score;
    }
    // Step 5. Reverse futility: far above beta near the leaves, assume it holds.
    if (!ss.tt_pv && depth < 9 && eval - kFutilityMargin * (depth - improving) - prev.stat_score / 600 >= beta &&
        eval < kMateBound)
      return eval;
    // Step 6. Null move: if passing still fails high, a real move surely
    // would. Needs attacking pieces (pure zugzwang endings fool it); deep
    // down the result is verified by a reduced search without a null move.
    if (cut_node && prev.moved != kEmpty && eval >= beta && ss.static_eval >= beta - 12 * depth + 140 &&
        ply >= null_move_min_ply_ && has_attackers(pos, us)) {
      const int reduction = std::min((eval - beta) / 80, 6) + depth / 3 + 4;
      ss.move = Move();
      ss.moved = kEmpty;
      ss.cont = &w.history.continuation[kEmpty][0];
      Undo undo;
      pos.make_null(undo);
      push_null(ply);
      const int score = -negamax<false>(depth - reduction, -beta, -beta + 1, ply + 1, false);
      pos.unmake_null(undo);
      if (budget_.stopped()) return 0;
      if (score >= beta && score < kMateBound) {
        if (null_move_min_ply_ || depth < 14) return score;
        null_move_min_ply_ = ply + 3 * (depth - reduction) / 4;
        const int verified = negamax<false>(depth - reduction, beta - 1, beta, ply, false);
        null_move_min_ply_ = 0;
        if (verified >= beta) return score;
      }
    }
  }

  // Step 7. Internal iterative reduction: without a table move this node was
  // never searched well; search it shallower first.
  if (!root && tt_move.is_none()) {
    if (Pv) depth -= 2;
    else if (cut_node && depth >= 8) depth -= 2;
    if (depth <= 0) return quiesce<Pv>(alpha, beta, ply);
  }

  // Step 8. The move loop.
  const PickerLease lease(picker_height_);
  MovePicker& picker = w.pickers[std::size_t(picker_height_ - 1)];
  const std::array<const PieceToHistory*, 4> cont = {prev.cont, w.frame(ply - 2).cont, w.frame(ply - 3).cont,
                                                     w.frame(ply - 4).cont};
  const Move counter = prev.moved != kEmpty ? w.history.counter[prev.moved][prev.move.to()] : Move();
  picker.start_main(pos, tt_move, w.history, cont, ss.killers[0], ss.killers[1], counter, in_check);

  const LegalityFilter filter(pos);
  const int original_alpha = alpha;
  int best = -kInfinity, move_count = 0;
  Move best_move;
  std::array<Move, 64> quiets_tried;
  std::array<Move, 32> captures_tried;
  int quiet_count = 0, capture_count = 0;
  bool skip_quiets = false;
  const bool may_prune = !root && has_attackers(pos, us);
  for (Move m; !(m = picker.next(skip_quiets)).is_none();) {
    if (m == excluded) continue;
    if (root && excluded_at_root(m)) continue;
    if (!filter.legal(pos, m)) continue;
    ss.move_count = ++move_count;
    const Piece moving = pos.at(m.from()), captured = pos.at(m.to());
    const bool capture = captured != kEmpty;
    const bool check = gives_check(pos, m);
    int new_depth = depth - 1;
    const int base_reduction = w.reductions[std::min(depth, 63)][std::min(move_count, 63)];

    // Step 9. Pruning at shallow depth: move count, futility, history and
    // exchange value.
    if (may_prune && best > -kMateBound) {
      if (move_count >= (3 + depth * depth) / (2 - improving)) skip_quiets = true;
      int lmr_depth = new_depth - base_reduction / 1024;
      if (capture || check) {
        if (!check && !in_check && lmr_depth < 7 &&
            ss.static_eval + 120 + 150 * lmr_depth + see_value(captured) +
                    w.history.capture[moving][m.to()][type_of(captured)] / 7 <=
                alpha)
          continue;
        if (!see_ge(pos, m, -90 * depth)) continue;
      } else {
        int history = (*cont[0])[moving][m.to()] + (*cont[1])[moving][m.to()] + (*cont[3])[moving][m.to()];
        if (lmr_depth < 6 && history < -3750 * depth) continue;
        history += 2 * w.history.butterfly[us][m.from()][m.to()];
        lmr_depth += history / 7800;
        lmr_depth = std::max(lmr_depth, -1);
        if (!in_check && lmr_depth < 13 &&
            ss.static_eval + (best < ss.static_eval - 30 ? 60 : 35) + 60 * lmr_depth <= alpha)
          continue;
        lmr_depth = std::max(lmr_depth, 0);
        if (!see_ge(pos, m, -13 * lmr_depth * lmr_depth)) continue;
      }
    }

    // Step 10. Extensions: the table move when every other move is much
    // worse (singular), a check that does not lose material.
    int extension = 0;
    if (!root && m == tt_move && excluded.is_none() && depth >= 6 && tt_score != kNoScore &&
        std::abs(tt_score) < kMateBound && (hit.bound == Bound::kLower || hit.bound == Bound::kExact) &&
        hit.depth >= depth - 3) {
      const int singular_beta = tt_score - depth;
      ss.excluded = m;
      const int score = negamax<false>((depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
      ss.excluded = Move();
      ss.move_count = move_count;
      if (budget_.stopped()) return 0;
      if (score < singular_beta) {
        extension = !Pv && score < singular_beta - 10 && ply < 2 * root_depth_ ? 2 : 1;
      } else if (singular_beta >= beta) {
        return singular_beta;  // multi-cut: more than one move beats beta
      } else if (tt_score >= beta) {
        extension = -2;
      } else if (cut_node) {
        extension = -1;
      }
    } else if (check && depth > 6 && see_ge(pos, m, 0)) {
      extension = 1;
    }
    new_depth += extension;

    // Step 11. Make the move.
    ss.move = m;
    ss.moved = moving;
    ss.cont = &w.history.continuation[moving][m.to()];
    Undo undo;
    pos.make(m, undo);
    push_child(ply, m, moving, captured);

    // Step 12. Late-move reductions, then a full-depth null-window search
    // if needed, then the full window for a PV candidate.
    int score = 0;
    if (depth >= 2 && move_count > 1 + root && (!capture || !ss.tt_pv || cut_node)) {
      int r = base_reduction;
      if (ss.tt_pv) r -= 1024;
      if (cut_node) r += 2048;
      if (tt_capture) r += 1024;
      if (Pv) r -= 1024;
      if (w.frame(ply + 1).cutoffs > 3) r += 1024;
      if (m == ss.killers[0] || m == ss.killers[1] || m == counter) r -= 1024;
      if (check) r -= 1024;
      ss.stat_score = capture ? 0
                              : 2 * w.history.butterfly[us][m.from()][m.to()] + (*cont[0])[moving][m.to()] +
                                    (*cont[1])[moving][m.to()] + (*cont[3])[moving][m.to()] - 4000;
      r -= ss.stat_score * 1024 / 14000;
      const int reduced = std::min(std::max(new_depth - r / 1024, 1), new_depth + 1);
      score = -negamax<false>(reduced, -alpha - 1, -alpha, ply + 1, true);
      if (score > alpha && reduced < new_depth && !budget_.stopped()) {
        // Deeper if it beat alpha by far, shallower if only just.
        new_depth += score > best + 50 + 2 * new_depth;
        new_depth -= score < best + new_depth;
        if (reduced < new_depth) score = -negamax<false>(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
        if (!capture)
          update_continuation(ply, moving, m.to(), score > alpha ? stat_bonus(new_depth) : -stat_malus(new_depth));
      }
    } else if (!Pv || move_count > 1) {
      ss.stat_score = 0;
      score = -negamax<false>(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
    }
    if (Pv && !budget_.stopped() && (move_count == 1 || (score > alpha && (root || score < beta))))
      score = -negamax<true>(new_depth, -beta, -alpha, ply + 1, false);
    pos.unmake(m, undo);
    if (budget_.stopped()) return 0;

    // Step 13. New best move.
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (Pv) update_pv(ply, m);
        if (root) {
          w.root_best = m;
          w.root_best_score = score;
        }
        if (score >= beta) {
          ++ss.cutoffs;
          break;
        }
        alpha = score;
      }
    }
    if (m != best_move) {
      if (!capture && quiet_count < int(quiets_tried.size())) quiets_tried[quiet_count++] = m;
      else if (capture && capture_count < int(captures_tried.size())) captures_tried[capture_count++] = m;
    }
  }

  // No legal move loses in xiangqi, whether in check (mate) or not (stalemate).
  if (move_count == 0) return !excluded.is_none() ? alpha : -kMateScore + ply;

  // Step 14. History updates and the table entry.
  if (!best_move.is_none() && best >= beta) {
    const Piece moving = pos.at(best_move.from());
    const bool quiet = pos.at(best_move.to()) == kEmpty;
    update_best_move_stats(ply, best_move, moving, quiet, stat_bonus(depth + (best > beta + 80)), stat_malus(depth),
                           quiets_tried.data(), quiet_count, captures_tried.data(), capture_count);
  }
  if (excluded.is_none()) {
    const Bound bound = best >= beta ? Bound::kLower : Pv && best > original_alpha ? Bound::kExact : Bound::kUpper;
    // Correction history learns from quiet outcomes whose bound says which
    // way the evaluation was wrong.
    const bool quiet_best = best_move.is_none() || pos.at(best_move.to()) == kEmpty;
    if (!in_check && quiet_best && std::abs(best) < kMateBound && !(bound == Bound::kLower && best <= ss.static_eval) &&
        !(bound == Bound::kUpper && best >= ss.static_eval))
      update_correction(ply, best, ss.static_eval, depth);
    tt_.store(key, best_move.raw(), score_to_tt(best, ply), raw_eval, depth, bound, ss.tt_pv);
  }
  return best;
}

// One iteration: a window around the last score, widened on failure.
int Searcher::aspiration(int depth, int previous) {
  Workspace& w = *ws_;
  int delta = 16 + std::abs(previous) / 40;
  int alpha = -kInfinity, beta = kInfinity;
  if (depth >= 4 && std::abs(previous) < kMateBound) {
    alpha = std::max(previous - delta, -kInfinity);
    beta = std::min(previous + delta, kInfinity);
  }
  for (;;) {
    root_depth_ = depth;
    const int score = negamax<true>(depth, alpha, beta, 0, false);
    if (budget_.stopped()) return score;
    if (score <= alpha && alpha > -kInfinity) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -kInfinity);
    } else if (score >= beta && beta < kInfinity) {
      beta = std::min(score + delta, kInfinity);
      if (!w.root_best.is_none()) w.root_previous = w.root_best;
    } else {
      return score;
    }
    delta += delta / 2;
    if (delta > 600) alpha = -kInfinity, beta = kInfinity;
  }
}

void Searcher::prepare(const Position& root, std::span<const PastPosition> history, const SearchLimits& limits) {
  Workspace& w = *ws_;
  budget_.start(limits);
  nodes_ = 0;
  seldepth_ = 0;
  null_move_min_ply_ = 0;
  picker_height_ = 0;
  if (!limits.reuse_tables) clear();
  tt_.new_search();

  w.pos = root;
  if (history.size() > std::size_t(kMaxHistory)) history = history.last(kMaxHistory);
  root_index_ = int(history.size());
  for (int i = 0; i < root_index_; ++i) {
    w.keys[i] = history[i].key;
    w.checks[i] = history[i].in_check;
    w.moves[i] = history[i].move;
  }
  for (int back = 1; back <= kFrameOffset; ++back) {
    Frame& f = w.frame(-back);
    f.move = Move();
    f.moved = kEmpty;
    f.cont = &w.history.continuation[kEmpty][0];
    f.static_eval = kNoScore;
    f.stat_score = 0;
    f.after_null = false;
  }
  // Per-search counters start at zero: a node clears its grandchildren's
  // cutoff count, so the root's children would otherwise keep the last
  // search's (and a search would depend on what was searched before).
  for (Frame& f : w.stack) {
    f.excluded = Move();
    f.cutoffs = 0;
  }
  Frame& top = w.frame(0);
  top.psqt = psqt_score(root);
  if (network_) w.network.reset(root, *network_);
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
  root_depth_ = depth;
  Frame& top = w.frame(0);
  top.static_eval = kNoScore;
  for (Move m : root_moves) {
    const Piece moving = w.pos.at(m.from()), captured = w.pos.at(m.to());
    top.move = m;
    top.moved = moving;
    top.cont = &w.history.continuation[moving][m.to()];
    Undo undo;
    w.pos.make(m, undo);
    push_child(0, m, moving, captured);
    // The child is expected to fail low (the move reaches the threshold): an all-node.
    const int score = -negamax<false>(std::max(depth - 1, 0), -beta, -beta + 1, 1, false);
    w.pos.unmake(m, undo);
    if (budget_.stopped()) break;
    if (score >= beta) out.push_back(m);
  }
  return out;
}

SearchResult Searcher::search(const Position& root, std::span<const PastPosition> history, const SearchLimits& limits) {
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
  w.root_previous = Move();

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxSearchDepth) : kMaxSearchDepth;
  int previous = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    w.root_best = Move();
    const int score = aspiration(depth, previous);
    if (budget_.stopped()) {
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
    previous = score;
    result.best = w.pv[0][0];
    w.root_previous = result.best;
    result.score = score;
    result.depth = depth;
    result.pv.clear();
    for (int k = 0; k < w.pv_len[0]; ++k) result.pv.push(w.pv[0][k]);
    result.seldepth = seldepth_;
    if (info_) {
      SearchInfo info{depth, seldepth_, score, nodes_, budget_.elapsed_ms(), &result.pv};
      info_(info);
    }
    // A mate found within the searched depth cannot get shorter.
    if (is_mate_score(score) && kMateScore - std::abs(score) <= depth) break;
    if (budget_.soft_time_over()) break;
    if (limits.nodes > 0 && nodes_ >= limits.nodes) break;
  }
  result.nodes = nodes_;
  result.time_ms = budget_.elapsed_ms();
  result.seldepth = std::max(result.seldepth, seldepth_);
  return result;
}

}  // namespace qipan::xiangqi
