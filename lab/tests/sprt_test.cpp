// The SPRT of change testing (lab/sprt.h) against values worked out by hand
// or, for the full pentanomial, independently: the secular equation
// multiplied out into a polynomial and solved with mpmath's polyroots at 50
// digits (a different method from the bisection under test).
#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include "lab/sprt.h"

using namespace qipan::lab;

TEST_CASE("sprt: bounds and logistic scores") {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  CHECK(b.lower == doctest::Approx(-2.944438979).epsilon(1e-9));  // log(0.05 / 0.95)
  CHECK(b.upper == doctest::Approx(2.944438979).epsilon(1e-9));
  CHECK(logistic_score(0) == 0.5);
  CHECK(logistic_score(5) == doctest::Approx(0.5071950817090514).epsilon(1e-12));
  CHECK(logistic_score(-5) == doctest::Approx(1 - 0.5071950817090514).epsilon(1e-12));
}

TEST_CASE("sprt: the constrained MLE, by hand") {
  // Two outcomes: the only distribution on {0, 1} with mean s is (1 - s, s),
  // so the LLR is N (p log(s1 / s0) + (1 - p) log((1 - s1) / (1 - s0))):
  // 40 (0.7 log 1.2 + 0.3 log 0.8) = 2.4272809744602...
  const std::array<double, 2> two = {0.0, 1.0}, counts = {12, 28};
  CHECK(mle_llr(two, counts, 0.5, 0.6) == doctest::Approx(2.4272809744602125).epsilon(1e-12));

  // Three outcomes 0, 1/2, 1 seen with frequencies 0.2, 0.5, 0.3 (mean 0.55),
  // held to mean 0.45: a_i = v_i - s = -0.45, 0.05, 0.55, and
  //   -0.09 (1 + 0.05x)(1 + 0.55x) + 0.025 (1 - 0.45x)(1 + 0.55x) + 0.165 (1 - 0.45x)(1 + 0.05x) = 0
  // multiplies out to 0.012375 x^2 + 0.1175 x - 0.1 = 0, whose root between the
  // poles (-1/0.55, 1/0.45) is x = (-0.1175 + sqrt(0.01875625)) / 0.02475 = 0.785998...;
  // q_i = p_i / (1 + x a_i).
  const std::array<double, 3> three = {0.0, 0.5, 1.0}, p = {0.2, 0.5, 0.3};
  const double x = (-0.1175 + std::sqrt(0.01875625)) / 0.02475;
  const std::vector<double> q = mle_with_mean(three, p, 0.45);
  REQUIRE(q.size() == 3);
  CHECK(q[0] == doctest::Approx(0.2 / (1 - 0.45 * x)).epsilon(1e-12));
  CHECK(q[1] == doctest::Approx(0.5 / (1 + 0.05 * x)).epsilon(1e-12));
  CHECK(q[2] == doctest::Approx(0.3 / (1 + 0.55 * x)).epsilon(1e-12));
  CHECK(q[0] == doctest::Approx(0.30945345924802338).epsilon(1e-12));
  CHECK(q[0] + q[1] + q[2] == doctest::Approx(1.0).epsilon(1e-12));  // a distribution
  CHECK(q[1] * 0.5 + q[2] == doctest::Approx(0.45).epsilon(1e-12));  // with the mean asked for
}

