#include "search.h"

#include <algorithm>
#include <bit>

#include "../core/random.h"
#include "movegen.h"
#include "search_context.h"

namespace qipan::checkers {
namespace {

// Late-move reductions: quiet (non-advancing) moves after the first few.
constexpr int kLmrMinDepth = 3;
constexpr int kLmrMinSearched = 3;
// Near the horizon backward moves are not searched (after the first move):
// they almost never pay off within two plies.
constexpr int kNoBackwardDepth = 2;
// The race solver at the root: beam width from the options, then an exact
// search for anything shorter within this many states per side.
constexpr std::uint64_t kRaceProofNodes = 60000;

int gain_of(int target, Move m) {
  return m.is_pass() ? 0 : goal_distance(target, m.from) - goal_distance(target, m.to);
}

}  // namespace

SeatsInPlay seats_in_play(const Position& pos, const RuleOptions& rules, std::uint8_t retired) {
  SeatsInPlay out;
  const int n = pos.players();
  const bool play_on = rules.multiplayer_end == MultiplayerEnd::play_on && n >= 3;
  if (!play_on) {
    out.active = n;
    out.decided = pos.anyone_finished(rules.win_rule);
    return out;
  }
  out.retired = std::uint8_t(retired & ((1u << n) - 1));
  for (Player p = 0; p < n; ++p)
    if (pos.finished(p, rules.win_rule)) out.retired |= std::uint8_t(1u << p);
  out.active = n - std::popcount(unsigned(out.retired));
  out.decided = out.active < 2 || (out.retired >> pos.side_to_move() & 1);
  return out;
}

bool is_win_score(int score) { return score > kWinThreshold || score < -kWinThreshold; }
int win_distance_plies(int score) { return kWinScore - (score < 0 ? -score : score); }

int Searcher::Impl::alpha_beta(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node) {
  ctx.pv[ply].clear();
  const Player side = pos.side_to_move();
  const SearchOptions& options = *ctx.options;
  // The mover is checked first (rules spec §2.3).
  const Player rival = opponent(side);
  if (pos.finished(rival, win_rule_)) return -(kWinScore - ply);
  if (pos.finished(side, win_rule_)) return kWinScore - ply;
  if (options.rules.repetition_draws() && ctx.repeated(pos.key())) return 0;
  if (ctx.tick()) return 0;
  if (depth <= 0 || ply >= kMaxPly) return evaluate_against(pos, side, std::uint8_t(1u << rival), options.weights);

  const std::uint64_t key = pos.key();
  Move tt_move = Move::of(0, 0);  // matches no legal move
  if (const auto s = ctx.probe(key, depth, alpha, beta, ply, !pv_node, tt_move)) return *s;

  const int target = target_arm(pos.players(), side);
  MoveList& moves = ctx.move_buffers[ply];
  generate_moves(pos, options.rules, side, moves);
  OrderedList& list = ctx.ordered_buffers[ply];
  list.clear();
  ctx.order(moves, side, target, tt_move, ply, list);

  ctx.keys[ctx.key_count++] = key;
  const int alpha0 = alpha;
  int best = -kInfinity;
  Move best_move = list[0].move;
  int searched = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    SearchContext::pick(list, i);
    const Move m = list[i].move;
    const int gain = gain_of(target, m);
    if (!pv_node && depth <= kNoBackwardDepth && searched > 0 && gain < 0) continue;
    int reduction = 0;
    if (depth >= kLmrMinDepth && searched >= kLmrMinSearched && gain <= 0 && !(m == tt_move) &&
        !(m == ctx.killers[ply][0]) && !(m == ctx.killers[ply][1]))
      reduction = (searched >= 12 && depth >= 5) ? 2 : 1;
    Undo undo;
    make_pair(pos, m, undo);
    int s;
    if (searched == 0) {
      s = -alpha_beta(pos, depth - 1, -beta, -alpha, ply + 1, pv_node);
    } else {
      s = -alpha_beta(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false);
      if (s > alpha && reduction > 0) s = -alpha_beta(pos, depth - 1, -alpha - 1, -alpha, ply + 1, false);
      if (s > alpha && s < beta && pv_node) s = -alpha_beta(pos, depth - 1, -beta, -alpha, ply + 1, true);
    }
    pos.unmake(m, undo);
    ++searched;
    if (ctx.budget.stopped()) {
      --ctx.key_count;
      return 0;
    }
    if (s > best) {
      best = s;
      best_move = m;
      if (s > alpha) {
        alpha = s;
        ctx.update_pv(ply, m);
        if (alpha >= beta) {
          ctx.reward(side, m, depth, ply);
          break;
        }
      }
    }
  }
  --ctx.key_count;
  const Bound bound = best >= beta ? Bound::kLower : best > alpha0 ? Bound::kExact : Bound::kUpper;
  ctx.tt.store(key, move_code(best_move), score_to_tt(best, ply), depth, bound);
  return best;
}

