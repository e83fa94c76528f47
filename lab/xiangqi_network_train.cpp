// `qipan-lab train xiangqi-network`: trains the evaluation network
// (engine/xiangqi/network.h) on our own self-play and writes its quantised
// weights, engine/xiangqi/network_weights.inc.
//
//   qipan-lab train xiangqi-network --data FILE[,FILE...] [--epochs N]
//       [--batch B] [--rate R] [--wdl W] [--decay D] [--seed S] [--threads T]
//       [--out engine/xiangqi/network_weights.inc]
//
// The data is what `qipan-lab selfplay xiangqi` writes (FEN|result|score|ply
// lines, quiet positions only). Each position's target mixes the game's
// result (weight W) with the search score through a logistic curve whose
// scale is fitted to the data first, as the Texel fit does; the loss is the
// squared error of the network's output through the same curve. Training is
// in floating point (Adam, mini-batches, the learning rate cut tenfold for
// the last quarter of the epochs, feature weights optionally pulled towards
// zero by --decay), each position seen as it is or mirrored
// left to right, chosen at random every epoch. One game in twenty is held
// out and its positions' loss printed after every epoch; the weights of the
// epoch where it was lowest are kept (training runs on past that point as
// the network starts to learn its own games by heart). The weights are then quantised as network.h says and
// the quantised network's evaluations compared with the float ones on the
// held-out positions.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"
#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/network.h"

