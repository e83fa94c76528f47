// The sequential probability ratio test of change testing, as fishtest runs
// it: games come in pairs (one opening played once with each colour), a
// pair scores 0, 0.5, 1, 1.5 or 2 for A, and the counts of those five
// outcomes (the pentanomial) give the generalised log-likelihood ratio (GSPRT)
// of H1 "A is elo1 stronger than B" against H0 "A is elo0 stronger". The
// match stops when the LLR leaves (lower, upper): below, H0 is accepted (the
// change is not elo1 better); above, H1 is accepted. With alpha = beta = 0.05
// the bounds are -+2.944 (log(beta / (1 - alpha)), log((1 - beta) / alpha)).
//
// The LLR is Michel Van den Bergh's (fishtest's LLR_logistic with a
// pentanomial, from his note "A quick and accurate way to compute the GSPRT",
// hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf): each pair's score
// as a share of its two games (0, 1/4, 1/2, 3/4, 1) with the observed
// frequencies p_i; under each hypothesis the distribution on those five
// values with expected score s (elo0 or elo1 as a logistic score,
// 1 / (1 + 10^(-elo/400))) that is most likely to have produced the
// observation is q_i = p_i / (1 + x (v_i - s)), x the root of
// sum_i p_i (v_i - s) / (1 + x (v_i - s)) = 0 (Proposition 1.1 of the note);
// LLR = N sum_i p_i log(q1_i / q0_i) over N pairs. An outcome never seen
// counts 0.001 pairs (fishtest's regularisation: without it an unseen
// outcome could make an expected score impossible). The normal
// approximation (fishtest's "simple" form, pentanomial_llr_normal) is
// N (s1 - s0) (2 m - s0 - s1) / (2 var), m and var the mean and variance of
// the pair shares; it is printed beside the exact one for comparison only.
// Elo here is logistic Elo (the score's), not fishtest's normalised Elo.
#pragma once

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/tools/command_flags.h"
#include "match_stats.h"