bool Searcher::Impl::race_root(const Position& root, const SearchOptions& options, SearchResult& result) {
  const Player side = root.side_to_move();
  const RaceProblem mine = race_problem(root, options.rules, side, true);
  const RaceProblem theirs = race_problem(root, options.rules, 1 - side, true);
  const RacePlan a = race.solve(mine, options.race_beam, kRaceProofNodes);
  const RacePlan b = race.solve(theirs, options.race_beam, kRaceProofNodes);
  ctx.nodes += a.nodes + b.nodes;
  // Polls stay on multiples of 1024, where counting node by node puts them.
  ctx.budget.skip_polls_to(ctx.nodes);
  if (!a.solved || !b.solved || a.line.empty() || !is_legal(root, options.rules, a.line[0])) return false;
  result.best = a.line[0];
  result.race = true;
  result.race_exact = a.exact && b.exact;
  result.race_moves = a.moves;
  result.race_opponent_moves = b.moves;
  // The side to move finishes on ply 2a - 1, the other side on ply 2b.
  result.score = a.moves <= b.moves ? kWinScore - (2 * a.moves - 1) : -(kWinScore - 2 * b.moves);
  result.depth = 2 * std::min(a.moves, b.moves);
  result.pv.clear();
  for (std::size_t i = 0; i < a.line.size() && result.pv.size() < 63; ++i) {
    result.pv.push(a.line[i]);
    if (i < b.line.size() && i + 1 < a.line.size()) result.pv.push(b.line[i]);
  }
  return true;
}

