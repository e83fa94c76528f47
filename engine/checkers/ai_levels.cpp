#include "ai_levels.h"

#include <algorithm>
#include <array>

#include "../core/random.h"
#include "../core/time_manager.h"
#include "evaluate.h"
#include "movegen.h"

namespace qipan::checkers {
namespace {

constexpr std::uint64_t kThousand = 1000;
constexpr std::array<LevelSpec, kMaxLevel> kLevels = {{
    {1, LevelKind::greedy_forward, "greedy", 0, 0, 0, 0},
    {2, LevelKind::greedy_eval, "greedy evaluation", 1, 0, 0, 0},
    {3, LevelKind::search, "depth 2", 2, 20 * kThousand, 500, 100},
    {4, LevelKind::search, "depth 3", 3, 60 * kThousand, 1000, 200},
    {5, LevelKind::search, "depth 5", 5, 250 * kThousand, 1000, 300},
    {6, LevelKind::search, "depth 6", 6, 700 * kThousand, 2000, 400},
    {7, LevelKind::search, "depth 8", 8, 2500 * kThousand, 4000, 800},
    {8, LevelKind::search, "depth 14", 14, 8000 * kThousand, 8000, 1500},
}};

// Picks uniformly among the moves that share the best value.
template <typename Value>
Move best_with_ties(const MoveList& moves, std::uint64_t seed, Value value) {
  int best = 0, ties = 0;
  Move chosen = moves[0];
  SplitMix64 rng(seed);
  for (Move m : moves) {
    const int v = value(m);
    if (ties == 0 || v > best) {
      best = v;
      ties = 1;
      chosen = m;
    } else if (v == best) {
      // Reservoir sampling: each tied move ends up chosen with equal odds.
      ++ties;
      if (rng.below(std::uint32_t(ties)) == 0) chosen = m;
    }
  }
  return chosen;
}

}  // namespace

std::span<const LevelSpec> level_table() { return kLevels; }

const LevelSpec& level_spec(int level) { return kLevels[std::clamp(level, kMinLevel, kMaxLevel) - 1]; }

const LevelSpec& hint_spec(int strength) { return level_spec(std::clamp(strength, 3, 5)); }

const LevelSpec& analysis_spec() { return level_spec(5); }

LevelSpec custom_spec(int depth, std::uint64_t nodes, std::int64_t time_ms) {
  return LevelSpec{0, LevelKind::search, "custom", depth, nodes, time_ms, 0, true};
}

SearchOptions level_options(const LevelSpec& spec, const RuleOptions& rules, bool use_time) {
  SearchOptions o;
  o.rules = rules;
  o.limits.depth = spec.depth;
  o.limits.nodes = spec.nodes;
  o.limits.time_ms = use_time ? spec.time_ms : 0;
  if (spec.spend_time && o.limits.time_ms > 0) spend_move_time(o.limits, o.limits.time_ms);
  o.race_beam = spec.race_beam > 0 ? spec.race_beam : 100;
  return o;
}

Move greedy_forward_move(const Position& pos, const RuleOptions& rules, std::uint64_t seed) {
  MoveList moves;
  generate_moves(pos, rules, moves);
  if (moves[0].is_pass()) return moves[0];
  const int t = target_arm(pos.players(), pos.side_to_move());
  return best_with_ties(moves, seed, [&](Move m) { return forward_gain(t, m); });
}

Move greedy_eval_move(const Position& pos, const RuleOptions& rules, std::uint64_t seed, std::uint8_t retired) {
  MoveList moves;
  generate_moves(pos, rules, moves);
  if (moves[0].is_pass()) return moves[0];
  const Player me = pos.side_to_move();
  const std::uint8_t rivals = std::uint8_t(all_rivals(pos, me) & ~retired);
  Position child = pos;
  return best_with_ties(moves, seed, [&](Move m) {
    Undo undo;
    child.make(m, undo);
    int v = evaluate_against(child, me, rivals);
    if (child.finished(me, rules.win_rule)) v = kWinScore;
    child.unmake(m, undo);
    return v;
  });
}

AiMove CheckersAi::choose_move(const Position& pos, int level, const AiOptions& options) {
  return choose_move(pos, level_spec(level), options);
}

AiMove CheckersAi::choose_move(const Position& pos, const LevelSpec& spec, const AiOptions& options) {
  AiMove out;
  const SeatsInPlay seats = seats_in_play(pos, options.rules, options.retired);
  if (seats.decided) return out;
  out.has_move = true;
  if (spec.kind == LevelKind::greedy_forward) {
    out.move = greedy_forward_move(pos, options.rules, options.seed);
    return out;
  }
  if (spec.kind == LevelKind::greedy_eval) {
    out.move = greedy_eval_move(pos, options.rules, options.seed, seats.retired);
    return out;
  }
  SearchOptions o = level_options(spec, options.rules, options.use_time);
  if (options.time_ms >= 0) o.limits.time_ms = options.time_ms;
  if (options.nodes > 0) o.limits.nodes = options.nodes;
  o.limits.reuse_tables = options.reuse_tables;
  o.history = options.history;
  // Six players: the greedy-rival model only when every rival still racing
  // has shown itself greedy (rival_model.h); BRS otherwise.
  const std::uint8_t rivals = std::uint8_t(all_rivals(pos, pos.side_to_move()) & ~seats.retired);
  const bool greedy_rivals = pos.players() == 6 && rivals && (rivals & ~options.greedy_seats) == 0;
  o.multi = options.multi.value_or(greedy_rivals ? MultiAlgorithm::greedy : MultiAlgorithm::brs);
  o.weights = options.weights.value_or(greedy_rivals ? greedy_model_weights() : EvalWeights{});
  o.retired = seats.retired;
  o.seed = options.seed;
  searcher_.set_info_callback(options.on_info);
  searcher_.set_stop_poll(options.should_stop);
  const SearchResult r = searcher_.search(pos, o);
  out.move = r.best;
  out.has_move = r.has_move;
  out.searched = true;
  out.score = r.score;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.time_ms = r.time_ms;
  out.pv.assign(r.pv.begin(), r.pv.end());
  out.race = r.race;
  out.race_exact = r.race_exact;
  out.race_moves = r.race_moves;
  out.race_opponent_moves = r.race_opponent_moves;
  return out;
}

}  // namespace qipan::checkers
