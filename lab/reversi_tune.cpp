// `qipan-lab tune reversi ...`: produces the Reversi evaluation weights and the
// probcut table from self-play, with nothing from outside.
//
//   qipan-lab tune reversi eval [--games N] [--rounds R] [--depth D] [--exact E]
//       [--seed S] [--out engine/reversi/eval_weights.inc] [--save-data F]
//       [--data F] [--ridge L] [--smooth M] [--iterations I] [--blend B]
//       [--keep-rounds K] [--tables T] [--step S] [--min-count C]
//       [--skip KIND,...] [--start FILE.inc] [--avoid SUITE]
//     Round r plays N games with the weights of round r-1 (round 1: the
//     hand-made evaluation, or the weights of --start): a few random opening plies, then depth-D
//     searches, and exact play from E empties (the endgame solver), so every
//     position from E empties on is labelled with its exact value and earlier
//     ones with the result of good play, blended from round 2 on with the
//     search's own score (share B). After each round the weights are refitted
//     by least squares on the positions of the last K rounds (reversi_fit.h):
//     T weight tables shared by bands of phases, weights in steps of S/32
//     disc, configurations read fewer than C times in training left 0, the named
//     feature kinds (evaluate.h kFeatures) left out. --data F fits F's
//     positions (written by --save-data) without playing. --avoid SUITE
//     drops every game that passes through a position of that opening
//     suite (up to symmetry), so the held-out matches' openings stay out of
//     the fit (lab/reversi_suite.h).
//
//   qipan-lab tune reversi probcut [--positions N] [--max-depth D] [--seed S]
//       [--out engine/reversi/search_probcut.inc]
//     Measures how far a shallow search's value lies from the deep one at
//     each probcut depth pair, and fits the standard deviation as a linear
//     function of depth and empties.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/reversi/eval_weights.h"
#include "engine/reversi/search.h"
#include "engine/tools/parse_integer.h"
#include "reversi_fit.h"
#include "reversi_suite.h"

