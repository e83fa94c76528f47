// `qipan-lab match xiangqi --a A --b B [--games G] [--seed S] [--time] [--resign N CP] [--draw FROM N CP]
//                          [--openings FILE] [--rules asian|chinese|simple] [--sprt ELO0 ELO1] [--verbose]`:
// one AI against another, for strength figures (a benchmark, not a test).
// A and B are levels 1-8 (engine/xiangqi/ai_levels.h) or explicit limits
// such as depth=6 or nodes=200000 (or both, comma-separated: no book, no
// randomness); margin=M and plies=P add a level's near-best choice (a trial
// level for tuning the table, e.g. depth=2,margin=40). Games come in pairs: an opening of 4-8 plies drawn from the
// opening book with the seed (or, with --openings FILE, the held-out suite's
// openings in order from number (S - 1) * G / 2 + 1, so that matches split
// by seed play different ones: xiangqi_suite.h), played once with A as red
// and once as black.
// After the opening the book is off, so the pairs measure play, not the book.
// Without --time only depth and node budgets bound the searches, so the same
// command prints the same games on every build. --resign N CP ends a game
// once both AIs have given one side at least CP for their last N moves each,
// --draw FROM N CP calls it drawn once, from move FROM, both gave scores
// within +-CP for their last N moves (adjudication.h), as the engine matches
// do: the top levels' games otherwise spend most of their time converting
// a win or shuffling towards the 60-move rule. Games end by the repetition
// rules of --rules (Asian unless given), which the AIs play by too; the games
// each side lost by them (perpetual check, chase, one check one chase) are
// counted.
//
// Prints A's wins, draws and losses, its score, the Elo difference A - B with
// its 95% error (normal approximation over games), and each side's average
// time and nodes per move. --sprt ELO0 ELO1 runs the sequential test of
// lab/sprt.h on the pairs (alpha = beta = 0.05): one line per pair with the
// LLR and its bounds, and the match stops when the LLR leaves them (--games
// is then the most it plays, 20000 unless given).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "adjudication.h"
#include "commands.h"
#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/tools/parse_integer.h"
#include "engine/xiangqi/ai_levels.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/record.h"
#include "match_stats.h"
#include "sprt.h"
#include "xiangqi_rule_losses.h"
#include "xiangqi_suite.h"

