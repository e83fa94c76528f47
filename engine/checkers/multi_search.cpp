// Multi-player search (3, 4 or 6 players) for Searcher. Scores are always
// the root seat's view: evaluate_for(pos, root) (the leading rival's cost
// minus the root seat's), +win when the root seat finishes, -win when any
// rival does (first finisher wins; when playing on for places, finishing
// before the others still in play). Retired seats (play on: finished) are
// skipped: they neither move nor count as rivals; their pieces stay.
//
// Best-Reply Search (Schadd and Winands, 2011; used for Chinese checkers by
// Sturtevant and others): the root seat's turns alternate with ONE reply
// layer where every rival's moves are searched together and the single move
// that hurts the root seat most is taken. Compared with paranoid search it
// looks twice as many of its own moves ahead at the same depth, and it
// assumes one hostile rival at a time rather than a coalition.
//
// Greedy rivals (MultiAlgorithm::greedy): the BRS layers, but a reply layer
// is one whole round in which every rival in turn order plays the move that
// gains it the most rows (level 1's rule, ties to the first generated).
// With six players nearly every game is a race that ends when someone fills
// the empty holes of its target (WinRule::filled) around the stragglers of
// the seat whose home it is. Rivals that race, rather than hunt the root
// seat, are modelled better so than by BRS's single most hurtful reply,
// which also hands the move back to the root seat after one rival move
// instead of five. The root seat's own layers are searched as in BRS.
//
// Paranoid: real turn order, every rival minimising the root seat's value.
// The depth counts plies, so the root seat moves again only every N plies.
//
// Both are plain fail-soft alpha-beta over max and min layers with the
// shared table, killers and history; backward moves are not searched near
// the horizon (after the first move of a node).
#include <algorithm>
#include <array>

#include "movegen.h"
#include "rival_model.h"
#include "search_context.h"

namespace qipan::checkers {
namespace {

constexpr int kNoBackwardDepth = 2;
// Table keys: the root seat and the kind of layer are part of the key, so
// entries of different roots or layers never mix.
constexpr std::uint64_t kRootSalt = 0x6A09E667F3BCC909ull;
constexpr std::uint64_t kReplySalt = 0xBB67AE8584CAA73Bull;
constexpr std::uint64_t kGreedySalt = 0x3C6EF372FE94F82Bull;

int gain_of(int target, Move m) {
  return m.is_pass() ? 0 : goal_distance(target, m.from) - goal_distance(target, m.to);
}

// A searched move's score at a max layer (the root seat's) or a min layer:
// raises the best score and narrows the window. True on a cutoff.
bool take_score(SearchContext& ctx, bool maximising, int s, Move m, Player mover, int depth, int ply, int& best,
                Move& best_move, int& alpha, int& beta) {
  if (!(maximising ? s > best : s < best)) return false;
  best = s;
  best_move = m;
  if (!(maximising ? s > alpha : s < beta)) return false;
  (maximising ? alpha : beta) = s;
  ctx.update_pv(ply, m);
  if (alpha < beta) return false;
  ctx.reward(mover, m, depth, ply);
  return true;
}

// Fail-soft bounds against the window the node was searched with.
void store_result(SearchContext& ctx, std::uint64_t key, Move best_move, int best, int depth, int ply, int alpha0,
                  int beta0) {
  const Bound bound = best >= beta0 ? Bound::kLower : best <= alpha0 ? Bound::kUpper : Bound::kExact;
  ctx.tt.store(key, move_code(best_move), score_to_tt(best, ply), depth, bound);
}

}  // namespace

int Searcher::Impl::multi_terminal(const Position& pos, int ply) const {
  if (pos.finished(root_seat_, win_rule_)) return kWinScore - ply;
  for (Player q = 0; q < pos.players(); ++q)
    if (q != root_seat_ && !retired(q) && pos.finished(q, win_rule_)) return -(kWinScore - ply);
  return 0;
}

std::uint64_t Searcher::Impl::multi_key(const Position& pos, bool root_turn) const {
  const bool greedy = ctx.options->multi == MultiAlgorithm::greedy;  // another model, other values
  return pos.key() ^ (kRootSalt * std::uint64_t(root_seat_ + 1)) ^ (root_turn ? 0 : kReplySalt) ^
         (greedy ? kGreedySalt : 0);
}

int Searcher::Impl::brs(Position& pos, int depth, int alpha, int beta, int ply, bool root_turn) {
  ctx.pv[ply].clear();
  if (const int t = multi_terminal(pos, ply)) return t;
  if (ctx.tick()) return 0;
  const SearchOptions& options = *ctx.options;
  if (depth <= 0 || ply >= kMaxPly)
    return evaluate_against(pos, root_seat_, rivals_of(pos, root_seat_), options.weights);

  if (!root_turn && options.multi == MultiAlgorithm::greedy) return greedy_round(pos, depth, alpha, beta, ply);
  const std::uint64_t key = multi_key(pos, root_turn);
  Move tt_move = Move::of(0, 0);
  if (const auto s = ctx.probe(key, depth, alpha, beta, ply, true, tt_move)) return *s;

  const int n = pos.players();
  MoveList& moves = ctx.move_buffers[ply];
  OrderedList& list = ctx.ordered_buffers[ply];
  list.clear();
  if (root_turn) {
    generate_moves(pos, options.rules, root_seat_, moves);
    ctx.order(moves, root_seat_, target_arm(n, root_seat_), tt_move, ply, list);
  } else {
    // Every rival's real moves together; a rival who can only pass adds
    // nothing, and when nobody can move the reply is a pass.
    for (Player q = 0; q < n; ++q) {
      if (q == root_seat_ || retired(q)) continue;
      generate_moves(pos, options.rules, q, moves);
      if (moves.size() == 1 && moves[0].is_pass()) continue;
      ctx.order(moves, q, target_arm(n, q), tt_move, ply, list);
    }
    if (list.empty()) list.push({Move::pass(), 0, std::int8_t(pos.next_seat(root_seat_))});
  }

  const int alpha0 = alpha, beta0 = beta;
  int best = root_turn ? -kInfinity : kInfinity;
  Move best_move = list[0].move;
  int searched = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    SearchContext::pick(list, i);
    const Move m = list[i].move;
    const Player mover = list[i].seat;
    if (depth <= kNoBackwardDepth && searched > 0 && gain_of(target_arm(n, mover), m) < 0) continue;
    pos.set_side_to_move(mover);
    Undo undo;
    pos.make(m, undo);
    pos.set_side_to_move(root_seat_);
    const int s = brs(pos, depth - 1, alpha, beta, ply + 1, !root_turn);
    pos.unmake(m, undo);
    pos.set_side_to_move(root_seat_);
    ++searched;
    if (ctx.budget.stopped()) return 0;
    if (take_score(ctx, root_turn, s, m, mover, depth, ply, best, best_move, alpha, beta)) break;
  }
  store_result(ctx, key, best_move, best, depth, ply, alpha0, beta0);
  return best;
}

