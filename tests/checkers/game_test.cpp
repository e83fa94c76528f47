// The checkers game layer: finishing order, the mover-first check, draws,
// equal turns, play-on places, passes, undo/redo.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>

#include "engine/checkers/game/game.h"
#include "engine/checkers/movegen.h"
#include "helpers.h"

using namespace qipan::checkers;

namespace {

// A position from explicit piece lists (each seat exactly ten holes).
Position setup(int players, Player side, std::initializer_list<std::initializer_list<int>> seats) {
  Position pos(players, side);
  Player p = 0;
  for (const auto& cells : seats) {
    for (int c : cells) pos.put(c, p);
    ++p;
  }
  REQUIRE(pos.invariants_hold());
  REQUIRE(Position::from_string(pos.to_string()).ok());
  return pos;
}

Game game_from(const Position& pos, RuleOptions rules = {}) {
  auto game = Game::from_position(pos, rules);
  REQUIRE_MESSAGE(game.ok(), game.error());
  return *game;
}

void play(Game& game, const char* move) {
  auto played = game.play_text(move);
  INFO(move);
  REQUIRE_MESSAGE(played.ok(), played.error());
}

}  // namespace

TEST_CASE("checkers game: a new game, illegal moves and their reasons") {
  Game game;
  CHECK_FALSE(game.over());
  CHECK(game.status().to_move == 0);
  CHECK(game.status().description == "player 1 to move");
  CHECK(game.legal_moves().size() == 14);
  CHECK(checkers_test::code_of(game.illegal_reason(Move::of(0, 10))) == "not_your_piece");
  CHECK(*game.illegal_reason(Move::of(0, 10))->param("player") == "2");
  CHECK(*game.illegal_reason(Move::of(0, 10))->param("hole") == "q1");
  CHECK(checkers_test::code_of(game.illegal_reason(Move::of(60, 61))) == "hole_empty");
  CHECK(checkers_test::code_of(game.illegal_reason(Move::of(120, 119))) == "hole_occupied");
  CHECK(checkers_test::code_of(game.illegal_reason(Move::of(111, 60))) == "too_far");
  CHECK(*game.illegal_reason(Move::of(111, 60))->param("from") == "d1");
  CHECK(*game.illegal_reason(Move::of(111, 60))->param("to") == "i5");
  CHECK(checkers_test::code_of(game.illegal_reason(Move::pass())) == "pass_not_allowed");
  CHECK_FALSE(game.play(Move::of(111, 60)));
  CHECK(game.plies().empty());
  CHECK(game.play(Move::of(111, 102)));
  CHECK(game.status().to_move == 1);
  CHECK(game.plies().back().path == std::vector<Cell>{111, 102});
  Game second(RuleOptions{}, 1);
  CHECK(second.position().side_to_move() == 1);
}

TEST_CASE("checkers game: moving back into one's home can finish the opponent (2p)") {
  // P1 fills its target except hole 6; P2's piece on 15 steps back home into 6.
  const Position pos = setup(2, 1, {{0, 1, 2, 3, 4, 5, 7, 8, 9, 120}, {15, 10, 11, 12, 13, 23, 24, 25, 35, 36}});
  Game game = game_from(pos);
  play(game, "15-6");
  CHECK(game.over());
  CHECK(game.status().winner == std::optional<Player>(0));
  CHECK(game.status().finish_order == std::vector<Player>{0});
  CHECK(game.status().places == std::vector<int>{1, 2});
  CHECK(game.status().description == "player 1 wins");
  CHECK(game.legal_moves().empty());
  CHECK(checkers_test::code_of(game.illegal_reason(Move::of(120, 119))) == "game_over");
}

TEST_CASE("checkers game: every seat is checked after a move, not only the mover (4p)") {
  // P3 (home = P1's target, the top arm) steps back home and completes P1's
  // target; P1 wins on P3's move.
  const Position pos = setup(4, 2,
                             {{0, 1, 2, 3, 4, 5, 7, 8, 9, 120},
                              {65, 75, 76, 86, 87, 88, 98, 99, 100, 101},
                              {15, 10, 11, 12, 13, 23, 24, 25, 35, 36},
                              {19, 20, 21, 22, 32, 33, 34, 44, 45, 55}});
  Game game = game_from(pos);
  CHECK_FALSE(game.over());
  play(game, "15-6");
  CHECK(game.status().winner == std::optional<Player>(0));
  CHECK(game.status().places == std::vector<int>{1, 2, 2, 2});
}

