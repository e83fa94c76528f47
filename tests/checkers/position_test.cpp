// Geometry tables against the spec's tables (§5.1, §5.2, §2.1), position
// strings in and out, and make/unmake.
#include <doctest/doctest.h>

#include <string>

#include "engine/checkers/movegen.h"
#include "engine/checkers/position.h"
#include "helpers.h"

using namespace qipan::checkers;

namespace {
const std::string kStart2 = "2222222222" + std::string(101, '.') + "1111111111 1 2";
}

TEST_CASE("checkers geometry: cell order, rows and arms as in the spec") {
  // §5.2: first index and x range of each row.
  const int first[17] = {0, 1, 3, 6, 10, 23, 35, 46, 56, 65, 75, 86, 98, 111, 115, 118, 120};
  const int xmin[17] = {4, 3, 2, 1, -4, -4, -4, -4, -4, -5, -6, -7, -8, -4, -4, -4, -4};
  for (int row = 0; row < 17; ++row) {
    CAPTURE(row);
    CHECK(cube_of(first[row]).z == row - 8);
    CHECK(cube_of(first[row]).x == xmin[row]);
    CHECK(row_of(first[row]) == row);
    CHECK(cell_at(xmin[row], row - 8) == first[row]);
  }
  CHECK(cube_of(120) == Cube{-4, -4, 8});
  CHECK(cell_at(0, 0) == 60);
  const int arms[6][10] = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                           {19, 20, 21, 22, 32, 33, 34, 44, 45, 55},
                           {74, 84, 85, 95, 96, 97, 107, 108, 109, 110},
                           {111, 112, 113, 114, 115, 116, 117, 118, 119, 120},
                           {65, 75, 76, 86, 87, 88, 98, 99, 100, 101},
                           {10, 11, 12, 13, 23, 24, 25, 35, 36, 46}};
  int hexagon = 0;
  for (Cell c = 0; c < kCells; ++c) hexagon += arm_of(c) == kHexagon;
  CHECK(hexagon == 61);
  for (int a = 0; a < 6; ++a) {
    CAPTURE(a);
    Bits expected;
    for (int c : arms[a]) expected.set(c);
    CHECK(arm_mask(a) == expected);
    CHECK(arm_mask(a).count() == 10);
    for (int i = 0; i < 10; ++i) CHECK(int(kGeometry.arm_cells[a][i]) == arms[a][i]);
  }
  for (Cell c = 0; c < kCells; ++c) {
    CHECK(column2_of(c) >= 0);
    CHECK(column2_of(c) <= 24);
    for (int d = 0; d < kDirections; ++d) {
      const Cell n = neighbour(c, d);
      if (n < 0) continue;
      CHECK(neighbour(n, (d + 3) % 6) == c);
      CHECK(distance(c, n) == 1);
      CHECK(direction_between(c, n) == d);
    }
  }
}

TEST_CASE("checkers seats follow the spec's table") {
  CHECK(home_arm(2, 0) == 3);
  CHECK(home_arm(2, 1) == 0);
  CHECK(home_arm(3, 1) == 5);
  CHECK(home_arm(3, 2) == 1);
  CHECK(home_arm(4, 1) == 4);
  CHECK(home_arm(4, 3) == 1);
  CHECK(home_arm(6, 5) == 2);
  CHECK(target_arm(3, 0) == 0);
  CHECK(target_arm(6, 2) == 2);
  CHECK(seat_of_home(4, 2) == kNoPlayer);
  CHECK(seat_of_home(4, 0) == 2);
  CHECK(Position::start(2).to_string() == kStart2);
}

TEST_CASE("checkers position strings round-trip") {
  for (int n : {1, 2, 3, 4, 6})
    for (Player first = 0; first < n; ++first) {
      const Position pos = Position::start(n, first);
      auto again = Position::from_string(pos.to_string());
      REQUIRE(again.ok());
      CHECK(*again == pos);
      CHECK(again->key() == pos.key());
      CHECK(again->invariants_hold());
    }
  for (int i = 0; i < 40; ++i) {
    const Position pos = checkers_test::random_scatter(i % 2 ? 6 : 3, 5000 + i);
    auto again = Position::from_string(pos.to_string());
    REQUIRE(again.ok());
    CHECK(*again == pos);
    CHECK(again->to_string() == pos.to_string());
  }
  auto with_newline = Position::from_string(kStart2 + "\n");
  CHECK(with_newline.ok());
}

