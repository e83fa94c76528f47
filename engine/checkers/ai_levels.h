// The Chinese checkers AI as the page, the terminal and the match tool use
// it: eight levels from the seed's greedy one-move player to several seconds
// of search.
//
//   CheckersAi ai;                                   // owns searcher + race solver
//   AiOptions o; o.rules = rules; o.seed = 7;
//   AiMove m = ai.choose_move(pos, 6, o);            // m.move, m.score, m.pv ...
//
// Levels. 2 players: alpha-beta (depth = plies) and the race solver once the
// armies have passed. 3 and 4 players: Best-Reply Search (depth = layers: the
// AI's own moves and the rivals' best replies alternate). 6 players: the same,
// or, once every rival in play has been seen playing only most-forward moves
// (AiOptions::greedy_seats), the same layers against modelled greedy rivals
// (MultiAlgorithm::greedy: a reply layer is a round of every rival's most
// forward move) with greedy_model_weights() (half the leading rival's cost,
// half the filled-rule shortcut). Depth and node budgets decide the searches
// (the same move natively and in wasm); time limits are only ceilings for
// slow machines.
//   level kind     search                      nodes   ceiling
//   1     greedy   the move gaining the most rows towards the target
//                  (the seed's player; ties: seeded random)
//   2     greedy   one ply with the evaluation (ties: seeded random)
//   3     search   depth 2                     20 k    0.5 s
//   4     search   depth 3                     60 k    1 s
//   5     search   depth 5                     250 k   1 s
//   6     search   depth 6                     700 k   2 s
//   7     search   depth 8                     2.5 M   4 s
//   8     search   depth 14                    8 M     8 s
// The searching levels choose among root moves the ordering ranks equal by
// the seed (AiOptions::seed), so games vary and a seed replays one.
// The depths and budgets make a ladder: each level beats the one below with
// 2 players (`scripts/bench --ladder checkers`; the current scores are in
// docs/measuring.md). Level 5 searches depth 5 because at depth 4 it beat
// level 4 too narrowly, and level 6 stays at depth 6 because at depth 7 it
// beat level 7.
// Six players: nearly every game ends by the filled rule, so the race is for
// the first six or seven pieces, not ten. Against rivals that have played
// only most-forward moves, the searching levels model them as greedy racers
// (far more first places against greedy seats than Best-Reply Search); that
// model loses to rivals who search, so rival_model.h falls back to BRS as
// soon as a rival in play has made any other move.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "position.h"
#include "rules.h"
#include "search.h"

namespace qipan::checkers {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 8;

enum class LevelKind : std::uint8_t { greedy_forward, greedy_eval, search };

struct LevelSpec {
  int level;
  LevelKind kind;
  const char* name;
  int depth;
  std::uint64_t nodes;   // per move; 0 = none
  std::int64_t time_ms;  // ceiling per move; 0 = none
  int race_beam;         // the race solver's beam width (2 players)
  // time_ms is the move's fixed time, spent whole (spend_move_time in
  // engine/core/time_manager.h: custom_spec, the page's {timeMs}), not a ceiling.
  bool spend_time = false;
};

// A searching spec from explicit limits (the page's {depth, nodes, timeMs};
// 0 = none): the levels' search without a level's budgets; `time_ms` is spent
// whole, as `go movetime` spends it.
LevelSpec custom_spec(int depth, std::uint64_t nodes, std::int64_t time_ms);

std::span<const LevelSpec> level_table();
const LevelSpec& level_spec(int level);  // clamped into kMinLevel..kMaxLevel
// The page's help, decided here like the levels: a hint at a hint strength
// 1..8 searches as level 3 to 5 do (quick whatever the opponents' levels:
// about a second at most in wasm); "analyse" searches as level 5.
const LevelSpec& hint_spec(int strength);
const LevelSpec& analysis_spec();
SearchOptions level_options(const LevelSpec& spec, const RuleOptions& rules, bool use_time = true);

// Level 1: the legal move of the side to move gaining the most rows towards
// its target (forward_of), ties drawn with SplitMix64(seed). A pass when it
// has no move.
Move greedy_forward_move(const Position& pos, const RuleOptions& rules, std::uint64_t seed);
// Level 2: a finishing move if any, else the move with the best evaluation
// for the mover afterwards (ties drawn with the seed); `retired` seats
// (play on for places) are no rivals.
Move greedy_eval_move(const Position& pos, const RuleOptions& rules, std::uint64_t seed, std::uint8_t retired = 0);

struct AiOptions {
  RuleOptions rules;  // rules.players is ignored (the position's count)
  // Greedy tie-breaks, and the searching levels' choice among root moves
  // ranked equal (SearchOptions::seed): the same seed replays the same game.
  std::uint64_t seed = 0;
  bool use_time = true;       // false: depth and node budgets only (deterministic)
  std::int64_t time_ms = -1;  // >= 0 replaces the level's time ceiling (0 = none)
  std::uint64_t nodes = 0;    // > 0 replaces the level's node budget
  bool reuse_tables = false;  // keep the tables of the previous call
  // 3+ players; unset: the greedy-rival model with six players when every
  // rival in play is in greedy_seats, else BRS (see the file comment).
  std::optional<MultiAlgorithm> multi;
  // The searching levels' evaluation; unset: greedy_model_weights() with the
  // greedy-rival model, else the defaults.
  std::optional<EvalWeights> weights;
  // Seats seen playing like the greedy player: observed_greedy_seats(game)
  // (rival_model.h).
  std::uint8_t greedy_seats = 0;
  std::span<const std::uint64_t> history;  // earlier position keys of the game (2p repetitions)
  // Play on for places: the seats that have finished (Game::finished_seats);
  // the AI plays on for the best place left (SearchOptions::retired).
  std::uint8_t retired = 0;
  Searcher::InfoCallback on_info;
  Searcher::StopPoll should_stop;
};

struct AiMove {
  Move move = Move::pass();
  bool has_move = false;  // false when the game is already decided (seats_in_play)
  bool searched = false;  // false for the greedy levels (no score)
  int score = 0;          // the mover's view, kDistanceUnit per row; wins near +-kWinScore
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
  bool race = false;  // 2p race: moves each side needs (exact when race_exact)
  bool race_exact = false;
  int race_moves = 0;
  int race_opponent_moves = 0;
};

class CheckersAi {
 public:
  explicit CheckersAi(std::size_t tt_megabytes = 16) : searcher_(tt_megabytes) {}

  AiMove choose_move(const Position& pos, int level, const AiOptions& options = {});
  // The same for a spec that is not in the table (custom_spec).
  AiMove choose_move(const Position& pos, const LevelSpec& spec, const AiOptions& options = {});

  // Thread-safe: the running search returns its best move so far.
  void stop() { searcher_.stop(); }
  void clear() { searcher_.clear(); }
  Searcher& searcher() { return searcher_; }

 private:
  Searcher searcher_;
};

}  // namespace qipan::checkers
