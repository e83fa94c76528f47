// `qipan-lab summary xiangqi FILE`: a match record (xiangqi_match_record.h)
// summed up without playing, as the referee prints a match: the games and any
// missing below the highest number (a match stopped with games in flight),
// how they ended and under which repetition rules, the games each side lost
// by those rules, each side's time and depth a move, and A's score with each
// colour and overall with its 95 % errors.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "commands.h"
#include "match_progress.h"
#include "xiangqi_match_record.h"
#include "xiangqi_rule_losses.h"

namespace qipan::lab {

int xiangqi_summary_command(const Args& args) {
  if (args.size() != 2 || args[0] != "xiangqi") {
    std::fputs("usage: qipan-lab summary xiangqi FILE   (a record of qipan-lab match xiangqi --pgn/--resume)\n",
               stderr);
    return 2;
  }
  const std::string& path = args[1];
  std::error_code ignored;
  const MatchRecords records = read_match_records(path);
  const std::string error = !std::filesystem::exists(path, ignored) ? "cannot read " + path
                            : !records.error.empty()                ? records.error
                            : records.games.empty()                 ? path + " holds no game"
                                                                    : "";
  if (!error.empty()) {
    std::fprintf(stderr, "qipan-lab summary: %s\n", error.c_str());
    return 2;
  }
  MatchProgress progress(std::nullopt);
  SideFigures figures[2];
  std::map<std::string, int> endings;
  std::map<std::string, int> rule_sets;
  RuleLosses rule_losses;
  std::set<int> numbers;
  for (const MatchGameRecord& game : records.games) {
    progress.record(game.number - 1, game.a_red, game.result_for_a);
    add_recorded_figures(game, figures);
    ++endings[game.reason.empty() ? "?" : game.reason];
    ++rule_sets[game.rules.empty() ? "?" : game.rules];
    rule_losses.add(game.reason, game.result_for_a);
    numbers.insert(game.number);
  }
  std::string missing;
  for (int n = 1; n < *numbers.rbegin(); ++n)
    if (!numbers.count(n)) missing += (missing.empty() ? "" : ", ") + std::to_string(n);
  std::printf("%s: %zu games, numbers 1-%d; missing: %s\n", path.c_str(), numbers.size(), *numbers.rbegin(),
              missing.empty() ? "none" : missing.c_str());
  std::string ended;
  for (const auto& [reason, count] : endings)
    ended += (ended.empty() ? "" : ", ") + reason + " " + std::to_string(count);
  std::printf("endings: %s\n", ended.c_str());
  std::string rules;
  for (const auto& [code, count] : rule_sets) rules += (rules.empty() ? "" : ", ") + code + " " + std::to_string(count);
  std::printf("rules: %s\n", rules.c_str());
  std::printf("%s\n", rule_losses.line().c_str());
  std::printf("A: %.0f ms per move, depth %.1f (%lld moves); B: %.0f ms per move, depth %.1f (%lld moves)\n",
              figures[0].ms_per_move(), figures[0].depth_per_move(), figures[0].moves, figures[1].ms_per_move(),
              figures[1].depth_per_move(), figures[1].moves);
  progress.print_summary("red", "black");
  return 0;
}

}  // namespace qipan::lab
