#include <doctest/doctest.h>

#include <cstdint>

#include "engine/tictactoe/movegen.h"

using namespace qipan::tictactoe;

TEST_CASE("tictactoe perft: positions by depth, a won game counting as a leaf") {
  // 9·8·7·6·5 to depth 5; from depth 6 the 1440 games won at ply 5 stop.
  const std::uint64_t expected[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
  Position pos;
  for (int depth = 0; depth <= 9; ++depth) CHECK(perft(pos, depth) == expected[depth]);
}

TEST_CASE("tictactoe games: the published 255168 complete games, by result") {
  Position pos;
  const GameCount count = count_games(pos);
  CHECK(count.total() == 255168);
  CHECK(count.x_wins == 131184);
  CHECK(count.o_wins == 77904);
  CHECK(count.draws == 46080);
}
