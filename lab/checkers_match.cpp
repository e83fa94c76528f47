// `qipan-lab match checkers --a LEVEL|greedy --b LEVEL|greedy [--players N]
// [--games G] [--time-ms T] [--nodes N] [--seed S] [--multi brs|paranoid|greedy] [--sprt ELO0 ELO1]`:
// one A seat against N-1 B seats, for strength figures (a benchmark, not a
// test). A's seat rotates (game g: seat g mod N; seat 0 always moves first),
// so in 2 players A moves first in every other game. Greedy players draw
// their ties from the seed, so the games differ. Without --time-ms the
// levels' depth and node budgets alone bound the searches (deterministic);
// with it, T ms per move is each searching seat's ceiling.
//
// Prints A's wins/draws/losses and score (2 players) or its places (3+),
// A's average number of its own moves in the games it won, and speeds.
// --sprt ELO0 ELO1 (2 players): the pentanomial SPRT on the pairs of games
// (A first, then A second; match_progress.h), for testing a change to A's
// search (--nodes, --multi, --weights); it stops at its bounds, --games
// (20000 unless given) being the most it plays.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/checkers/ai_levels.h"
#include "engine/checkers/game/game.h"
#include "engine/checkers/rival_model.h"
#include "engine/core/clock.h"
#include "engine/tools/parse_integer.h"
#include "match_progress.h"

