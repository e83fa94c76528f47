#include "ai_levels.h"

#include <algorithm>
#include <array>

#include "../core/random.h"
#include "../core/time_manager.h"
#include "movegen.h"

namespace qipan::reversi {
namespace {

constexpr std::uint64_t kMillion = 1000000;
constexpr std::array<LevelSpec, kMaxLevel> kLevels = {{
    // level kind               name        depth exact probcut      nodes           time   variety
    {1, LevelKind::kRandom, "random", 0, 0, Probcut::kOff, 0, 0, 0, 0},
    {2, LevelKind::kSearch, "depth 1", 1, 0, Probcut::kOff, 0, 1000, 60, 2},  // variety all game
    {3, LevelKind::kSearch, "depth 2", 2, 0, Probcut::kOff, 0, 1000, 10, 4},
    {4, LevelKind::kSearch, "depth 4", 4, 10, Probcut::kOff, 0, 1000, 10, 3},
    {5, LevelKind::kSearch, "depth 6", 6, 14, Probcut::kOff, 0, 2000, 8, 3},
    {6, LevelKind::kSearch, "depth 10", 10, 18, Probcut::k95, 2 * kMillion, 2000, 8, 2},
    {7, LevelKind::kSearch, "depth 14", 14, 20, Probcut::k87, 6 * kMillion, 4000, 6, 2},
    {8, LevelKind::kSearch, "depth 24", 24, 22, Probcut::k87, 20 * kMillion, 10000, 6, 1},
}};

}  // namespace

std::span<const LevelSpec> level_table() { return kLevels; }

const LevelSpec& level_spec(int level) { return kLevels[std::clamp(level, kMinLevel, kMaxLevel) - 1]; }

const LevelSpec& hint_spec(int strength) { return level_spec(std::clamp(strength, 3, 7)); }

LevelSpec analysis_spec() {
  LevelSpec spec = custom_spec(12, 3 * kMillion, 5000, 18);
  spec.spend_time = false;  // 5 s is a ceiling for slow machines, like the levels'
  return spec;
}

const LevelSpec& graph_spec() { return level_spec(5); }

LevelSpec custom_spec(int depth, std::uint64_t nodes, std::int64_t time_ms, int exact_empties) {
  return LevelSpec{0, LevelKind::kSearch, "custom", depth, exact_empties, Probcut::kOff, nodes, time_ms, 0, 0, true};
}

SearchOptions level_options(const LevelSpec& spec, bool use_time) {
  SearchOptions o;
  o.limits.depth = spec.depth;
  o.limits.nodes = spec.nodes;
  o.limits.time_ms = use_time ? spec.time_ms : 0;
  if (spec.spend_time && o.limits.time_ms > 0) spend_move_time(o.limits, o.limits.time_ms);
  o.exact_empties = spec.exact_empties;
  o.probcut = spec.probcut;
  return o;
}

Square random_move(const Position& pos, std::uint64_t seed) {
  Bitboard moves = pos.legal_moves();
  if (moves == 0) return kNoSquare;
  SplitMix64 rng(seed);
  int k = int(rng.below(std::uint32_t(popcount(moves))));
  while (k-- > 0) moves &= moves - 1;
  return first_square(moves);
}

ReversiAi::ReversiAi(std::size_t tt_megabytes, const EvalWeights& weights)
    : searcher_(tt_megabytes, weights), variety_(0, weights) {}  // 0: the smallest tables

SearchOptions ReversiAi::options_for(const LevelSpec& spec, const AiOptions& options) const {
  SearchOptions o = level_options(spec, options.use_time);
  if (options.time_ms >= 0) o.limits.time_ms = options.time_ms;
  o.limits.reuse_tables = options.reuse_tables;
  return o;
}

AiMove ReversiAi::choose_move(const Position& pos, int level, const AiOptions& options) {
  return choose_move(pos, level_spec(level), options);
}

AiMove ReversiAi::varied_move(const Position& pos, const LevelSpec& spec, const AiOptions& options) {
  AiMove out;
  if (spec.variety_plies <= 0 || pos.empty_count() <= kSquares - 4 - spec.variety_plies) return out;
  SearchOptions o = options_for(spec, options);
  o.limits.depth = std::min(spec.depth, kVarietyDepth);
  o.limits.nodes = 0;
  o.probcut = Probcut::kOff;
  o.exact_empties = 0;
  o.limits.reuse_tables = false;  // the same choice for the same seed, whatever came before
  const std::vector<MoveValue> values = variety_.evaluate_moves(pos, o);
  if (values.empty() || values[0].move == kPass) return out;
  int best = values[0].score;
  for (const MoveValue& v : values) best = std::max(best, v.score);
  std::vector<const MoveValue*> near;
  for (const MoveValue& v : values)
    if (v.score >= best - spec.variety_margin) near.push_back(&v);
  SplitMix64 rng(options.seed ^ 0x5eed5eedULL);
  const MoveValue& chosen = *near[rng.below(std::uint32_t(near.size()))];
  out.move = chosen.move;
  out.searched = true;
  out.score = chosen.score;
  out.depth = chosen.depth;
  out.nodes = variety_.nodes();
  out.pv = {chosen.move};
  return out;
}

ReversiAi::Evaluation ReversiAi::evaluate(const Position& pos, const LevelSpec& spec, bool use_time) {
  Evaluation e;
  if (pos.game_over()) {
    e.black_score = pos.final_score_for_black();
    e.exact = true;
    return e;
  }
  SearchOptions o = level_options(spec, use_time);  // by default no time ceiling: the same everywhere
  o.limits.reuse_tables = false;
  searcher_.set_info_callback(nullptr);
  searcher_.set_stop_poll(nullptr);
  const SearchResult r = searcher_.search(pos, o);
  e.black_score = pos.side_to_move() == kBlack ? r.score : -r.score;
  e.exact = r.exact;
  e.depth = r.depth;
  return e;
}

AiMove ReversiAi::choose_move(const Position& pos, const LevelSpec& spec, const AiOptions& options) {
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
  searcher_.set_stop_poll(options.should_stop);
  if (AiMove varied = varied_move(pos, spec, options); varied.move != kNoSquare) return varied;
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
  return hints(pos, level_spec(level), options);
}

std::vector<HintValue> ReversiAi::hints(const Position& pos, const LevelSpec& level, const AiOptions& options) {
  const LevelSpec* spec = &level;
  if (spec->kind != LevelKind::kSearch) spec = &level_spec(3);
  searcher_.set_info_callback(options.on_info);
  searcher_.set_stop_poll(options.should_stop);
  std::vector<HintValue> out;
  for (const MoveValue& v : searcher_.evaluate_moves(pos, options_for(*spec, options)))
    out.push_back(HintValue{v.move, v.score, v.exact, v.depth});
  return out;
}

}  // namespace qipan::reversi
