#include "ai_levels.h"

#include <algorithm>
#include <array>

#include "../core/random.h"
#include "movegen.h"

namespace qipan::reversi {
namespace {

constexpr std::uint64_t kMillion = 1000000;
constexpr std::array<LevelSpec, kMaxLevel> kLevels = {{
    {1, LevelKind::kRandom, "random", 0, 0, Probcut::kOff, 0, 0},
    {2, LevelKind::kGreedy, "greedy", 1, 0, Probcut::kOff, 0, 0},
    {3, LevelKind::kSearch, "depth 2", 2, 0, Probcut::kOff, 0, 1000},
    {4, LevelKind::kSearch, "depth 4", 4, 10, Probcut::kOff, 0, 1000},
    {5, LevelKind::kSearch, "depth 6", 6, 14, Probcut::kOff, 0, 2000},
    {6, LevelKind::kSearch, "depth 10", 10, 18, Probcut::k95, 2 * kMillion, 2000},
    {7, LevelKind::kSearch, "depth 14", 14, 20, Probcut::k87, 6 * kMillion, 4000},
    {8, LevelKind::kSearch, "depth 24", 24, 22, Probcut::k87, 20 * kMillion, 10000},
}};

constexpr Bitboard kEdgesNotCorners = kEdges & ~kCorners;

}  // namespace

std::span<const LevelSpec> level_table() { return kLevels; }

const LevelSpec& level_spec(int level) { return kLevels[std::clamp(level, kMinLevel, kMaxLevel) - 1]; }

SearchOptions level_options(const LevelSpec& spec, bool use_time) {
  SearchOptions o;
  o.limits.depth = spec.depth;
  o.limits.nodes = spec.nodes;
  o.limits.time_ms = use_time ? spec.time_ms : 0;
  o.exact_empties = spec.exact_empties;
  o.probcut = spec.probcut;
  return o;
}

int greedy_value(const Position& after) {
  // `after` has the opponent to move: its "opponent" is the player who moved.
  const Bitboard me = after.opponent(), them = after.player();
  const int discs = popcount(me) - popcount(them);
  const int corners = popcount(me & kCorners) - popcount(them & kCorners);
  const int edges = popcount(me & kEdgesNotCorners) - popcount(them & kEdgesNotCorners);
  const int mobility = reversi::mobility(me, them) - reversi::mobility(them, me);
  return discs + 30 * corners + 5 * edges + 2 * mobility;
}

Square greedy_move(const Position& pos) {
  Bitboard moves = pos.legal_moves();
  Square best = kNoSquare;
  int best_value = 0;
  while (moves) {
    const Square s = pop_first(moves);
    Position child = pos;
    Undo undo;
    child.make(s, undo);
    const int v = greedy_value(child);
    if (best == kNoSquare || v > best_value) {
      best = s;
      best_value = v;
    }
  }
  return best;
}

Square random_move(const Position& pos, std::uint64_t seed) {
  Bitboard moves = pos.legal_moves();
  if (moves == 0) return kNoSquare;
  SplitMix64 rng(seed);
  int k = int(rng.below(std::uint32_t(popcount(moves))));
  while (k-- > 0) moves &= moves - 1;
  return first_square(moves);
}

ReversiAi::ReversiAi(std::size_t tt_megabytes, const EvalWeights& weights) : searcher_(tt_megabytes, weights) {}

SearchOptions ReversiAi::options_for(const LevelSpec& spec, const AiOptions& options) const {
  SearchOptions o = level_options(spec, options.use_time);
  if (options.time_ms >= 0) o.limits.time_ms = options.time_ms;
  o.limits.reuse_tables = options.reuse_tables;
  return o;
}

AiMove ReversiAi::choose_move(const Position& pos, int level, const AiOptions& options) {
  const LevelSpec& spec = level_spec(level);
  AiMove out;
  if (pos.game_over()) {
    out.score = pos.final_score();
    out.exact = true;
    return out;
  }
  if (pos.must_pass()) {
    out.move = kPass;
    if (spec.kind != LevelKind::kSearch) return out;
  }
  if (spec.kind == LevelKind::kRandom) {
    out.move = random_move(pos, options.seed);
    return out;
  }
  if (spec.kind == LevelKind::kGreedy) {
    out.move = greedy_move(pos);
    return out;
  }
  searcher_.set_info_callback(options.on_info);
  searcher_.set_stop_poll(options.should_stop);
  const SearchResult r = searcher_.search(pos, options_for(spec, options));
  out.move = r.best;
  out.searched = true;
  out.score = r.score;
  out.exact = r.exact;
  out.depth = r.depth;
  out.selectivity = r.selectivity;
  out.nodes = r.nodes;
  out.time_ms = r.time_ms;
  out.pv.assign(r.pv.begin(), r.pv.end());
  return out;
}

std::vector<HintValue> ReversiAi::hints(const Position& pos, int level, const AiOptions& options) {
  const LevelSpec* spec = &level_spec(level);
  if (spec->kind != LevelKind::kSearch) spec = &level_spec(3);
  searcher_.set_info_callback(options.on_info);
  searcher_.set_stop_poll(options.should_stop);
  std::vector<HintValue> out;
  for (const MoveValue& v : searcher_.evaluate_moves(pos, options_for(*spec, options)))
    out.push_back(HintValue{v.move, v.score, v.exact, v.depth});
  return out;
}

}  // namespace qipan::reversi
