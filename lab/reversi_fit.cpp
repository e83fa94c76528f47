#include "reversi_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/core/clock.h"
#include "engine/reversi/eval_weights.h"

namespace qipan::lab {

using namespace reversi;

namespace {

// For every index of a phase table, the index of the weight it shares: the
// smaller of the configuration and its mirror reading.
std::vector<std::uint32_t> canonical_map() {
  std::vector<std::uint32_t> canon(kPhaseSize);
  for (int k = 0; k < kFeatureKinds; ++k)
    for (int c = 0; c < kFeatures[k].size; ++c)
      canon[kFeatureOffset[k] + c] = std::uint32_t(kFeatureOffset[k] + std::min(c, mirror_configuration(k, c)));
  return canon;
}

// The design matrix: per sample, the variables (table * kPhaseSize + shared
// index) its evaluation sums; variables left out (pruned, skipped kinds) read
// the sink, one more variable that stays 0.
struct Design {
  std::vector<std::uint32_t> features;  // kFeatureInstances per row
  std::vector<double> target;
  std::vector<std::uint8_t> phase;
  std::size_t rows() const { return target.size(); }
  const std::uint32_t* row(std::size_t i) const { return features.data() + i * kFeatureInstances; }
  std::uint32_t* row(std::size_t i) { return features.data() + i * kFeatureInstances; }

