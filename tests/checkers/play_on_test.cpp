// Playing on for places with AI seats: once a seat finishes, it is skipped
// in turn order, its pieces stay as obstacles, and the AI keeps playing for
// the remaining places (the 2-player search when two seats are left, the
// multi-player search with more). Also: the game's results are the engine's
// (kind and end reason), and seeded root choices vary reproducibly.
#include <doctest/doctest.h>

#include <set>
#include <vector>

#include "engine/checkers/ai_levels.h"
#include "engine/checkers/game/game.h"
#include "engine/checkers/movegen.h"

using namespace qipan::checkers;

namespace {

bool has_finishing_move(const Position& pos, const RuleOptions& rules) {
  MoveList moves;
  generate_moves(pos, rules, moves);
  Position child = pos;
  for (Move m : moves) {
    if (m.is_pass()) continue;
    Undo undo;
    child.make(m, undo);
    const bool done = child.finished(pos.side_to_move(), rules.win_rule);
    child.unmake(m, undo);
    if (done) return true;
  }
  return false;
}

struct PlayedGame {
  GameStatus status;
  int plies_after_first_finish = 0;
  int ai_moves_with_retired = 0;
};

// Every seat an AI of `levels[seat]`, to the end of a play-on game.
PlayedGame play_to_the_end(int players, std::vector<int> levels, MultiAlgorithm multi, std::uint64_t seed) {
  RuleOptions rules;
  rules.players = players;
  rules.multiplayer_end = MultiplayerEnd::play_on;
  Game game(rules);
  CheckersAi ai(2);
  PlayedGame out;
  while (!game.over()) {
    REQUIRE(game.plies().size() < 3000);
    const Position& pos = game.position();
    const Player seat = pos.side_to_move();
    CHECK_FALSE(game.has_finished(seat));  // finished seats are skipped
    AiOptions o;
    o.rules = rules;
    o.use_time = false;
    o.seed = seed + game.plies().size();
    o.multi = multi;
    o.retired = game.finished_seats();
    const AiMove m = ai.choose_move(pos, levels[std::size_t(seat)], o);
    REQUIRE_MESSAGE(m.has_move, "the AI refuses to move: " << pos.to_string());
    if (o.retired) {
      ++out.ai_moves_with_retired;
      ++out.plies_after_first_finish;
      // A searching seat that can finish now does (its place is at stake).
      if (level_spec(levels[std::size_t(seat)]).kind == LevelKind::search && has_finishing_move(pos, rules)) {
        Position child = pos;
        Undo undo;
        child.make(m.move, undo);
        CHECK(child.finished(seat, rules.win_rule));
      }
    }
    // Retired seats' pieces stay where they are.
    std::vector<Bits> retired_before;
    for (Player p = 0; p < players; ++p)
      if (game.has_finished(p)) retired_before.push_back(pos.pieces(p));
    REQUIRE(game.play(m.move).ok());
    std::size_t k = 0;
    for (Player p = 0; p < players; ++p)
      if (k < retired_before.size() && game.has_finished(p) && (o.retired >> p & 1))
        CHECK(game.position().pieces(p) == retired_before[k++]);
  }
  out.status = game.status();
  return out;
}

}  // namespace

TEST_CASE("play on for places: three AI seats play to the last place") {
  for (int round = 0; round < 2; ++round) {
    // Searching levels with two seats left use the 2-player search; greedy
    // seats play on as well.
    const PlayedGame g =
        play_to_the_end(3, round == 0 ? std::vector{3, 4, 2} : std::vector{2, 1, 3}, MultiAlgorithm::brs, 17 + round);
    CAPTURE(g.status.description);
    CHECK(g.status.over);
    if (g.status.kind == ResultKind::draw) {
      CHECK(g.status.reason == EndReason::turn_cap);
      continue;
    }
    CHECK(g.status.kind == ResultKind::places);
    CHECK(g.status.reason == EndReason::finished);
    CHECK(g.status.finish_order.size() == 2);
    std::multiset<int> places(g.status.places.begin(), g.status.places.end());
    CHECK(places == std::multiset<int>{1, 2, 3});
    CHECK(g.ai_moves_with_retired > 0);  // the AI moved after the first finish
  }
}

