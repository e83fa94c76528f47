#include "rules.h"

#include "../core/random.h"
#include "codes.h"

namespace qipan::checkers {

std::optional<Error> RuleOptions::problem() const {
  if (!valid_player_count(players))
    return make_error(code::checkers_player_count, "players must be 2, 3, 4 or 6 (1 for solo races)")
        .with("players", players);
  if (turn_cap < 0)
    return make_error(code::checkers_turn_cap, "the turn cap must not be negative").with("turn_cap", turn_cap);
  return std::nullopt;
}

Player first_player_for(const RuleOptions& rules, std::uint64_t seed, int game_index) {
  const int n = valid_player_count(rules.players) ? rules.players : 2;
  switch (rules.first_player) {
    case FirstPlayer::p1: return 0;
    case FirstPlayer::alternate: return ((game_index % n) + n) % n;
    case FirstPlayer::random: {
      SplitMix64 rng(seed ^ (std::uint64_t(std::uint32_t(game_index)) * 0x9E3779B97F4A7C15ull));
      return Player(rng.below(std::uint32_t(n)));
    }
  }
  return 0;
}

}  // namespace qipan::checkers
