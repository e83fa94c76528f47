#include <doctest/doctest.h>

#include "engine/xiangqi/movegen.h"

using namespace qipan::xiangqi;

TEST_CASE("perft from the start position matches the published counts") {
  Position pos = Position::start();
  CHECK(perft(pos, 1) == 44);
  CHECK(perft(pos, 2) == 1920);
  CHECK(perft(pos, 3) == 79666);
  CHECK(perft(pos, 4) == 3290240);
  CHECK(pos.fen() == std::string(kStartFen));
  CHECK(pos.invariants_hold());
}
