// Chinese checkers evaluation: how far each army still has to go.
//
// A piece's goal distance is its hex distance to the apex of its target arm.
// Inside the "cone" that leads to the target this is exactly the number of
// rows still to climb; pieces in the two arms beside the target pay extra for
// the sideways walk. A full target arm sums to 0+1+1+2+2+2+3+3+3+3 = 20, so
// `remaining_distance` (sum - 20) is 0 exactly when the player's own pieces
// fill its target, and aiming at the apex makes pieces fill the deep rows
// first instead of clogging the entrance.
//
// The cost of a player (lower is better, in tenths of a row) adds to that:
//   - straggler: the last piece far behind the army's average, which will
//     have to walk alone;
//   - isolation: pieces outside the target with no neighbour to hop over or
//     to be hopped over (nothing adjacent, nothing two holes away);
//   - a small bonus per piece already in the target.
//   - the filled-rule shortcut (filled_percent, 0 by default): a target
//     holding other seats' pieces is finished once the player fills just its
//     empty holes (WinRule::filled), and with six players nearly every game
//     ends so, with 3-5 foreign pieces still inside. The shortcut is the
//     distance saved if those pieces stay: the full-army distance minus that
//     of the nearest own pieces to the empty holes (apex distances).
// Scores: 2 players: opponent's cost - own cost (side to move's view).
// 3+ players (multi-player search): the seat's view is the leading
// rival's cost (times rival_percent / 100) - own cost, so moves that help
// the best rival look bad.
#pragma once

#include <array>
#include <cstdint>

#include "geometry.h"
#include "position.h"

namespace qipan::checkers {

// Terminal scores: a win `ply` plies from the root is kWinScore - ply.
// They fit the transposition table's 16-bit scores.
constexpr int kWinScore = 30000;
constexpr int kWinThreshold = kWinScore - 1000;  // |score| above: a decided game
constexpr int kDistanceUnit = 10;                // one row in score points

struct GoalTables {
  // [target arm][cell]: hex distance to the target arm's apex (0..16).
  std::array<std::array<std::uint8_t, kCells>, kArms> goal{};
  // [target arm][cell]: rows towards the target, -8 (the opposite apex) to
  // +8 (the target apex); the seed's greedy player maximises its gain.
  std::array<std::array<std::int8_t, kCells>, kArms> forward{};
  std::array<std::uint8_t, kArms> apex{};
  // Cells at distance 2 in a straight line (potential hop partners).
  std::array<Bits, kCells> second_ring{};
};

constexpr GoalTables build_goal_tables() {
  GoalTables t;
  // The apex of arm a lies along a cube axis: 0 top z=-8, 1 x=+8, 2 y=-8,
  // 3 z=+8, 4 x=-8, 5 y=+8.
  for (int a = 0; a < kArms; ++a) {
    int best = -1;
    for (int c = 0; c < kCells; ++c) {
      if (arm_of(c) != a) continue;
      const Cube p = cube_of(c);
      const int f = a == 0 ? -p.z : a == 1 ? p.x : a == 2 ? -p.y : a == 3 ? p.z : a == 4 ? -p.x : p.y;
      if (f == 8) best = c;
    }
    t.apex[a] = static_cast<std::uint8_t>(best);
    for (int c = 0; c < kCells; ++c) {
      const Cube p = cube_of(c);
      t.goal[a][c] = static_cast<std::uint8_t>(distance(c, best));
      t.forward[a][c] = static_cast<std::int8_t>(a == 0   ? -p.z
                                                 : a == 1 ? p.x
                                                 : a == 2 ? -p.y
                                                 : a == 3 ? p.z
                                                 : a == 4 ? -p.x
                                                          : p.y);
    }
  }
  for (int c = 0; c < kCells; ++c)
    for (int d = 0; d < kDirections; ++d)
      if (kGeometry.jump_land[c][d] != kSentinel) t.second_ring[c].set(kGeometry.jump_land[c][d]);
  return t;
}

inline constexpr GoalTables kGoal = build_goal_tables();

// The sum of a full target arm's goal distances.
constexpr int kFullTargetGoal = 20;

inline int goal_distance(int target, Cell c) { return kGoal.goal[target][c]; }
inline int forward_of(int target, Cell c) { return kGoal.forward[target][c]; }
// The rows a move gains towards `target` (level 1's measure; 0 for a pass).
inline int forward_gain(int target, Move m) {
  return m.is_pass() ? 0 : forward_of(target, m.to) - forward_of(target, m.from);
}

// Sum of p's goal distances minus that of a full target (0 when p's own
// pieces fill it; other players' pieces parked there keep it above 0).
int remaining_distance(const Position& pos, Player p);

// Weights of the cost terms, in score points (kDistanceUnit per row).
struct EvalWeights {
  int straggler = 6;  // per row the last piece trails the average by more than `straggler_slack`
  int straggler_slack = 3;
  int isolated = 8;   // per isolated piece outside the target
  int in_target = 2;  // bonus per piece in the target
  // 3+ players: how much of the leading rival's cost counts, in percent
  // (0 = race for yourself only).
  int rival_percent = 100;
  // Percent of the filled-rule shortcut taken off the cost (own and rivals').
  int filled_percent = 0;

  friend bool operator==(const EvalWeights&, const EvalWeights&) = default;
};

// The weights of the search against modelled greedy rivals
// (MultiAlgorithm::greedy): half the leading rival's cost and half the
// filled-rule shortcut, which scored best against greedy seats (ai_levels.h).
EvalWeights greedy_model_weights();

// The cost of an army `pieces` heading for `target` (an arm) among
// `occupied` (every piece, the army's included).
int army_cost(Bits pieces, Bits occupied, int target, const EvalWeights& w = {});
// p's cost: kDistanceUnit * remaining_distance + straggler + isolation -
// target bonus - filled-rule shortcut. 0 for a finished player with its own
// pieces.
int player_cost(const Position& pos, Player p, const EvalWeights& w = {});
// Rows p would save if the other seats' pieces in its target stayed there:
// its goal distance beyond a full target minus that of filling only the
// empty holes with its nearest pieces. 0 with no foreign piece inside.
int filled_shortcut(const Position& pos, Player p);

// Seat p's static value against the seats in `rivals` (bit q = seat q): with
// one rival the 2-player difference, rival's cost - own cost; with more, the
// multi-player form (see the file comment). Seats that have finished in a
// play-on game are left out of `rivals`. Not checking for finished games
// (the search does).
int evaluate_against(const Position& pos, Player p, std::uint8_t rivals, const EvalWeights& w = {});
// Every other seat as a rival.
inline std::uint8_t all_rivals(const Position& pos, Player p) {
  return std::uint8_t(((1u << pos.players()) - 1) & ~(1u << p));
}
inline int evaluate_for(const Position& pos, Player p, const EvalWeights& w = {}) {
  return evaluate_against(pos, p, all_rivals(pos, p), w);
}
inline int evaluate(const Position& pos, const EvalWeights& w = {}) { return evaluate_for(pos, pos.side_to_move(), w); }

// 2 players: every piece of each side lies strictly beyond every piece of the
// other along its own forward axis, so forward moves can never hop over or
// block an enemy piece: the game is a pure race.
bool armies_passed(const Position& pos);

}  // namespace qipan::checkers
