// `qipan-lab race checkers [--width W] [--position "<121 holes> <side> <players>"]
// [--exact-nodes N]`: the solo race. One army (the bottom arm) crosses an
// empty board to the top arm; prints the number of moves the race solver
// needs (race.h: beam search of width W, default 5000; the best known
// solution takes 27 moves), whether it is proven minimal, and the moves.
// With --position, races the side to move of that position with every other
// piece a fixed obstacle.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "commands.h"
#include "engine/checkers/game/notation.h"
#include "engine/checkers/race.h"
#include "engine/core/clock.h"

namespace qipan::lab {

using namespace checkers;

int checkers_race_command(const Args& args) {
  long long width = 5000, exact_nodes = 0;
  std::string position_text;
  CommandFlags flags;
  flags.integer("--width", 1, 1000000, width).integer("--exact-nodes", 0, 1LL << 62, exact_nodes);
  flags.text("--position", position_text);
  if (const std::string error = !args.empty() && args[0] == "checkers" ? flags.read(args) : "races checkers only";
      !error.empty()) {
    std::fprintf(
        stderr,
        "qipan-lab race: %s\n"
        "usage: qipan-lab race checkers [--width W] [--exact-nodes N] [--position \"<121 holes> <side> <players>\"]\n",
        error.c_str());
    return 2;
  }
  Position pos = Position::start(1);
  if (!position_text.empty()) {
    const auto parsed = Position::from_string(position_text);
    if (!parsed) {
      std::fprintf(stderr, "qipan-lab race: %s\n", parsed.error().c_str());
      return 2;
    }
    pos = *parsed;
  }
  const RuleOptions rules;
  const Player side = pos.side_to_move();
  const RaceProblem problem = race_problem(pos, rules, side, false);
  RaceSolver solver;
  const Stopwatch watch;
  const RacePlan plan = solver.solve(problem, int(width), std::uint64_t(exact_nodes));
  const double seconds = watch.elapsed_seconds();
  if (!plan.solved) {
    std::printf("race checkers: no finishing line found (width %lld), %.2f s\n", width, seconds);
    return 1;
  }
  // Replay on a board to write the moves in the usual notation (solitaire
  // positions hand the turn back to the same seat).
  Position replay = pos;
  RuleOptions replay_rules;
  replay_rules.players = pos.players();
  std::string line;
  for (std::size_t i = 0; i < plan.line.size(); ++i) {
    replay.set_side_to_move(side);
    const Move m = plan.line[i];
    line += std::to_string(i + 1) + ". " + format_move(replay, replay_rules, m) + (i + 1 < plan.line.size() ? " " : "");
    Undo undo;
    replay.make(m, undo);
  }
  std::printf("race checkers: width %lld, %llu states, %.2f s\n", width, static_cast<unsigned long long>(plan.nodes),
              seconds);
  std::printf("moves: %s\n", line.c_str());
  std::printf("race moves=%d%s\n", plan.moves, plan.exact ? " (proven minimal)" : "");
  return 0;
}

}  // namespace qipan::lab
