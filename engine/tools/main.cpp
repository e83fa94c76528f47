// The `qipan` command: perft, bench, the exact Reversi solve, a terminal
// game, batch move lists for tests and the engine protocols. The programs
// that make and measure the engine are `qipan-lab` (lab/).
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"

namespace {

void usage() {
  std::puts(
      "usage:\n"
      "  qipan perft xiangqi \"<fen>\" <depth> [--divide]\n"
      "  qipan perft reversi \"<64-char board> <X|O>\" <depth> [--divide]\n"
      "  qipan perft checkers \"<121 holes> <side> <players>\" <depth> [--divide]\n"
      "               [--strict-win] [--no-goal-lock] [--no-parking] [--long-jumps]\n"
      "  qipan solve reversi \"<64-char board> <X|O>\" [--all] [--window A B] [--hash MB] [--ffo N[-M]]\n"
      "  qipan bench [--depth N] [--only SECTION]\n"
      "  qipan play xiangqi [--level N] [--red human|ai] [--black human|ai] [--seed S]\n"
      "  qipan moves xiangqi   (reads FENs on stdin, prints legal moves per line)\n"
      "  qipan rule xiangqi [--rules asian|chinese|simple] \"<fen>\"|startpos <move>...\n"
      "               the game's result and repetition ruling as one JSON line\n"
      "  qipan uci | qipan ucci   the xiangqi engine over UCI (ranks 1-10) or UCCI (ICCS)\n"
      "  qipan nboard   the Reversi engine over the NBoard protocol (docs/protocols.md)");
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help") {
    usage();
    return args.empty() ? 2 : 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  const std::string_view command = args[0];
  if (command == "perft") return qipan::tools::perft_command(rest);
  if (command == "bench") return qipan::tools::bench_command(rest);
  if (command == "play") return qipan::tools::play_command(rest);
  if (command == "moves") return qipan::tools::moves_command(rest);
  if (command == "solve") return qipan::tools::solve_command(rest);
  if (command == "rule") return qipan::tools::rule_command(rest);
  if (command == "uci" || command == "ucci") return qipan::tools::protocol_command(rest, command == "ucci");
  if (command == "nboard") return qipan::tools::nboard_command(rest);
  std::fprintf(stderr, "qipan: unknown command '%s'\n", args[0].c_str());
  usage();
  return 2;
}
