// The Chinese checkers searcher: wins in one and two moves, the race path
// agreeing with the search, determinism under node limits, the stop flag and
// stop poll, legal moves for 3, 4 and 6 players with both multi-player
// algorithms, and thinking reports.
#include <doctest/doctest.h>

#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/search.h"

using namespace qipan::checkers;

namespace {

constexpr std::size_t kTestTableMb = 2;  // the suite also runs under ASan and in wasm

// Seat 0 (heading for the top arm, cells 0-9) with `inside` of its target
// holes filled in cell order and the rest of its pieces on `outside`; seat 1
// spread over rows 8-9, far from finishing.
Position near_win(int inside, std::vector<int> outside) {
  Position pos(2);
  for (int i = 0; i < inside; ++i) pos.put(i, 0);
  for (int c : outside) pos.put(c, 0);
  for (int c = 56; c <= 65; ++c) pos.put(c, 1);
  return pos;
}

SearchOptions depth_options(int depth) {
  SearchOptions o;
  o.limits.depth = depth;
  o.race = false;
  return o;
}

Position greedy_midgame(int players, int plies) {
  RuleOptions rules;
  rules.players = players;
  Position pos = Position::start(players);
  for (int i = 0; i < plies && !pos.anyone_finished(); ++i) {
    MoveList moves;
    generate_moves(pos, rules, moves);
    // The most forward move, first in generation order: deterministic.
    const int t = target_arm(players, pos.side_to_move());
    Move best = moves[0];
    for (Move m : moves)
      if (!m.is_pass() &&
          forward_of(t, m.to) - forward_of(t, m.from) > forward_of(t, best.to) - forward_of(t, best.from))
        best = m;
    Undo undo;
    pos.make(best, undo);
  }
  return pos;
}

}  // namespace

TEST_CASE("the searcher finds a win in one move") {
  const Position pos = near_win(9, {18});  // 18 steps into hole 9
  Searcher searcher(kTestTableMb);
  for (int depth : {1, 2, 4}) {
    const SearchResult r = searcher.search(pos, depth_options(depth));
    CHECK(r.best == Move::of(18, 9));
    CHECK(r.score == kWinScore - 1);
    CHECK(is_win_score(r.score));
    CHECK(win_distance_plies(r.score) == 1);
  }
}

TEST_CASE("the searcher finds a win in two moves") {
  const Position pos = near_win(8, {17, 18});  // 17 -> 8 and 18 -> 9, in either order
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_options(4));
  CHECK(r.score == kWinScore - 3);
  const bool good =
      r.best == Move::of(17, 8) || r.best == Move::of(18, 9) || r.best == Move::of(17, 9) || r.best == Move::of(18, 8);
  CHECK(good);
  REQUIRE(r.pv.size() >= 3);
  // Playing the PV finishes the game.
  Position p = pos;
  for (int i = 0; i < 3; ++i) {
    REQUIRE(is_legal(p, RuleOptions{}, r.pv[i]));
    Undo undo;
    p.make(r.pv[i], undo);
  }
  CHECK(p.finished(0));
}

TEST_CASE("the losing side sees the loss coming") {
  Position pos = near_win(9, {18});
  pos.set_side_to_move(1);  // seat 1 moves, then seat 0 wins
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_options(3));
  CHECK(r.score == -(kWinScore - 2));
}

TEST_CASE("passed armies are decided by the race solver, agreeing with the search") {
  const Position pos = near_win(8, {17, 18});
  REQUIRE(armies_passed(pos));
  Searcher searcher(kTestTableMb);
  SearchOptions o;
  o.limits.depth = 6;
  const SearchResult r = searcher.search(pos, o);
  CHECK(r.race);
  CHECK(r.race_moves == 2);
  CHECK(r.race_opponent_moves > 2);
  CHECK(r.score == kWinScore - 3);
  CHECK(is_legal(pos, RuleOptions{}, r.best));
}

