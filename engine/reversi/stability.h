// Stable discs: discs that no sequence of moves can flip. The evaluation
// counts each side's (a stable disc is a disc kept to the end); the solver
// counts the opponent's for an upper bound on the side to move's final score
// (64 - 2 * stable), to cut off null-window searches whose alpha is already
// above it.
//
// The estimate is a lower bound on the true stable set, built from:
// - the four edges, solved exactly as 8-square lines (a table of the 3^8
//   edge configurations: a disc is stable when no sequence of moves on
//   that edge, by either side in any order, ever flips it);
// - discs all four of whose lines (row, column, both diagonals) are full;
// - propagation: a disc is safe along a line when the line is full, or when a
//   neighbour along it is off the board or already stable and of its colour
//   (any bracket through it would have to flip that neighbour too); a disc safe
//   along all four lines is stable.
#pragma once

#include <array>
#include <cstdint>

#include "bitboard.h"
#include "endgame_bits.h"

namespace qipan::reversi {

namespace detail {

// Places a disc of `mine` on empty square `e` of an 8-square line and flips
// what it brackets along the line. Returns the flipped squares.
constexpr unsigned line_flips(unsigned mine, unsigned theirs, int e) {
  unsigned flipped = 0;
  for (int dir = -1; dir <= 1; dir += 2) {
    unsigned run = 0;
    int i = e + dir;
    while (i >= 0 && i < 8 && (theirs & (1u << i))) {
      run |= 1u << i;
      i += dir;
    }
    if (i >= 0 && i < 8 && (mine & (1u << i))) flipped |= run;
  }
  return flipped;
}

// table[p * 256 + o]: the squares (of either colour) whose disc can never
// change colour through moves on the line. Filled from full lines downwards:
// a configuration's stable set is its discs, minus what any move by either
// side flips, intersected with the stable sets of every configuration one
// move later. (Too much work for a compile-time table under clang's constexpr
// step limit: built once at run time, then read-only.)
inline void build_edge_stability(std::array<std::uint8_t, 65536>& table) {
  for (int empties = 0; empties <= 8; ++empties) {
    for (unsigned p = 0; p < 256; ++p) {
      for (unsigned o = 0; o < 256; ++o) {
        if (p & o) continue;
        const unsigned occupied = p | o;
        if (8 - std::popcount(occupied) != empties) continue;
        unsigned stable = occupied;
        for (int e = 0; e < 8 && stable; ++e) {
          if (occupied & (1u << e)) continue;
          // The player moves on e (flipping along the line or not: the move may
          // be legal through another line).
          unsigned f = line_flips(p, o, e);
          stable &= ~f & table[((p | f | (1u << e)) << 8) | (o & ~f)];
          // The opponent moves on e.
          f = line_flips(o, p, e);
          stable &= ~f & table[((p & ~f) << 8) | (o | f | (1u << e))];
        }
        table[(p << 8) | o] = std::uint8_t(stable);
      }
    }
  }
}

struct EdgeStabilityTable {
  std::array<std::uint8_t, 65536> table{};
  EdgeStabilityTable() { build_edge_stability(table); }
};

constexpr std::array<Bitboard, 256> build_column_deposit() {
  std::array<Bitboard, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (int row = 0; row < 8; ++row)
      if (b & (1u << row)) t[b] |= square_bit(make_square(0, row));
  return t;
}

}  // namespace detail

// The edge table (built on first use; a few milliseconds).
inline const std::uint8_t* edge_stability_table() {
  static const detail::EdgeStabilityTable instance;
  return instance.table.data();
}
// A byte (bit i = row i) spread onto column a.
inline constexpr std::array<Bitboard, 256> kColumnDeposit = detail::build_column_deposit();

// Squares whose line in each direction is full (no empty square on it).
struct FullLines {
  Bitboard horizontal, vertical, diagonal, anti_diagonal;
};

inline FullLines full_lines(Bitboard occupied) {
  FullLines f;
  // Rows: fold each row onto column a.
  Bitboard h = occupied & (occupied >> 1) & 0x7F7F7F7F7F7F7F7Full;
  h &= (h >> 2) & 0x3F3F3F3F3F3F3F3Full;
  h &= (h >> 4);
  f.horizontal = (h & kColumnA) * 0xFF;
  // Columns: fold the board onto row 1.
  Bitboard v = occupied & (occupied >> 8);
  v &= v >> 16;
  v &= v >> 32;
  f.vertical = (v & 0xFF) * kColumnA;
  // Diagonals: flood the empty squares along the direction (Kogge-Stone fill
  // with the wrap masks of 1, 2 and 4 columns); what stays dry is full.
  const Bitboard empty = ~occupied;
  Bitboard d = empty;
  d |= ((d << 9) & 0xFEFEFEFEFEFEFEFEull) | ((d >> 9) & 0x7F7F7F7F7F7F7F7Full);
  d |= ((d << 18) & 0xFCFCFCFCFCFCFCFCull) | ((d >> 18) & 0x3F3F3F3F3F3F3F3Full);
  d |= ((d << 36) & 0xF0F0F0F0F0F0F0F0ull) | ((d >> 36) & 0x0F0F0F0F0F0F0F0Full);
  f.diagonal = ~d;
  Bitboard a = empty;
  a |= ((a << 7) & 0x7F7F7F7F7F7F7F7Full) | ((a >> 7) & 0xFEFEFEFEFEFEFEFEull);
  a |= ((a << 14) & 0x3F3F3F3F3F3F3F3Full) | ((a >> 14) & 0xFCFCFCFCFCFCFCFCull);
  a |= ((a << 28) & 0x0F0F0F0F0F0F0F0Full) | ((a >> 28) & 0xF0F0F0F0F0F0F0F0ull);
  f.anti_diagonal = ~a;
  return f;
}

// The squares lying on 4 full lines: no move can flip a disc there, whoever
// owns it.
inline Bitboard full_line_squares(Bitboard occupied) {
  const FullLines f = full_lines(occupied);
  return f.horizontal & f.vertical & f.diagonal & f.anti_diagonal;
}

// The stable squares (of either colour) of one edge line, given its 8 squares
// as bytes (bit i = square i along the edge).
inline unsigned edge_stable_squares(unsigned player, unsigned opponent) {
  return edge_stability_table()[(player << 8) | opponent];
}

// Stable discs of the four edges, for both colours; `edge` is
// edge_stability_table().
inline Bitboard edge_stable_discs(const std::uint8_t* edge, Bitboard player, Bitboard opponent) {
  Bitboard s = edge[((player & 0xFF) << 8) | (opponent & 0xFF)];
  s |= Bitboard(edge[((player >> 56) << 8) | (opponent >> 56)]) << 56;
  s |= kColumnDeposit[edge[(endgame::column_byte(player, 0) << 8) | endgame::column_byte(opponent, 0)]];
  s |= kColumnDeposit[edge[(endgame::column_byte(player, 7) << 8) | endgame::column_byte(opponent, 7)]] << 7;
  return s;
}

namespace detail {

// Grows `stable` (some of `discs`, all of one colour) by the propagation
// described at the top.
inline Bitboard grow_stable(Bitboard stable, Bitboard discs, const FullLines& full) {
  // Off-board counts as safe: an edge disc cannot be bracketed across the edge.
  const Bitboard h_full = full.horizontal | kColumnA | kColumnH;
  const Bitboard v_full = full.vertical | kRow1 | kRow8;
  const Bitboard d_full = full.diagonal | kEdges;
  const Bitboard a_full = full.anti_diagonal | kEdges;
  stable |= discs & full.horizontal & full.vertical & full.diagonal & full.anti_diagonal;
  if (stable == 0) return 0;
  const Bitboard candidates = discs & ~stable;
  for (;;) {
    const Bitboard grown = candidates & ~stable & (h_full | shift_east(stable) | shift_west(stable)) &
                           (v_full | shift_up(stable) | shift_down(stable)) &
                           (d_full | shift_down_east(stable) | shift_up_west(stable)) &
                           (a_full | shift_down_west(stable) | shift_up_east(stable));
    if (grown == 0) return stable;
    stable |= grown;
  }
}

}  // namespace detail

// A subset of `player`'s discs that can never be flipped.
inline Bitboard stable_discs(const std::uint8_t* edge, Bitboard player, Bitboard opponent) {
  return detail::grow_stable(edge_stable_discs(edge, player, opponent) & player, player, full_lines(player | opponent));
}
inline Bitboard stable_discs(Bitboard player, Bitboard opponent) {
  return stable_discs(edge_stability_table(), player, opponent);
}

// Both sides' stable discs at once: the edge lookups and full lines are the
// same for both, so the evaluation reads them once.
struct StableDiscs {
  Bitboard player, opponent;
};
inline StableDiscs stable_discs_of_both(Bitboard player, Bitboard opponent) {
  const Bitboard edge = edge_stable_discs(edge_stability_table(), player, opponent);
  const FullLines full = full_lines(player | opponent);
  return {detail::grow_stable(edge & player, player, full), detail::grow_stable(edge & opponent, opponent, full)};
}

}  // namespace qipan::reversi
