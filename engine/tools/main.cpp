// The `qipan` command: perft, bench, play and batch helpers for tests.
#include <algorithm>
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
      "  qipan bench [--depth N]\n"
      "  qipan match reversi --a N --b M [--games G] [--random-plies P] [--seed S] [--time]\n"
      "  qipan match checkers --a LEVEL|greedy --b LEVEL|greedy [--players N] [--games G] [--time-ms T]\n"
      "               [--nodes N] [--seed S] [--multi brs|paranoid] [--verbose]\n"
      "  qipan race checkers [--width W] [--exact-nodes N] [--position \"<121 holes> <side> <players>\"]\n"
      "  qipan tune reversi eval|probcut [options]   (regenerates the Reversi weights)\n"
      "  qipan play xiangqi [--level N] [--red human|ai] [--black human|ai] [--seed S]\n"
      "  qipan moves xiangqi   (reads FENs on stdin, prints legal moves per line)\n"
      "  qipan uci | qipan ucci   the xiangqi engine over UCI (ranks 1-10) or UCCI (ICCS)\n"
      "  qipan nboard   the Reversi engine over the NBoard protocol (docs/protocols.md)\n"
      "  qipan match xiangqi --a LEVEL|depth=D|nodes=N --b ... [--games G] [--seed S] [--time] [--verbose]\n"
      "               our levels against each other\n"
      "  qipan match xiangqi --a uci:CMD --b uci:CMD [--movetime MS | --tc B+I] [--games G] ...\n"
      "               engine against engine under our rules (see docs/measuring.md)\n"
      "  qipan book xiangqi [--lines N] [--plies P] [--seed S]   regenerates the match opening book\n"
      "  qipan selfplay xiangqi [--games N] [--nodes K] [--out FILE]   self-play positions for the fit\n"
      "  qipan tune xiangqi --data FILE[,FILE...] [--iterations N]   fits engine/xiangqi/eval_weights.h");
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
  if (command == "match" && !rest.empty() && rest[0] == "checkers") return qipan::tools::checkers_match_command(rest);
  if (command == "match" && !rest.empty() && rest[0] == "xiangqi") {
    // Players named uci:CMD or ucci:CMD are outside engines: the referee runs them.
    const bool engines = std::any_of(rest.begin(), rest.end(), [](const std::string& a) {
      return a.rfind("uci:", 0) == 0 || a.rfind("ucci:", 0) == 0;
    });
    return engines ? qipan::tools::xiangqi_engine_match_command(rest)
                   : qipan::tools::xiangqi_match_command(rest);
  }
  if (command == "book" && !rest.empty() && rest[0] == "xiangqi") return qipan::tools::xiangqi_book_command(rest);
  if (command == "selfplay" && !rest.empty() && rest[0] == "xiangqi") return qipan::tools::xiangqi_selfplay_command(rest);
  if (command == "tune" && !rest.empty() && rest[0] == "xiangqi") return qipan::tools::xiangqi_tune_command(rest);
  if (command == "race") return qipan::tools::checkers_race_command(rest);
  if (command == "match") return qipan::tools::match_command(rest);
  if (command == "tune") return qipan::tools::tune_command(rest);
  if (command == "uci" || command == "ucci") return qipan::tools::protocol_command(rest, command == "ucci");
  if (command == "nboard") return qipan::tools::nboard_command(rest);
  std::fprintf(stderr, "qipan: unknown command '%s'\n", args[0].c_str());
  usage();
  return 2;
}