TEST_CASE("searches under node limits are deterministic") {
  for (int players : {2, 3, 6}) {
    const Position pos = greedy_midgame(players, 4 * players);
    SearchOptions o;
    o.rules.players = players;
    o.limits.nodes = 30000;
    Searcher a(kTestTableMb), b(kTestTableMb);
    const SearchResult r1 = a.search(pos, o);
    const SearchResult r2 = a.search(pos, o);  // the same searcher again (tables start clean)
    const SearchResult r3 = b.search(pos, o);
    CAPTURE(players);
    CHECK(r1.best == r2.best);
    CHECK(r1.nodes == r2.nodes);
    CHECK(r1.score == r2.score);
    CHECK(r1.best == r3.best);
    CHECK(r1.nodes == r3.nodes);
    CHECK(r1.stopped);
    CHECK(r1.nodes >= 30000);
    CHECK(r1.nodes < 30000 + 1024);
  }
}

TEST_CASE("the stop poll and stop() end the search with a legal move") {
  const Position pos = greedy_midgame(2, 20);
  Searcher searcher(kTestTableMb);
  SearchOptions o;
  o.limits.depth = 30;
  searcher.set_stop_poll([] { return true; });
  const SearchResult r = searcher.search(pos, o);
  CHECK(r.stopped);
  CHECK(is_legal(pos, RuleOptions{}, r.best));
  CHECK(r.nodes <= 1024);

  searcher.set_stop_poll(nullptr);
  int reports = 0;
  searcher.set_info_callback([&](const SearchInfo& info) {
    ++reports;
    CHECK(info.depth == reports);
    CHECK(info.pv != nullptr);
    if (info.depth == 2) searcher.stop();
  });
  const SearchResult s = searcher.search(pos, o);
  CHECK(s.stopped);
  CHECK(s.depth == 2);
  CHECK(reports == 2);
  CHECK(is_legal(pos, RuleOptions{}, s.best));
}

TEST_CASE("multi-player search returns legal moves for 3, 4 and 6 players") {
  for (int players : {3, 4, 6}) {
    for (MultiAlgorithm algorithm : {MultiAlgorithm::brs, MultiAlgorithm::paranoid, MultiAlgorithm::greedy}) {
      for (int plies : {0, 3 * players, 8 * players}) {
        const Position pos = greedy_midgame(players, plies);
        if (pos.anyone_finished()) continue;
        SearchOptions o;
        o.rules.players = players;
        o.limits.depth = 3;
        o.multi = algorithm;
        Searcher searcher(kTestTableMb);
        const SearchResult r = searcher.search(pos, o);
        CAPTURE(players);
        CAPTURE(plies);
        CHECK(r.has_move);
        RuleOptions rules;
        rules.players = players;
        CHECK(is_legal(pos, rules, r.best));
        CHECK(r.depth == 3);
      }
    }
  }
}

TEST_CASE("multi-player search takes a win in one") {
  // 3 players: seat 0 heads for the top arm; one step from finishing.
  Position pos(3);
  for (int i = 0; i < 9; ++i) pos.put(i, 0);
  pos.put(18, 0);
  // Seats 1 and 2 (homes 5 and 1) stay home.
  for (int c : kGeometry.arm_cells[5]) pos.put(c, 1);
  for (int c : kGeometry.arm_cells[1]) pos.put(c, 2);
  pos.remove(19);  // arm 1 has cell 19 next to 18's row; keep seat 2 at ten pieces elsewhere
  pos.put(60, 2);
  SearchOptions o;
  o.rules.players = 3;
  o.limits.depth = 2;
  Searcher searcher(kTestTableMb);
  for (MultiAlgorithm a : {MultiAlgorithm::brs, MultiAlgorithm::paranoid, MultiAlgorithm::greedy}) {
    o.multi = a;
    const SearchResult r = searcher.search(pos, o);
    CHECK(r.best == Move::of(18, 9));
    CHECK(r.score == kWinScore - 1);
  }
}

TEST_CASE("a decided position has no move to search") {
  Position pos(2);
  for (int c : kGeometry.arm_cells[0]) pos.put(c, 0);
  for (int c = 56; c <= 65; ++c) pos.put(c, 1);
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_options(3));
  CHECK_FALSE(r.has_move);
}
