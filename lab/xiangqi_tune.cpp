// `qipan-lab tune xiangqi`: fits the evaluation weights (engine/xiangqi/
// eval_weights.h) to the results of our own games, Texel style: each
// position's evaluation, through a logistic curve, should predict the game's
// result from red's view.
//
//   qipan-lab tune xiangqi --data FILE[,FILE...] [--iterations N] [--rate R]
//       [--ridge L] [--out engine/xiangqi/eval_weights.h] [--freeze GROUPS]
//
// The data comes from `qipan-lab selfplay xiangqi` (FEN|result|score|ply lines)
// and from match records (a FILE ending in .pgn: xiangqi_pgn_samples.h).
// The evaluation is linear in its weights apart from the taper and the
// endgame scale (engine/xiangqi/evaluate.h, EvalTrace), so every position is
// traced once into its features and the fit is a fast full-batch gradient
// descent (Adam) on the mean squared error of the predicted score, with a
// small ridge pull towards the starting weights. One position in ten (by
// FEN hash) is held out and its error reported, to show the fit generalises.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/core/clock.h"
#include "engine/xiangqi/eval_params.h"
#include "engine/xiangqi/eval_weights.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/position.h"
#include "xiangqi_pgn_samples.h"

namespace qipan::lab {
namespace {

using namespace qipan::xiangqi;
using namespace qipan::xiangqi::eval;

struct TunePosition {
  std::uint32_t first = 0;  // into the shared term arrays
  std::uint16_t count = 0;
  std::uint8_t phase = 0;
  std::uint8_t scale_red = 64, scale_black = 64;
  float result = 0.5f;
};

struct Dataset {
  std::vector<TunePosition> train, test;
  std::vector<std::uint16_t> params;
  std::vector<std::int16_t> coefficients;
};

// The first plies of a match record are its book opening (6 plies in
// lab/matches/) and the moves right after it: not the engines' own play.
constexpr int kPgnSkipPlies = 10;

// Calls `visit` on each line of a self-play file, or on each quiet position
// of a .pgn file written in that form; false when the file cannot be read.
template <class Visit>
bool for_each_line(const std::string& path, Visit visit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  if (path.ends_with(".pgn")) {
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const PgnSamples samples = samples_from_pgn(text, kPgnSkipPlies);
    std::printf("tune: %s: %d games, %zu positions (%d games unreadable or unfinished)\n", path.c_str(), samples.games,
                samples.lines.size(), samples.unreadable);
    for (const std::string& line : samples.lines) visit(line);
    return true;
  }
  for (std::string line; std::getline(in, line);) visit(line);
  return true;
}

bool load(const std::string& path, Dataset& data, std::size_t& skipped) {
  std::vector<int> merged(kParamCount, 0);
  std::vector<int> touched;
  return for_each_line(path, [&](const std::string& line) {
    const std::size_t bar = line.find('|');
    if (bar == std::string::npos) return;
    const std::string fen = line.substr(0, bar);
    const double result = std::atof(line.c_str() + bar + 1);
    auto pos = Position::from_fen(fen);
    if (!pos) {
      ++skipped;
      return;
    }
    const EvalTrace trace = trace_evaluation(*pos);
    TunePosition tp;
    tp.first = std::uint32_t(data.params.size());
    touched.clear();
    for (const auto& [param, coefficient] : trace.terms) {
      if (merged[param] == 0) touched.push_back(param);
      merged[param] += coefficient;
    }
    for (int param : touched) {
      if (merged[param] != 0) {
        data.params.push_back(std::uint16_t(param));
        data.coefficients.push_back(std::int16_t(merged[param]));
      }
      merged[param] = 0;
    }
    tp.count = std::uint16_t(data.params.size() - tp.first);
    tp.phase = std::uint8_t(trace.phase);
    tp.scale_red = std::uint8_t(trace.scale_red_ahead);
    tp.scale_black = std::uint8_t(trace.scale_black_ahead);
    tp.result = float(result);
    const std::size_t hash = std::hash<std::string>{}(fen);
    (hash % 10 == 0 ? data.test : data.train).push_back(tp);
  });
}

struct Model {
  std::vector<double> mg, eg;
};

double evaluate(const Model& w, const Dataset& d, const TunePosition& p) {
  double mg = 0, eg = 0;
  for (std::uint32_t i = p.first; i < p.first + p.count; ++i) {
    mg += d.coefficients[i] * w.mg[d.params[i]];
    eg += d.coefficients[i] * w.eg[d.params[i]];
  }
  const double v = (mg * p.phase + eg * (kMaxPhase - p.phase)) / kMaxPhase;
  return v * (v > 0 ? p.scale_red : p.scale_black) / 64.0;
}

double sigmoid(double k, double v) { return 1.0 / (1.0 + std::pow(10.0, -k * v / 400.0)); }

double mean_error(const Model& w, const Dataset& d, const std::vector<TunePosition>& set, double k) {
  double total = 0;
  for (const TunePosition& p : set) {
    const double e = p.result - sigmoid(k, evaluate(w, d, p));
    total += e * e;
  }
  return set.empty() ? 0 : total / double(set.size());
}

// The curve's steepness that best fits the starting weights.
double fit_k(const Model& w, const Dataset& d) {
  double best_k = 1, best = 1e9;
  for (double k = 0.2; k <= 3.0; k += 0.05) {
    const double e = mean_error(w, d, d.train, k);
    if (e < best) best = e, best_k = k;
  }
  return best_k;
}

std::string param_name(int p) {
  static const char* kTypes[] = {"none", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};
  char text[96];
  if (p < kPsqt) {
    std::snprintf(text, sizeof text, "material %s", kTypes[p - kMaterial]);
  } else if (p < kRookMobility) {
    const int i = (p - kPsqt) % kHalfSquares;
    std::snprintf(text, sizeof text, "psqt %s rank %d file %d", kTypes[(p - kPsqt) / kHalfSquares], i / 5, i % 5);
  } else if (p < kHorseMobility) {
    std::snprintf(text, sizeof text, "rook mobility %d", p - kRookMobility);
  } else if (p < kCannonMobility) {
    std::snprintf(text, sizeof text, "horse mobility %d", p - kHorseMobility);
  } else if (p < kKingDanger) {
    std::snprintf(text, sizeof text, "cannon mobility %d", p - kCannonMobility);
  } else if (p < kCannonFileOpen) {
    std::snprintf(text, sizeof text, "king danger %d", p - kKingDanger);
  } else if (p < kHanging) {
    static const char* kNames[] = {"cannon file open",
                                   "cannon file two screens",
                                   "cannon rank open",
                                   "cannon rank two screens",
                                   "rook pins to general",
                                   "missing advisor x rook",
                                   "missing advisor x horse",
                                   "missing advisor x cannon",
                                   "missing elephant x rook",
                                   "missing elephant x horse",
                                   "missing elephant x cannon",
                                   "linked soldiers",
                                   "advisor pair",
                                   "elephant pair"};
    return kNames[p - kCannonFileOpen];
  } else if (p < kThreatByLesser) {
    std::snprintf(text, sizeof text, "hanging %s", kTypes[p - kHanging]);
  } else if (p < kTempo) {
    std::snprintf(text, sizeof text, "threat by lesser %s", kTypes[p - kThreatByLesser]);
  } else {
    return "tempo";
  }
  return text;
}

bool write_weights(const std::string& path, const Model& w, const std::string& command_line) {
  std::ofstream out(path);
  if (!out) return false;
  out << "// The xiangqi evaluation weights (layout: eval_params.h). Written by\n"
         "// `qipan-lab tune xiangqi`; the first version came from the hand-made tables.\n"
         "// Last fitted by: "
      << command_line
      << "\n#pragma once\n\n#include \"eval_params.h\"\n\nnamespace qipan::xiangqi::eval {\n\n"
         "inline constexpr Weights kWeights = {{\n";
  for (int p = 0; p < kParamCount; ++p)
    out << "    {" << std::lround(w.mg[p]) << ", " << std::lround(w.eg[p]) << "},  // " << param_name(p) << "\n";
  out << "}};\n\n}  // namespace qipan::xiangqi::eval\n";
  return true;
}

}  // namespace

int xiangqi_tune_command(const Args& args) {
  std::vector<std::string> files;
  long long iterations = 2000;
  double rate = 1.0, ridge = 1e-7;
  std::string out = "engine/xiangqi/eval_weights.h";
  bool freeze_material = false;
  CommandFlags flags;
  flags.list("--data", files).integer("--iterations", 1, 1000000, iterations);
  flags.decimal("--rate", 0, HUGE_VAL, rate).decimal("--ridge", 0, HUGE_VAL, ridge).text("--out", out);
  flags.toggle("--freeze-material", freeze_material);
  std::string error = flags.read(args);
  if (error.empty() && files.empty()) error = "--data is missing";
  if (!error.empty()) {
    std::fprintf(stderr,
                 "qipan-lab tune: %s\n"
                 "usage: qipan-lab tune xiangqi --data FILE[,FILE...] [--iterations N] [--rate R] [--ridge L]\n"
                 "                              [--out engine/xiangqi/eval_weights.h] [--freeze-material]\n",
                 error.c_str());
    return 2;
  }
  const std::string command_line = "qipan-lab tune " + tools::joined_words(args);
  Stopwatch watch;
  Dataset data;
  std::size_t skipped = 0;
  for (const std::string& f : files)
    if (!load(f, data, skipped)) {
      std::fprintf(stderr, "tune: cannot read %s\n", f.c_str());
      return 1;
    }
  std::printf("tune: %zu training and %zu held-out positions (%zu unreadable), %zu terms, %.1f s\n", data.train.size(),
              data.test.size(), skipped, data.params.size(), watch.elapsed_seconds());
  if (data.train.empty()) return 1;

  Model w{std::vector<double>(kParamCount), std::vector<double>(kParamCount)};
  for (int p = 0; p < kParamCount; ++p) w.mg[p] = kWeights[p].mg, w.eg[p] = kWeights[p].eg;
  const Model start = w;
  const double k = fit_k(w, data);
  std::printf("tune: K = %.2f, error %.6f (held out %.6f)\n", k, mean_error(w, data, data.train, k),
              mean_error(w, data, data.test, k));

  // Adam on the mean squared error, full batch.
  std::vector<double> m1(2 * kParamCount), m2(2 * kParamCount), grad(2 * kParamCount);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  const double ln10 = std::log(10.0);
  for (long long it = 1; it <= iterations; ++it) {
    std::fill(grad.begin(), grad.end(), 0.0);
    for (const TunePosition& p : data.train) {
      const double v = evaluate(w, data, p);
      const double s = sigmoid(k, v);
      const double scale = (v > 0 ? p.scale_red : p.scale_black) / 64.0;
      const double d = -2.0 * (p.result - s) * s * (1 - s) * k * ln10 / 400.0 * scale;
      const double dmg = d * p.phase / kMaxPhase, deg = d * (kMaxPhase - p.phase) / kMaxPhase;
      for (std::uint32_t i = p.first; i < p.first + p.count; ++i) {
        grad[data.params[i]] += dmg * data.coefficients[i];
        grad[kParamCount + data.params[i]] += deg * data.coefficients[i];
      }
    }
    const double n = double(data.train.size());
    for (int j = 0; j < 2 * kParamCount; ++j) {
      const int p = j % kParamCount;
      if (p < kMaterial + kPieceTypeCount && (freeze_material || p <= kMaterial + int(kKing))) continue;
      double& value = j < kParamCount ? w.mg[p] : w.eg[p];
      const double anchor = j < kParamCount ? start.mg[p] : start.eg[p];
      const double g = grad[j] / n + 2 * ridge * (value - anchor);
      m1[j] = beta1 * m1[j] + (1 - beta1) * g;
      m2[j] = beta2 * m2[j] + (1 - beta2) * g * g;
      const double mhat = m1[j] / (1 - std::pow(beta1, double(it))), vhat = m2[j] / (1 - std::pow(beta2, double(it)));
      value -= rate * mhat / (std::sqrt(vhat) + eps);
    }
    if (it % 100 == 0 || it == iterations)
      std::printf("tune: iteration %lld, error %.6f (held out %.6f), %.0f s\n", it, mean_error(w, data, data.train, k),
                  mean_error(w, data, data.test, k), watch.elapsed_seconds());
    std::fflush(stdout);
  }
  if (!write_weights(out, w, command_line)) {
    std::fprintf(stderr, "tune: cannot write %s\n", out.c_str());
    return 1;
  }
  std::printf("tune: wrote %s\n", out.c_str());
  return 0;
}

}  // namespace qipan::lab