namespace qipan::lab {

using namespace xiangqi;

namespace {

// Games reaching this many plies are scored as draws (the 60-move rule
// ends almost every game long before).
constexpr int kPlyCap = 400;

struct Player {
  std::string name;
  int level = 0;     // 1..8, or 0 for explicit limits
  LevelSpec spec{};  // explicit limits (and a trial margin)
};

struct SideStats {
  double seconds = 0;
  std::uint64_t nodes = 0;
  int moves = 0;
};

std::optional<Player> parse_player(const std::string& text) {
  Player p;
  p.name = text;
  long long value = 0;
  if (parse_integer(text, kMinLevel, kMaxLevel, value)) {
    p.level = int(value);
    p.name = "level " + text;
    return p;
  }
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos) return std::nullopt;
    const std::string key = part.substr(0, eq), v = part.substr(eq + 1);
    if (key == "depth" && parse_integer(v, 1, kMaxSearchDepth, value)) p.spec.depth = int(value);
    else if (key == "nodes" && parse_integer(v, 100, 1LL << 40, value)) p.spec.nodes = std::uint64_t(value);
    else if (key == "margin" && parse_integer(v, 0, 10000, value)) p.spec.margin = int(value);
    else if (key == "plies" && parse_integer(v, 0, 10000, value)) p.spec.margin_plies = int(value);
    else return std::nullopt;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (p.spec.depth == 0 && p.spec.nodes == 0) return std::nullopt;
  p.spec.name = "trial";
  return p;
}

AiMove move_of(XiangqiAi& ai, const Player& p, const Game& game, std::uint64_t seed, bool use_time) {
  AiOptions options;
  options.seed = seed;
  options.use_time = use_time;
  options.use_book = false;
  if (p.level) return ai.choose_move(game, p.level, options);
  if (p.spec.margin > 0) return ai.choose_move(game, p.spec, options);
  return ai.search(game, level_limits(p.spec, use_time), options);
}

// The score an AI gave its move, as the adjudicator reads engines' scores.
ReportedScore reported(const AiMove& m) {
  if (!is_mate_score(m.score)) return {false, m.score};
  const int moves = (kMateScore - std::abs(m.score) + 1) / 2;
  return {true, m.score > 0 ? moves : -moves};
}

// Plays one game from the opening; returns red's score (1, 0.5, 0).
double play_game(const std::vector<Move>& opening, XiangqiAi& red_ai, const Player& red, XiangqiAi& black_ai,
                 const Player& black, std::uint64_t seed, bool use_time, const AdjudicationRules& adjudication,
                 RuleSet rules, SideStats& red_stats, SideStats& black_stats, std::string& ending) {
  RuleOptions options;
  options.rules = rules;
  Game game(Position::start(), options);
  for (Move m : opening) (void)game.play(m);
  Adjudicator adjudicator(adjudication);
  while (!game.over() && game.ply() < kPlyCap) {
    const bool red_to_move = game.position().side_to_move() == kRed;
    SideStats& stats = red_to_move ? red_stats : black_stats;
    const Stopwatch watch;
    const AiMove m = red_to_move ? move_of(red_ai, red, game, seed * 2, use_time)
                                 : move_of(black_ai, black, game, seed * 2 + 1, use_time);
    stats.seconds += watch.elapsed_seconds();
    stats.nodes += m.nodes;
    ++stats.moves;
    if (!game.play(m.move)) {  // the AI only returns legal moves: a bug, make it loud
      std::fprintf(stderr, "match: illegal AI move %s\n", to_iccs(m.move).c_str());
      std::exit(1);
    }
    // Adjudication names the sides as red 0, black 1; each AI is engine 0 or 1 by colour.
    const int mover = red_to_move ? 0 : 1;
    if (const auto verdict = adjudicator.after_move(mover, mover, reported(m), game.ply() / 2)) {
      ending = *verdict == Verdict::kDraw ? "adjudicated_draw" : "adjudicated_win";
      return *verdict == Verdict::kFirstSideWins ? 1.0 : *verdict == Verdict::kSecondSideWins ? 0.0 : 0.5;
    }
  }
  if (!game.over()) {
    ending = "ply cap";
    return 0.5;
  }
  ending = std::string(game.status().code());
  const auto winner = game.status().winner();
  return !winner ? 0.5 : *winner == kRed ? 1.0 : 0.0;
}

void usage() {
  std::fputs(
      "usage: qipan-lab match xiangqi --a A --b B [--games G] [--seed S] [--time] [--resign N CP] [--draw FROM N CP]\n"
      "                               [--openings FILE] [--rules asian|chinese|simple] [--sprt ELO0 ELO1] [--verbose]\n"
      "  A, B: a level 1-8, or limits like depth=6 or nodes=200000 (depth=6,nodes=200000),\n"
      "        with margin=M[,plies=P] a trial level choosing among moves within M of the best\n"
      "  G games (even: each book opening twice, colours swapped); --time adds the levels' time ceilings\n"
      "  --openings FILE: the held-out suite (lab/openings/xiangqi-heldout.txt) in its order, not the book,\n"
      "        from opening (S - 1) * G / 2 + 1 (matches split by seed play different openings)\n"
      "  --resign N CP: a win when both sides gave the winner at least CP for their last N moves each\n"
      "  --draw FROM N CP: a draw when, from move FROM on, both sides' last N scores were within +-CP\n"
      "  --rules: the repetition rules the games end by and the AIs play by (default asian)\n"
      "  --sprt ELO0 ELO1: stop when the pentanomial SPRT (alpha = beta = 0.05) accepts H0 (A - B = ELO0)\n"
      "        or H1 (A - B = ELO1); G (default then 20000) is the most games it plays\n",
      stderr);
}

}  // namespace