TEST_CASE("checkers malformed position strings are refused with a reason") {
  const std::string board = kStart2.substr(0, 121);
  std::string three_p(121, '.');
  for (int c : {111, 112, 113, 114, 115, 116, 117, 118, 119, 120}) three_p[c] = '1';
  for (int c : {10, 11, 12, 13, 23, 24, 25, 35, 36, 46}) three_p[c] = '2';
  for (int c : {19, 20, 21, 22, 32, 33, 34, 44, 45, 55}) three_p[c] = '3';
  auto replace = [](std::string s, std::size_t i, char ch) {
    s.replace(i, 1, 1, ch);
    return s;
  };
  struct Bad {
    std::string text;
    const char* words;
  };
  const Bad cases[] = {
      {"", "3 fields"},
      {board, "3 fields"},
      {board + " 1", "3 fields"},
      {board + " 1 2 x", "found 4"},
      {board + "  1 2", "found 4"},
      {board + " 1 2 ", "found 4"},
      {" " + board + " 1 2", "found 4"},
      {board + "\t1 2", "3 fields"},
      {board.substr(1) + " 1 2", "121 characters, found 120"},
      {board + ". 1 2", "121 characters, found 122"},
      {board + " 0 2", "side to move"},
      {board + " 3 2", "from 1 to 2"},
      {board + " a 2", "side to move"},
      {board + " 12 2", "side to move"},
      {board + " 1 5", "player count"},
      {board + " 1 7", "player count"},
      {board + " 1 0", "player count"},
      {board + " 1 22", "player count"},
      {board + " 1 x", "player count"},
      {replace(board, 60, 'x') + " 1 2", "unknown character 'x' at hole i5"},
      {replace(board, 0, 'O') + " 1 2", "unknown character 'O' at hole q1"},
      {replace(board, 60, '0') + " 1 2", "unknown character '0'"},
      {replace(board, 60, '7') + " 1 2", "unknown character '7'"},
      {replace(board, 60, '-') + " 1 2", "unknown character '-'"},
      {replace(board, 60, '3') + " 1 2", "only 2 players"},
      {replace(board, 60, '1') + " 1 2", "player 1 has 11 pieces"},
      {replace(board, 0, '.') + " 1 2", "player 2 has 9 pieces"},
      {replace(replace(board, 0, '1'), 120, '2') + " 1 2", ""},  // valid: counts still 10 each
      {three_p + " 1 2", "only 2 players"},
      {three_p + " 4 3", "from 1 to 3"},
      {std::string(121, '.') + " 1 2", "player 1 has 0 pieces"},
      {std::string(121, '1') + " 1 2", "player 1 has 121 pieces"},
  };
  int refused = 0;
  for (const Bad& bad : cases) {
    CAPTURE(bad.text);
    auto parsed = Position::from_string(bad.text);
    if (std::string(bad.words).empty()) {
      CHECK(parsed.ok());
      continue;
    }
    REQUIRE_FALSE(parsed.ok());
    CHECK_MESSAGE(parsed.error().find(bad.words) != std::string::npos, parsed.error());
    CHECK(std::string(parsed.code()).rfind("checkers_", 0) == 0);
    ++refused;
  }
  CHECK(refused >= 30);
}

TEST_CASE("checkers make/unmake restores the position and its key") {
  for (int n : {2, 3, 4, 6}) {
    RuleOptions rules;
    rules.players = n;
    rules.long_jumps = n == 4;
    for (int game = 0; game < 4; ++game) {
      Position pos = checkers_test::random_playout(n, 12 * game, 7 * n + game, rules);
      MoveList moves;
      generate_moves(pos, rules, moves);
      for (Move m : moves) {
        const Position before = pos;
        Undo undo;
        pos.make(m, undo);
        CHECK(pos.invariants_hold());
        CHECK(pos.key() != before.key());
        CHECK(pos.side_to_move() == (before.side_to_move() + 1) % n);
        pos.unmake(m, undo);
        CHECK(pos == before);
        CHECK(pos.key() == before.key());
        CHECK(pos.invariants_hold());
      }
    }
  }
  // set_side_to_move (play-on skips) is undone by unmake too.
  Position pos = Position::start(3);
  const Position before = pos;
  Undo undo;
  pos.make(Move::of(111, 99), undo);
  pos.set_side_to_move(0);
  CHECK(pos.key() == pos.compute_key());
  pos.unmake(Move::of(111, 99), undo);
  CHECK(pos == before);
  CHECK(pos.key() == before.key());
}

TEST_CASE("checkers keys differ by side to move and player count") {
  CHECK(Position::start(2, 0).key() != Position::start(2, 1).key());
  Position a(2), b(3);
  CHECK(a.key() != b.key());
}