namespace qipan::lab {

// Pairs scoring 0, 0.5, 1, 1.5 and 2 for A (LL, LD, LW+DD, WD, WW).
using Pentanomial = std::array<double, 5>;

// The expected score of a side `elo` stronger (logistic).
inline double logistic_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

struct SprtBounds {
  double lower, upper;
};
inline SprtBounds sprt_bounds(double alpha, double beta) {
  return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

// The distribution on `values` (ascending) with expected value `s` that is
// the most likely to have produced the observed frequencies `probs` (all > 0,
// summing to 1; values[0] < s < values.back()): q_i = p_i / (1 + x (v_i -
// s)), x found by bisection of the secular equation, which is decreasing on
// the interval between its poles, -1 / (v_max - s) and 1 / (s - v_min).
inline std::vector<double> mle_with_mean(std::span<const double> values, std::span<const double> probs, double s) {
  const double a_min = values.front() - s, a_max = values.back() - s;
  double lo = -1 / a_max, hi = -1 / a_min;
  const auto f = [&](double x) {
    double sum = 0;
    for (std::size_t i = 0; i < values.size(); ++i) sum += probs[i] * (values[i] - s) / (1 + x * (values[i] - s));
    return sum;
  };
  for (int i = 0; i < 2000; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;  // as close as doubles go
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double x = lo + (hi - lo) / 2;
  std::vector<double> q(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) q[i] = probs[i] / (1 + x * (values[i] - s));
  return q;
}

// N sum_i p_i log(q1_i / q0_i) for observed counts (none zero) on `values`.
inline double mle_llr(std::span<const double> values, std::span<const double> counts, double s0, double s1) {
  double n = 0;
  for (double c : counts) n += c;
  std::vector<double> p(counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) p[i] = counts[i] / n;
  const std::vector<double> q0 = mle_with_mean(values, p, s0), q1 = mle_with_mean(values, p, s1);
  double llr = 0;
  for (std::size_t i = 0; i < p.size(); ++i) llr += p[i] * std::log(q1[i] / q0[i]);
  return n * llr;
}

inline constexpr std::array<double, 5> kPairShares = {0.0, 0.25, 0.5, 0.75, 1.0};
inline constexpr double kUnseenPairs = 1e-3;  // fishtest's regularisation

inline Pentanomial regularised(const Pentanomial& counts) {
  Pentanomial out = counts;
  for (double& c : out)
    if (c == 0) c = kUnseenPairs;
  return out;
}

inline double pairs_of(const Pentanomial& counts) {
  double n = 0;
  for (double c : counts) n += c;
  return n;
}

// The GSPRT log-likelihood ratio of elo1 against elo0 for the pairs counted
// (0 before the first pair).
inline double pentanomial_llr(const Pentanomial& counts, double elo0, double elo1) {
  if (pairs_of(counts) == 0) return 0;
  return mle_llr(kPairShares, regularised(counts), logistic_score(elo0), logistic_score(elo1));
}

// The mean and variance (of the population) of the pair shares.
struct PairMoments {
  double n = 0, mean = 0.5, variance = 0;
};
inline PairMoments pair_moments(const Pentanomial& counts) {
  PairMoments m;
  m.n = pairs_of(counts);
  if (m.n == 0) return m;
  double sum = 0, squares = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    sum += counts[i] * kPairShares[i];
    squares += counts[i] * kPairShares[i] * kPairShares[i];
  }
  m.mean = sum / m.n;
  m.variance = squares / m.n - m.mean * m.mean;
  return m;
}

// The normal approximation: N (s1 - s0) (2 mean - s0 - s1) / (2 variance),
// on the regularised counts when every pair scored the same.
inline double pentanomial_llr_normal(const Pentanomial& counts, double elo0, double elo1) {
  if (pairs_of(counts) == 0) return 0;
  PairMoments m = pair_moments(counts);
  if (m.variance <= 0) m = pair_moments(regularised(counts));
  const double s0 = logistic_score(elo0), s1 = logistic_score(elo1);
  return m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}

enum class SprtVerdict { kContinue, kAcceptH0, kAcceptH1 };

// A match under --sprt plays at most this many games unless told otherwise.
inline constexpr int kSprtMaxGames = 20000;

// One test as a match runs it: add each finished pair, read the verdict.
class Sprt {
 public:
  Sprt(double elo0, double elo1, double alpha = 0.05, double beta = 0.05)
      : elo0_(elo0), elo1_(elo1), bounds_(sprt_bounds(alpha, beta)) {}

  // A's points in the pair, in half points: 0 (lost both) .. 4 (won both).
  void add_pair(int half_points) {
    counts_[std::size_t(half_points)] += 1;
    llr_ = pentanomial_llr(counts_, elo0_, elo1_);
  }

  double elo0() const { return elo0_; }
  double elo1() const { return elo1_; }
  double llr() const { return llr_; }
  double llr_normal() const { return pentanomial_llr_normal(counts_, elo0_, elo1_); }
  const SprtBounds& bounds() const { return bounds_; }
  const Pentanomial& counts() const { return counts_; }
  int pairs() const { return int(pairs_of(counts_)); }
  SprtVerdict verdict() const {
    return llr_ <= bounds_.lower   ? SprtVerdict::kAcceptH0
           : llr_ >= bounds_.upper ? SprtVerdict::kAcceptH1
                                   : SprtVerdict::kContinue;
  }

  // "LLR 1.23 (-2.94, 2.94) [0, 5], normal approx. 1.25; pairs 3-10-40-12-5; Elo +12.3 +- 20.1"
  std::string line() const {
    const PairMoments m = pair_moments(counts_);
    const auto elo = elo_of;  // match_stats.h: clamped away from 0 and 1
    const double margin = m.n > 0 ? 1.959964 * std::sqrt(m.variance / m.n) : 0;
    char text[200];
    std::snprintf(text, sizeof text,
                  "LLR %.2f (%.2f, %.2f) [%g, %g], normal approx. %.2f; pairs %.0f-%.0f-%.0f-%.0f-%.0f; "
                  "Elo %+.1f +- %.1f",
                  llr_, bounds_.lower, bounds_.upper, elo0_, elo1_, llr_normal(), counts_[0], counts_[1], counts_[2],
                  counts_[3], counts_[4], elo(m.mean), (elo(m.mean + margin) - elo(m.mean - margin)) / 2);
    return text;
  }

  std::string verdict_text() const {
    char text[160];
    switch (verdict()) {
      case SprtVerdict::kAcceptH1:
        std::snprintf(text, sizeof text, "H1 accepted: A is elo1 (%g) better rather than elo0 (%g)", elo1_, elo0_);
        break;
      case SprtVerdict::kAcceptH0:
        std::snprintf(text, sizeof text, "H0 accepted: A is not elo1 (%g) better, elo0 (%g) holds", elo1_, elo0_);
        break;
      case SprtVerdict::kContinue:
        std::snprintf(text, sizeof text, "no verdict: the LLR stayed within its bounds");
        break;
    }
    return text;
  }

 private:
  double elo0_, elo1_;
  SprtBounds bounds_;
  Pentanomial counts_{};
  double llr_ = 0;
};

// The reader of `--sprt ELO0 ELO1` (CommandFlags): two Elo bounds within
// +-1000, ELO0 below ELO1, set into `sprt`.
inline tools::CommandFlags::Reader sprt_bounds(std::optional<Sprt>& sprt) {
  return [&sprt](const std::vector<std::string>& words) {
    double elo0 = 0, elo1 = 0;
    if (!tools::CommandFlags::parse_decimal(words[0], -1000, 1000, elo0) ||
        !tools::CommandFlags::parse_decimal(words[1], -1000, 1000, elo1) || elo0 >= elo1)
      return "takes two Elo bounds from -1000 to 1000, the first below the second, not '" + words[0] + " " + words[1] +
             "'";
    sprt.emplace(elo0, elo1);
    return std::string();
  };
}

}  // namespace qipan::lab