int xiangqi_match_command(const Args& args) {
  std::optional<Player> a, b;
  long long games = 100, seed = 1;
  bool use_time = false, verbose = false;
  std::optional<Sprt> sprt;
  std::vector<SuiteOpening> suite;  // --openings: played in order instead of drawn from the book
  std::string openings_file;
  AdjudicationRules adjudication;
  RuleSet rules = RuleSet::kAsian;
  CommandFlags flags;
  const auto player = [](std::optional<Player>& out) {
    return [&out](const std::vector<std::string>& words) {
      out = parse_player(words[0]);
      return out ? std::string() : "takes a level 1-8 or limits like depth=6,nodes=200000, not '" + words[0] + "'";
    };
  };
  flags.option("--a", 1, player(a)).option("--b", 1, player(b));
  flags.integer("--games", 2, 100000, games).integer("--seed", 0, 1LL << 40, seed);
  flags.toggle("--time", use_time).toggle("--verbose", verbose).option("--sprt", 2, sprt_bounds(sprt));
  flags.option("--resign", 2, adjudication_resign(adjudication)).option("--draw", 3, adjudication_draw(adjudication));
  flags.option("--rules", 1, [&rules](const std::vector<std::string>& words) {
    const auto parsed = parse_rule_set(words[0]);
    if (parsed) rules = *parsed;
    return parsed ? std::string() : "takes asian, chinese or simple, not '" + words[0] + "'";
  });
  flags.option("--openings", 1, [&](const std::vector<std::string>& words) {
    const OpeningSuite read = read_opening_suite(words[0]);
    suite = read.openings;
    openings_file = words[0];
    return read.error.empty() ? std::string() : "cannot be read: " + read.error;
  });
  std::string error = !args.empty() && args[0] == "xiangqi" ? flags.read(args) : "plays xiangqi only";
  if (error.empty() && (!a || !b)) error = "--a and --b are both needed";
  if (!error.empty()) {
    std::fprintf(stderr, "qipan-lab match: %s\n", error.c_str());
    usage();
    return 2;
  }
  const bool games_given = flags.given("--games");
  if (sprt && !games_given) games = kSprtMaxGames;
  const int pairs = int((games + 1) / 2);
  std::printf("match xiangqi: %s (A) vs %s (B), %s%d games, seed %lld%s, %s rules\n", a->name.c_str(), b->name.c_str(),
              sprt ? "at most " : "", pairs * 2, seed,
              use_time ? ", with time ceilings" : ", depth and node budgets only", rule_set_code(rules).data());
  if (!suite.empty())
    std::printf("openings: %zu from %s, in order from number %lld, each with both colours\n", suite.size(),
                openings_file.c_str(), (seed > 0 ? seed - 1 : 0) * pairs % (long long)suite.size() + 1);
  if (sprt)
    std::printf("sprt: H0 A - B = %g Elo, H1 %g Elo, alpha = beta = 0.05, pentanomial (lab/sprt.h)\n", sprt->elo0(),
                sprt->elo1());
  if (adjudication.resign_moves)
    std::printf("adjudication: a win when both sides give one side %d or more for %d moves each\n",
                adjudication.resign_cp, adjudication.resign_moves);
  if (adjudication.draw_moves)
    std::printf("adjudication: a draw when, from move %d, both sides stay within +-%d for %d moves each\n",
                adjudication.draw_from_move, adjudication.draw_cp, adjudication.draw_moves);
  std::fflush(stdout);

  XiangqiAi ai_a(16, &network::kWeights), ai_b(16, &network::kWeights);  // as the page plays
  SideStats stats_a, stats_b;
  int wins = 0, draws = 0, losses = 0;
  RuleLosses rule_losses;
  SplitMix64 rng{std::uint64_t(seed)};
  const Stopwatch watch;
  int played = 0;
  for (int pair = 0; pair < pairs; ++pair) {
    const int plies = 4 + int(rng.below(5));
    double pair_points = 0;
    std::vector<Move> opening = ai_a.book().opening(plies, rng.next());
    if (!suite.empty()) {  // the file's lines were checked legal when read
      opening.clear();
      Position pos = Position::start();
      // Seed S starts at opening (S - 1) * pairs: matches split by seed (the ladder) play different ones.
      const std::size_t index = (std::size_t(seed > 0 ? seed - 1 : 0) * std::size_t(pairs) + std::size_t(pair));
      for (const std::string& text : suite[index % suite.size()].moves) {
        const Move m = *parse_iccs_move(pos, text);
        opening.push_back(m);
        Undo undo;
        pos.make(m, undo);
      }
    }
    for (int colour = 0; colour < 2; ++colour) {
      const bool a_red = colour == 0;
      const std::uint64_t game_seed = std::uint64_t(seed) * 1000003 + std::uint64_t(pair) * 2 + std::uint64_t(colour);
      std::string ending;
      const double red_score = a_red ? play_game(opening, ai_a, *a, ai_b, *b, game_seed, use_time, adjudication, rules,
                                                 stats_a, stats_b, ending)
                                     : play_game(opening, ai_b, *b, ai_a, *a, game_seed, use_time, adjudication, rules,
                                                 stats_b, stats_a, ending);
      const double a_score = a_red ? red_score : 1 - red_score;
      rule_losses.add(ending, a_score == 1 ? 1 : a_score == 0 ? -1 : 0);
      pair_points += a_score;
      ++played;
      if (a_score == 1) ++wins;
      else if (a_score == 0) ++losses;
      else ++draws;
      if (verbose) {
        std::string line;
        for (Move m : opening) line += to_iccs(m) + " ";
        std::printf("  game %d: A %s, %s (%s) after %s\n", pair * 2 + colour + 1, a_red ? "red" : "black",
                    a_score == 1   ? "A wins"
                    : a_score == 0 ? "B wins"
                                   : "draw",
                    ending.c_str(), line.c_str());
        std::fflush(stdout);  // each game as it ends, for a match stopped early
      }
    }
    if (sprt) {
      sprt->add_pair(int(pair_points * 2 + 0.5));
      std::printf("sprt pair %d (games %d-%d): A %.1f; %s\n", pair + 1, pair * 2 + 1, pair * 2 + 2, pair_points,
                  sprt->line().c_str());
      std::fflush(stdout);
      if (sprt->verdict() != SprtVerdict::kContinue) break;
    } else if ((pair + 1) % 5 == 0) {
      std::fprintf(stderr, "  %d games: +%d =%d -%d, %.0f s\n", (pair + 1) * 2, wins, draws, losses,
                   watch.elapsed_seconds());
    }
  }
  const int total = played;
  const MatchScore score{wins, draws, losses};
  std::printf("A (%s): %d wins, %d draws, %d losses of %d; score %.1f%% +/- %.1f%%\n", a->name.c_str(), wins, draws,
              losses, total, 100.0 * score.score(), 100.0 * score_margin(score));
  std::printf("Elo difference A - B: %s (95%%)\n", elo_text(score).c_str());
  const auto speed = [](const char* side, const Player& p, const SideStats& s) {
    std::printf("%s (%s): %d moves, %.4f s/move, %.0f nodes/move\n", side, p.name.c_str(), s.moves,
                s.moves ? s.seconds / s.moves : 0.0, s.moves ? double(s.nodes) / s.moves : 0.0);
  };
  speed("A", *a, stats_a);
  speed("B", *b, stats_b);
  std::printf("%s\n", rule_losses.line().c_str());
  if (sprt)
    std::printf("sprt: %s after %d pairs; %s\n", sprt->verdict_text().c_str(), sprt->pairs(), sprt->line().c_str());
  std::printf("%.0f s\n", watch.elapsed_seconds());
  return 0;
}

}  // namespace qipan::lab
