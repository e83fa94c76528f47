// What a referee keeps of an engine match between A and B as its games end,
// whatever the game: the score overall and with each colour, and with --sprt
// the sequential test on pairs of games (games 2k and 2k+1, numbered from 0,
// share an opening with the colours swapped; lab/sprt.h). The xiangqi and the
// Reversi referees both count through it. Not thread-safe: the slots playing
// side by side call it under their lock.
#pragma once

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "match_stats.h"
#include "sprt.h"

namespace qipan::lab {

class MatchProgress {
 public:
  explicit MatchProgress(std::optional<Sprt> sprt) : sprt_(std::move(sprt)) {}

  // Game `game` (from 0) has ended; A had the first move (red, black) when
  // `a_first`. With --sprt, prints a line as each pair completes, and the
  // verdict once the LLR leaves its bounds.
  void record(int game, bool a_first, int result_for_a) {
    for (MatchScore* m : {&total_, a_first ? &as_first_ : &as_second_})
      (result_for_a > 0 ? m->wins : result_for_a < 0 ? m->losses : m->draws) += 1;
    if (!sprt_ || decided_) return;
    auto& [ended, half_points] = pairs_[game / 2];
    ++ended;
    half_points += result_for_a + 1;
    if (ended < 2) return;
    sprt_->add_pair(half_points);
    std::printf("sprt pair %d (games %d-%d): A %.1f; %s\n", game / 2 + 1, game / 2 * 2 + 1, game / 2 * 2 + 2,
                half_points / 2.0, sprt_->line().c_str());
    pairs_.erase(game / 2);
    if (sprt_->verdict() != SprtVerdict::kContinue) {
      decided_ = true;
      std::printf("sprt: %s after %d pairs; no new games\n", sprt_->verdict_text().c_str(), sprt_->pairs());
    }
  }

  // The SPRT has decided: no new game starts (those under way still count).
  bool decided() const { return decided_; }
  const MatchScore& total() const { return total_; }

  void print_sprt_header() const {
    if (sprt_)
      std::printf("sprt: H0 A - B = %g Elo, H1 %g Elo, alpha = beta = 0.05, pentanomial (lab/sprt.h)\n", sprt_->elo0(),
                  sprt_->elo1());
  }

  // The closing lines: A's score with each colour (`first`, `second`: "red",
  // "black"), overall with its 95 % errors (score and Elo), and the SPRT's verdict.
  void print_summary(const char* first, const char* second) const {
    std::printf("A as %s %d-%d-%d, as %s %d-%d-%d\n", first, as_first_.wins, as_first_.draws, as_first_.losses, second,
                as_second_.wins, as_second_.draws, as_second_.losses);
    std::printf("score of A: %d-%d-%d (%.1f%% +/- %.1f) in %d games, Elo %s\n", total_.wins, total_.draws,
                total_.losses, 100.0 * total_.score(), 100.0 * score_margin(total_), total_.games(),
                elo_text(total_).c_str());
    if (sprt_)
      std::printf("sprt: %s after %d pairs; %s\n", sprt_->verdict_text().c_str(), sprt_->pairs(),
                  sprt_->line().c_str());
  }

 private:
  std::optional<Sprt> sprt_;
  MatchScore total_, as_first_, as_second_;
  std::map<int, std::pair<int, int>> pairs_;  // pair -> games ended, A's half points
  bool decided_ = false;
};

}  // namespace qipan::lab