SearchResult Searcher::Impl::run(const Position& root, const SearchOptions& options,
                                 const Searcher::InfoCallback& info) {
  SearchResult result;
  ctx.options = &options;
  ctx.nodes = 0;
  ctx.budget.start(options.limits);
  root_seat_ = root.side_to_move();
  win_rule_ = options.rules.win_rule;
  const SeatsInPlay seats = seats_in_play(root, options.rules, options.retired);
  if (seats.decided) return result;
  retired_ = seats.retired;
  skip_retired_ = retired_ != 0;
  const bool two = seats.active == 2;
  pair_ = {root_seat_, root_seat_};
  for (Player p = 0; p < root.players(); ++p)
    if (p != root_seat_ && !retired(p)) pair_[1] = p;
  if (options.limits.reuse_tables) {
    ctx.tt.new_search();
    ctx.age_history();
  } else {
    ctx.reset_tables();
  }
  ctx.key_count = 0;
  if (two && options.rules.repetition_draws()) {
    const std::size_t n = std::min<std::size_t>(options.history.size(), kMaxHistoryKeys);
    for (std::size_t i = options.history.size() - n; i < options.history.size(); ++i)
      ctx.keys[ctx.key_count++] = options.history[i];
  }

  Position pos = root;
  const Player side = pos.side_to_move();
  MoveList& moves = ctx.move_buffers[0];
  generate_moves(pos, options.rules, side, moves);
  result.has_move = true;
  result.best = moves[0];
  const auto report = [&](const SearchResult& r) {
    if (!info) return;
    SearchInfo i;
    i.depth = r.depth;
    i.score = r.score;
    i.nodes = ctx.nodes;
    i.time_ms = ctx.budget.elapsed_ms();
    i.race = r.race;
    i.pv = &r.pv;
    info(i);
  };
  const auto finish = [&]() {
    result.nodes = ctx.nodes;
    result.time_ms = ctx.budget.elapsed_ms();
    return result;
  };
  if (moves.size() == 1) {  // forced (often the pass): nothing to think about
    result.pv.push(moves[0]);
    return finish();
  }
  if (root.players() == 2 && options.race && armies_passed(pos) && race_root(pos, options, result)) {
    report(result);
    return finish();
  }

  OrderedList root_moves;
  ctx.order(moves, side, target_arm(pos.players(), side), Move::of(0, 0), 0, root_moves);
  if (options.seed != 0) {
    // Equal ordering scores keep their relative order through the stable
    // sorts below, so shuffling first varies the choice among equals only.
    SplitMix64 rng(options.seed);
    for (std::size_t i = root_moves.size(); i > 1; --i)
      std::swap(root_moves[i - 1], root_moves[rng.below(std::uint32_t(i))]);
  }
  std::stable_sort(root_moves.begin(), root_moves.end(),
                   [](const OrderedMove& a, const OrderedMove& b) { return a.score > b.score; });
  result.best = root_moves[0].move;  // the most forward move, should nothing finish
  const int max_depth = options.limits.depth > 0 ? std::min(options.limits.depth, kMaxSearchDepth) : kMaxSearchDepth;
  const bool brs = options.multi != MultiAlgorithm::paranoid;
  for (int depth = 1; depth <= max_depth; ++depth) {
    if (depth > 1 && ctx.budget.soft_time_over()) break;
    int alpha = -kInfinity;
    const int beta = kInfinity;
    int best_score = -kInfinity;
    Move iter_best = Move::of(0, 0);
    Line iter_pv;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const Move m = root_moves[i].move;
      Undo undo;
      int s;
      if (two) {
        make_pair(pos, m, undo);
        ctx.keys[ctx.key_count++] = root.key();
        if (i == 0) {
          s = -alpha_beta(pos, depth - 1, -beta, -alpha, 1, true);
        } else {
          s = -alpha_beta(pos, depth - 1, -alpha - 1, -alpha, 1, false);
          if (s > alpha && !ctx.budget.stopped()) s = -alpha_beta(pos, depth - 1, -beta, -alpha, 1, true);
        }
        --ctx.key_count;
        pos.unmake(m, undo);
      } else if (brs) {
        pos.make(m, undo);
        pos.set_side_to_move(root_seat_);
        s = this->brs(pos, depth - 1, alpha, beta, 1, false);
        pos.unmake(m, undo);
      } else {
        pos.make(m, undo);
        for (int k = 0; skip_retired_ && k < pos.players() && retired(pos.side_to_move()); ++k)
          pos.set_side_to_move(pos.next_seat(pos.side_to_move()));
        s = paranoid(pos, depth - 1, alpha, beta, 1);
        pos.unmake(m, undo);
      }
      if (ctx.budget.stopped()) break;
      root_moves[i].score = s;
      if (s > best_score) {
        best_score = s;
        iter_best = m;
        iter_pv.clear();
        iter_pv.push(m);
        for (Move x : ctx.pv[1]) {
          if (iter_pv.size() >= 63) break;
          iter_pv.push(x);
        }
        if (s > alpha) alpha = s;
      }
      // Moves after a better one only proved "not better": keep them below.
      if (!(iter_best == m)) root_moves[i].score = std::min(s, best_score - 1);
    }
    if (ctx.budget.stopped()) {
      // The first move searched is the previous best, so a move completed in
      // this iteration is at least as good as what we had.
      if (!(iter_best == Move::of(0, 0))) {
        result.best = iter_best;
        result.pv = iter_pv;
        if (result.depth == 0) result.score = best_score;
      }
      result.stopped = true;
      break;
    }
    result.best = iter_best;
    result.score = best_score;
    result.depth = depth;
    result.pv = iter_pv;
    report(result);
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](const OrderedMove& a, const OrderedMove& b) { return a.score > b.score; });
    if (best_score >= kWinScore - depth) break;  // a win within the horizon: no need to look further
  }
  return finish();
}

Searcher::Searcher(std::size_t tt_megabytes) : impl_(std::make_unique<Impl>(tt_megabytes)) {}
Searcher::~Searcher() = default;

SearchResult Searcher::search(const Position& root, const SearchOptions& options) {
  return impl_->run(root, options, info_);
}

void Searcher::set_stop_poll(StopPoll poll) { impl_->ctx.budget.set_stop_poll(std::move(poll)); }
void Searcher::stop() { impl_->ctx.budget.request_stop(); }

void Searcher::clear() { impl_->ctx.reset_tables(); }

}  // namespace qipan::checkers
