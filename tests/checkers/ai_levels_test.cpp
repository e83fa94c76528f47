// The Chinese checkers AI levels: the level table, the greedy players
// (maximum forward gain with seeded ties; evaluation one ply deep), legal
// moves at every level for every player count, determinism without time,
// and a short game against the greedy player.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "engine/checkers/ai_levels.h"
#include "engine/checkers/game/game.h"
#include "engine/checkers/movegen.h"

using namespace qipan::checkers;

TEST_CASE("the level table runs from greedy to long searches") {
  const auto table = level_table();
  REQUIRE(table.size() == std::size_t(kMaxLevel));
  CHECK(table[0].kind == LevelKind::greedy_forward);
  CHECK(table[1].kind == LevelKind::greedy_eval);
  for (int level = 3; level <= kMaxLevel; ++level) {
    const LevelSpec& s = level_spec(level);
    CHECK(s.level == level);
    CHECK(s.kind == LevelKind::search);
    CHECK(s.nodes > 0);
    CHECK(s.time_ms > 0);
    CHECK(s.depth > level_spec(level - 1).depth);
  }
  CHECK(level_spec(0).level == 1);
  CHECK(level_spec(99).level == kMaxLevel);
  const SearchOptions o = level_options(level_spec(6), RuleOptions{}, false);
  CHECK(o.limits.time_ms == 0);
  CHECK(o.limits.depth == level_spec(6).depth);
}

TEST_CASE("level 1 plays a move of maximum forward gain, ties by the seed") {
  const RuleOptions rules;
  const Position start = Position::start(2);
  MoveList moves;
  generate_moves(start, rules, moves);
  int best_gain = -100;
  const int t = target_arm(2, 0);
  for (Move m : moves) best_gain = std::max(best_gain, forward_of(t, m.to) - forward_of(t, m.from));
  std::set<std::pair<int, int>> seen;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Move m = greedy_forward_move(start, rules, seed);
    CHECK(forward_of(t, m.to) - forward_of(t, m.from) == best_gain);
    CHECK(greedy_forward_move(start, rules, seed) == m);  // the same seed, the same move
    seen.insert({m.from, m.to});
  }
  // From the start several moves gain two rows: the seed chooses among them.
  CHECK(seen.size() > 1);
}

TEST_CASE("level 2 finishes when it can") {
  Position pos(2);
  for (int i = 0; i < 9; ++i) pos.put(i, 0);
  pos.put(18, 0);
  for (int c = 56; c <= 65; ++c) pos.put(c, 1);
  CHECK(greedy_eval_move(pos, RuleOptions{}, 3) == Move::of(18, 9));
  CheckersAi ai(2);
  const AiMove m = ai.choose_move(pos, 2);
  CHECK(m.move == Move::of(18, 9));
  CHECK_FALSE(m.searched);
}

TEST_CASE("every level plays legal moves for 2, 3, 4 and 6 players") {
  CheckersAi ai(2);
  for (int players : {2, 3, 4, 6}) {
    RuleOptions rules;
    rules.players = players;
    Game game(rules);
    for (int level = 1; level <= kMaxLevel && !game.over(); ++level) {
      AiOptions o;
      o.rules = rules;
      o.use_time = false;
      o.nodes = 3000;  // keep the deep levels quick in the test
      o.seed = std::uint64_t(level);
      const AiMove m = ai.choose_move(game.position(), level, o);
      CAPTURE(players);
      CAPTURE(level);
      REQUIRE(m.has_move);
      CHECK(is_legal(game.position(), rules, m.move));
      REQUIRE(game.play(m.move).ok());
    }
  }
}

TEST_CASE("choose_move is deterministic without time limits") {
  RuleOptions rules;
  Game game(rules);
  for (int i = 0; i < 6; ++i) REQUIRE(game.play(greedy_forward_move(game.position(), rules, std::uint64_t(i))).ok());
  AiOptions o;
  o.use_time = false;
  o.nodes = 20000;
  CheckersAi a(2), b(2);
  const AiMove m1 = a.choose_move(game.position(), 6, o);
  const AiMove m2 = b.choose_move(game.position(), 6, o);
  CHECK(m1.move == m2.move);
  CHECK(m1.nodes == m2.nodes);
  CHECK(m1.score == m2.score);
  CHECK(m1.searched);
  CHECK_FALSE(m1.pv.empty());
}

TEST_CASE("explicit timeMs is spent whole, as `go movetime` spends it; levels keep ceilings") {
  const RuleOptions rules;
  const SearchOptions timed = level_options(custom_spec(0, 0, 300), rules);
  CHECK(timed.limits.time_ms == 300);
  CHECK(timed.limits.soft_time_percent == 100);
  CHECK(level_options(custom_spec(0, 0, 300), rules, /*use_time=*/false).limits.time_ms == 0);
  for (const LevelSpec& spec : level_table()) CHECK(level_options(spec, rules).limits.soft_time_percent == 50);
  CHECK(level_options(analysis_spec(), rules).limits.soft_time_percent == 50);

  // Only a time: a searched, legal move.
  CheckersAi ai(2);
  AiOptions o;
  o.rules = rules;
  const Position start = Position::start(2);
  const AiMove m = ai.choose_move(start, custom_spec(0, 0, 30), o);
  CHECK(m.searched);
  CHECK(m.depth >= 1);
  MoveList legal;
  generate_moves(start, rules, legal);
  CHECK(std::find(legal.begin(), legal.end(), m.move) != legal.end());
}

TEST_CASE("a searching level beats the greedy player in a short game") {
  RuleOptions rules;
  Game game(rules);
  CheckersAi ai(2);
  std::vector<std::uint64_t> keys;
  while (!game.over()) {
    const Position& pos = game.position();
    Move m;
    if (pos.side_to_move() == 0) {
      AiOptions o;
      o.use_time = false;
      o.history = keys;
      m = ai.choose_move(pos, 3, o).move;
    } else {
      m = greedy_forward_move(pos, rules, game.plies().size());
    }
    keys.push_back(pos.key());
    REQUIRE(game.play(m).ok());
  }
  REQUIRE(game.status().winner.has_value());
  CHECK(*game.status().winner == 0);
}