namespace qipan::lab {

using namespace reversi;

namespace {

struct TuneOptions {
  int games = 15000;
  int rounds = 4;
  int depth = 4;
  int exact = 14;
  int random_min = 2, random_max = 14;
  std::uint64_t seed = 1;
  std::string out = "engine/reversi/eval_weights.inc";
  std::string save_data, data;
  std::string start;  // weights round 1 plays with (an eval_weights.inc); default hand-made
  std::string avoid;  // an opening suite whose positions no game may pass through
  // Labels from round 2 on: this share of the label is the search's own
  // score at the root (less noisy than the game's result alone).
  double blend = 0.5;
  int keep_rounds = 2;  // fit on the positions of the last this many rounds
  FitOptions fit;
  // probcut
  int positions = 600;
  int max_depth = 10;
};

// Plays `games` self-play games and returns their labelled positions; a
// game that reaches a position of `avoid` (sorted keys) is played but not kept.
std::vector<ReversiSample> play_games(const EvalWeights& weights, const TuneOptions& o, std::uint64_t seed,
                                      std::uint32_t first_game, double blend, const std::vector<CanonicalKey>& avoid) {
  std::vector<ReversiSample> samples;
  Searcher searcher(16, weights);
  SplitMix64 rng(seed);
  SearchOptions so;
  so.limits.depth = o.depth;
  so.limits.reuse_tables = true;  // deterministic: the sequence of searches is fixed
  so.exact_empties = o.exact;
  const Stopwatch watch;
  int avoided = 0;
  for (int g = 0; g < o.games; ++g) {
    Position pos = Position::start();
    bool through_avoided = false;
    const int random_plies = o.random_min + int(rng.below(std::uint32_t(o.random_max - o.random_min + 1)));
    std::vector<Position> recorded;
    std::vector<int> scores;
    for (int ply = 0; !pos.game_over(); ++ply) {
      if (pos.must_pass()) {
        pos.pass();
        continue;
      }
      Square move;
      if (ply < random_plies) {
        Bitboard moves = pos.legal_moves();
        for (int k = int(rng.below(std::uint32_t(popcount(moves)))); k > 0; --k) moves &= moves - 1;
        move = first_square(moves);
      } else {
        const SearchResult r = searcher.search(pos, so);
        recorded.push_back(pos);
        scores.push_back(r.score);
        move = r.best;
      }
      Undo undo;
      pos.make(move, undo);
      if (!avoid.empty() && std::binary_search(avoid.begin(), avoid.end(), canonical(pos))) through_avoided = true;
    }
    if (through_avoided) {
      ++avoided;
      continue;
    }
    const int black = pos.final_score_for_black();
    for (std::size_t i = 0; i < recorded.size(); ++i) {
      const Position& p = recorded[i];
      const int result = p.side_to_move() == kBlack ? black : -black;
      const int label = int(std::lround((1.0 - blend) * result + blend * scores[i]));
      samples.push_back(ReversiSample{p.player(), p.opponent(), std::int8_t(label), first_game + std::uint32_t(g)});
    }
    if ((g + 1) % 500 == 0)
      std::fprintf(stderr, "  %d games, %zu positions, %.0f s\n", g + 1, samples.size(), watch.elapsed_seconds());
  }
  if (!avoid.empty())
    std::fprintf(stderr, "  %d games passed through an avoided position and were left out\n", avoided);
  return samples;
}

bool save_samples(const std::string& path, const std::vector<ReversiSample>& samples) {
  std::ofstream f(path, std::ios::binary);
  for (const ReversiSample& s : samples) {
    f.write(reinterpret_cast<const char*>(&s.player), 8);
    f.write(reinterpret_cast<const char*>(&s.opponent), 8);
    f.write(reinterpret_cast<const char*>(&s.score), 1);
    f.write(reinterpret_cast<const char*>(&s.game), 4);
  }
  return bool(f);
}

bool load_samples(const std::string& path, std::vector<ReversiSample>& samples) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  ReversiSample s;
  while (f.read(reinterpret_cast<char*>(&s.player), 8) && f.read(reinterpret_cast<char*>(&s.opponent), 8) &&
         f.read(reinterpret_cast<char*>(&s.score), 1) && f.read(reinterpret_cast<char*>(&s.game), 4))
    samples.push_back(s);
  return true;
}

bool write_weights(const std::string& path, const EvalWeights& w, const WeightStorage& storage,
                   const std::string& provenance) {
  const std::vector<std::uint8_t> bytes = encode_weights(w, storage);
  std::ofstream f(path);
  f << "// Generated by `qipan-lab tune reversi eval`; do not edit. Regenerate with\n" << provenance;
  f << "// Encoded weights (eval_weights.h): " << bytes.size() << " bytes; " << storage.tables << " tables, step "
    << storage.step << ".\n";
  f << "constexpr std::uint8_t kEncodedWeights[] = {\n";
  constexpr std::size_t kPerLine = 40;
  for (std::size_t i = 0; i < bytes.size(); i += kPerLine) {
    f << "    ";
    for (std::size_t j = i; j < std::min(bytes.size(), i + kPerLine); ++j) f << int(bytes[j]) << ',';
    f << "\n";
  }
  f << "};\n";
  return bool(f);
}

// "corner2x5,edge+2x" -> their bits; false for an unknown name.
bool parse_kinds(const std::string& names, std::uint32_t& bits) {
  bits = 0;
  std::size_t at = 0;
  while (at <= names.size()) {
    const std::size_t comma = std::min(names.find(',', at), names.size());
    const std::string name = names.substr(at, comma - at);
    int kind = 0;
    while (kind < kFeatureKinds && name != kFeatures[kind].name) ++kind;
    if (kind == kFeatureKinds) return false;
    bits |= 1u << kind;
    at = comma + 1;
  }
  return true;
}

int tune_eval(const TuneOptions& o, const std::string& command_line) {
  const Stopwatch total;
  std::vector<ReversiSample> samples;
  EvalWeights weights = EvalWeights::handmade();
  if (!o.start.empty()) {
    std::unique_ptr<EvalWeights> start = load_weights_file(o.start);
    if (!start) {
      std::fprintf(stderr, "qipan-lab tune: cannot read weights from %s\n", o.start.c_str());
      return 2;
    }
    weights = *start;
  }
  std::vector<CanonicalKey> avoid;
  if (!o.avoid.empty()) {
    const ReversiSuite suite = read_reversi_suite(o.avoid);
    if (!suite.error.empty()) {
      std::fprintf(stderr, "qipan-lab tune: %s\n", suite.error.c_str());
      return 2;
    }
    avoid = suite_position_keys(suite);
  }
  FitReport report;
  double play_seconds = 0;
  std::vector<std::size_t> round_start;
  if (!o.data.empty()) {
    if (!load_samples(o.data, samples)) {
      std::fprintf(stderr, "qipan-lab tune: cannot read %s\n", o.data.c_str());
      return 2;
    }
    std::fprintf(stderr, "loaded %zu positions\n", samples.size());
    if (samples.empty()) {
      std::fprintf(stderr, "qipan-lab tune: %s holds no positions to fit\n", o.data.c_str());
      return 2;
    }
    // The "before" figure: the --start weights, or those built in now, on
    // these positions.
    weights = fit_weights(samples, o.start.empty() ? EvalWeights::builtin() : weights, o.fit, report);
  } else {
    for (int round = 1; round <= o.rounds; ++round) {
      std::fprintf(stderr, "round %d: playing %d games (depth %d, exact from %d empties)\n", round, o.games, o.depth,
                   o.exact);
      const Stopwatch watch;
      // Round 1's search scores come from the hand-made evaluation, whose
      // scale is not discs: its labels are the games' results alone (unless
      // it starts from tuned weights).
      const bool scores_in_discs = round > 1 || !o.start.empty();
      std::vector<ReversiSample> more =
          play_games(weights, o, o.seed * 1000 + std::uint64_t(round), std::uint32_t((round - 1) * o.games),
                     scores_in_discs ? o.blend : 0.0, avoid);
      play_seconds += watch.elapsed_seconds();
      round_start.push_back(samples.size());
      samples.insert(samples.end(), more.begin(), more.end());
      if (int(round_start.size()) > o.keep_rounds) {
        // Older rounds were played by weaker weights: drop them.
        const std::size_t drop = round_start[round_start.size() - std::size_t(o.keep_rounds)];
        samples.erase(samples.begin(), samples.begin() + std::ptrdiff_t(drop));
        for (std::size_t& start : round_start) start = start >= drop ? start - drop : 0;
      }
      if (samples.empty()) {
        std::fprintf(stderr, "qipan-lab tune: round %d kept no positions to fit (every game was left out)\n", round);
        return 2;
      }
      std::fprintf(stderr, "round %d: %zu positions in all; fitting\n", round, samples.size());
      weights = fit_weights(samples, weights, o.fit, report);
      std::fprintf(stderr,
                   "round %d: validation rmse %.3f discs (previous weights %.3f), train %.3f, %d iterations, %.0f s\n",
                   round, report.validation_rmse, report.validation_rmse_before, report.train_rmse, report.iterations,
                   report.seconds);
    }
    if (!o.save_data.empty() && !save_samples(o.save_data, samples))
      std::fprintf(stderr, "qipan-lab tune: cannot write %s\n", o.save_data.c_str());
  }
  char summary[512];
  std::snprintf(summary, sizeof summary,
                "//   %s\n// %zu positions (%zu train, %zu held out), self-play %.0f s, total %.0f s;\n"
                "// validation rmse %.2f discs (%s: %.2f); %zu weights stored (all tables),\n"
                "// %zu configurations seen fewer than %d times left 0.\n",
                command_line.c_str(), samples.size(), report.train_samples, report.validation_samples, play_seconds,
                total.elapsed_seconds(), report.validation_rmse,
                !o.data.empty() && !o.start.empty() ? "the --start weights"
                : o.data.empty()                    ? "previous round's weights"
                                                    : "the weights built in before",
                report.validation_rmse_before, report.nonzero_weights, report.pruned_weights, o.fit.min_count);
  if (!write_weights(o.out, weights, WeightStorage::tied(o.fit.tables, o.fit.step), summary)) {
    std::fprintf(stderr, "qipan-lab tune: cannot write %s\n", o.out.c_str());
    return 2;
  }
  std::printf("%s", summary);
  std::printf("wrote %s\n", o.out.c_str());
  return 0;
}

// The probcut shallow depth of a depth (as search.cpp computes it).
constexpr int probcut_shallow(int depth) { return ((depth >> 1) & ~1) | (depth & 1); }

int tune_probcut(const TuneOptions& o, const std::string& command_line) {
  const Stopwatch total;
  // Positions: self-play at depth 2 with a random opening, then one position
  // picked per game with enough empties for the deepest test.
  SplitMix64 rng(o.seed);
  Searcher player(4);
  SearchOptions play;
  play.limits.depth = 2;
  play.limits.reuse_tables = true;
  std::vector<Position> positions;
  while (int(positions.size()) < o.positions) {
    Position pos = Position::start();
    const int target_empties = o.max_depth + 2 + int(rng.below(std::uint32_t(58 - o.max_depth - 2 - 6)));
    for (int ply = 0; !pos.game_over() && pos.empty_count() > target_empties; ++ply) {
      if (pos.must_pass()) {
        pos.pass();
        continue;
      }
      Square move;
      if (ply < 8 || rng.below(8) == 0) {
        Bitboard moves = pos.legal_moves();
        for (int k = int(rng.below(std::uint32_t(popcount(moves)))); k > 0; --k) moves &= moves - 1;
        move = first_square(moves);
      } else {
        move = player.search(pos, play).best;
      }
      Undo undo;
      pos.make(move, undo);
    }
    if (!pos.game_over() && !pos.must_pass() && pos.empty_count() == target_empties) positions.push_back(pos);
  }

  // Values at every depth from one iterative-deepening search per position.
  constexpr int kBands = 4;  // empties 10-24, 25-34, 35-44, 45-60
  auto band_of = [](int empties) { return empties < 25 ? 0 : empties < 35 ? 1 : empties < 45 ? 2 : 3; };
  std::vector<std::vector<double>> sum2(o.max_depth + 1, std::vector<double>(kBands, 0.0));
  std::vector<std::vector<double>> sum1 = sum2, count = sum2, empties_sum = sum2;
  Searcher searcher(16);
  std::uint64_t nodes = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Position& pos = positions[i];
    std::vector<int> value(o.max_depth + 1, 0);
    value[0] = evaluate(EvalWeights::builtin(), pos);
    searcher.set_info_callback([&](const SearchInfo& info) {
      if (info.depth <= o.max_depth) value[info.depth] = info.score;
    });
    SearchOptions so;
    so.limits.depth = o.max_depth;
    nodes += searcher.search(pos, so).nodes;
    const int e = pos.empty_count(), band = band_of(e);
    for (int d = 3; d <= o.max_depth; ++d) {
      const double r = value[d] - value[probcut_shallow(d)];
      sum1[d][band] += r;
      sum2[d][band] += r * r;
      count[d][band] += 1;
      empties_sum[d][band] += e;
    }
    if ((i + 1) % 100 == 0) std::fprintf(stderr, "  %zu positions, %.0f s\n", i + 1, total.elapsed_seconds());
  }