TEST_CASE("sprt: the pentanomial LLR") {
  // 200 pairs scoring 0, 0.5, 1, 1.5, 2 this often.
  const Pentanomial counts = {10, 30, 80, 50, 30};
  CHECK(pentanomial_llr(counts, 0, 5) == doctest::Approx(1.3777305122457646).epsilon(1e-10));
  CHECK(pentanomial_llr(counts, 0, 10) == doctest::Approx(2.6298486231471765).epsilon(1e-10));
  CHECK(pentanomial_llr({20, 60, 150, 50, 20}, 0, 5) == doctest::Approx(-0.45546663881240595).epsilon(1e-10));
  CHECK(pentanomial_llr({1, 2, 3, 4, 5}, 0, 50) == doctest::Approx(1.1682232721608406).epsilon(1e-10));
  // Unseen outcomes count 0.001 pairs (fishtest's regularisation).
  CHECK(pentanomial_llr({0, 3, 10, 5, 0}, -5, 5) == doctest::Approx(0.2585020194689496).epsilon(1e-10));
  CHECK(pentanomial_llr({0, 0, 7, 0, 0}, 0, 5) == doctest::Approx(-0.096300502355272574).epsilon(1e-9));

  // No pairs, no evidence; equal hypotheses, none either.
  CHECK(pentanomial_llr({0, 0, 0, 0, 0}, 0, 5) == 0);
  CHECK(pentanomial_llr(counts, 3, 3) == doctest::Approx(0).epsilon(1e-12));
  // B's view of the same pairs: the counts reversed, the hypotheses negated
  // and swapped, the LLR negated.
  CHECK(pentanomial_llr({30, 50, 80, 30, 10}, -5, 0) == doctest::Approx(-1.3777305122457646).epsilon(1e-10));
}

TEST_CASE("sprt: the normal approximation, by hand") {
  // Pair shares 0, 1/4, 1/2, 3/4, 1 counted 10, 30, 80, 50, 30: mean 115 / 200 =
  // 0.575, mean square 80 / 200 = 0.4, variance 0.4 - 0.575^2 = 0.069375;
  // 200 (s1 - 0.5)(1.15 - 0.5 - s1) / (2 0.069375) with s1 = 0.50719508170905...
  const Pentanomial counts = {10, 30, 80, 50, 30};
  const PairMoments m = pair_moments(counts);
  CHECK(m.mean == doctest::Approx(0.575).epsilon(1e-14));
  CHECK(m.variance == doctest::Approx(0.069375).epsilon(1e-12));
  const double s1 = logistic_score(5);
  CHECK(pentanomial_llr_normal(counts, 0, 5) == doctest::Approx(200 * (s1 - 0.5) * (1.15 - 0.5 - s1) / 0.13875));
  CHECK(pentanomial_llr_normal(counts, 0, 5) == doctest::Approx(1.4810710710742829).epsilon(1e-10));
  // Close to the exact LLR when the hypotheses are close and the pairs many.
  const Pentanomial many = {200, 600, 1500, 500, 200};
  CHECK(std::abs(pentanomial_llr_normal(many, 0, 5) - pentanomial_llr(many, 0, 5)) < 0.05);
}

TEST_CASE("sprt: a test stops at its bounds") {
  Sprt strong(0, 5);
  CHECK(strong.verdict() == SprtVerdict::kContinue);
  CHECK(strong.llr() == 0);
  int pairs = 0;
  while (strong.verdict() == SprtVerdict::kContinue && pairs < 10000) {
    strong.add_pair(pairs % 4 == 0 ? 2 : 3);  // 1, 1.5, 1.5, 1.5: 68.75 %
    ++pairs;
  }
  CHECK(strong.verdict() == SprtVerdict::kAcceptH1);
  CHECK(strong.llr() >= strong.bounds().upper);
  CHECK(strong.pairs() == pairs);
  // 52 pairs of 1 and 155 of 1.5: LLR 2.9575 (mpmath, as above), and 2.9432 a
  // pair before. Far from both hypotheses the exact LLR grows slowly: both
  // constrained fits lean on the unseen 0 outcome (the normal approximation
  // would have stopped near 30 pairs).
  CHECK(pairs == 207);
  CHECK(strong.llr() == doctest::Approx(2.95751914261).epsilon(1e-9));

  Sprt weak(0, 5);
  for (pairs = 0; weak.verdict() == SprtVerdict::kContinue && pairs < 10000; ++pairs)
    weak.add_pair(pairs % 2 == 0 ? 1 : 2);  // 0.5, 1: 37.5 %
  CHECK(weak.verdict() == SprtVerdict::kAcceptH0);
  CHECK(weak.llr() <= weak.bounds().lower);
  CHECK(weak.counts()[1] + weak.counts()[2] == pairs);
  // 102 pairs of 0.5 and 102 of 1: -2.95688 (mpmath), -2.94239 a pair before.
  CHECK(pairs == 204);
  CHECK(weak.llr() == doctest::Approx(-2.95687952235).epsilon(1e-9));
}
