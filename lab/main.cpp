// The `qipan-lab` command: the programs that make and measure the engine
// (strength matches, engine-match referee, tuning and fitting, self-play,
// the opening book) and the Reversi root-split experiment
// (reversi_root_split/), beside the shipped `qipan` (engine/tools/).
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
      "  qipan-lab match reversi --a N --b M [--games G] [--random-plies P] [--seed S] [--time]\n"
      "  qipan-lab match reversi --a nboard:CMD --b nboard:CMD --openings FILE [--sprt ELO0 ELO1] ...\n"
      "                   engine against engine over NBoard (Egaroucid: lab/egaroucid_nboard.mjs)\n"
      "  qipan-lab match checkers --a LEVEL|greedy --b LEVEL|greedy [--players N] [--games G] [--time-ms T]\n"
      "                   [--nodes N] [--seed S] [--multi brs|paranoid] [--verbose]\n"
      "  qipan-lab match xiangqi --a LEVEL|depth=D|nodes=N --b ... [--games G] [--seed S] [--time] [--verbose]\n"
      "                   our levels against each other\n"
      "  qipan-lab match xiangqi --a uci:CMD --b uci:CMD [--movetime MS | --tc B+I] [--games G] ...\n"
      "                   engine against engine under our rules (docs/protocols.md)\n"
      "  qipan-lab summary xiangqi FILE   the score, endings and each side's time and depth of a match record\n"
      "  qipan-lab match xiangqi ... --sprt ELO0 ELO1\n"
      "                   either match as a pentanomial SPRT: the LLR after each pair, stops at its bounds\n"
      "  qipan-lab race checkers [--width W] [--exact-nodes N] [--position \"<121 holes> <side> <players>\"]\n"
      "  qipan-lab tune reversi eval|probcut [options]   regenerates the Reversi weights\n"
      "  qipan-lab book xiangqi [--lines N] [--plies P] [--seed S]   regenerates the match opening book\n"
      "  qipan-lab openings xiangqi [--count N] [--seed S] [--exclude FILE]... [--check FILE]\n"
      "                   makes (or checks) the held-out opening suite (lab/openings/xiangqi-heldout.txt)\n"
      "  qipan-lab openings reversi [--count N] [--plies P] [--seed S] [--exclude FILE]... [--check FILE]\n"
      "                   makes (or checks) the held-out Reversi suite (lab/openings/reversi-heldout.txt)\n"
      "  qipan-lab selfplay xiangqi [--games N] [--nodes K] [--out FILE]   self-play positions for the fit\n"
      "  qipan-lab tune xiangqi --data FILE[,FILE...] [--iterations N]   fits engine/xiangqi/eval_weights.h\n"
      "  qipan-lab train xiangqi-network --data FILE[,FILE...] [--epochs N]\n"
      "                   trains the evaluation network (engine/xiangqi/network_weights.inc)\n"
      "  qipan-lab solve reversi --ffo N[-M] --workers N [--simulate] [--hash MB]\n"
      "                   the FFO set, each solve split at the root among workers sharing no table");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace qipan::lab;
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help") {
    usage();
    return args.empty() ? 2 : 0;
  }
  const Args rest(args.begin() + 1, args.end());
  const std::string_view command = args[0];
  const std::string_view game = rest.empty() ? std::string_view() : std::string_view(rest[0]);
  if (command == "match" && game == "checkers") return checkers_match_command(rest);
  if (command == "match" && game == "xiangqi") {
    // Players named uci:CMD or ucci:CMD are outside engines: the referee runs them.
    const bool engines = std::any_of(rest.begin(), rest.end(), [](const std::string& a) {
      return a.rfind("uci:", 0) == 0 || a.rfind("ucci:", 0) == 0;
    });
    return engines ? xiangqi_engine_match_command(rest) : xiangqi_match_command(rest);
  }
  if (command == "match") {
    const bool engines =
        std::any_of(rest.begin(), rest.end(), [](const std::string& a) { return a.rfind("nboard:", 0) == 0; });
    return engines ? reversi_engine_match_command(rest) : reversi_match_command(rest);
  }
  if (command == "summary" && game == "xiangqi") return xiangqi_summary_command(rest);
  if (command == "book" && game == "xiangqi") return xiangqi_book_command(rest);
  if (command == "openings" && game == "xiangqi") return xiangqi_openings_command(rest);
  if (command == "openings" && game == "reversi") return reversi_openings_command(rest);
  if (command == "selfplay" && game == "xiangqi") return xiangqi_selfplay_command(rest);
  if (command == "tune" && game == "xiangqi") return xiangqi_tune_command(rest);
  if (command == "tune") return reversi_tune_command(rest);
  if (command == "train" && game == "xiangqi-network") return xiangqi_network_train_command(rest);
  if (command == "race") return checkers_race_command(rest);
  if (command == "solve") return reversi_root_split_command(rest);
  std::fprintf(stderr, "qipan-lab: unknown command '%s'\n", args[0].c_str());
  usage();
  return 2;
}