TEST_CASE("play on for places: four seats, paranoid and Best-Reply Search skip retired seats") {
  for (MultiAlgorithm multi : {MultiAlgorithm::brs, MultiAlgorithm::paranoid}) {
    const PlayedGame g = play_to_the_end(4, {3, 3, 2, 3}, multi, 5);
    CAPTURE(g.status.description);
    CHECK(g.status.over);
    CHECK(g.ai_moves_with_retired > 0);
    if (g.status.kind == ResultKind::places) CHECK(g.status.finish_order.size() == 3);
  }
}

TEST_CASE("seats in play: retired seats, finished seats on the board, decided roots") {
  RuleOptions rules;
  rules.players = 3;
  const Position start = Position::start(3);
  CHECK_FALSE(seats_in_play(start, rules, 0).decided);
  CHECK(seats_in_play(start, rules, 0).active == 3);
  // Without play on, retirements are ignored.
  CHECK(seats_in_play(start, rules, 0b010).retired == 0);
  rules.multiplayer_end = MultiplayerEnd::play_on;
  const SeatsInPlay two_left = seats_in_play(start, rules, 0b010);
  CHECK(two_left.retired == 0b010);
  CHECK(two_left.active == 2);
  CHECK_FALSE(two_left.decided);
  CHECK(seats_in_play(start, rules, 0b001).decided);  // the side to move is retired
  CHECK(seats_in_play(start, rules, 0b110).decided);  // one seat left
  // The AI declines only a decided root.
  CheckersAi ai(2);
  AiOptions o;
  o.rules = rules;
  o.use_time = false;
  o.retired = 0b010;
  const AiMove m = ai.choose_move(start, 4, o);
  CHECK(m.has_move);
  CHECK(is_legal(start, rules, m.move));
  o.retired = 0b001;
  CHECK_FALSE(ai.choose_move(start, 4, o).has_move);
}

TEST_CASE("results are the engine's: kind and end reason names") {
  CHECK(result_kind_name(ResultKind::playing) == "");
  CHECK(result_kind_name(ResultKind::win) == "win");
  CHECK(result_kind_name(ResultKind::places) == "places");
  CHECK(result_kind_name(ResultKind::draw) == "draw");
  CHECK(end_reason_name(EndReason::none) == "");
  CHECK(end_reason_name(EndReason::finished) == "finished");
  CHECK(end_reason_name(EndReason::repetition) == "repetition");
  CHECK(end_reason_name(EndReason::turn_cap) == "turn_cap");
  CHECK(end_reason_name(EndReason::equal_turns) == "equal_turns");
  Game game;
  CHECK(game.status().kind == ResultKind::playing);
  CHECK(game.status().reason == EndReason::none);
}

TEST_CASE("truncate drops the later plies and the redo list") {
  Game game;
  for (int i = 0; i < 6; ++i) REQUIRE(game.play(game.legal_moves()[0]).ok());
  const Position at3 = *game.position_at(3);
  REQUIRE(game.undo());
  CHECK(game.can_redo());
  CHECK_FALSE(game.truncate(6));  // only 5 plies are left
  CHECK_FALSE(game.truncate(-1));
  CHECK(game.truncate(3));
  CHECK(game.plies().size() == 3);
  CHECK(game.position() == at3);
  CHECK_FALSE(game.can_redo());
  CHECK(game.truncate(3));  // nothing to drop is fine
  CHECK(game.truncate(0));
  CHECK(game.position() == Position::start(2));
}

TEST_CASE("searching levels vary their choice among equal moves with the seed, reproducibly") {
  const Position start = Position::start(2);
  std::set<std::pair<int, int>> seen;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    CheckersAi a(2), b(2);
    AiOptions o;
    o.use_time = false;
    o.seed = seed;
    const AiMove m1 = a.choose_move(start, 4, o);
    const AiMove m2 = b.choose_move(start, 4, o);
    CHECK(m1.move == m2.move);  // the same seed, the same move
    CHECK(m1.score == m2.score);
    seen.insert({m1.move.from, m1.move.to});
  }
  CHECK(seen.size() > 1);
}
