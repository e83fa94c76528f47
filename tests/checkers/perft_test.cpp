// Perft from the start positions (rules spec §5.4) and the reference's view
// of the same trees.
#include <doctest/doctest.h>

#include "engine/checkers/perft.h"
#include "helpers.h"

using namespace qipan::checkers;

TEST_CASE("checkers perft from the start positions matches the spec's table") {
  struct Row {
    int players;
    std::uint64_t d1, d2, d3;
  };
  for (const Row& row : {Row{2, 14, 196, 4760}, Row{3, 14, 196, 2744}, Row{4, 14, 199, 2786}, Row{6, 14, 199, 2828}}) {
    CAPTURE(row.players);
    RuleOptions rules;
    rules.players = row.players;
    const Position pos = Position::start(row.players);
    CHECK(perft(pos, rules, 0) == 1);
    CHECK(perft(pos, rules, 1) == row.d1);
    CHECK(perft(pos, rules, 2) == row.d2);
    CHECK(perft(pos, rules, 3) == row.d3);
  }
}

TEST_CASE("checkers perft from the 2p start agrees with the reference to depth 3") {
  const Position pos = Position::start(2);
  checkers_reference::Rules ref;
  CHECK(ref.perft(checkers_reference::parse(pos.to_string()), 3) == 4760);
}

TEST_CASE("checkers perft divide sums to perft") {
  RuleOptions rules;
  const Position pos = Position::start(2);
  const auto divide = perft_divide(pos, rules, 3);
  CHECK(divide.size() == 14);
  std::uint64_t total = 0;
  for (const auto& entry : divide) total += entry.leaves;
  CHECK(total == 4760);
}
