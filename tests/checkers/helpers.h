// Shared by the checkers tests: conversions to the reference implementation,
// option combinations, and seeded random positions.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/position.h"
#include "engine/core/random.h"
#include "reference.h"

namespace checkers_test {

using namespace qipan::checkers;

// The code of a refusal, "" for none (tests compare codes, not sentences).
inline std::string code_of(const std::optional<qipan::Error>& e) { return e ? std::string(e->code) : std::string(); }
template <typename T>
std::string code_of(const qipan::Result<T>& r) {
  return r.ok() ? std::string() : std::string(r.code());
}

inline checkers_reference::Options to_reference(const RuleOptions& r) {
  return {r.win_rule == WinRule::strict, r.goal_lock, r.parking == Parking::pass_through, r.long_jumps};
}

inline std::set<std::pair<int, int>> engine_moves(const Position& pos, const RuleOptions& rules, Player p) {
  MoveList list;
  generate_moves(pos, rules, p, list);
  std::set<std::pair<int, int>> out;
  for (Move m : list) out.insert(m.is_pass() ? std::pair{-1, -1} : std::pair{int(m.from), int(m.to)});
  return out;
}

// The eight move-generation option combinations (win rule varies separately).
inline std::vector<RuleOptions> movegen_variants(int players) {
  std::vector<RuleOptions> out;
  for (int bits = 0; bits < 8; ++bits) {
    RuleOptions r;
    r.players = players;
    r.goal_lock = (bits & 1) == 0;
    r.parking = (bits & 2) ? Parking::pass_through : Parking::allowed;
    r.long_jumps = (bits & 4) != 0;
    out.push_back(r);
  }
  return out;
}

// A mid-game position: `plies` random legal plies from the start (stopping
// early if somebody finishes).
inline Position random_playout(int players, int plies, std::uint64_t seed, const RuleOptions& rules) {
  qipan::SplitMix64 rng(seed);
  Position pos = Position::start(players);
  for (int i = 0; i < plies && !pos.anyone_finished(rules.win_rule); ++i) {
    MoveList moves;
    generate_moves(pos, rules, moves);
    Undo undo;
    pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
  }
  return pos;
}

// Pieces scattered over the board, each seat's pieces drawn towards its target
// arm (goal lock, finishing and crowded hop chains all show up).
inline Position random_scatter(int players, std::uint64_t seed) {
  qipan::SplitMix64 rng(seed);
  Position pos(players, Player(rng.below(std::uint32_t(players))));
  const int target_share = int(rng.below(90));  // percent of pieces aimed at the target
  for (Player p = 0; p < players; ++p) {
    int placed = 0;
    while (placed < kArmCells) {
      Cell c;
      if (int(rng.below(100)) < target_share) {
        Bits t = pos.target(p);
        int skip = int(rng.below(kArmCells));
        while (skip-- > 0) t.pop_first();
        c = t.first();
      } else {
        c = Cell(rng.below(kCells));
      }
      if (!pos.is_empty(c)) continue;
      pos.put(c, p);
      ++placed;
    }
  }
  return pos;
}

}  // namespace checkers_test
