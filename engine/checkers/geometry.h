// The 121-hole star (docs/rules/chinese-checkers.md §5.1, §5.2) and the seat table (§2.1).
//
// Cube coordinates (x, y, z), x + y + z = 0; a hole exists iff all three are
// >= -4 or all three are <= 4. z is the row (-8 = top tip, +8 = bottom tip),
// x grows left to right inside a row. Cells are numbered 0..120 row by row from
// the top, left to right (OpenSpiel's order). Screen position: column
// 2x + z + 12 (0..24, half a hole per unit) and row z + 8 (0..16).
//
// Directions 0..5 are (+1,-1,0) E, (+1,0,-1) NE, (0,+1,-1) NW, (-1,+1,0) W,
// (-1,0,+1) SW, (0,-1,+1) SE; direction d+3 (mod 6) is the opposite of d.
// Arms 0..5 clockwise from the top: 0 top (z<-4), 1 upper-right (x>4),
// 2 lower-right (y<-4), 3 bottom (z>4), 4 lower-left (x<-4), 5 upper-left
// (y>4); everything else is the hexagon (kHexagon).
//
// Every table here is built at compile time; nothing is mutable.
#pragma once

#include <array>
#include <cstdint>

#include "bits.h"

namespace qipan::checkers {

using Cell = int;  // 0..120, or kNoCell
constexpr int kCells = 121;
constexpr Cell kNoCell = -1;
// Tables that must stay branch-free point at this bit for "off the board";
// no position ever sets it.
constexpr int kSentinel = 121;
constexpr int kDirections = 6;
constexpr int kArms = 6;
constexpr int kHexagon = 6;    // arm_of() of a hexagon hole
constexpr int kArmCells = 10;  // holes per arm = pieces per player
constexpr int kMaxRay = 12;    // the longest straight line holds 13 holes

struct Cube {
  int x = 0, y = 0, z = 0;
  friend constexpr bool operator==(Cube, Cube) = default;
};

constexpr std::array<Cube, kDirections> kDirectionVectors{
    {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}};

constexpr bool on_board(Cube c) {
  return c.x + c.y + c.z == 0 && ((c.x >= -4 && c.y >= -4 && c.z >= -4) || (c.x <= 4 && c.y <= 4 && c.z <= 4));
}

constexpr int arm_of_cube(Cube c) {
  if (c.z < -4) return 0;
  if (c.x > 4) return 1;
  if (c.y < -4) return 2;
  if (c.z > 4) return 3;
  if (c.x < -4) return 4;
  if (c.y > 4) return 5;
  return kHexagon;
}

struct GeometryTables {
  std::array<Cube, kCells> cube{};
  std::array<std::int8_t, 17 * 17> cell_at{};  // [(x + 8) * 17 + (z + 8)], -1 off board
  std::array<std::int8_t, kCells> arm{};
  std::array<std::array<std::int8_t, kDirections>, kCells> neighbour{};  // -1 off board
  // A hop from c in direction d goes over jump_over and lands on jump_land;
  // both are kSentinel where the landing is off the board.
  std::array<std::array<std::uint8_t, kDirections>, kCells> jump_over{};
  std::array<std::array<std::uint8_t, kDirections>, kCells> jump_land{};
  // The holes in a straight line from c (nearest first), for long jumps.
  std::array<std::array<std::array<std::uint8_t, kMaxRay>, kDirections>, kCells> ray{};
  std::array<std::array<std::uint8_t, kDirections>, kCells> ray_length{};
  std::array<Bits, kCells> neighbours{};                               // the adjacent holes of c
  std::array<Bits, kArms + 1> arm_mask{};                              // [kHexagon] = the hexagon
  std::array<std::array<std::uint8_t, kArmCells>, kArms> arm_cells{};  // in cell order
  Bits board{};                                                        // all 121 holes
};

constexpr GeometryTables build_geometry() {
  GeometryTables g;
  for (auto& v : g.cell_at) v = -1;
  int n = 0;
  for (int z = -8; z <= 8; ++z)
    for (int x = -8; x <= 8; ++x) {
      const Cube c{x, -x - z, z};
      if (!on_board(c)) continue;
      g.cube[n] = c;
      g.cell_at[(x + 8) * 17 + (z + 8)] = static_cast<std::int8_t>(n);
      ++n;
    }
  const auto at = [&](Cube c) -> int {
    if (!on_board(c)) return -1;
    return g.cell_at[(c.x + 8) * 17 + (c.z + 8)];
  };
  std::array<int, kArms> arm_fill{};
  for (int c = 0; c < kCells; ++c) {
    const Cube p = g.cube[c];
    const int a = arm_of_cube(p);
    g.arm[c] = static_cast<std::int8_t>(a);
    g.arm_mask[a].set(c);
    if (a != kHexagon) g.arm_cells[a][arm_fill[a]++] = static_cast<std::uint8_t>(c);
    g.board.set(c);
    for (int d = 0; d < kDirections; ++d) {
      const Cube v = kDirectionVectors[d];
      const int next = at({p.x + v.x, p.y + v.y, p.z + v.z});
      const int land = at({p.x + 2 * v.x, p.y + 2 * v.y, p.z + 2 * v.z});
      g.neighbour[c][d] = static_cast<std::int8_t>(next);
      if (next >= 0) g.neighbours[c].set(next);
      g.jump_over[c][d] = static_cast<std::uint8_t>(land >= 0 ? next : kSentinel);
      g.jump_land[c][d] = static_cast<std::uint8_t>(land >= 0 ? land : kSentinel);
      int len = 0;
      for (int k = 1;; ++k) {
        const int r = at({p.x + k * v.x, p.y + k * v.y, p.z + k * v.z});
        if (r < 0) break;
        g.ray[c][d][len++] = static_cast<std::uint8_t>(r);
      }
      g.ray_length[c][d] = static_cast<std::uint8_t>(len);
    }
  }
  return g;
}

inline constexpr GeometryTables kGeometry = build_geometry();

constexpr bool valid_cell(Cell c) { return c >= 0 && c < kCells; }
constexpr Cube cube_of(Cell c) { return kGeometry.cube[c]; }
// The hole at cube (x, -x-z, z), or kNoCell.
constexpr Cell cell_at(int x, int z) {
  if (x < -8 || x > 8 || z < -8 || z > 8) return kNoCell;
  return kGeometry.cell_at[(x + 8) * 17 + (z + 8)];
}
constexpr Cell cell_at(Cube c) { return on_board(c) ? cell_at(c.x, c.z) : kNoCell; }
constexpr int row_of(Cell c) { return cube_of(c).z + 8; }                          // 0..16
constexpr int column2_of(Cell c) { return 2 * cube_of(c).x + cube_of(c).z + 12; }  // 0..24
constexpr int arm_of(Cell c) { return kGeometry.arm[c]; }                          // 0..5 or kHexagon
constexpr Cell neighbour(Cell c, int direction) { return kGeometry.neighbour[c][direction]; }
constexpr Bits neighbours(Cell c) { return kGeometry.neighbours[c]; }
constexpr Bits arm_mask(int arm) { return kGeometry.arm_mask[arm]; }  // arm 0..5 or kHexagon
constexpr Bits board_mask() { return kGeometry.board; }
// Hex distance: the fewest steps between two holes on an open plane (the
// star's outline never makes the real shortest walk longer).
constexpr int distance(Cell a, Cell b) {
  const Cube p = cube_of(a), q = cube_of(b);
  const int dx = p.x > q.x ? p.x - q.x : q.x - p.x;
  const int dy = p.y > q.y ? p.y - q.y : q.y - p.y;
  const int dz = p.z > q.z ? p.z - q.z : q.z - p.z;
  return dx > dy ? (dx > dz ? dx : dz) : (dy > dz ? dy : dz);
}
// The direction from a to b when b lies on a straight line from a, else -1.
constexpr int direction_between(Cell a, Cell b) {
  const Cube p = cube_of(a), q = cube_of(b);
  const int k = distance(a, b);
  if (k == 0) return -1;
  for (int d = 0; d < kDirections; ++d) {
    const Cube v = kDirectionVectors[d];
    if (p.x + k * v.x == q.x && p.y + k * v.y == q.y && p.z + k * v.z == q.z) return d;
  }
  return -1;
}

// ---- Seats (§2.1) ----
// Players are seats 0..N-1 in turn order (seat 0 = P1, written '1' in text).
// Seat p starts in its home arm and must reach target_arm = (home + 3) % 6.
// N = 1 (a solitaire army in the bottom arm) is allowed for solo races.
using Player = int;
constexpr int kMaxPlayers = 6;
constexpr Player kNoPlayer = -1;

constexpr bool valid_player_count(int n) { return n == 1 || n == 2 || n == 3 || n == 4 || n == 6; }

constexpr int home_arm(int players, Player p) {
  constexpr std::array<std::array<std::int8_t, kMaxPlayers>, 7> kHomes{{
      {-1, -1, -1, -1, -1, -1},
      {3, -1, -1, -1, -1, -1},
      {3, 0, -1, -1, -1, -1},
      {3, 5, 1, -1, -1, -1},
      {3, 4, 0, 1, -1, -1},
      {-1, -1, -1, -1, -1, -1},
      {3, 4, 5, 0, 1, 2},
  }};
  return kHomes[players][p];
}
constexpr int target_arm(int players, Player p) { return (home_arm(players, p) + 3) % kArms; }
constexpr Bits home_mask(int players, Player p) { return arm_mask(home_arm(players, p)); }
constexpr Bits target_mask(int players, Player p) { return arm_mask(target_arm(players, p)); }
// The seat whose home is `arm`, or kNoPlayer for an unused arm.
constexpr Player seat_of_home(int players, int arm) {
  for (Player p = 0; p < players; ++p)
    if (home_arm(players, p) == arm) return p;
  return kNoPlayer;
}
// Where seat p may not END a move under "parking: pass-through only": every
// arm that is another seat's home or target, except p's own two arms.
constexpr Bits parking_forbidden(int players, Player p) {
  Bits used;
  for (Player q = 0; q < players; ++q) used |= home_mask(players, q) | target_mask(players, q);
  return used & ~(home_mask(players, p) | target_mask(players, p));
}

}  // namespace qipan::checkers
