// The games of a xiangqi match that each side lost by the repetition rules
// (engine/xiangqi/repetition_rules.h): perpetual check, perpetual chase, one
// check alternating with one chase. Our AI should never lose one, so the
// match tools (the level match, the engine referee and the summary of its
// records) count them by the game's ending code, the one a record's
// Termination tag holds, and print the counts at the end.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace qipan::lab {

class RuleLosses {
 public:
  // The ending codes counted (engine/xiangqi/game/game.h, reason_code).
  static constexpr std::array<std::string_view, 3> kReasons = {"perpetual_check", "perpetual_chase",
                                                               "one_check_one_chase"};

  // A finished game: how it ended and A's result (+1 won, 0 drawn, -1 lost).
  // Only a loss by one of kReasons counts, for the side that lost.
  void add(std::string_view reason, int result_for_a) {
    if (result_for_a == 0) return;
    for (std::size_t k = 0; k < kReasons.size(); ++k)
      if (reason == kReasons[k]) ++counts_[result_for_a > 0 ? 1 : 0][k];
  }

  // Side 0 is A, 1 is B.
  int count(int side, std::string_view reason) const {
    for (std::size_t k = 0; k < kReasons.size(); ++k)
      if (reason == kReasons[k]) return counts_[std::size_t(side)][k];
    return 0;
  }
  int total(int side) const {
    int sum = 0;
    for (int n : counts_[std::size_t(side)]) sum += n;
    return sum;
  }

  // "lost by the repetition rules: A perpetual_check 0, perpetual_chase 1,
  // one_check_one_chase 0; B perpetual_check 0, ..."
  std::string line() const {
    std::string out = "lost by the repetition rules:";
    for (int side = 0; side < 2; ++side) {
      out += side == 0 ? " A" : "; B";
      for (std::size_t k = 0; k < kReasons.size(); ++k)
        out += (k ? ", " : " ") + std::string(kReasons[k]) + " " + std::to_string(counts_[std::size_t(side)][k]);
    }
    return out;
  }

 private:
  std::array<std::array<int, 3>, 2> counts_{};
};

}  // namespace qipan::lab
