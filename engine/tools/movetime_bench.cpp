// `qipan bench --only movetime`: how much of a fixed time for the move each
// search spends. For 100, 300 and 1000 ms it runs, from a few fixed
// positions:
//   - `timeMs`: the searchers' explicit {timeMs} as the Embind searchers run
//     it (xiangqi explicit_limits, Reversi and Chinese checkers custom_spec,
//     through each game's AI object);
//   - `movetime`: xiangqi `go movetime` as `qipan uci` plans it (plan_search,
//     which keeps kMoveOverheadMs back for the pipe).
// Both go through spend_move_time (engine/core/time_manager.h). One line per
// game, path and budget:
//
//   movetime <game> <path> requested=<ms> planned=<ms> used=<mean ms> min=<ms> max=<ms> depth=<mean>
//
// `used` is wall time around the call (what a caller waits), min and max over
// the positions. A figure to read, not a signature: times vary from run to
// run and machine to machine (docs/measuring.md).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/checkers/ai_levels.h"
#include "engine/core/clock.h"
#include "engine/core/time_manager.h"
#include "engine/reversi/ai_levels.h"
#include "engine/reversi/game/notation.h"
#include "engine/xiangqi/ai_levels.h"

namespace qipan::tools {
namespace {

constexpr std::int64_t kBudgets[] = {100, 300, 1000};

// The start and two middlegames of the search bench
// (engine/xiangqi/bench/search_bench.cpp).
constexpr const char* kXiangqiFens[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/4c4/1c7/p1C1R4/6p2/9/P1P1P1n1P/6N2/9/RNBAKAB2 w - - 1 10",
    "2bakabn1/9/2n1c4/p1p1p1c1p/6p2/2P6/P3P1P1P/N1C1C1N2/9/2BAKAB2 w - - 0 12",
};

// Midgames of the Reversi search bench (52, 44 and 36 empty squares).
constexpr const char* kReversiBoards[] = {
    "---------------------X-----OXO----OOOO----XXXO------------------ X",
    "-------------------X-XX---XXOOO---XXOO----XXOO----OOO-----O----- X",
    "-----------------OOXXXX---OOXOO-XXXXOO---OOXXO----OXX-----O-XX-- X",
};

struct Run {
  double ms = 0;
  int depth = 0;
};

void print_line(const char* game, const char* path, std::int64_t requested, std::int64_t planned,
                const std::vector<Run>& runs) {
  double sum = 0, low = 1e18, high = 0, depth = 0;
  for (const Run& r : runs) {
    sum += r.ms;
    low = std::min(low, r.ms);
    high = std::max(high, r.ms);
    depth += r.depth;
  }
  const double n = double(std::max<std::size_t>(runs.size(), 1));
  std::printf("movetime %s %s requested=%lld planned=%lld used=%.1f min=%.1f max=%.1f depth=%.1f\n", game, path,
              static_cast<long long>(requested), static_cast<long long>(planned), sum / n, low, high, depth / n);
  std::fflush(stdout);
}

template <typename Search>
Run timed(Search search) {
  const Stopwatch watch;
  const int depth = search();
  return Run{watch.elapsed_seconds() * 1000.0, depth};
}

void xiangqi_lines(std::int64_t ms) {
  using namespace xiangqi;
  std::vector<Game> games;
  for (const char* fen : kXiangqiFens)
    if (auto g = Game::from_fen(fen)) games.push_back(*g);
  XiangqiAi ai(16);
  std::vector<Run> runs;
  const SearchLimits explicit_plan = explicit_limits(0, 0, ms);
  for (const Game& g : games) runs.push_back(timed([&] { return ai.search(g, explicit_plan).depth; }));
  print_line("xiangqi", "timeMs", ms, explicit_plan.time_ms, runs);

  // `go movetime` as `qipan uci` runs it: its plan, tables kept between moves.
  GoRequest go;
  go.move_time_ms = ms;
  SearchLimits plan = plan_search(go);
  plan.reuse_tables = true;
  runs.clear();
  for (const Game& g : games)
    runs.push_back(timed([&] { return ai.searcher().search(g.position(), past_positions(g), plan).depth; }));
  print_line("xiangqi", "movetime", ms, plan.time_ms, runs);
}

void reversi_lines(std::int64_t ms) {
  using namespace reversi;
  ReversiAi ai(16);
  const LevelSpec spec = custom_spec(0, 0, ms, 0);
  AiOptions options;
  options.reuse_tables = true;  // as ReversiSearcher.search
  std::vector<Run> runs;
  for (const char* text : kReversiBoards)
    if (auto pos = parse_board(text)) runs.push_back(timed([&] { return ai.choose_move(*pos, spec, options).depth; }));
  print_line("reversi", "timeMs", ms, level_options(spec).limits.time_ms, runs);
}

void checkers_lines(std::int64_t ms) {
  using namespace checkers;
  CheckersAi ai(16);
  const LevelSpec spec = custom_spec(0, 0, ms);
  AiOptions options;
  options.reuse_tables = true;  // as CheckersSearcher.search
  std::vector<Run> runs;
  // The start, and two midgames of seeded greedy play (the same on every build).
  for (const int plies : {0, 16, 30}) {
    Position pos = Position::start(2);
    for (int i = 0; i < plies; ++i) {
      Undo undo;
      pos.make(greedy_forward_move(pos, options.rules, 12345 + std::uint64_t(i)), undo);
    }
    runs.push_back(timed([&] { return ai.choose_move(pos, spec, options).depth; }));
  }
  print_line("checkers", "timeMs", ms, level_options(spec, options.rules).limits.time_ms, runs);
}

}  // namespace

MovetimeBenchFigures run_movetime_bench() {
  MovetimeBenchFigures out;
  const Stopwatch watch;
  for (const std::int64_t ms : kBudgets) {
    xiangqi_lines(ms);
    reversi_lines(ms);
    checkers_lines(ms);
  }
  out.seconds = watch.elapsed_seconds();
  return out;
}

}  // namespace qipan::tools
