// The xiangqi AI as the page, the terminal and the match tool use it: eight
// levels from a beginner who looks one ply ahead and often misjudges, to a
// searcher of a few million nodes; hints and analysis; and the answer to a
// draw offer.
//
//   XiangqiAi ai;                                   // owns searcher + book
//   AiOptions o; o.seed = 7;
//   AiMove m = ai.choose_move(game, 5, o);          // m.move, m.score, m.pv ...
//
// Levels. Depth and node budgets decide every search (fresh tables for each
// move, so the same game, level and seed give the same move natively and in
// wasm); the time limits are only ceilings for slow machines. Games vary in
// two seeded ways: a book move (opening_book.h) while the game is in the
// book, and afterwards a uniformly drawn move among those the search scores
// within the level's margin of the best (centipawns; a rook is about 600),
// for the whole game at the lower levels and for the opening plies above.
// See level_table() in ai_levels.cpp for the figures and the ladder they
// were tuned to (scripts/bench --ladder xiangqi).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "../core/search_limits.h"
#include "draw_offer.h"
#include "game/game.h"
#include "opening_book.h"
#include "search.h"

namespace qipan::xiangqi {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 8;

struct LevelSpec {
  int level;
  const char* name;      // English; the page words levels itself
  int depth;             // plies (0 = no depth limit)
  std::uint64_t nodes;   // node budget per move (0 = none)
  std::int64_t time_ms;  // ceiling per move (0 = none)
  int margin;            // choose among moves within this of the best (0 = always the best)
  int margin_plies;      // apply the margin only before this ply of the game (0 = always)
  bool network;          // evaluates with the network when the AI has one (XiangqiAi's constructor)
};

std::span<const LevelSpec> level_table();
// The spec of a level, clamped into kMinLevel..kMaxLevel.
const LevelSpec& level_spec(int level);
// A level's search limits; `use_time` false drops the ceiling (deterministic).
SearchLimits level_limits(const LevelSpec& spec, bool use_time = true);
// The level whose search a hint for a player at `level` runs: the player's
// own, at least level 5 and at most level 7 (under a second in wasm).
const LevelSpec& hint_spec(int level);
// "Analyse" in the page: a fixed, deep search of the shown position.
SearchLimits analysis_limits(bool use_time = true);
// Explicit limits (the searcher's {depth, nodes, timeMs}; 0 = none): `time_ms`
// is a fixed time for the move, spent whole as `go movetime` spends it
// (spend_move_time, engine/core/time_manager.h), not a level's ceiling.
SearchLimits explicit_limits(int depth, std::uint64_t nodes, std::int64_t time_ms);

struct AiOptions {
  std::uint64_t seed = 0;  // the book draw and the choice among near-best moves
  bool use_time = true;    // false: depth and node budgets only (deterministic)
  bool use_book = true;    // false: no book moves (the match tool after its opening)
  Searcher::InfoCallback on_info;
  Searcher::StopPoll should_stop;
};

struct AiMove {
  Move move;          // none only when the game is over or has no legal move
  bool book = false;  // taken from the opening book (no search, no score)
  int score = 0;      // side to move's view, the best line's
  int depth = 0;
  std::uint64_t nodes = 0;  // both phases of the search
  std::int64_t time_ms = 0;
  Line pv;             // starts with `move`
  int candidates = 1;  // moves the choice was drawn from
};

struct DrawOfferAnswer {
  DrawAnswer answer = DrawAnswer::kTooEarly;
  int score = 0;  // the answering side's view
  int depth = 0;
};

class XiangqiAi {
 public:
  // `network`: the evaluation network's weights for the levels that play it
  // (and hints at them), analysis and explicit limits; nullptr (the default)
  // plays the hand-made evaluation everywhere. Only programs that pass
  // network::kWeights link the weights in.
  explicit XiangqiAi(std::size_t tt_megabytes = 16, const network::Weights* network = nullptr);

  // The level's move in the game's current position.
  AiMove choose_move(const Game& game, int level, const AiOptions& options = {});
  // The same for a level that is not in the table (the match tool's trials).
  AiMove choose_move(const Game& game, const LevelSpec& spec, const AiOptions& options = {});
  // The best move under explicit limits: no book, no randomness; with the
  // network when the AI has one.
  AiMove search(const Game& game, const SearchLimits& limits, const AiOptions& options = {});
  // A hint for a player at `level`: the best move of hint_spec(level)'s
  // search, its budgets and its evaluation (at these budgets the hand-made
  // evaluation is the stronger one, docs/xiangqi-network.md), no book, no
  // randomness.
  AiMove hint(const Game& game, int level, const AiOptions& options = {});
  // Searches the current position as the AI of `level` would (its limits, no
  // randomness) and answers an offer made to `answering` (draw_offer.h).
  DrawOfferAnswer answer_draw_offer(const Game& game, Color answering, int level, const AiOptions& options = {});

  // Thread-safe: the running search returns its best move so far.
  void stop() { searcher_.stop(); }
  Searcher& searcher() { return searcher_; }
  const OpeningBook& book() const { return book_; }

 private:
  AiMove search_with(const Game& game, const SearchLimits& limits, const AiOptions& options, bool use_network);
  // The level's search without its choice among near-best moves: its limits
  // and its evaluation.
  AiMove search_as(const Game& game, const LevelSpec& spec, const AiOptions& options);

  Searcher searcher_;
  OpeningBook book_;
  const network::Weights* network_;
};

}  // namespace qipan::xiangqi
