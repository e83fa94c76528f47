// Differential checks: the engine's move generator against the plain
// reference (tests/checkers/reference.h) on seeded random positions, for
// every player count and every move-generation option combination.
#include <doctest/doctest.h>

#include "engine/checkers/perft.h"
#include "helpers.h"

using namespace qipan::checkers;
using namespace checkers_test;

namespace {

void compare_all_seats(const Position& pos, const RuleOptions& rules) {
  checkers_reference::Rules ref;
  ref.options = to_reference(rules);
  const auto board = checkers_reference::parse(pos.to_string());
  for (Player p = 0; p < pos.players(); ++p) {
    CAPTURE(p);
    const auto expected = ref.moves(board, p);
    CHECK(engine_moves(pos, rules, p) == expected);
    CHECK(count_moves(pos, rules, p) == int(expected.size()));
    CHECK(has_move(pos, rules, p) == (expected.count({-1, -1}) == 0));
  }
}

}  // namespace

TEST_CASE("checkers movegen matches the reference on random playouts, all options") {
  int positions = 0;
  for (int players : {2, 3, 4, 6}) {
    for (const RuleOptions& rules : movegen_variants(players)) {
      for (int i = 0; i < 6; ++i) {
        const std::uint64_t seed = 1000 * players + 10 * i + (rules.goal_lock ? 0 : 1) + (rules.long_jumps ? 2 : 0);
        const Position pos = random_playout(players, 10 + 15 * i, seed, rules);
        CAPTURE(pos.to_string());
        CAPTURE(rules.goal_lock);
        CAPTURE(int(rules.parking));
        CAPTURE(rules.long_jumps);
        compare_all_seats(pos, rules);
        ++positions;
      }
    }
  }
  CHECK(positions == 4 * 8 * 6);
}

TEST_CASE("checkers movegen matches the reference on scattered positions, all options") {
  for (int players : {1, 2, 3, 4, 6}) {
    for (int i = 0; i < 12; ++i) {
      const Position pos = random_scatter(players, 77 + 31 * i + players);
      CAPTURE(pos.to_string());
      for (const RuleOptions& rules : movegen_variants(players)) {
        CAPTURE(rules.goal_lock);
        CAPTURE(int(rules.parking));
        CAPTURE(rules.long_jumps);
        compare_all_seats(pos, rules);
      }
    }
  }
}

TEST_CASE("checkers perft matches the reference to depth 2 on random positions") {
  for (int players : {2, 3, 4, 6}) {
    for (int i = 0; i < 3; ++i) {
      const Position pos =
          i == 0 ? random_scatter(players, 500 + players) : random_playout(players, 20 * i, 900 + i + players, {});
      CAPTURE(pos.to_string());
      for (const RuleOptions& base : movegen_variants(players)) {
        for (WinRule win : {WinRule::filled, WinRule::strict}) {
          RuleOptions rules = base;
          rules.win_rule = win;
          checkers_reference::Rules ref;
          ref.options = to_reference(rules);
          CAPTURE(rules.goal_lock);
          CAPTURE(int(rules.parking));
          CAPTURE(rules.long_jumps);
          CAPTURE(int(win));
          CHECK(perft(pos, rules, 2) == ref.perft(checkers_reference::parse(pos.to_string()), 2));
        }
      }
    }
  }
}
