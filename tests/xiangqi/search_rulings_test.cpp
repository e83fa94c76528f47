// The search plays by the repetition rules (repetition_rules.h): it does not
// complete a repetition its own side loses, even when a draw would be the
// best it could otherwise get, and it completes one the opponent loses, even
// when it would avoid a plain draw. The game's rule set reaches the search
// through the AI (ai_levels.h) as well as through Searcher::set_rules.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/xiangqi/ai_levels.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/search.h"

using namespace qipan::xiangqi;
using qipan::SearchLimits;

namespace {

constexpr std::size_t kTestTableMb = 1;

SearchLimits depth_limit(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

// A game that went round a cycle nearly twice: the root (the game's current
// position) has occurred twice, and `repeat` would make the position after it
// occur for the third time, which ends the game by the rules.
struct Cycle {
  const char* fen;
  std::vector<const char*> moves;  // from fen to the root
  const char* repeat;              // the move that completes the repetition
};

// Red, a cannon and an advisor down, has chased the unprotected black cannon
// with its chariot round c2/b2 while the cannon fled between c6 and b6. b2c2
// attacks the cannon a fourth time and makes the position after it occur for
// the third time: a perpetual chase, which red loses under the Asian and
// Chinese rules and draws under the simple ones.
const Cycle kRedChases = {
    "4kr3/4a4/9/2c6/9/9/9/2R6/9/3K5 b - - 0 1",
    {"c6b6", "c2b2", "b6c6", "b2c2", "c6b6", "c2b2", "b6c6"},
    "b2c2",
};

// Black's chariot has chased red's unprotected cannon round b7/c7 while the
// cannon fled between b3 and c3; red is a cannon up. c3b3 flees again and
// makes the position after it occur for the third time: black's perpetual
// chase loses under the Asian and Chinese rules; under the simple ones it is
// a draw that red, ahead, does not want.
const Cycle kBlackChases = {
    "5k3/9/2r6/9/9/9/1C7/9/9/3K4R b - - 0 1",
    {"c7b7", "b3c3", "b7c7", "c3b3", "c7b7", "b3c3", "b7c7"},
    "c3b3",
};

Game game_at_root(const Cycle& c, RuleSet rules) {
  RuleOptions options;
  options.rules = rules;
  auto game = Game::from_fen(c.fen, options);
  REQUIRE_MESSAGE(game.ok(), c.fen, ": ", game.error());
  for (const char* text : c.moves) {
    const auto status = game->play_text(text);
    REQUIRE_MESSAGE(status.ok(), text, ": ", status.error());
  }
  REQUIRE(!game->over());
  return std::move(*game);
}

Move repeat_move(const Game& game, const Cycle& c) {
  auto m = parse_iccs_move(game.position(), c.repeat);
  REQUIRE(m.ok());
  return *m;
}

// The ruling the game itself gives the repeat: the search's view must agree.
Status status_after_repeat(Game game, const Cycle& c) {
  const auto status = game.play_text(c.repeat);
  REQUIRE(status.ok());
  return *status;
}

SearchResult search_with_rules(const Game& game, RuleSet rules, int depth) {
  Searcher s(kTestTableMb);
  s.set_rules(rules);
  return s.search(game.position(), past_positions(game), depth_limit(depth));
}

}  // namespace

TEST_CASE("the cycles rule as the tests assume") {
  const Game asian_red = game_at_root(kRedChases, RuleSet::kAsian);
  CHECK(status_after_repeat(asian_red, kRedChases).reason == Reason::kPerpetualChase);
  CHECK(status_after_repeat(asian_red, kRedChases).outcome == Outcome::kBlackWins);
  const Game simple_red = game_at_root(kRedChases, RuleSet::kSimple);
  CHECK(status_after_repeat(simple_red, kRedChases).reason == Reason::kRepetition);
  const Game asian_black = game_at_root(kBlackChases, RuleSet::kAsian);
  CHECK(status_after_repeat(asian_black, kBlackChases).reason == Reason::kPerpetualChase);
  CHECK(status_after_repeat(asian_black, kBlackChases).outcome == Outcome::kRedWins);
  const Game simple_black = game_at_root(kBlackChases, RuleSet::kSimple);
  CHECK(status_after_repeat(simple_black, kBlackChases).reason == Reason::kRepetition);
}

TEST_CASE("the search does not complete a perpetual chase it loses") {
  for (RuleSet rules : {RuleSet::kAsian, RuleSet::kChinese}) {
    CAPTURE(rule_set_code(rules));
    const Game game = game_at_root(kRedChases, rules);
    const Move repeat = repeat_move(game, kRedChases);
    SUBCASE("it plays on a cannon down instead") {
      const SearchResult r = search_with_rules(game, rules, 4);
      CHECK(r.best != repeat);
      CHECK(r.score < -100);
      CHECK(!is_mate_score(r.score));
    }
    SUBCASE("forced to repeat, it scores the loss at ply 1") {
      Searcher s(kTestTableMb);
      s.set_rules(rules);
      MoveList legal;
      generate_legal(game.position(), legal);
      std::vector<Move> others;
      for (Move m : legal)
        if (m != repeat) others.push_back(m);
      s.set_root_exclusions(others);
      const SearchResult r = s.search(game.position(), past_positions(game), depth_limit(4));
      CHECK(r.best == repeat);
      CHECK(r.score == -(kMateScore - 1));
    }
  }
}

TEST_CASE("under the simple rules the same repeat is a draw, and the side behind takes it") {
  const Game game = game_at_root(kRedChases, RuleSet::kSimple);
  const SearchResult r = search_with_rules(game, RuleSet::kSimple, 4);
  CHECK(r.best == repeat_move(game, kRedChases));
  CHECK(r.score == 0);
}

TEST_CASE("the search completes a cycle the opponent loses") {
  SUBCASE("Asian and Chinese rules: fleeing once more wins") {
    for (RuleSet rules : {RuleSet::kAsian, RuleSet::kChinese}) {
      CAPTURE(rule_set_code(rules));
      const Game game = game_at_root(kBlackChases, rules);
      const SearchResult r = search_with_rules(game, rules, 4);
      CHECK(r.best == repeat_move(game, kBlackChases));
      CHECK(r.score == kMateScore - 1);
    }
  }
  SUBCASE("simple rules: the repeat is only a draw, so the side ahead leaves the cycle") {
    const Game game = game_at_root(kBlackChases, RuleSet::kSimple);
    const SearchResult r = search_with_rules(game, RuleSet::kSimple, 4);
    CHECK(r.best != repeat_move(game, kBlackChases));
    CHECK(r.score > 100);
    CHECK(!is_mate_score(r.score));
  }
}

TEST_CASE("the AI plays by its game's rule set") {
  // The same searcher for every game: the rules come from each game, not
  // from whatever the searcher was set to before.
  XiangqiAi ai(kTestTableMb);
  AiOptions options;
  options.use_time = false;
  const SearchLimits limits = explicit_limits(4, 0, 0);
  for (int pass = 0; pass < 2; ++pass) {
    CAPTURE(pass);
    {
      const Game game = game_at_root(kRedChases, RuleSet::kSimple);
      CHECK(ai.search(game, limits, options).move == repeat_move(game, kRedChases));
    }
    {
      const Game game = game_at_root(kRedChases, RuleSet::kAsian);
      CHECK(ai.search(game, limits, options).move != repeat_move(game, kRedChases));
      // A level's move, with its choice among near-best moves, never the loss.
      for (int level : {3, 6}) {
        CAPTURE(level);
        options.seed = std::uint64_t(level);
        const AiMove m = ai.choose_move(game, level, options);
        CHECK(m.move != repeat_move(game, kRedChases));
      }
    }
    {
      const Game game = game_at_root(kBlackChases, RuleSet::kChinese);
      const AiMove m = ai.search(game, limits, options);
      CHECK(m.move == repeat_move(game, kBlackChases));
      CHECK(m.score == kMateScore - 1);
    }
    {
      const Game game = game_at_root(kBlackChases, RuleSet::kSimple);
      CHECK(ai.search(game, limits, options).move != repeat_move(game, kBlackChases));
    }
  }
}
