#include "reversi_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/clock.h"

namespace qipan::tools {

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

// The design matrix: per sample, the variables (phase * kPhaseSize + shared
// index) its evaluation sums.
struct Design {
  std::vector<std::uint32_t> features;  // kFeatureInstances per row
  std::vector<double> target;
  std::size_t rows() const { return target.size(); }
  const std::uint32_t* row(std::size_t i) const { return features.data() + i * kFeatureInstances; }

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

void add_row(Design& d, const ReversiSample& s, const std::vector<std::uint32_t>& canon) {
  FeatureIndices f;
  compute_features(s.player, s.opponent, f);
  const std::uint32_t base = std::uint32_t(f.phase) * kPhaseSize;
  for (std::uint32_t index : f.index) d.features.push_back(base + canon[index]);
  d.target.push_back(s.score);
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
  Design train, valid;
  for (const ReversiSample& s : samples) {
    const bool held_out = options.validation_every > 0 && s.game % std::uint32_t(options.validation_every) == 0;
    add_row(held_out ? valid : train, s, canon);
  }
  report.train_samples = train.rows();
  report.validation_samples = valid.rows();

  const std::size_t n = std::size_t(kPhases) * kPhaseSize;
  {
    // The starting weights as variables, for the "before" figure.
    std::vector<double> x0(n, 0.0);
    for (int p = 0; p < kPhases; ++p)
      for (int i = 0; i < kPhaseSize; ++i) x0[std::size_t(p) * kPhaseSize + i] = start.phase(p)[i] / double(kEvalScale);
    // Shared variables hold the canonical entry's value.
    report.validation_rmse_before = valid.rmse(x0);
  }

  const double lambda = options.ridge, mu = options.phase_smoothing;
  // H v = A'A v + lambda v + mu L v, L the Laplacian of the chain of phases.
  auto apply = [&](const std::vector<double>& v, std::vector<double>& out) {
    for (std::size_t j = 0; j < n; ++j) out[j] = lambda * v[j];
    for (int p = 0; p + 1 < kPhases; ++p) {
      const std::size_t a = std::size_t(p) * kPhaseSize, b = a + kPhaseSize;
      for (int i = 0; i < kPhaseSize; ++i) {
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
  };

  std::vector<double> b(n, 0.0), diag(n, lambda);
  for (std::size_t r = 0; r < train.rows(); ++r) {
    const std::uint32_t* f = train.row(r);
    for (int k = 0; k < kFeatureInstances; ++k) {
      b[f[k]] += train.target[r];
      diag[f[k]] += 1.0;
    }
  }
  for (int p = 0; p < kPhases; ++p) {
    const double degree = (p == 0 || p == kPhases - 1) ? 1.0 : 2.0;
    for (int i = 0; i < kPhaseSize; ++i) diag[std::size_t(p) * kPhaseSize + i] += mu * degree;
  }

  // Preconditioned conjugate gradients from x = 0.
  std::vector<double> x(n, 0.0), r = b, z(n), p(n), hp(n);
  for (std::size_t j = 0; j < n; ++j) z[j] = r[j] / diag[j];
  p = z;
  double rz = dot(r, z);
  const double b_norm = std::sqrt(dot(b, b));
  int it = 0;
  for (; it < options.max_iterations; ++it) {
    apply(p, hp);
    const double alpha = rz / dot(p, hp);
    for (std::size_t j = 0; j < n; ++j) {
      x[j] += alpha * p[j];
      r[j] -= alpha * hp[j];
    }
    const double residual = std::sqrt(dot(r, r)) / b_norm;
    if (options.verbose && (it % 25 == 0 || residual < options.tolerance))
      std::fprintf(stderr, "  fit iteration %d: residual %.2e, train rmse %.3f, validation rmse %.3f\n", it,
                   residual, train.rmse(x), valid.rmse(x));
    if (residual < options.tolerance) break;
    for (std::size_t j = 0; j < n; ++j) z[j] = r[j] / diag[j];
    const double rz_next = dot(r, z);
    const double beta = rz_next / rz;
    rz = rz_next;
    for (std::size_t j = 0; j < n; ++j) p[j] = z[j] + beta * p[j];
  }
  report.iterations = it;
  report.train_rmse = train.rmse(x);
  report.validation_rmse = valid.rmse(x);
  if (options.verbose) {
    // Per phase: the error left, and the spread of the labels themselves.
    std::vector<double> err(kPhases, 0), var(kPhases, 0), mean(kPhases, 0), cnt(kPhases, 0);
    for (std::size_t i = 0; i < valid.rows(); ++i) {
      const int ph = int(valid.row(i)[0] / kPhaseSize);
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
  report.nonzero_weights = 0;
  for (int ph = 0; ph < kPhases; ++ph) {
    std::int16_t* t = w.phase(ph);
    for (int i = 0; i < kPhaseSize; ++i) {
      const double v = std::round(x[std::size_t(ph) * kPhaseSize + canon[i]] * kEvalScale);
      t[i] = std::int16_t(std::clamp(v, -32000.0, 32000.0));
      if (t[i] != 0) ++report.nonzero_weights;
    }
  }
  report.seconds = watch.elapsed_seconds();
  return w;
}

}  // namespace qipan::tools