  // sigma = a + b * depth + c * shallow depth + d * empties, least squares
  // over the cells (weighted by their counts), so deeper searches extrapolate.
  constexpr int kTerms = 4;
  double m[kTerms][kTerms] = {}, rhs[kTerms] = {};
  std::string table;
  for (int d = 3; d <= o.max_depth; ++d) {
    char line[160];
    int len = std::snprintf(line, sizeof line, "//   depth %2d (shallow %d):", d, probcut_shallow(d));
    for (int b = 0; b < kBands; ++b) {
      if (count[d][b] < 2) continue;
      const double n = count[d][b];
      const double sigma = std::sqrt(sum2[d][b] / n);
      const double x[kTerms] = {1.0, double(d), double(probcut_shallow(d)), empties_sum[d][b] / n};
      for (int r = 0; r < kTerms; ++r) {
        rhs[r] += n * x[r] * sigma;
        for (int c = 0; c < kTerms; ++c) m[r][c] += n * x[r] * x[c];
      }
      len += std::snprintf(line + len, sizeof line - std::size_t(len), "  %.2f (mean %+.2f, n %.0f)", sigma,
                           sum1[d][b] / n, n);
    }
    table += line;
    table += "\n";
  }
  // Solve the normal equations (Gaussian elimination).
  for (int c = 0; c < kTerms; ++c) {
    for (int r = c + 1; r < kTerms; ++r) {
      const double f = m[r][c] / m[c][c];
      for (int k = c; k < kTerms; ++k) m[r][k] -= f * m[c][k];
      rhs[r] -= f * rhs[c];
    }
  }
  double coef[kTerms];
  for (int r = kTerms - 1; r >= 0; --r) {
    double s = rhs[r];
    for (int k = r + 1; k < kTerms; ++k) s -= m[r][k] * coef[k];
    coef[r] = s / m[r][r];
  }