namespace qipan::lab {
namespace {

using namespace qipan::xiangqi;
namespace net = qipan::xiangqi::network;

constexpr int kH = net::kHidden;

struct TrainOptions {
  std::vector<std::string> data;
  long long epochs = 20;
  long long batch = 16384;
  double rate = 0.001;
  double wdl = 0.3;
  double decay = 0;  // decoupled weight decay on the feature weights (AdamW)
  long long seed = 1;
  long long threads = 2;
  std::string out = "engine/xiangqi/network_weights.inc";
  std::string command_line;
};

struct Sample {
  std::array<std::array<std::int16_t, 32>, 2> features{};  // the side to move's view, then the other's
  std::uint8_t count = 0;
  float score = 0;   // the search's, side to move's view
  float result = 0;  // side to move's view: 1, 0.5, 0
};

struct Data {
  std::vector<Sample> train, held_out;
  std::vector<std::string> held_out_fens;
};

bool load(const std::string& path, Data& data, std::size_t& unreadable) {
  std::ifstream in(path);
  if (!in) return false;
  long long game = 0;
  int last_ply = -1;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string fen, result, score, ply;
    if (!std::getline(fields, fen, '|') || !std::getline(fields, result, '|') || !std::getline(fields, score, '|') ||
        !std::getline(fields, ply, '|')) {
      ++unreadable;
      continue;
    }
    const auto pos = Position::from_fen(fen);
    if (!pos.ok() || (result != "1" && result != "0" && result != "0.5")) {
      ++unreadable;
      continue;
    }
    const Position& p = pos.value();
    const net::ActiveFeatures active = net::active_features(p);
    Sample s;
    const Color us = p.side_to_move();
    s.features[0] = active.index[us];
    s.features[1] = active.index[opposite(us)];
    s.count = std::uint8_t(active.count);
    s.score = float(std::clamp(std::atoi(score.c_str()), -4000, 4000));
    const float red_result = result == "1" ? 1.0f : result == "0" ? 0.0f : 0.5f;
    s.result = us == kRed ? red_result : 1.0f - red_result;
    // A game's lines are together, its plies rising: a ply that does not
    // rise starts the next game. Whole games are held out, so the held-out
    // loss is not flattered by neighbours of the same game in training.
    const int this_ply = std::atoi(ply.c_str());
    if (this_ply <= last_ply) ++game;
    last_ply = this_ply;
    if (game % 20 == 19) {
      data.held_out.push_back(s);
      data.held_out_fens.push_back(fen);
    } else {
      data.train.push_back(s);
    }
  }
  return true;
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The logistic scale that best predicts the results from the search scores.
double fit_scale(const std::vector<Sample>& samples) {
  const auto error = [&](double scale) {
    double e = 0;
    for (const Sample& s : samples) e += std::pow(s.result - logistic(s.score / scale), 2);
    return e;
  };
  double lo = 50, hi = 3000;  // golden-section search
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 40; ++i) {
    const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    if (error(a) < error(b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

// All parameters in one array: feature rows, bias, output weights, output
// bias, linear values.
constexpr std::size_t kFeatureAt = 0;
constexpr std::size_t kBiasAt = kFeatureAt + std::size_t(net::kFeatures) * kH;
constexpr std::size_t kOutputAt = kBiasAt + kH;
constexpr std::size_t kOutputBiasAt = kOutputAt + 2 * kH;
constexpr std::size_t kLinearAt = kOutputBiasAt + 1;
constexpr std::size_t kParams = kLinearAt + net::kFeatures;
// Weights stay where the int16 layout can hold them.
constexpr float kClip = 1.98f;

struct Pass {
  double loss = 0;
  std::vector<float> gradient;
};

// The float network's output (evaluation units / kOutputScale) and, when
// `gradient` is given, the loss's gradient added to it; returns the loss.
double run(const std::vector<float>& w, const Sample& s, bool mirror, double scale, double wdl, float* gradient,
           double* evaluation = nullptr) {
  alignas(32) float acc[2][kH];
  for (int v = 0; v < 2; ++v) {
    std::copy_n(&w[kBiasAt], kH, acc[v]);
    for (int k = 0; k < s.count; ++k) {
      const int f = mirror ? net::mirrored_feature(s.features[v][k]) : s.features[v][k];
      const float* row = &w[kFeatureAt + std::size_t(f) * kH];
      for (int i = 0; i < kH; ++i) acc[v][i] += row[i];
    }
  }
  float y = w[kOutputBiasAt];
  for (int v = 0; v < 2; ++v)
    for (int k = 0; k < s.count; ++k) {
      const int f = mirror ? net::mirrored_feature(s.features[v][k]) : s.features[v][k];
      y += v == 0 ? w[kLinearAt + std::size_t(f)] : -w[kLinearAt + std::size_t(f)];
    }
  for (int v = 0; v < 2; ++v)
    for (int i = 0; i < kH; ++i) y += std::clamp(acc[v][i], 0.0f, 1.0f) * w[kOutputAt + v * kH + i];
  const double eval = double(y) * net::kOutputScale;
  if (evaluation) *evaluation = eval;
  const double p = logistic(eval / scale);
  const double target = wdl * s.result + (1 - wdl) * logistic(s.score / scale);
  if (!gradient) return (p - target) * (p - target);
  const float g = float(2 * (p - target) * p * (1 - p) * net::kOutputScale / scale);
  gradient[kOutputBiasAt] += g;
  for (int v = 0; v < 2; ++v) {
    alignas(32) float d_acc[kH];
    for (int i = 0; i < kH; ++i) {
      const float a = acc[v][i];
      gradient[kOutputAt + v * kH + i] += g * std::clamp(a, 0.0f, 1.0f);
      d_acc[i] = a > 0.0f && a < 1.0f ? g * w[kOutputAt + v * kH + i] : 0.0f;
      gradient[kBiasAt + i] += d_acc[i];
    }
    for (int k = 0; k < s.count; ++k) {
      const int f = mirror ? net::mirrored_feature(s.features[v][k]) : s.features[v][k];
      float* row = gradient + kFeatureAt + std::size_t(f) * kH;
      for (int i = 0; i < kH; ++i) row[i] += d_acc[i];
      gradient[kLinearAt + std::size_t(f)] += v == 0 ? g : -g;
    }
  }
  return (p - target) * (p - target);
}

double held_out_loss(const std::vector<float>& w, const Data& data, double scale, double wdl) {
  double loss = 0;
  for (const Sample& s : data.held_out) loss += run(w, s, false, scale, wdl, nullptr);
  return loss / double(std::max<std::size_t>(1, data.held_out.size()));
}

std::int16_t quantise(float value, int units) { return std::int16_t(std::lround(double(value) * units)); }

// The quantised network, as network.h lays it out.
std::unique_ptr<net::Weights> quantised(const std::vector<float>& w) {
  auto q = std::make_unique<net::Weights>();
  for (int f = 0; f < net::kFeatures; ++f)
    for (int i = 0; i < kH; ++i) q->feature[f][i] = quantise(w[kFeatureAt + std::size_t(f) * kH + i], net::kQA);
  for (int i = 0; i < kH; ++i) q->bias[i] = quantise(w[kBiasAt + i], net::kQA);
  for (int i = 0; i < 2 * kH; ++i) q->output[i] = quantise(w[kOutputAt + i], net::kQB);
  q->output_bias = std::int32_t(std::lround(double(w[kOutputBiasAt]) * net::kQA * net::kQB));
  for (int f = 0; f < net::kFeatures; ++f)
    q->linear[f] = std::int32_t(std::lround(double(w[kLinearAt + std::size_t(f)]) * net::kQA * net::kQB));
  return q;
}

bool write_weights(const net::Weights& q, const TrainOptions& o, const std::string& summary) {
  std::ofstream out(o.out);
  if (!out) return false;
  out << "// Written by `" << o.command_line << "`.\n// " << summary
      << "\n// Layout: engine/xiangqi/network.h (Weights).\n{\n";
  const auto row = [&](const auto* values, int n) {
    out << '{';
    for (int i = 0; i < n; ++i) out << values[i] << (i + 1 < n ? "," : "");
    out << '}';
  };
  for (int f = 0; f < net::kFeatures; ++f) {
    row(q.feature[f], kH);
    out << (f + 1 < net::kFeatures ? ",\n" : "\n");
  }
  out << "},\n";
  row(q.bias, kH);
  out << ",\n";
  row(q.output, 2 * kH);
  out << ",\n" << q.output_bias << ",\n";
  row(q.linear, net::kFeatures);
  out << '\n';
  return bool(out);
}

}  // namespace

int xiangqi_network_train_command(const Args& args) {
  TrainOptions o;
  CommandFlags flags;
  flags.list("--data", o.data).integer("--epochs", 1, 1LL << 30, o.epochs).integer("--batch", 1, 1LL << 30, o.batch);
  flags.decimal("--rate", 0, HUGE_VAL, o.rate).decimal("--wdl", 0, 1, o.wdl).decimal("--decay", 0, HUGE_VAL, o.decay);
  flags.integer("--seed", 1, 1LL << 30, o.seed).integer("--threads", 1, 256, o.threads).text("--out", o.out);
  std::string error = flags.read(args);
  if (error.empty() && o.data.empty()) error = "--data is missing";
  if (!error.empty()) {
    std::fprintf(stderr,
                 "qipan-lab train: %s\n"
                 "usage: qipan-lab train xiangqi-network --data FILE[,FILE...] [--epochs N] [--batch B] [--rate R]\n"
                 "                                       [--wdl W] [--decay D] [--seed S] [--threads T] [--out FILE]\n",
                 error.c_str());
    return 2;
  }
  o.command_line = "qipan-lab train " + tools::joined_words(args);
  Data data;
  std::size_t unreadable = 0;
  for (const std::string& path : o.data)
    if (!load(path, data, unreadable)) {
      std::fprintf(stderr, "train: cannot read %s\n", path.c_str());
      return 1;
    }
  if (data.train.empty() || data.held_out.empty()) {
    std::fprintf(stderr, "train: %s (%zu lines unreadable)\n",
                 data.train.empty() ? "no positions to train on" : "fewer than 20 games: none to hold out", unreadable);
    return 1;
  }
  const double scale = fit_scale(data.train);
  std::printf("train: %zu positions, %zu held out, %zu lines unreadable; logistic scale %.1f\n", data.train.size(),
              data.held_out.size(), unreadable, scale);
  // What the network has to beat: the hand-made evaluation's loss on the same positions.
  double handmade_loss = 0;
  for (std::size_t k = 0; k < data.held_out.size(); ++k) {
    const Sample& s = data.held_out[k];
    const double p = logistic(evaluate(Position::from_fen(data.held_out_fens[k]).value()) / scale);
    const double target = o.wdl * s.result + (1 - o.wdl) * logistic(s.score / scale);
    handmade_loss += (p - target) * (p - target);
  }
  handmade_loss /= double(data.held_out.size());
  std::printf("train: the hand-made evaluation's held-out loss %.6f\n", handmade_loss);

  SplitMix64 rng(std::uint64_t(o.seed));
  std::vector<float> w(kParams, 0.0f);
  const auto uniform = [&](float bound) {
    return float((double(rng.next() >> 11) / double(1ull << 53) * 2 - 1) * bound);
  };
  for (std::size_t i = kFeatureAt; i < kBiasAt; ++i) w[i] = uniform(1.0f / std::sqrt(float(net::kFeatures)));
  for (std::size_t i = kOutputAt; i < kOutputBiasAt; ++i) w[i] = uniform(1.0f / std::sqrt(float(2 * kH)));
  std::vector<float> m(kParams, 0.0f), v(kParams, 0.0f);
#ifdef __EMSCRIPTEN__
  const int threads = 1;  // the wasm build has no threads
#else
  const int threads = int(std::max(1LL, o.threads));
#endif
  std::vector<std::vector<float>> gradients(static_cast<std::size_t>(threads), std::vector<float>(kParams));
  std::vector<double> losses(static_cast<std::size_t>(threads));
  std::vector<std::uint32_t> order(data.train.size());
  std::iota(order.begin(), order.end(), 0u);
  std::vector<std::uint8_t> mirror(data.train.size());
  long long step = 0;
  const Stopwatch clock;
  // The weights of the epoch with the lowest held-out loss are the ones kept.
  std::vector<float> best = w;
  double best_held_out = held_out_loss(w, data, scale, o.wdl);
  long long best_epoch = 0;
  for (long long epoch = 1; epoch <= o.epochs; ++epoch) {
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(std::uint32_t(i))]);
    for (auto& flag : mirror) flag = std::uint8_t(rng.next() & 1);
    const double rate = epoch > o.epochs * 3 / 4 ? o.rate / 10 : o.rate;
    double epoch_loss = 0;
    for (std::size_t start = 0; start < order.size(); start += std::size_t(o.batch)) {
      const std::size_t end = std::min(order.size(), start + std::size_t(o.batch));
      const auto work = [&](int t) {
        std::vector<float>& g = gradients[std::size_t(t)];
        std::fill(g.begin(), g.end(), 0.0f);
        double loss = 0;
        for (std::size_t k = start + std::size_t(t); k < end; k += std::size_t(threads))
          loss += run(w, data.train[order[k]], mirror[order[k]], scale, o.wdl, g.data());
        losses[std::size_t(t)] = loss;
      };
      std::vector<std::thread> pool;
      for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
      work(0);
      for (auto& th : pool) th.join();
      ++step;
      const double n = double(end - start);
      const double b1 = 0.9, b2 = 0.999;
      const double c1 = 1 - std::pow(b1, double(step)), c2 = 1 - std::pow(b2, double(step));
      for (std::size_t i = 0; i < kParams; ++i) {
        float g = 0;
        for (const auto& part : gradients) g += part[i];
        g /= float(n);
        m[i] = float(b1 * m[i] + (1 - b1) * g);
        v[i] = float(b2 * v[i] + (1 - b2) * g * g);
        w[i] -= float(rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8));
        if (i < kBiasAt) w[i] -= float(rate * o.decay * w[i]);
        if (i < kOutputBiasAt) w[i] = std::clamp(w[i], -kClip, kClip);
      }
      for (double l : losses) epoch_loss += l;
    }
    const double held_out = held_out_loss(w, data, scale, o.wdl);
    const bool better = held_out < best_held_out;
    if (better) {
      best_held_out = held_out;
      best_epoch = epoch;
      best = w;
    }
    std::printf("train: epoch %lld, loss %.6f, held out %.6f%s, rate %g, %.0f s\n", epoch,
                epoch_loss / double(order.size()), held_out, better ? " (best)" : "", rate,
                double(clock.elapsed_ms()) / 1000);
    std::fflush(stdout);
  }
  w = best;
  std::printf("train: keeping epoch %lld\n", best_epoch);

  // The engine's evaluation with the quantised weights against the float
  // network on the held-out positions.
  const auto q = quantised(w);
  double total_difference = 0, largest = 0;
  for (std::size_t k = 0; k < data.held_out.size(); ++k) {
    double exact = 0;
    run(w, data.held_out[k], false, scale, o.wdl, nullptr, &exact);
    const double difference = std::abs(net::evaluate(Position::from_fen(data.held_out_fens[k]).value(), *q) - exact);
    total_difference += difference;
    largest = std::max(largest, difference);
  }
  char summary[320];
  std::snprintf(summary, sizeof summary,
                "%zu training positions, %zu held out (loss %.6f after epoch %lld; the hand-made evaluation's %.6f), "
                "logistic scale %.1f; quantised against float: mean |difference| %.2f, largest %.1f",
                data.train.size(), data.held_out.size(), best_held_out, best_epoch, handmade_loss, scale,
                total_difference / double(data.held_out.size()), largest);
  std::printf("train: %s\n", summary);
  if (!write_weights(*q, o, summary)) {
    std::fprintf(stderr, "train: cannot write %s\n", o.out.c_str());
    return 1;
  }
  std::printf("train: wrote %s\n", o.out.c_str());
  return 0;
}

}  // namespace qipan::lab
