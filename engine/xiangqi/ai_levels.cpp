#include "ai_levels.h"

#include <algorithm>
#include <array>

#include "../core/clock.h"
#include "../core/random.h"
#include "../core/time_manager.h"
#include "movegen.h"

namespace qipan::xiangqi {
namespace {

constexpr std::uint64_t kThousand = 1000;
constexpr std::uint64_t kMarginCheckMinNodes = 2 * kThousand;

// The budgets make a ladder: each level beats the one below clearly, by a
// similar step (`scripts/bench --ladder xiangqi`; the current scores are in
// docs/measuring.md). Node budgets rise about 3-4 times a level; the lowest
// levels lean on a wide margin instead (a near-best choice among moves within
// `margin` centipawns of the best): the smallest budgets need a wider margin
// to stay apart. Level 8 is the engine at full strength: the evaluation
// network (where the AI has it, as the page's does) and 4.5 M nodes, about
// the time that the hand-made evaluation's 3 M nodes took, which were sized
// to finish in wasm just under the 8 s ceiling (the network searches about
// 1.5 times as many nodes a second).
//
// level  depth  nodes   ceiling  margin  margin until ply  network
constexpr std::array<LevelSpec, kMaxLevel> kLevels = {{
    {1, "novice", 1, 0, 1000, 55, 0, false},
    {2, "beginner", 0, 500, 1000, 20, 0, false},
    {3, "casual", 0, 1800, 1000, 12, 0, false},
    {4, "club", 0, 5 * kThousand, 1000, 10, 0, false},
    {5, "strong", 0, 14 * kThousand, 2000, 8, 0, false},
    {6, "expert", 0, 45 * kThousand, 3000, 5, 16, false},
    {7, "master", 0, 200 * kThousand, 5000, 5, 12, false},
    {8, "grandmaster", 0, 4500 * kThousand, 8000, 5, 12, true},
}};

// A per-move seed from the game's seed and the ply, so one seed gives a
// whole game's choices and two moves never share a draw.
std::uint64_t move_seed(std::uint64_t seed, int ply) {
  SplitMix64 mix(seed ^ (std::uint64_t(ply) * 0x9E3779B97F4A7C15ull));
  return mix.next();
}

AiMove from_result(const SearchResult& r) {
  AiMove out;
  out.move = r.best;
  out.score = r.score;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.time_ms = r.time_ms;
  out.pv = r.pv;
  if (out.pv.empty() && !r.best.is_none()) out.pv.push(r.best);
  return out;
}

}  // namespace

std::span<const LevelSpec> level_table() { return kLevels; }

const LevelSpec& level_spec(int level) { return kLevels[std::clamp(level, kMinLevel, kMaxLevel) - 1]; }

SearchLimits level_limits(const LevelSpec& spec, bool use_time) {
  SearchLimits limits;
  limits.depth = spec.depth;
  limits.nodes = spec.nodes;
  limits.time_ms = use_time ? spec.time_ms : 0;
  return limits;
}

const LevelSpec& hint_spec(int level) { return level_spec(std::clamp(level, 5, 7)); }

SearchLimits analysis_limits(bool use_time) {
  SearchLimits limits = level_limits(level_spec(kMaxLevel), use_time);
  return limits;
}

SearchLimits explicit_limits(int depth, std::uint64_t nodes, std::int64_t time_ms) {
  SearchLimits limits;
  limits.depth = depth;
  limits.nodes = nodes;
  if (time_ms > 0) spend_move_time(limits, time_ms);
  return limits;
}

XiangqiAi::XiangqiAi(std::size_t tt_megabytes, const network::Weights* network)
    : searcher_(tt_megabytes), network_(network) {}

AiMove XiangqiAi::search(const Game& game, const SearchLimits& limits, const AiOptions& options) {
  return search_with(game, limits, options, true);
}

AiMove XiangqiAi::hint(const Game& game, int level, const AiOptions& options) {
  return search_as(game, hint_spec(level), options);
}

AiMove XiangqiAi::search_as(const Game& game, const LevelSpec& spec, const AiOptions& options) {
  return search_with(game, level_limits(spec, options.use_time), options, spec.network);
}

AiMove XiangqiAi::search_with(const Game& game, const SearchLimits& limits, const AiOptions& options,
                              bool use_network) {
  searcher_.set_network(use_network ? network_ : nullptr);  // a switch clears the table
  searcher_.set_info_callback(options.on_info);
  searcher_.set_stop_poll(options.should_stop);
  searcher_.set_move_limit_plies(game.options().move_limit * 2);
  searcher_.set_rules(game.options().rules);  // the game's repetition rules
  SearchLimits fresh = limits;
  fresh.reuse_tables = false;  // the same move whatever was searched before
  if (fresh.unlimited()) fresh.depth = 6;
  if (!options.use_time) fresh.time_ms = 0;
  return from_result(searcher_.search(game.position(), past_positions(game), fresh));
}

AiMove XiangqiAi::choose_move(const Game& game, int level, const AiOptions& options) {
  return choose_move(game, level_spec(level), options);
}

AiMove XiangqiAi::choose_move(const Game& game, const LevelSpec& spec, const AiOptions& options) {
  if (game.over()) return {};
  const std::uint64_t seed = move_seed(options.seed, game.ply());
  if (options.use_book) {
    if (const Move m = book_.pick(game, seed); !m.is_none()) {
      AiMove out;
      out.move = m;
      out.book = true;
      out.pv.push(m);
      out.candidates = int(book_.choices(game.position()).size());
      return out;
    }
  }
  const Stopwatch watch;
  const SearchLimits limits = level_limits(spec, options.use_time);
  AiMove out = search_with(game, limits, options, spec.network);
  const bool vary = spec.margin > 0 && (spec.margin_plies == 0 || game.ply() < spec.margin_plies);
  if (!vary || out.move.is_none() || is_mate_score(out.score)) return out;

  // Which moves are within the margin? Searched to the depth the best move
  // was found at, with the search's own table, under half its node budget
  // but never less than kMarginCheckMinNodes: the smallest budgets would
  // otherwise stop before the second move was tested (level 2: 250 nodes).
  SearchLimits check = limits;
  check.reuse_tables = true;
  check.nodes = limits.nodes ? std::max(limits.nodes / 2, kMarginCheckMinNodes) : 0;
  std::vector<Move> near = searcher_.moves_reaching(game.position(), past_positions(game), std::max(out.depth, 1),
                                                    out.score - spec.margin, check);
  out.nodes += searcher_.nodes();
  if (std::find(near.begin(), near.end(), out.move) == near.end()) near.push_back(out.move);
  SplitMix64 rng(seed);
  const Move pick = near[rng.below(std::uint32_t(near.size()))];
  out.candidates = int(near.size());
  if (pick != out.move) {
    out.move = pick;
    out.pv.clear();
    out.pv.push(pick);
  }
  out.time_ms = watch.elapsed_ms();
  return out;
}

DrawOfferAnswer XiangqiAi::answer_draw_offer(const Game& game, Color answering, int level, const AiOptions& options) {
  DrawOfferAnswer out;
  const AiMove m = search_as(game, level_spec(level), options);
  const bool ours = game.position().side_to_move() == answering;
  out.score = ours ? m.score : -m.score;
  out.depth = m.depth;
  out.answer = xiangqi::answer_draw_offer(game, out.score);
  return out;
}

}  // namespace qipan::xiangqi