namespace qipan::lab {

using namespace checkers;

namespace {

// The reader (CommandFlags) of --a and --b: a level, or greedy (level 1).
CommandFlags::Reader level_option(long long& out) {
  return [&out](const std::vector<std::string>& words) {
    if (words[0] == "greedy") out = 1;
    else if (!parse_integer(words[0], kMinLevel, kMaxLevel, out))
      return "takes a level " + std::to_string(kMinLevel) + "-" + std::to_string(kMaxLevel) + " or greedy, not '" +
             words[0] + "'";
    return std::string();
  };
}

struct SideStats {
  std::uint64_t nodes = 0;
  double seconds = 0;
  int moves = 0;
};

struct GameOutcome {
  int place = 0;      // A's place (1 = won); equal places on a draw
  bool draw = false;  // nobody finished
  int a_moves = 0;    // A's own moves in the game
  int plies = 0;
};

const char* multi_name(MultiAlgorithm m) {
  return m == MultiAlgorithm::paranoid ? ", paranoid" : m == MultiAlgorithm::greedy ? ", greedy rivals" : ", BRS";
}

}  // namespace

int checkers_match_command(const Args& args) {
  long long a = 0, b = 0, players = 2, games = 100, time_ms = 0, nodes = 0, seed = 1;
  std::optional<MultiAlgorithm> multi;  // unset: the levels' choice
  std::optional<EvalWeights> weights;
  std::optional<Sprt> sprt;
  bool verbose = false;
  CommandFlags flags;
  flags.option("--a", 1, level_option(a)).option("--b", 1, level_option(b));
  flags.option("--players", 1, [&players](const std::vector<std::string>& words) {
    if (parse_integer(words[0], 2, 6, players) && valid_player_count(int(players))) return std::string();
    return "takes 2, 3, 4 or 6, not '" + words[0] + "'";
  });
  flags.integer("--games", 1, 100000, games).integer("--time-ms", 1, 600000, time_ms);
  flags.integer("--nodes", 1, 1LL << 40, nodes).integer("--seed", 0, 1LL << 40, seed);
  flags.toggle("--verbose", verbose).option("--sprt", 2, sprt_bounds(sprt));
  // straggler,slack,isolated,in_target,rival_percent[,filled_percent]
  // (tuning experiments; filled_percent 0 when left out)
  flags.option("--weights", 1, [&weights](const std::vector<std::string>& words) {
    EvalWeights w;
    int* const fields[] = {&w.straggler, &w.straggler_slack, &w.isolated,
                           &w.in_target, &w.rival_percent,   &w.filled_percent};
    std::size_t count = 0, start = 0;
    bool ok = true;
    for (std::size_t end = 0; ok && end != std::string::npos; start = end + 1, ++count) {
      end = words[0].find(',', start);
      long long value = 0;
      ok = count < 6 && parse_integer(words[0].substr(start, end - start), -1000000, 1000000, value);
      if (ok) *fields[count] = int(value);
    }
    if (!ok || count < 5) return "takes five or six whole numbers separated by commas, not '" + words[0] + "'";
    weights = w;
    return std::string();
  });
  flags.option("--multi", 1, [&multi](const std::vector<std::string>& words) {
    const std::string& v = words[0];
    if (v != "brs" && v != "paranoid" && v != "greedy") return "takes brs, paranoid or greedy, not '" + v + "'";
    multi = v == "paranoid" ? MultiAlgorithm::paranoid : v == "greedy" ? MultiAlgorithm::greedy : MultiAlgorithm::brs;
    return std::string();
  });
  std::string error = !args.empty() && args[0] == "checkers" ? flags.read(args) : "plays checkers only";
  if (error.empty() && (a == 0 || b == 0)) error = "--a and --b are both needed";
  if (error.empty() && sprt && players != 2) error = "--sprt is for two players";
  if (!error.empty()) std::fprintf(stderr, "qipan-lab match: %s\n", error.c_str());
  const bool games_given = flags.given("--games");
  if (!error.empty()) {
    std::fprintf(
        stderr,
        "usage: qipan-lab match checkers --a LEVEL|greedy --b LEVEL|greedy [--players 2|3|4|6] [--games G]\n"
        "                                [--time-ms T] [--nodes N] [--seed S] [--multi brs|paranoid|greedy] [--verbose]\n"
        "                                [--weights straggler,slack,isolated,in_target,rival%%[,filled%%]]\n"
        "                                [--sprt ELO0 ELO1]   (2 players)\n"
        "  levels %d..%d (greedy = 1); A rotates through the seats; --time-ms: ceiling per move\n"
        "  (otherwise depth and node budgets only: deterministic); --nodes replaces A's node budget;\n"
        "  --multi and --weights set A's search and evaluation (the other seats keep their levels')\n",
        kMinLevel, kMaxLevel);
    return 2;
  }
  const int n = int(players);
  if (sprt && !games_given) games = kSprtMaxGames;
  std::printf("match checkers: level %lld (A) vs level %lld (B), %d players, %lld games, seed %lld, %s%s\n", a, b, n,
              games, seed, time_ms ? ("ceiling " + std::to_string(time_ms) + " ms/move").c_str() : "budgets only",
              n < 3    ? ""
              : multi  ? multi_name(*multi)
              : n == 6 ? ", greedy rivals while they race, else BRS"
                       : ", BRS");
  MatchProgress progress(sprt);
  progress.print_sprt_header();
  std::fflush(stdout);
  std::vector<std::unique_ptr<CheckersAi>> ais;
  for (int s = 0; s < n; ++s) ais.push_back(std::make_unique<CheckersAi>(8));
  SideStats stats_a, stats_b;
  std::vector<int> place_count(n + 1, 0);
  int wins = 0, draws = 0, losses = 0, won_moves = 0;
  long long plies_total = 0;
  const Stopwatch watch;
  int g = 0;
  for (; g < games && !progress.decided(); ++g) {
    RuleOptions rules;
    rules.players = n;
    const Player a_seat = g % n;
    Game game(rules, 0);
    for (auto& ai : ais) ai->clear();
    std::vector<std::uint64_t> keys;
    GameOutcome out;
    while (!game.over()) {
      const Position& pos = game.position();
      const Player seat = pos.side_to_move();
      const bool is_a = seat == a_seat;
      AiOptions o;
      o.rules = rules;
      o.seed = std::uint64_t(seed) * 1000003 + std::uint64_t(g) * 4099 + std::uint64_t(game.plies().size());
      o.use_time = time_ms > 0;
      o.time_ms = time_ms > 0 ? time_ms : -1;
      if (is_a && nodes > 0) o.nodes = std::uint64_t(nodes);
      o.reuse_tables = true;
      o.history = keys;
      o.retired = game.finished_seats();
      if (n == 6) o.greedy_seats = observed_greedy_seats(game);
      CheckersAi& ai = *ais[std::size_t(seat)];
      // The options under test are A's; the other seats play their levels'
      // defaults, so a changed search or evaluation can face the current one.
      if (is_a) {
        o.multi = multi;
        o.weights = weights;
      }
      const Stopwatch move_watch;
      const AiMove m = ai.choose_move(pos, int(is_a ? a : b), o);
      SideStats& st = is_a ? stats_a : stats_b;
      st.seconds += move_watch.elapsed_seconds();
      st.nodes += m.nodes;
      ++st.moves;
      if (is_a) ++out.a_moves;
      keys.push_back(pos.key());
      const auto played = game.play(m.move);
      if (!played) {
        std::fprintf(stderr, "qipan-lab match: illegal AI move in game %d: %s\n%s\n", g + 1, played.error().c_str(),
                     pos.to_string().c_str());
        return 1;
      }
    }
    const GameStatus& status = game.status();
    out.plies = int(game.plies().size());
    out.place = status.places.empty() ? 0 : status.places[std::size_t(a_seat)];
    out.draw = !status.winner.has_value();
    plies_total += out.plies;
    if (out.draw) ++draws;
    else if (*status.winner == a_seat) {
      ++wins;
      won_moves += out.a_moves;
    } else {
      ++losses;
    }
    if (out.place >= 1 && out.place <= n) ++place_count[std::size_t(out.place)];
    progress.record(g, a_seat == 0, out.draw ? 0 : *status.winner == a_seat ? 1 : -1);
    if (verbose)
      std::fprintf(stderr, "  game %d: A seat %d, %s after %d plies (A %d moves)%s\n", g + 1, a_seat + 1,
                   status.description.c_str(), out.plies, out.a_moves, out.draw ? " [draw]" : "");
    if ((g + 1) % 10 == 0)
      std::fprintf(stderr, "  %d games: +%d =%d -%d, %.0f s\n", g + 1, wins, draws, losses, watch.elapsed_seconds());
  }
  games = g;  // an SPRT may stop before --games
  const double score = 100.0 * (wins + 0.5 * draws) / double(games);
  if (n == 2) {
    std::printf("A (level %lld): %d wins, %d draws, %d losses of %lld (score %.1f%%)\n", a, wins, draws, losses, games,
                score);
  } else {
    std::printf("A (level %lld): first place in %d of %lld games (%.1f%%), draws %d\n", a, wins, games,
                100.0 * wins / double(games), draws);
  }
  std::printf("A average moves to finish when winning: %.1f; average game length %.1f plies\n",
              wins ? double(won_moves) / wins : 0.0, double(plies_total) / double(games));
  auto speed = [](const char* name, long long level, const SideStats& s) {
    std::printf("%s (level %lld): %d moves, %.3f s/move, %llu nodes, %.2f M nodes/s\n", name, level, s.moves,
                s.moves ? s.seconds / s.moves : 0.0, static_cast<unsigned long long>(s.nodes),
                s.seconds > 0 ? double(s.nodes) / s.seconds / 1e6 : 0.0);
  };
  speed("A", a, stats_a);
  speed("B", b, stats_b);
  if (sprt) progress.print_summary("first", "second");
  std::printf("%.0f s\n", watch.elapsed_seconds());
  return 0;
}

}  // namespace qipan::lab
