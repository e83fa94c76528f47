#include "rules.h"

#include "../core/random.h"

namespace qipan::checkers {

Player first_player_for(const RuleOptions& rules, std::uint64_t seed, int game_index) {
  const int n = valid_player_count(rules.players) ? rules.players : 2;
  switch (rules.first_player) {
    case FirstPlayer::p1:
      return 0;
    case FirstPlayer::alternate:
      return ((game_index % n) + n) % n;
    case FirstPlayer::random: {
      SplitMix64 rng(seed ^ (std::uint64_t(std::uint32_t(game_index)) * 0x9E3779B97F4A7C15ull));
      return Player(rng.below(std::uint32_t(n)));
    }
  }
  return 0;
}

}  // namespace qipan::checkers
