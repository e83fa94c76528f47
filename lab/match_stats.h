// Match scores as a player of engine matches reads them: wins, draws and
// losses, the score, and the Elo difference with its 95 % error (normal
// approximation of the per-game score's spread, as cutechess-cli prints it).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace qipan::lab {

struct MatchScore {
  int wins = 0, draws = 0, losses = 0;

  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

// Elo difference for an expected score (clamped away from 0 and 1).
inline double elo_of(double score) {
  const double s = std::fmin(std::fmax(score, 1e-6), 1 - 1e-6);
  return -400.0 * std::log10(1.0 / s - 1.0);
}

// The 95 % error of the score (a share, 0..1), from the spread of the
// per-game scores.
inline double score_margin(const MatchScore& m) {
  const int n = m.games();
  if (n == 0) return 0;
  const double s = m.score();
  const double variance =
      (m.wins * std::pow(1 - s, 2) + m.draws * std::pow(0.5 - s, 2) + m.losses * std::pow(s, 2)) / n;
  return 1.959964 * std::sqrt(variance / n);
}

// "+35.2 +/- 40.1" (95 %).
inline std::string elo_text(const MatchScore& m) {
  const int n = m.games();
  if (n == 0) return "n/a";
  const double s = m.score();
  const double margin = score_margin(m);
  const double elo = elo_of(s);
  const double error = (elo_of(s + margin) - elo_of(s - margin)) / 2;
  char text[64];
  std::snprintf(text, sizeof text, "%+.1f +/- %.1f", elo, error);
  return text;
}

}  // namespace qipan::lab