// A reply layer of the greedy-rival model: one round of every rival's most
// forward move, then the root seat's layer. A rival that finishes on its
// move ends the line as a loss.
int Searcher::Impl::greedy_round(Position& pos, int depth, int alpha, int beta, int ply) {
  const SearchOptions& options = *ctx.options;
  std::array<Move, kMaxPlayers> played{};
  std::array<Undo, kMaxPlayers> undos{};
  int count = 0;
  bool rival_finished = false;
  MoveList& moves = ctx.move_buffers[ply];
  for (Player q = pos.next_seat(root_seat_); q != root_seat_; q = pos.next_seat(q)) {
    if (retired(q)) continue;
    const Move best = greedy_rival_move(pos, options.rules, q, moves);
    pos.set_side_to_move(q);
    pos.make(best, undos[std::size_t(count)]);
    played[std::size_t(count++)] = best;
    if (pos.finished(q, win_rule_)) {
      rival_finished = true;
      break;
    }
  }
  pos.set_side_to_move(root_seat_);
  const int result = rival_finished ? -(kWinScore - ply) : brs(pos, depth - 1, alpha, beta, ply + 1, true);
  for (int i = count - 1; i >= 0; --i) pos.unmake(played[std::size_t(i)], undos[std::size_t(i)]);
  pos.set_side_to_move(root_seat_);
  return result;
}

int Searcher::Impl::paranoid(Position& pos, int depth, int alpha, int beta, int ply) {
  ctx.pv[ply].clear();
  if (const int t = multi_terminal(pos, ply)) return t;
  if (ctx.tick()) return 0;
  const SearchOptions& options = *ctx.options;
  if (depth <= 0 || ply >= kMaxPly)
    return evaluate_against(pos, root_seat_, rivals_of(pos, root_seat_), options.weights);

  const Player side = pos.side_to_move();
  const bool maximising = side == root_seat_;
  const std::uint64_t key = multi_key(pos, true);
  Move tt_move = Move::of(0, 0);
  if (const auto s = ctx.probe(key, depth, alpha, beta, ply, true, tt_move)) return *s;
  const int target = target_arm(pos.players(), side);
  MoveList& moves = ctx.move_buffers[ply];
  generate_moves(pos, options.rules, side, moves);
  OrderedList& list = ctx.ordered_buffers[ply];
  list.clear();
  ctx.order(moves, side, target, tt_move, ply, list);

  const int alpha0 = alpha, beta0 = beta;
  int best = maximising ? -kInfinity : kInfinity;
  Move best_move = list[0].move;
  int searched = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    SearchContext::pick(list, i);
    const Move m = list[i].move;
    if (depth <= kNoBackwardDepth && searched > 0 && gain_of(target, m) < 0) continue;
    Undo undo;
    pos.make(m, undo);
    // Retired seats are skipped (unmake restores the mover from `undo`).
    for (int k = 0; skip_retired_ && k < pos.players() && retired(pos.side_to_move()); ++k)
      pos.set_side_to_move(pos.next_seat(pos.side_to_move()));
    const int s = paranoid(pos, depth - 1, alpha, beta, ply + 1);
    pos.unmake(m, undo);
    ++searched;
    if (ctx.budget.stopped()) return 0;
    if (take_score(ctx, maximising, s, m, side, depth, ply, best, best_move, alpha, beta)) break;
  }
  store_result(ctx, key, best_move, best, depth, ply, alpha0, beta0);
  return best;
}

}  // namespace qipan::checkers