  std::ofstream f(o.out);
  f << "// Generated by `qipan-lab tune reversi probcut`; do not edit. Regenerate with\n//   " << command_line << "\n";
  char text[400];
  std::snprintf(text, sizeof text,
                "// %zu positions, %llu nodes, %.0f s. Measured standard deviation of (deep - shallow)\n"
                "// value in discs, by band of empties (10-24, 25-34, 35-44, 45-60):\n",
                positions.size(), static_cast<unsigned long long>(nodes), total.elapsed_seconds());
  f << text << table;
  std::snprintf(text, sizeof text,
                "// Fitted: sigma = %.4f + %.4f * depth + %.4f * shallow + %.4f * empties, where\n"
                "// shallow = probcut_shallow_depth(depth).\n"
                "constexpr double probcut_sigma(int depth, int empties) {\n"
                "  const double s = %.4f + %.4f * depth + %.4f * probcut_shallow_depth(depth) + %.4f * empties;\n"
                "  return s < 1.0 ? 1.0 : s;\n}\n",
                coef[0], coef[1], coef[2], coef[3], coef[0], coef[1], coef[2], coef[3]);
  f << text;
  std::printf("%s", table.c_str());
  std::printf("sigma = %.4f + %.4f * depth + %.4f * shallow + %.4f * empties\nwrote %s\n", coef[0], coef[1], coef[2],
              coef[3], o.out.c_str());
  return f ? 0 : 2;
}

}  // namespace

