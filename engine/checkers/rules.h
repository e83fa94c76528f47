// Rule options (docs/rules/chinese-checkers.md §4). The defaults are its default rule set.
// Which options touch what:
//   move generation: goal_lock, parking, long_jumps        (movegen.h)
//   finishing:       win_rule                              (Position::finished)
//   game end:        multiplayer_end, equal_turns, draw_rules, turn_cap (game.h)
//   first player:    resolved by the session/UI (first_player_for), the Game
//                    just takes a starting seat.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../core/result.h"
#include "geometry.h"

namespace qipan::checkers {

enum class WinRule : std::uint8_t {
  filled,  // target arm full and at least one of its pieces is the player's (default)
  strict,  // all 10 of the player's own pieces in the target arm
};

enum class Parking : std::uint8_t {
  allowed,       // stop anywhere (default)
  pass_through,  // may hop through, but not END a move in another seat's home or
                 // target arm (unused arms and the player's own arms are fine)
};

enum class MultiplayerEnd : std::uint8_t {
  first_wins,  // the first player to finish wins and the game ends (default)
  play_on,     // finished players are skipped; play on until one is left
};

enum class DrawRules : std::uint8_t {
  repetition_and_cap,  // threefold repetition (2 players only) + the turn cap (default)
  cap_only,            // only the turn cap
};

enum class FirstPlayer : std::uint8_t {
  p1,         // seat 0 starts (default)
  random,     // a seeded coin toss
  alternate,  // game 0: seat 0, game 1: seat 1, ...
};

struct RuleOptions {
  int players = 2;  // 2, 3, 4, 6 (1 = solitaire, for solo races and tools)
  WinRule win_rule = WinRule::filled;
  bool goal_lock = true;
  Parking parking = Parking::allowed;
  MultiplayerEnd multiplayer_end = MultiplayerEnd::first_wins;
  // 2 players: when the seat that moved first finishes, and the other seat has
  // a move that would finish it too, the game is drawn at once.
  bool equal_turns = false;
  DrawRules draw_rules = DrawRules::repetition_and_cap;
  bool long_jumps = false;  // Super Chinese checkers hops (§3.8)
  FirstPlayer first_player = FirstPlayer::p1;
  int turn_cap = 150;  // turns per player before a draw; 0 = no cap

  friend bool operator==(const RuleOptions&, const RuleOptions&) = default;

  // What is wrong with these options, or nullopt when they are usable
  // (codes checkers_player_count, checkers_turn_cap).
  std::optional<Error> problem() const;
  // Threefold repetition applies (2 players, not "cap only").
  bool repetition_draws() const { return players == 2 && draw_rules == DrawRules::repetition_and_cap; }
};

// The starting seat of game number `game_index` (0, 1, ...) of a session.
// `seed` feeds the coin toss of FirstPlayer::random (SplitMix64 of seed and
// game index), so the same seed replays the same tosses.
Player first_player_for(const RuleOptions& rules, std::uint64_t seed, int game_index);

}  // namespace qipan::checkers
