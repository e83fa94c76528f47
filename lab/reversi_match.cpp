// `qipan-lab match reversi --a N --b M [--games G] [--random-plies P] [--seed S]
// [--time] [--weights-a F] [--weights-b F] [--sprt ELO0 ELO1]`: level N against level M, for strength figures (a
// benchmark, not a test). Openings are randomised by P random plies from the start; each
// opening is played twice with the colours swapped. Without --time the
// levels' depth and node budgets alone bound the searches (deterministic:
// the same command prints the same result on every build).
//
// --weights-a/-b read another eval_weights.inc (a tuning run's output) for
// that side (either format, eval_weights.h). Prints the A side's
// wins/draws/losses, its score and Elo with their 95% error, its average
// final disc difference (empties to the winner) and each side's search speed.
// --sprt ELO0 ELO1 tests a change of weights at one level (--weights-a
// against the built-in ones) by the pentanomial SPRT on the pairs of games
// (match_progress.h), stopping at its bounds; --games is then the most it
// plays (20000 unless given). A search change is tested between two builds
// by the NBoard referee (reversi_engine_match.cpp).
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/reversi/ai_levels.h"
#include "engine/reversi/eval_weights.h"
#include "engine/tools/parse_integer.h"
#include "match_progress.h"
#include "reversi_fit.h"

