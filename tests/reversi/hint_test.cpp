// Hints worth following: the page's hints use the engine's hint search
// (hint_spec, at the settings' default strength 6, web/app/storage.js), not
// the human seat's own level. A player who always plays the best hint must
// hold its own against level 5; hints searched at level 3 (what the page did
// before) lose to it from the same positions.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/core/random.h"
#include "engine/reversi/ai_levels.h"

using namespace qipan;
using namespace qipan::reversi;

namespace {

constexpr int kDefaultHintStrength = 6;  // web/app/storage.js DEFAULT_SETTINGS.hintStrength

// A position 36 plies into a seeded random game (24 empty squares left).
Position midgame(std::uint64_t seed) {
  Position pos = Position::start();
  SplitMix64 rng(seed);
  for (int ply = 0; ply < 36; ++ply) {
    if (pos.game_over()) break;
    if (pos.must_pass()) {
      pos.pass();
      continue;
    }
    Undo undo;
    pos.make(random_move(pos, rng.next()), undo);
  }
  return pos;
}

// Plays from `start` to the end: `hinted` plays the best value of the hints
// searched by `hint`, the other side level 5 (budgets only). Returns the
// final disc difference from the hinted side's view.
int follow_hints(Position pos, Color hinted, const LevelSpec& hint) {
  ReversiAi hints_ai(4), opponent(4);
  AiOptions options;
  options.use_time = false;
  options.seed = 7;
  while (!pos.game_over()) {
    if (pos.must_pass()) {
      pos.pass();
      continue;
    }
    Square move;
    if (pos.side_to_move() == hinted) {
      const auto values = hints_ai.hints(pos, hint, options);
      move = std::max_element(values.begin(), values.end(), [](const HintValue& a, const HintValue& b) {
               return a.score < b.score;
             })->move;
    } else {
      move = opponent.choose_move(pos, level_spec(5), options).move;
    }
    Undo undo;
    pos.make(move, undo);
  }
  const int black = pos.final_score_for_black();
  return hinted == kBlack ? black : -black;
}

int score_over_both_colours(const LevelSpec& hint) {
  int total = 0;
  for (std::uint64_t seed : {3u, 11u}) {
    const Position start = midgame(seed);
    REQUIRE_FALSE(start.game_over());
    for (Color hinted : {kBlack, kWhite}) total += follow_hints(start, hinted, hint);
  }
  return total;
}

}  // namespace

TEST_CASE(
    "reversi hints: the default hint strength searches deeper than level 5, and following it does not lose to it") {
  const LevelSpec& hint = hint_spec(kDefaultHintStrength);
  CHECK(hint.depth > level_spec(5).depth);
  CHECK(hint.exact_empties > level_spec(5).exact_empties);
  // Any strength is a real search (the page never asks for the random mover).
  CHECK(hint_spec(1).kind == LevelKind::kSearch);
  CHECK(hint_spec(8).level <= 7);  // within a few seconds in wasm
  const int strong = score_over_both_colours(hint);
  const int weak = score_over_both_colours(level_spec(3));
  MESSAGE("disc difference over two positions, both colours, against level 5: hints at strength 6 ", strong,
          ", at level 3 ", weak);
  CHECK(strong >= 0);
  CHECK(weak < 0);
  CHECK(strong > weak);
}