int reversi_tune_command(const Args& args) {
  if (args.size() < 2 || args[0] != "reversi" || (args[1] != "eval" && args[1] != "probcut")) {
    std::fprintf(stderr,
                 "usage: qipan-lab tune reversi eval [--games N] [--rounds R] [--depth D] [--exact E] [--seed S]\n"
                 "                                   [--out FILE] [--save-data FILE] [--data FILE]\n"
                 "                                   [--ridge L] [--smooth M] [--iterations I]\n"
                 "                                   [--blend B] [--keep-rounds K]\n"
                 "                                   [--tables T] [--step S] [--min-count C] [--skip KIND,...]\n"
                 "                                   [--start FILE.inc] [--avoid SUITE]\n"
                 "       qipan-lab tune reversi probcut [--positions N] [--max-depth D] [--seed S] [--out FILE]\n");
    return 2;
  }
  TuneOptions o;
  const bool probcut = args[1] == "probcut";
  if (probcut) o.out = "engine/reversi/search_probcut.inc";
  CommandFlags flags;
  flags.integer("--games", 1, 10000000, o.games).integer("--rounds", 1, 20, o.rounds);
  flags.integer("--depth", 1, 20, o.depth).integer("--exact", 0, 30, o.exact).integer("--seed", 0, 1LL << 40, o.seed);
  flags.integer("--positions", 1, 1000000, o.positions).integer("--max-depth", 3, 20, o.max_depth);
  flags.integer("--iterations", 1, 100000, o.fit.max_iterations).integer("--keep-rounds", 1, 20, o.keep_rounds);
  flags.integer("--tables", 1, kPhases, o.fit.tables).integer("--step", 1, 64, o.fit.step);
  flags.integer("--min-count", 1, 1000000, o.fit.min_count);
  flags.option("--skip", 1, [&o](const std::vector<std::string>& words) {
    if (parse_kinds(words[0], o.fit.skip_kinds)) return std::string();
    std::string names;
    for (int kind = 0; kind < kFeatureKinds; ++kind) names += std::string(kind ? ", " : "") + kFeatures[kind].name;
    return "takes feature kinds separated by commas (" + names + "), not '" + words[0] + "'";
  });
  flags.decimal("--blend", 0, 1, o.blend).decimal("--ridge", 0, HUGE_VAL, o.fit.ridge);
  flags.decimal("--smooth", 0, HUGE_VAL, o.fit.phase_smoothing);
  flags.text("--out", o.out).text("--save-data", o.save_data).text("--data", o.data);
  flags.text("--start", o.start).text("--avoid", o.avoid);
  if (const std::string error = flags.read(args, 2); !error.empty()) {
    std::fprintf(stderr, "qipan-lab tune: %s\n", error.c_str());
    return 2;
  }
  const std::string command_line = "qipan-lab tune " + tools::joined_words(args);
  return probcut ? tune_probcut(o, command_line) : tune_eval(o, command_line);
}

}  // namespace qipan::lab
