#include "ffo_bench.h"

#include <cstdio>
#include <optional>
#include <string>

#include "engine/core/clock.h"
#include "engine/reversi/endgame.h"
#include "engine/reversi/ffo_positions.h"
#include "engine/reversi/game/notation.h"

namespace qipan::tools {

FfoBenchResult run_ffo_bench(const FfoBenchOptions& options) {
  FfoBenchResult total;
  // Another way of solving brings its own solvers.
  std::optional<reversi::endgame::Solver> solver;
  if (!options.solve) {
    solver.emplace(options.table_megabytes);
    const int threads = solver->set_threads(options.threads);
    if (threads > 1) std::printf("ffo threads=%d\n", threads);
  }
  for (const reversi::FfoPosition& ffo : reversi::kFfoPositions) {
    if (ffo.number < options.first || ffo.number > options.last) continue;
    const auto pos = reversi::parse_board(ffo.board);
    if (!pos) {
      std::printf("ffo #%d: bad board: %s\n", ffo.number, pos.error().c_str());
      ++total.wrong;
      continue;
    }
    const Stopwatch watch;
    reversi::endgame::Solution s;
    if (options.solve) {
      s = options.solve(*pos);
    } else {
      solver->clear();  // every position starts cold
      s = solver->solve(*pos);
    }
    const double seconds = watch.elapsed_seconds();
    const std::string move = s.best_move == reversi::kNoSquare ? "none" : reversi::square_name(s.best_move);
    // ffo.best lists the best moves separated by spaces.
    bool best = false;
    for (std::size_t at = 0; at + 2 <= ffo.best.size(); at += 3) best |= ffo.best.substr(at, 2) == move;
    const bool ok = s.score == ffo.score && best;
    std::printf("ffo #%d empties=%d score=%+d move=%s seconds=%.3f nodes=%llu nps=%.0f %s\n", ffo.number,
                pos->empty_count(), s.score, move.c_str(), seconds, static_cast<unsigned long long>(s.nodes),
                seconds > 0 ? double(s.nodes) / seconds : 0.0, ok ? "ok" : "WRONG");
    std::fflush(stdout);
    ++total.positions;
    total.wrong += !ok;
    total.nodes += s.nodes;
    total.seconds += seconds;
  }
  std::printf("ffo total positions=%d wrong=%d seconds=%.3f nodes=%llu nps=%.0f\n", total.positions, total.wrong,
              total.seconds, static_cast<unsigned long long>(total.nodes),
              total.seconds > 0 ? double(total.nodes) / total.seconds : 0.0);
  std::fflush(stdout);
  return total;
}

}  // namespace qipan::tools