TEST_CASE("checkers game: anti-spoiling and strict win rules") {
  // P2 never left hole 9 of its home; P1 completes the arm around it.
  const Position pos = setup(2, 0, {{0, 1, 2, 3, 4, 5, 7, 8, 15, 120}, {9, 10, 11, 12, 13, 23, 24, 25, 35, 36}});
  Game filled = game_from(pos);
  play(filled, "15-6");
  CHECK(filled.status().winner == std::optional<Player>(0));
  RuleOptions strict;
  strict.win_rule = WinRule::strict;
  Game spoiled = game_from(pos, strict);
  play(spoiled, "15-6");
  CHECK_FALSE(spoiled.over());
}

TEST_CASE("checkers game: threefold repetition (2p) and the turn cap") {
  const char* shuffle[] = {"111-102", "9-18", "102-111", "18-9"};
  Game game;
  for (int i = 0; i < 4; ++i) play(game, shuffle[i]);
  CHECK_FALSE(game.over());  // the start position, second time
  for (int i = 0; i < 3; ++i) play(game, shuffle[i]);
  CHECK_FALSE(game.over());
  play(game, shuffle[3]);  // third time
  CHECK(game.over());
  CHECK(game.status().draw == DrawReason::repetition);
  CHECK(game.status().description == "draw by threefold repetition");
  CHECK(game.status().places == std::vector<int>{1, 1});
  CHECK_FALSE(game.status().winner.has_value());
  game.undo();
  CHECK_FALSE(game.over());

  RuleOptions cap_only;
  cap_only.draw_rules = DrawRules::cap_only;
  Game capped(cap_only);
  for (int i = 0; i < 299; ++i) play(capped, shuffle[i % 4]);
  CHECK_FALSE(capped.over());
  play(capped, shuffle[299 % 4]);  // 150 turns each
  CHECK(capped.over());
  CHECK(capped.status().draw == DrawReason::turn_cap);

  RuleOptions short_cap;
  short_cap.players = 3;
  short_cap.turn_cap = 2;
  Game three(short_cap);
  for (int i = 0; i < 5; ++i) {
    CHECK_FALSE(three.over());
    REQUIRE(three.play(three.legal_moves()[0]));
  }
  CHECK_FALSE(three.over());
  REQUIRE(three.play(three.legal_moves()[0]));
  CHECK(three.status().draw == DrawReason::turn_cap);
  CHECK(three.status().places == std::vector<int>{1, 1, 1});
  // Repetition is a 2-player rule only.
  RuleOptions three_players;
  three_players.players = 3;
  CHECK_FALSE(three_players.repetition_draws());
}

TEST_CASE("checkers game: equal turns (2p)") {
  // P1 (first) finishes with 15-6; P2 could finish with 102-111 on the reply.
  const Position pos =
      setup(2, 0, {{0, 1, 2, 3, 4, 5, 7, 8, 9, 15}, {102, 112, 113, 114, 115, 116, 117, 118, 119, 120}});
  RuleOptions equal;
  equal.equal_turns = true;
  Game drawn = game_from(pos, equal);
  play(drawn, "15-6");
  CHECK(drawn.over());
  CHECK(drawn.status().draw == DrawReason::equal_turns);
  CHECK(drawn.status().places == std::vector<int>{1, 1});
  Game plain = game_from(pos);
  play(plain, "15-6");
  CHECK(plain.status().winner == std::optional<Player>(0));
  // P2 too far away to finish at once: P1 wins even with equal turns.
  const Position far =
      setup(2, 0, {{0, 1, 2, 3, 4, 5, 7, 8, 9, 15}, {90, 112, 113, 114, 115, 116, 117, 118, 119, 120}});
  Game won = game_from(far, equal);
  play(won, "15-6");
  CHECK(won.status().winner == std::optional<Player>(0));
  CHECK(won.status().draw == DrawReason::none);
  // When P2 moved first, P1 finishing is already on equal turns: P1 wins.
  Position p2_first = pos;
  p2_first.set_side_to_move(1);
  Game second = game_from(p2_first, equal);
  play(second, "102-103");
  play(second, "15-6");
  CHECK(second.status().winner == std::optional<Player>(0));
}

