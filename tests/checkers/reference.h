// A deliberately plain Chinese checkers rules implementation, independent of
// engine/checkers: holes and arms come straight from the spec's cube
// coordinate definitions (§5.1), the seat table is typed in again (§2.1),
// hop chains are found by a recursive depth-first enumeration of every
// simple chain with an explicit visited set (the literal "no hole landed on
// twice" rule, not the engine's breadth-first search over holes), and move
// sets are std::set. No bitboards, no shared tables, not even the position
// parser. Slow; the tests use it as the oracle and to establish hard-coded
// perft counts.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace checkers_reference {

struct Hole {
  int x, y, z;
};

// Rows top (z = -8) to bottom, x ascending in a row.
inline std::vector<Hole> holes() {
  std::vector<Hole> out;
  for (int z = -8; z <= 8; ++z)
    for (int x = -10; x <= 10; ++x) {
      const int y = -x - z;
      const bool low = x >= -4 && y >= -4 && z >= -4;
      const bool high = x <= 4 && y <= 4 && z <= 4;
      if (low || high) out.push_back({x, y, z});
    }
  return out;
}

inline int index_of(const std::vector<Hole>& hs, int x, int y, int z) {
  if (x + y + z != 0) return -1;
  for (int i = 0; i < int(hs.size()); ++i)
    if (hs[i].x == x && hs[i].y == y && hs[i].z == z) return i;
  return -1;
}

// 0 top, 1 upper-right, 2 lower-right, 3 bottom, 4 lower-left, 5 upper-left, 6 hexagon.
inline int arm(const Hole& h) {
  if (h.z < -4) return 0;
  if (h.x > 4) return 1;
  if (h.y < -4) return 2;
  if (h.z > 4) return 3;
  if (h.x < -4) return 4;
  if (h.y > 4) return 5;
  return 6;
}

inline std::vector<int> homes(int players) {
  switch (players) {
    case 1: return {3};
    case 2: return {3, 0};
    case 3: return {3, 5, 1};
    case 4: return {3, 4, 0, 1};
    default: return {3, 4, 5, 0, 1, 2};
  }
}

struct Options {
  bool strict = false;  // win rule: all ten own pieces
  bool goal_lock = true;
  bool pass_through = false;  // parking: may not end in another seat's arm
  bool long_jumps = false;
};

struct Board {
  std::vector<int> owner;  // per hole: -1 empty, else seat 0..players-1
  int side = 0;
  int players = 2;
};

// "<121> <side> <players>", assumed well formed.
inline Board parse(std::string_view text) {
  Board b;
  b.owner.assign(121, -1);
  for (int i = 0; i < 121; ++i)
    if (text[i] != '.') b.owner[i] = text[i] - '1';
  b.side = text[122] - '1';
  b.players = text[124] - '0';
  return b;
}

inline std::string to_string(const Board& b) {
  std::string s;
  for (int o : b.owner) s += o < 0 ? '.' : char('1' + o);
  s += ' ';
  s += char('1' + b.side);
  s += ' ';
  s += char('0' + b.players);
  return s;
}

struct Rules {
  std::vector<Hole> hs = holes();
  Options options;

  int target_arm(const Board& b, int seat) const { return (homes(b.players)[seat] + 3) % 6; }
  bool in_target(const Board& b, int seat, int cell) const { return arm(hs[cell]) == target_arm(b, seat); }
  bool may_end(const Board& b, int seat, int cell) const {
    if (!options.pass_through) return true;
    const int a = arm(hs[cell]);
    if (a == 6) return true;
    const int own_home = homes(b.players)[seat];
    if (a == own_home || a == (own_home + 3) % 6) return true;
    for (int h : homes(b.players))
      if (a == h || a == (h + 3) % 6) return false;
    return true;  // an unused arm
  }
  int step(int cell, int dx, int dy, int dz, int k) const {
    return index_of(hs, hs[cell].x + k * dx, hs[cell].y + k * dy, hs[cell].z + k * dz);
  }
  bool occupied(const Board& b, int from, int cell) const { return cell != from && b.owner[cell] >= 0; }

  // Every simple chain from `at`; `visited` holds the start and the landings so far.
  void chains(const Board& b, int from, int seat, int at, std::vector<bool>& visited, std::set<int>& out) const {
    static constexpr int kDirs[6][3] = {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}};
    for (const auto& d : kDirs) {
      const int max_k = options.long_jumps ? 8 : 1;
      for (int k = 1; k <= max_k; ++k) {  // the piece hopped over is k holes away
        const int over = step(at, d[0], d[1], d[2], k);
        const int land = step(at, d[0], d[1], d[2], 2 * k);
        if (over < 0 || land < 0) break;
        bool clear = true;
        for (int j = 1; j < 2 * k; ++j)
          if (j != k && occupied(b, from, step(at, d[0], d[1], d[2], j))) clear = false;
        if (!clear || !occupied(b, from, over)) continue;
        if (occupied(b, from, land) || visited[land]) continue;
        if (options.goal_lock && in_target(b, seat, at) && !in_target(b, seat, land)) continue;
        out.insert(land);
        visited[land] = true;
        chains(b, from, seat, land, visited, out);
        visited[land] = false;
      }
    }
  }

  // Legal (from, to) pairs of `seat`; {(-1, -1)} (the pass) when there are none.
  std::set<std::pair<int, int>> moves(const Board& b, int seat) const {
    static constexpr int kDirs[6][3] = {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}};
    std::set<std::pair<int, int>> out;
    for (int from = 0; from < 121; ++from) {
      if (b.owner[from] != seat) continue;
      const bool locked = options.goal_lock && in_target(b, seat, from);
      std::set<int> dest;
      for (const auto& d : kDirs) {
        const int to = step(from, d[0], d[1], d[2], 1);
        if (to >= 0 && b.owner[to] < 0 && !(locked && !in_target(b, seat, to))) dest.insert(to);
      }
      std::vector<bool> visited(121, false);
      visited[from] = true;
      chains(b, from, seat, from, visited, dest);
      for (int to : dest)
        if (may_end(b, seat, to)) out.insert({from, to});
    }
    if (out.empty()) out.insert({-1, -1});
    return out;
  }
  std::set<std::pair<int, int>> moves(const Board& b) const { return moves(b, b.side); }

  bool finished(const Board& b, int seat) const {
    int own = 0, full = 0;
    for (int c = 0; c < 121; ++c)
      if (in_target(b, seat, c) && b.owner[c] >= 0) {
        ++full;
        own += b.owner[c] == seat;
      }
    return options.strict ? own == 10 : (full == 10 && own >= 1);
  }
  bool anyone_finished(const Board& b) const {
    for (int s = 0; s < b.players; ++s)
      if (finished(b, s)) return true;
    return false;
  }

  Board after(const Board& b, std::pair<int, int> m) const {
    Board next = b;
    if (m.first >= 0) {
      next.owner[m.second] = next.owner[m.first];
      next.owner[m.first] = -1;
    }
    next.side = (b.side + 1) % b.players;
    return next;
  }

  std::uint64_t perft(const Board& b, int depth) const {
    if (depth == 0) return 1;
    if (anyone_finished(b)) return 0;
    std::uint64_t n = 0;
    for (const auto& m : moves(b)) n += perft(after(b, m), depth - 1);
    return n;
  }
};

}  // namespace checkers_reference
