// The shared search machinery that needs no game: the fixed-capacity list,
// SplitMix64 and the transposition table.
#include <doctest/doctest.h>

#include <set>

#include "engine/core/move_list.h"
#include "engine/core/random.h"
#include "engine/core/transposition_table.h"

using namespace qipan;

TEST_CASE("FixedList keeps order, truncates and finds") {
  FixedList<int, 8> list;
  CHECK(list.empty());
  for (int i = 0; i < 5; ++i) list.push(i * 10);
  CHECK(list.size() == 5);
  CHECK(list[3] == 30);
  CHECK(list.contains(40));
  CHECK_FALSE(list.contains(50));
  list.truncate(2);
  CHECK(list.size() == 2);
  CHECK_FALSE(list.contains(20));
  int sum = 0;
  for (int v : list) sum += v;
  CHECK(sum == 10);
  list.clear();
  CHECK(list.empty());
}

TEST_CASE("SplitMix64 is the published generator, and below() stays in range") {
  // The first outputs for seed 0 (the reference implementation by Vigna).
  SplitMix64 rng(0);
  CHECK(rng.next() == 0xE220A8397B1DCDAFull);
  CHECK(rng.next() == 0x6E789E6AA1B965F4ull);
  SplitMix64 draws(7);
  std::set<std::uint32_t> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::uint32_t v = draws.below(6);
    CHECK(v < 6);
    seen.insert(v);
  }
  CHECK(seen.size() == 6);
}

TEST_CASE("TranspositionTable: probe finds what was stored, depth-preferred replacement") {
  TranspositionTable tt(1);
  CHECK(tt.size() >= 1024);
  CHECK((tt.size() & (tt.size() - 1)) == 0);
  CHECK_FALSE(tt.probe(12345));
  tt.store(12345, 77, -30, 6, Bound::kLower);
  const TTEntry* e = tt.probe(12345);
  REQUIRE(e);
  CHECK(e->move == 77);
  CHECK(e->score == -30);
  CHECK(e->depth == 6);
  CHECK(e->bound == Bound::kLower);
  // The same position again without a move keeps the old move.
  tt.store(12345, 0, 5, 7, Bound::kExact);
  CHECK(tt.probe(12345)->move == 77);
  CHECK(tt.probe(12345)->score == 5);
  // Another position on the same slot, shallower in the same search: kept out.
  const std::uint64_t clash = 12345 + tt.size();
  tt.store(clash, 3, 0, 2, Bound::kExact);
  CHECK_FALSE(tt.probe(clash));
  CHECK(tt.probe(12345));
  // After new_search() the old entry may be replaced.
  tt.new_search();
  tt.store(clash, 3, 0, 2, Bound::kExact);
  CHECK(tt.probe(clash));
  CHECK_FALSE(tt.probe(12345));
  tt.clear();
  CHECK_FALSE(tt.probe(clash));
}
