// The Chinese checkers search bench (`qipan bench --only search-checkers`):
// fixed-depth searches without time or node limits from a few fixed
// positions (2 players: the start and a midgame; 3 players with Best-Reply
// Search; 6 players), each from clean tables. The total node count is the
// determinism signature: it must be the same natively and in wasm.
#include "search_bench.h"

#include <cstdio>

#include "engine/checkers/ai_levels.h"
#include "engine/checkers/game/notation.h"
#include "engine/core/clock.h"

namespace qipan::tools {

using namespace checkers;

namespace {

// A midgame reached by seeded greedy play (deterministic on every build).
Position greedy_opening(int players, int plies, std::uint64_t seed) {
  RuleOptions rules;
  rules.players = players;
  Position pos = Position::start(players);
  for (int i = 0; i < plies && !pos.anyone_finished(); ++i) {
    Undo undo;
    pos.make(greedy_forward_move(pos, rules, seed + std::uint64_t(i)), undo);
  }
  return pos;
}

struct BenchCase {
  int players;
  int plies;
  int depth;
};

constexpr BenchCase kCases[] = {
    {2, 0, kCheckersBenchDepth},       // the start
    {2, 24, kCheckersBenchDepth},      // midgame, armies meeting
    {2, 50, kCheckersBenchDepth},      // late midgame
    {3, 12, kCheckersBenchDepth - 1},  // BRS layers
    {6, 24, kCheckersBenchDepth - 2},
};

}  // namespace

CheckersBenchFigures run_checkers_search_bench(bool verbose) {
  CheckersBenchFigures out;
  out.depth = kCheckersBenchDepth;
  Searcher searcher(16);
  const Stopwatch watch;
  for (const BenchCase& c : kCases) {
    const Position pos = greedy_opening(c.players, c.plies, 12345);
    SearchOptions o;
    o.rules.players = c.players;
    o.limits.depth = c.depth;
    o.race = false;  // the race solver has its own figures (qipan-lab race checkers)
    const Stopwatch one;
    const SearchResult r = searcher.search(pos, o);
    out.nodes += r.nodes;
    if (verbose) {
      RuleOptions rules;
      rules.players = c.players;
      std::fprintf(stderr, "  %dp after %d plies: depth %d best %s score %d nodes %llu %.3f s\n", c.players, c.plies,
                   r.depth, format_move(pos, rules, r.best).c_str(), r.score, static_cast<unsigned long long>(r.nodes),
                   one.elapsed_seconds());
    }
  }
  out.seconds = watch.elapsed_seconds();
  return out;
}

}  // namespace qipan::tools
