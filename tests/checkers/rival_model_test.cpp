// The six-player rival model: seats stay "greedy" while they play only most
// forward moves and lose the mark for good with one shorter move; the AI
// levels search against modelled greedy rivals exactly when every rival in
// play is so marked, and with BRS otherwise.
#include <doctest/doctest.h>

#include "engine/checkers/ai_levels.h"
#include "engine/checkers/evaluate.h"
#include "engine/checkers/game/game.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/rival_model.h"

using namespace qipan::checkers;

namespace {

RuleOptions six_players() {
  RuleOptions rules;
  rules.players = 6;
  return rules;
}

// The legal move of the side to move gaining the fewest rows (a backward or
// sideways move when there is one).
Move least_forward_move(const Position& pos, const RuleOptions& rules) {
  MoveList moves;
  generate_moves(pos, rules, moves);
  const int t = target_arm(pos.players(), pos.side_to_move());
  Move least = moves[0];
  for (Move m : moves)
    if (forward_gain(t, m) < forward_gain(t, least)) least = m;
  return least;
}

}  // namespace

TEST_CASE("seats are greedy until one of their moves gains less than their most forward one") {
  const RuleOptions rules = six_players();
  Game game(rules);
  CHECK(observed_greedy_seats(game) == 0x3f);  // no move yet: the first guess
  for (int i = 0; i < 12; ++i) REQUIRE(game.play(greedy_forward_move(game.position(), rules, std::uint64_t(i))).ok());
  CHECK(observed_greedy_seats(game) == 0x3f);

  // Seat 0 is to move again; a move short of its most forward one marks it.
  REQUIRE(game.position().side_to_move() == 0);
  const Move slow = least_forward_move(game.position(), rules);
  const int t = target_arm(6, 0);
  REQUIRE(forward_gain(t, slow) < forward_gain(t, greedy_forward_move(game.position(), rules, 0)));
  REQUIRE(game.play(slow).ok());
  CHECK(observed_greedy_seats(game) == 0x3e);

  // Most forward moves afterwards do not clear the mark.
  for (int i = 0; i < 12; ++i) REQUIRE(game.play(greedy_forward_move(game.position(), rules, std::uint64_t(i))).ok());
  CHECK(observed_greedy_seats(game) == 0x3e);
}

TEST_CASE("six-player levels model the rivals as greedy only when every rival in play is marked") {
  const RuleOptions rules = six_players();
  Game game(rules);
  for (int i = 0; i < 12; ++i) REQUIRE(game.play(greedy_forward_move(game.position(), rules, std::uint64_t(i))).ok());
  const Position& pos = game.position();
  const auto search = [&](std::uint8_t greedy_seats, std::optional<MultiAlgorithm> multi,
                          std::optional<EvalWeights> w) {
    AiOptions o;
    o.rules = rules;
    o.use_time = false;
    o.greedy_seats = greedy_seats;
    o.multi = multi;
    o.weights = w;
    CheckersAi ai(2);
    return ai.choose_move(pos, 4, o);
  };
  const AiMove greedy = search(0x3e, MultiAlgorithm::greedy, greedy_model_weights());
  const AiMove brs = search(0x3e, MultiAlgorithm::brs, EvalWeights{});
  REQUIRE(greedy.nodes != brs.nodes);  // the two searches differ, so the checks below can tell them apart

  const AiMove all_greedy = search(0x3e, std::nullopt, std::nullopt);  // seat 0 itself need not be marked
  CHECK(all_greedy.nodes == greedy.nodes);
  CHECK(all_greedy.move == greedy.move);
  const AiMove one_searcher = search(0x3a, std::nullopt, std::nullopt);  // seat 2 has searched
  CHECK(one_searcher.nodes == brs.nodes);
  CHECK(one_searcher.move == brs.move);
}

TEST_CASE("fewer than six players keep Best-Reply Search whatever the rivals did") {
  RuleOptions rules;
  rules.players = 4;
  Game game(rules);
  for (int i = 0; i < 8; ++i) REQUIRE(game.play(greedy_forward_move(game.position(), rules, std::uint64_t(i))).ok());
  AiOptions o;
  o.rules = rules;
  o.use_time = false;
  CheckersAi a(2), b(2);
  const AiMove plain = a.choose_move(game.position(), 4, o);
  o.greedy_seats = 0x3f;
  const AiMove marked = b.choose_move(game.position(), 4, o);
  CHECK(plain.nodes == marked.nodes);
  CHECK(plain.move == marked.move);
}