namespace qipan::lab {

using namespace reversi;

namespace {

struct SideStats {
  std::uint64_t nodes = 0;
  double seconds = 0;
  int moves = 0;
};

// Plays one game from `opening`; returns black's final score.
int play_game(const Position& opening, ReversiAi& black, int black_level, ReversiAi& white, int white_level,
              bool use_time, std::uint64_t seed, SideStats& black_stats, SideStats& white_stats) {
  Position pos = opening;
  black.clear();
  white.clear();
  for (int ply = 0; !pos.game_over(); ++ply) {
    if (pos.must_pass()) {
      pos.pass();
      continue;
    }
    const bool black_to_move = pos.side_to_move() == kBlack;
    ReversiAi& ai = black_to_move ? black : white;
    SideStats& stats = black_to_move ? black_stats : white_stats;
    AiOptions options;
    options.seed = seed * 1000 + std::uint64_t(ply);
    options.use_time = use_time;
    options.reuse_tables = true;
    const Stopwatch watch;
    const AiMove m = ai.choose_move(pos, black_to_move ? black_level : white_level, options);
    stats.seconds += watch.elapsed_seconds();
    stats.nodes += m.nodes;
    ++stats.moves;
    Undo undo;
    pos.make(m.move, undo);
  }
  return pos.final_score_for_black();
}

}  // namespace

int reversi_match_command(const Args& args) {
  long long a = 0, b = 0, games = 100, random_plies = 4, seed = 1;
  bool use_time = false;
  std::string weights_a, weights_b;
  std::optional<Sprt> sprt;
  CommandFlags flags;
  flags.integer("--a", kMinLevel, kMaxLevel, a).integer("--b", kMinLevel, kMaxLevel, b);
  flags.integer("--games", 2, 100000, games).integer("--random-plies", 0, 30, random_plies);
  flags.integer("--seed", 0, 1LL << 40, seed).text("--weights-a", weights_a).text("--weights-b", weights_b);
  flags.toggle("--time", use_time).option("--sprt", 2, sprt_bounds(sprt));
  std::string error = !args.empty() && args[0] == "reversi" ? flags.read(args) : "plays reversi only";
  if (error.empty() && (a == 0 || b == 0)) error = "--a and --b are both needed";
  if (!error.empty()) std::fprintf(stderr, "qipan-lab match: %s\n", error.c_str());
  const bool games_given = flags.given("--games");
  if (!error.empty()) {
    std::fprintf(stderr,
                 "usage: qipan-lab match reversi --a N --b M [--games G] [--random-plies P] [--seed S] [--time]\n"
                 "                               [--weights-a FILE.inc] [--weights-b FILE.inc] [--sprt ELO0 ELO1]\n"
                 "  levels %d..%d; G games (even: each opening twice, colours swapped)\n",
                 kMinLevel, kMaxLevel);
    return 2;
  }
  if (sprt && !games_given) games = kSprtMaxGames;
  const int openings = int((games + 1) / 2);
  std::printf("match reversi: level %lld (A) vs level %lld (B), %s%d games, %lld random plies, seed %lld%s\n", a, b,
              sprt ? "at most " : "", openings * 2, random_plies, seed,
              use_time ? ", with time limits" : ", depth and node budgets only");
  MatchProgress progress(sprt);
  progress.print_sprt_header();
  std::fflush(stdout);
  std::unique_ptr<EvalWeights> wa, wb;
  for (auto [path, w] : {std::pair{&weights_a, &wa}, std::pair{&weights_b, &wb}}) {
    if (path->empty()) continue;
    *w = load_weights_file(*path);
    if (!*w) {
      std::fprintf(stderr, "qipan-lab match: cannot read weights from %s\n", path->c_str());
      return 2;
    }
    std::printf("weights %s for %s\n", path->c_str(), w == &wa ? "A" : "B");
  }
  ReversiAi ai_a(16, wa ? *wa : EvalWeights::builtin()), ai_b(16, wb ? *wb : EvalWeights::builtin());
  SideStats stats_a, stats_b;
  long long diff_sum = 0;
  SplitMix64 rng{std::uint64_t(seed)};
  const Stopwatch watch;
  double last_report = 0;
  int g = 0;
  for (; g < openings && !progress.decided(); ++g) {
    // A random opening that is not already over.
    Position opening = Position::start();
    for (int p = 0; p < random_plies && !opening.game_over(); ++p) {
      if (opening.must_pass()) {
        opening.pass();
        continue;
      }
      Bitboard moves = opening.legal_moves();
      for (int k = int(rng.below(std::uint32_t(popcount(moves)))); k > 0; --k) moves &= moves - 1;
      Undo undo;
      opening.make(first_square(moves), undo);
    }
    for (int colour = 0; colour < 2; ++colour) {
      const bool a_black = colour == 0;
      const std::uint64_t game_seed = std::uint64_t(seed) * 100003 + std::uint64_t(g) * 2 + std::uint64_t(colour);
      const int black_score =
          a_black ? play_game(opening, ai_a, int(a), ai_b, int(b), use_time, game_seed, stats_a, stats_b)
                  : play_game(opening, ai_b, int(b), ai_a, int(a), use_time, game_seed, stats_b, stats_a);
      const int a_score = a_black ? black_score : -black_score;
      diff_sum += a_score;
      progress.record(g * 2 + colour, a_black, a_score > 0 ? 1 : a_score < 0 ? -1 : 0);
    }
    // Every 10 openings, or sooner when games are slow (a partial result
    // is still a result).
    if ((g + 1) % 10 == 0 || watch.elapsed_seconds() - last_report > 60) {
      last_report = watch.elapsed_seconds();
      const MatchScore& score = progress.total();
      std::fprintf(stderr, "  %d games: +%d =%d -%d, %.0f s\n", (g + 1) * 2, score.wins, score.draws, score.losses,
                   watch.elapsed_seconds());
    }
  }
  const int total = g * 2;
  const MatchScore& score = progress.total();
  std::printf(
      "A (level %lld): %d wins, %d draws, %d losses of %d (%.1f%% +/- %.1f%%, Elo %s, 95%%); "
      "average disc difference %+.2f\n",
      a, score.wins, score.draws, score.losses, total, 100.0 * score.score(), 100.0 * score_margin(score),
      elo_text(score).c_str(), double(diff_sum) / total);
  progress.print_summary("black", "white");
  auto speed = [](const char* name, long long level, const SideStats& s) {
    std::printf("%s (level %lld): %d moves, %.6f s/move, %llu nodes, %.2f M nodes/s\n", name, level, s.moves,
                s.moves ? s.seconds / s.moves : 0.0, static_cast<unsigned long long>(s.nodes),
                s.seconds > 0 ? double(s.nodes) / s.seconds / 1e6 : 0.0);
  };
  speed("A", a, stats_a);
  speed("B", b, stats_b);
  std::printf("%.0f s\n", watch.elapsed_seconds());
  return 0;
}

}  // namespace qipan::lab
