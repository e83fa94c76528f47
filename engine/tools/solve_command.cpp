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
  long long alpha = -64, beta = 64, megabytes = 64, threads = 1;
  FfoBenchOptions ffo;
  ffo.first = 0;
  std::string board;
  CommandFlags flags;
  flags.toggle("--all", all).integer("--hash", 1, 4096, megabytes);
  flags.integer("--threads", 1, reversi::endgame::Solver::kMaxThreads, threads);
  flags.option("--window", 2, [&](const std::vector<std::string>& words) {
    window = true;
    if (parse_integer(words[0], -64, 64, alpha) && parse_integer(words[1], -64, 64, beta) && alpha < beta)
      return std::string();
    return "takes two scores A < B within -64..64, not '" + words[0] + " " + words[1] + "'";
  });
  flags.option("--ffo", 1, ffo_positions_option(ffo));
  // The board string (parse_board says what is wrong with it).
  flags.loose_words([&board](const std::string& word) {
    if (!board.empty() || CommandFlags::looks_like_option(word)) return std::string("is an unknown option");
    board = word;
    return std::string();
  });
  if (const std::string error = flags.read(args); !error.empty()) {
    std::fprintf(stderr, "qipan solve: %s\n", error.c_str());
    return usage();
  }
  if (ffo.first) {
    ffo.table_megabytes = std::size_t(megabytes);
    ffo.threads = int(threads);
    const FfoBenchResult r = run_ffo_bench(ffo);
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