  double predict(std::size_t i, const std::vector<double>& x) const {
    double s = 0;
    for (const std::uint32_t* f = row(i); f != row(i) + kFeatureInstances; ++f) s += x[*f];
    return s;
  }
  double rmse(const std::vector<double>& x) const {
    if (rows() == 0) return 0;
    double e = 0;
    for (std::size_t i = 0; i < rows(); ++i) {
      const double d = predict(i, x) - target[i];
      e += d * d;
    }
    return std::sqrt(e / double(rows()));
  }
};

int table_of(int phase, int tables) { return phase * tables / kPhases; }

void add_row(Design& d, const ReversiSample& s, const std::vector<std::uint32_t>& canon, int tables) {
  FeatureIndices f;
  compute_features(s.player, s.opponent, f);
  const std::uint32_t base = std::uint32_t(table_of(f.phase, tables)) * kPhaseSize;
  for (std::uint32_t index : f.index) d.features.push_back(base + canon[index]);
  d.target.push_back(s.score);
  d.phase.push_back(std::uint8_t(f.phase));
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

}  // namespace

EvalWeights fit_weights(const std::vector<ReversiSample>& samples, const EvalWeights& start, const FitOptions& options,
                        FitReport& report) {
  const Stopwatch watch;
  const std::vector<std::uint32_t> canon = canonical_map();
  const int tables = std::clamp(options.tables, 1, kPhases);
  Design train, valid;
  double before = 0;
  for (const ReversiSample& s : samples) {
    const bool held_out = options.validation_every > 0 && s.game % std::uint32_t(options.validation_every) == 0;
    add_row(held_out ? valid : train, s, canon, tables);
    if (held_out) {
      const double d = evaluate_scaled(start, s.player, s.opponent) / double(kEvalScale) - s.score;
      before += d * d;
    }
  }
  report.train_samples = train.rows();
  report.validation_samples = valid.rows();
  report.validation_rmse_before = valid.rows() ? std::sqrt(before / double(valid.rows())) : 0;

  // Variables: tables * kPhaseSize weights and the sink. A weight is live
  // when its kind is fitted and the training positions read its
  // configuration min_count times or more.
  const std::size_t n = std::size_t(tables) * kPhaseSize, sink = n;
  // A configuration lives in every table or in none (the storage keeps one
  // layout for all, eval_weights.h): counts are summed over the tables.
  std::vector<std::uint32_t> count(kPhaseSize, 0);
  for (std::uint32_t v : train.features) ++count[v % kPhaseSize];
  std::vector<std::uint8_t> live(n + 1, 0);
  report.pruned_weights = 0;
  for (int i = 0, kind = 0; i < kPhaseSize; ++i) {
    while (kind + 1 < kFeatureKinds && kFeatureOffset[kind + 1] <= i) ++kind;
    const bool fitted = !(options.skip_kinds >> kind & 1u);
    const bool alive = fitted && count[i] >= std::uint32_t(std::max(options.min_count, 1));
    for (int t = 0; t < tables; ++t) live[std::size_t(t) * kPhaseSize + i] = alive;
    if (fitted && count[i] > 0 && !alive) ++report.pruned_weights;
  }
  for (Design* d : {&train, &valid})
    for (std::uint32_t& v : d->features)
      if (!live[v]) v = std::uint32_t(sink);

  const double lambda = options.ridge, mu = options.phase_smoothing;
  // H v = A'A v + lambda v + mu L v, L the Laplacian of the chain of tables
  // (edges between live weights only).
  auto apply = [&](const std::vector<double>& v, std::vector<double>& out) {
    for (std::size_t j = 0; j <= n; ++j) out[j] = lambda * v[j];
    for (int t = 0; t + 1 < tables; ++t) {
      const std::size_t a = std::size_t(t) * kPhaseSize, b = a + kPhaseSize;
      for (int i = 0; i < kPhaseSize; ++i) {
        if (!live[a + i] || !live[b + i]) continue;
        const double d = mu * (v[a + i] - v[b + i]);
        out[a + i] += d;
        out[b + i] -= d;
      }
    }
    for (std::size_t r = 0; r < train.rows(); ++r) {
      const std::uint32_t* f = train.row(r);
      double s = 0;
      for (int k = 0; k < kFeatureInstances; ++k) s += v[f[k]];
      for (int k = 0; k < kFeatureInstances; ++k) out[f[k]] += s;
    }
    out[sink] = 0;
  };

  std::vector<double> b(n + 1, 0.0), diag(n + 1, lambda);
  for (std::size_t r = 0; r < train.rows(); ++r) {
    const std::uint32_t* f = train.row(r);
    for (int k = 0; k < kFeatureInstances; ++k) {
      b[f[k]] += train.target[r];
      diag[f[k]] += 1.0;
    }
  }
  b[sink] = 0;
  diag[sink] = 1;
  for (int t = 0; t + 1 < tables; ++t) {
    const std::size_t a = std::size_t(t) * kPhaseSize, c = a + kPhaseSize;
    for (int i = 0; i < kPhaseSize; ++i)
      if (live[a + i] && live[c + i]) {
        diag[a + i] += mu;
        diag[c + i] += mu;
      }
  }

  // Preconditioned conjugate gradients from x = 0.
  std::vector<double> x(n + 1, 0.0), r = b, z(n + 1), p(n + 1), hp(n + 1);
  for (std::size_t j = 0; j <= n; ++j) z[j] = r[j] / diag[j];
  p = z;
  double rz = dot(r, z);
  const double b_norm = std::sqrt(dot(b, b));
  int it = 0;
  for (; it < options.max_iterations; ++it) {
    apply(p, hp);
    const double alpha = rz / dot(p, hp);
    for (std::size_t j = 0; j <= n; ++j) {
      x[j] += alpha * p[j];
      r[j] -= alpha * hp[j];
    }
    const double residual = std::sqrt(dot(r, r)) / b_norm;
    if (options.verbose && (it % 25 == 0 || residual < options.tolerance))
      std::fprintf(stderr, "  fit iteration %d: residual %.2e, train rmse %.3f, validation rmse %.3f\n", it, residual,
                   train.rmse(x), valid.rmse(x));
    if (residual < options.tolerance) break;
    for (std::size_t j = 0; j <= n; ++j) z[j] = r[j] / diag[j];
    const double rz_next = dot(r, z);
    const double beta = rz_next / rz;
    rz = rz_next;
    for (std::size_t j = 0; j <= n; ++j) p[j] = z[j] + beta * p[j];
  }
  report.iterations = it;

  // The weights as stored: rounded to the step (in 1/kEvalScale disc), 0
  // where not live; the figures below are those of the rounded weights.
  const int step = std::max(options.step, 1);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = live[j] ? std::clamp(std::round(x[j] * kEvalScale / step) * step, -32000.0, 32000.0) / kEvalScale : 0.0;
  x[sink] = 0;
  report.train_rmse = train.rmse(x);
  report.validation_rmse = valid.rmse(x);
  if (options.verbose) {
    // Per phase: the error left, and the spread of the labels themselves.
    std::vector<double> err(kPhases, 0), var(kPhases, 0), mean(kPhases, 0), cnt(kPhases, 0);
    for (std::size_t i = 0; i < valid.rows(); ++i) {
      const int ph = valid.phase[i];
      const double d = valid.predict(i, x) - valid.target[i];
      err[ph] += d * d;
      mean[ph] += valid.target[i];
      var[ph] += valid.target[i] * valid.target[i];
      cnt[ph] += 1;
    }
    for (int ph = 0; ph < kPhases; ++ph) {
      if (cnt[ph] == 0) continue;
      const double m = mean[ph] / cnt[ph];
      std::fprintf(stderr, "  phase %d (%2d-%2d discs): validation rmse %.2f, label sd %.2f, n %.0f\n", ph,
                   4 + ph * kPhaseWidth, 3 + (ph + 1) * kPhaseWidth, std::sqrt(err[ph] / cnt[ph]),
                   std::sqrt(var[ph] / cnt[ph] - m * m), cnt[ph]);
    }
  }

  EvalWeights w;
  for (int ph = 0; ph < kPhases; ++ph) {
    std::int16_t* t = w.phase(ph);
    const std::size_t base = std::size_t(table_of(ph, tables)) * kPhaseSize;
    for (int i = 0; i < kPhaseSize; ++i) t[i] = std::int16_t(std::lround(x[base + canon[i]] * kEvalScale));
  }
  report.nonzero_weights = 0;
  for (std::size_t j = 0; j < n; ++j)
    if (live[j] && canon[j % kPhaseSize] == j % kPhaseSize) ++report.nonzero_weights;
  report.seconds = watch.elapsed_seconds();
  return w;
}

std::unique_ptr<EvalWeights> load_weights_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream buffer;
  buffer << f.rdbuf();
  const std::string s = buffer.str();
  const std::size_t name = s.find("kEncodedWeights");
  const std::size_t open = s.find('{', name);
  const std::size_t close = s.find('}', open);
  if (!f || name == std::string::npos || open == std::string::npos || close == std::string::npos) return nullptr;
  const std::string body = s.substr(open + 1, close - open - 1);
  auto loaded = [](Result<EvalWeights> w) { return w ? std::make_unique<EvalWeights>(std::move(*w)) : nullptr; };
  if (body.find('"') != std::string::npos) {
    std::string text;
    for (std::size_t q = body.find('"'); q != std::string::npos; q = body.find('"', q)) {
      const std::size_t end = body.find('"', q + 1);
      if (end == std::string::npos) return nullptr;
      text += body.substr(q + 1, end - q - 1);
      q = end + 1;
    }
    return loaded(decode_base64_weights(text));
  }
  std::vector<std::uint8_t> bytes;
  std::istringstream in(body);
  for (std::string item; std::getline(in, item, ',');) {
    const std::size_t digit = item.find_first_of("0123456789");
    if (digit != std::string::npos) bytes.push_back(std::uint8_t(std::stoi(item.substr(digit))));
  }
  return loaded(decode_weights(bytes));
}

}  // namespace qipan::lab
