// The Reversi AI as the page and the terminal use it: eight levels, from a
// random mover to a searcher thinking a few seconds and solving the last 22
// squares exactly; and hints, a value for every legal move at a level.
//
//   ReversiAi ai;                                    // owns searcher + tables
//   AiMove m = ai.choose_move(pos, 6);               // m.move, m.score ...
//   std::vector<HintValue> h = ai.hints(pos, 6);     // one per legal move
//
// Scores are disc differences for the side to move (+4: about four discs
// ahead at the end), exact when `exact` is set.
//
// Levels. Depth and node budgets decide the searches (deterministic: the same
// move natively and in wasm); time limits are only ceilings for slow
// machines. "variety" is the seeded freedom below (plies, margin in discs).
//   level kind    midgame search            nodes  exact from   variety  ceiling
//   1     random  a uniformly random legal move (seeded)
//   2     search  depth 1                   -      never        all, 2   1 s
//   3     search  depth 2                   -      never        10, 4    1 s
//   4     search  depth 4                   -      10 empties   10, 3    1 s
//   5     search  depth 6                   -      14 empties   8, 3     2 s
//   6     search  depth 10, probcut 95%     2 M    18 empties   8, 2     2 s
//   7     search  depth 14, probcut 87%     6 M    20 empties   6, 2     4 s
//   8     search  depth 24, probcut 87%     20 M   22 empties   6, 1     10 s
// Each level beats the one below (`scripts/bench --ladder reversi`; the
// current ladder is in docs/measuring.md).
// Hints at level 1 use level 3's search (a random move has no value to show).
//
// Variety: games against the AI differ from one game to the next, yet replay
// exactly from the same seed (AiOptions::seed). In its first `variety_plies`
// plies of the game (counted from the 60 empties of the start; level 2: the
// whole game) a level draws among the moves that a depth-min(depth,
// kVarietyDepth) look values within `variety_margin` discs of the best; the
// lower the level, the longer and wider that freedom. Level 2's freedom all
// game long is what keeps it between the random mover and level 3.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "position.h"
#include "search.h"

namespace qipan::reversi {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 8;

enum class LevelKind : std::uint8_t { kRandom, kSearch };

struct LevelSpec {
  int level;
  LevelKind kind;
  const char* name;
  int depth;          // midgame plies
  int exact_empties;  // solve exactly at or below this many empties (0 = never)
  Probcut probcut;
  // The midgame search's node budget per move (0 = none): bounds the time of
  // deep levels in wide positions and, unlike time, plays the same
  // everywhere.
  std::uint64_t nodes;
  std::int64_t time_ms;    // ceiling per move (0 = none)
  int variety_plies = 0;   // opening plies with a seeded choice among near-best moves
  int variety_margin = 0;  // discs from the best that still count as near-best
  // time_ms is the move's fixed time, spent whole (spend_move_time in
  // engine/core/time_manager.h: custom_spec, the page's {timeMs}), not a ceiling.
  bool spend_time = false;
};

constexpr int kVarietyDepth = 4;

// A searching spec from explicit limits (the page's {depth, nodes, timeMs}):
// no probcut, no variety, exact from `exact_empties` (0 = only when the depth
// reaches the end); `time_ms` is spent whole, as `go movetime` spends it.
LevelSpec custom_spec(int depth, std::uint64_t nodes, std::int64_t time_ms, int exact_empties);

std::span<const LevelSpec> level_table();
// The spec of a level (clamped into kMinLevel..kMaxLevel).
const LevelSpec& level_spec(int level);
// The search options of a searching level; `use_time` false drops the time
// ceiling (deterministic: the bench and matches).
SearchOptions level_options(const LevelSpec& spec, bool use_time = true);

// The page's help, decided here like the levels (the page clamps nothing):
// hints at a hint strength 1..8 (the values of every legal move: the
// level's search, at least level 3's and at most level 7's, so a hint is
// worth following yet comes within a few seconds in wasm); "analyse", a
// fixed deeper search of a shown position (depth 12, 3 M nodes, exact from
// 18 empties, 5 s ceiling); the evaluation graph's value of each position
// (level 5's search: depth 6, exact from 14 empties, a few milliseconds a
// position, so a whole game fills in well under a second and its last 14
// plies are exact).
const LevelSpec& hint_spec(int strength);
LevelSpec analysis_spec();
const LevelSpec& graph_spec();

// Level 1: a uniformly random legal move drawn with SplitMix64(seed).
Square random_move(const Position& pos, std::uint64_t seed);

struct AiOptions {
  std::uint64_t seed = 0;     // level 1's randomness and the levels' variety
  bool use_time = true;       // false: depth and node budgets only (deterministic)
  std::int64_t time_ms = -1;  // >= 0 replaces the level's time ceiling (0 = none)
  bool reuse_tables = false;  // keep the tables from the previous call
  Searcher::InfoCallback on_info;
  Searcher::StopPoll should_stop;
};

struct AiMove {
  Square move = kNoSquare;  // a square; kPass when forced; kNoSquare when over
  bool searched = false;    // false for level 1 (no score)
  int score = 0;
  bool exact = false;
  int depth = 0;
  int selectivity = 100;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Square> pv;
};

struct HintValue {
  Square move = kNoSquare;
  int score = 0;
  bool exact = false;
  int depth = 0;
};

class ReversiAi {
 public:
  // `weights` must outlive the AI (the built-in ones always do).
  explicit ReversiAi(std::size_t tt_megabytes = 16, const EvalWeights& weights = EvalWeights::builtin());

  AiMove choose_move(const Position& pos, int level, const AiOptions& options = {});
  AiMove choose_move(const Position& pos, const LevelSpec& spec, const AiOptions& options = {});
  // One value per legal move, in square order (a lone kPass when forced).
  std::vector<HintValue> hints(const Position& pos, int level, const AiOptions& options = {});
  std::vector<HintValue> hints(const Position& pos, const LevelSpec& spec, const AiOptions& options = {});

  // The value of a position from Black's view by `spec`'s search, from clean
  // tables: a pure function of (position, spec), whatever was searched
  // before (the page's evaluation graph), unless `use_time` keeps the spec's
  // time limit. Over: the final score, exact.
  struct Evaluation {
    int black_score = 0;
    bool exact = false;
    int depth = 0;
  };
  Evaluation evaluate(const Position& pos, const LevelSpec& spec, bool use_time = false);

  // Thread-safe: the running search returns its best move so far.
  void stop() { searcher_.stop(); }
  void clear() { searcher_.clear(); }
  Searcher& searcher() { return searcher_; }

 private:
  SearchOptions options_for(const LevelSpec& spec, const AiOptions& options) const;
  // The opening's seeded choice among near-best moves (kNoSquare: none).
  AiMove varied_move(const Position& pos, const LevelSpec& spec, const AiOptions& options);
  Searcher searcher_;
  // The opening's short look, from the smallest tables, cleared each time: the
  // same choice for the same seed whatever came before, at little cost.
  Searcher variety_;
};

}  // namespace qipan::reversi
