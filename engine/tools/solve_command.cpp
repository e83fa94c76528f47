// `qipan solve reversi "<64-char board> <X|O>" [options]`: the exact endgame
// solution. Prints a line per root step of the solver (window, result, nodes,
// time), then as its last line the exact score for the side to move and a
// best move, e.g. `+38 a2` (`pass` when the side must pass, `none` when the
// game is over).
//   --all          the exact value of every legal move first (`a2 +38`, ...)
//   --window A B   search only the window (A, B): prints `<=S`, `>=S` or the
//                  exact score
//   --hash MB      transposition table size (default 64)
//   --threads N    search on N threads (native builds and wasm with threads,
//                  wasm_threads/solve_main.cpp; default 1): the same
//                  score, a best move of that score, varying node counts
//   --ffo N[-M]    instead of a board: solve FFO test positions N..M (40-59)
//                  and print the benchmark lines (ffo_bench.h)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "commands.h"
#include "engine/core/clock.h"
#include "engine/reversi/endgame.h"
#include "engine/reversi/game/notation.h"
#include "ffo_bench.h"
#include "parse_integer.h"

namespace qipan::tools {
namespace {

std::string move_text(reversi::Square s) { return s == reversi::kNoSquare ? "none" : reversi::square_name(s); }

int usage() {
  std::fprintf(stderr,
               "usage: qipan solve reversi \"<64-char board> <X|O>\" [--all] [--window A B] [--hash MB] [--threads N]\n"
               "       qipan solve reversi --ffo N[-M] [--hash MB] [--threads N]\n"
               "                                  (FFO test positions, 40-59)\n");
  return 2;
}

}  // namespace

int solve_command(const Args& args) {
  if (args.size() < 2 || args[0] != "reversi") return usage();
  bool all = false, window = false;
  long long alpha = -64, beta = 64, megabytes = 64, ffo_first = 0, ffo_last = 0, threads = 1;
  std::string board;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--all") {
      all = true;
    } else if (a == "--window" && i + 2 < args.size()) {
      window = true;
      if (!parse_integer(args[i + 1], -64, 64, alpha) || !parse_integer(args[i + 2], -64, 64, beta) || alpha >= beta) {
        std::fprintf(stderr, "qipan solve: --window needs two scores A < B within -64..64\n");
        return 2;
      }
      i += 2;
    } else if (a == "--hash" && i + 1 < args.size()) {
      if (!parse_integer(args[++i], 1, 4096, megabytes)) {
        std::fprintf(stderr, "qipan solve: --hash must be a number of megabytes from 1 to 4096\n");
        return 2;
      }
    } else if (a == "--threads" && i + 1 < args.size()) {
      if (!parse_integer(args[++i], 1, reversi::endgame::Solver::kMaxThreads, threads)) {
        std::fprintf(stderr, "qipan solve: --threads must be a number from 1 to %d\n",
                     reversi::endgame::Solver::kMaxThreads);
        return 2;
      }
    } else if (a == "--ffo" && i + 1 < args.size()) {
      const std::string range = args[++i];
      const std::size_t dash = range.find('-');
      const bool ok = dash == std::string::npos
                          ? parse_integer(range, 40, 59, ffo_first) && parse_integer(range, 40, 59, ffo_last)
                          : parse_integer(range.substr(0, dash), 40, 59, ffo_first) &&
                                parse_integer(range.substr(dash + 1), 40, 59, ffo_last) && ffo_first <= ffo_last;
      if (!ok) {
        std::fprintf(stderr, "qipan solve: --ffo takes a position number or range within 40-59, e.g. 40-49\n");
        return 2;
      }
    } else if (board.empty() && a.size() >= 64) {  // board strings may start with "--"

      board = a;
    } else {
      return usage();
    }
  }
  if (ffo_first) {
    FfoBenchOptions options;
    options.first = int(ffo_first);
    options.last = int(ffo_last);
    options.table_megabytes = std::size_t(megabytes);
    options.threads = int(threads);
    const FfoBenchResult r = run_ffo_bench(options);
    return r.wrong ? 1 : 0;
  }
  if (board.empty()) return usage();
  const auto parsed = reversi::parse_board(board);
  if (!parsed) {
    std::fprintf(stderr, "qipan solve: bad board: %s\n", parsed.error().c_str());
    return 2;
  }
  const reversi::Position pos = *parsed;
  reversi::endgame::Solver solver{std::size_t(megabytes)};
  if (const int running = solver.set_threads(int(threads)); running != threads)
    std::fprintf(stderr, "qipan solve: this build runs at most %d thread%s; solving on %d\n", running,
                 running == 1 ? "" : "s", running);
  reversi::endgame::Limits limits;
  limits.on_progress = [](const reversi::endgame::Progress& p) {
    std::printf("window [%+d,%+d] score %+d move %s nodes %llu time %.3fs\n", p.alpha, p.beta, p.score,
                move_text(p.best_move).c_str(), static_cast<unsigned long long>(p.nodes), p.seconds);
    std::fflush(stdout);
  };
  const Stopwatch watch;
  if (all) {
    const reversi::endgame::AllMoves moves = solver.solve_all_moves(pos);
    for (const reversi::endgame::MoveValue& m : moves.moves)
      std::printf("%s %+d\n", move_text(m.move).c_str(), m.score);
    std::printf("all moves: nodes %llu time %.3fs\n", static_cast<unsigned long long>(moves.nodes),
                watch.elapsed_seconds());
  }
  if (window) {
    const reversi::endgame::Solution s = solver.solve_window(pos, int(alpha), int(beta), limits);
    std::printf("nodes %llu time %.3fs\n", static_cast<unsigned long long>(s.nodes), watch.elapsed_seconds());
    const char* prefix = s.score <= alpha ? "<=" : s.score >= beta ? ">=" : "";
    std::printf("%s%+d %s\n", prefix, s.score, move_text(s.best_move).c_str());
    return 0;
  }
  const reversi::endgame::Solution s = solver.solve(pos, limits);
  std::printf("empties %d nodes %llu time %.3fs\n", pos.empty_count(), static_cast<unsigned long long>(s.nodes),
              watch.elapsed_seconds());
  std::printf("%+d %s\n", s.score, move_text(s.best_move).c_str());
  return 0;
}

}  // namespace qipan::tools