TEST_CASE("checkers game: play on for places skips finished seats (3p)") {
  // P1 one step from finishing (15 -> 6); P2 one step from its target (the
  // lower-right arm, hole 74 empty; its piece on 73 steps in).
  const Position pos = setup(3, 0,
                             {{0, 1, 2, 3, 4, 5, 7, 8, 9, 15},
                              {73, 84, 85, 95, 96, 97, 107, 108, 109, 110},
                              {19, 20, 21, 22, 32, 33, 34, 44, 45, 55}});
  RuleOptions rules;
  rules.multiplayer_end = MultiplayerEnd::play_on;
  Game game = game_from(pos, rules);
  play(game, "15-6");
  CHECK_FALSE(game.over());
  CHECK(game.status().finish_order == std::vector<Player>{0});
  CHECK(game.status().winner == std::optional<Player>(0));
  CHECK(game.status().places == std::vector<int>{1, 0, 0});
  CHECK(game.status().to_move == 1);
  play(game, "73-63");                // P2 dawdles
  play(game, "55-64");                // P3
  CHECK(game.status().to_move == 1);  // P1 is skipped
  play(game, "63-73");
  play(game, "64-54");
  play(game, "73-74");  // P2 finishes: only P3 is left
  CHECK(game.over());
  CHECK(game.status().finish_order == std::vector<Player>{0, 1});
  CHECK(game.status().places == std::vector<int>{1, 2, 3});
  // Undo back across the skip restores seats and finishing exactly.
  for (int i = 0; i < 5; ++i) REQUIRE(game.undo());
  CHECK(game.status().finish_order == std::vector<Player>{0});
  CHECK(game.status().to_move == 1);
  REQUIRE(game.undo());
  CHECK(game.position() == pos);
  CHECK(game.status().finish_order.empty());
  while (game.redo()) {
  }
  CHECK(game.over());
  CHECK(game.status().places == std::vector<int>{1, 2, 3});
  CHECK(game.position_at(1)->side_to_move() == 1);
  CHECK(*game.position_at(0) == pos);

  // The default: the first finisher wins and the game ends.
  Game first_wins = game_from(pos);
  play(first_wins, "15-6");
  CHECK(first_wins.over());
  CHECK(first_wins.status().places == std::vector<int>{1, 2, 2});
}

TEST_CASE("checkers game: a forced pass is a recorded ply") {
  const Position pos = *Position::from_string(
      "..........222.......3332.........33......................................................323232.......23232....1111111111 1 3");
  Game game = game_from(pos);
  CHECK(game.must_pass());
  CHECK(game.legal_moves().size() == 1);
  CHECK(game.illegal_reason(Move::of(111, 102)).has_value());
  REQUIRE(game.play(Move::pass()));
  CHECK(game.plies().back().move.is_pass());
  CHECK(game.plies().back().path.empty());
  CHECK(game.status().to_move == 1);
  CHECK(game.record().find("1. pass") != std::string::npos);
  REQUIRE(game.undo());
  CHECK(game.position() == pos);
}

TEST_CASE("checkers game: undo and redo single plies") {
  Game game;
  const Position start = game.position();
  play(game, "111-102");
  play(game, "9-18");
  const Position two = game.position();
  CHECK(game.undo());
  CHECK(game.can_redo());
  CHECK(game.undo());
  CHECK_FALSE(game.undo());
  CHECK(game.position() == start);
  CHECK(game.redo());
  CHECK(game.redo());
  CHECK_FALSE(game.redo());
  CHECK(game.position() == two);
  CHECK(game.position().key() == two.key());
  game.undo();
  play(game, "8-17");
  CHECK_FALSE(game.can_redo());
}

TEST_CASE("checkers game: first player option") {
  RuleOptions rules;
  rules.players = 3;
  CHECK(first_player_for(rules, 1, 5) == 0);
  rules.first_player = FirstPlayer::alternate;
  CHECK(first_player_for(rules, 1, 0) == 0);
  CHECK(first_player_for(rules, 1, 1) == 1);
  CHECK(first_player_for(rules, 1, 4) == 1);
  rules.first_player = FirstPlayer::random;
  int seen[3] = {};
  for (int g = 0; g < 60; ++g) ++seen[first_player_for(rules, 42, g)];
  CHECK(seen[0] > 0);
  CHECK(seen[1] > 0);
  CHECK(seen[2] > 0);
  CHECK(first_player_for(rules, 42, 7) == first_player_for(rules, 42, 7));
}
