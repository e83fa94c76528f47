#include "eval_stability.h"

#include <array>
#include <cstdint>

#include "eval_symmetry.h"

namespace qipan::reversi {
namespace {

// The discs a placement on `sq` of an 8-square line flips along the line.
unsigned line_flips(unsigned mover, unsigned other, int sq) {
  unsigned flipped = 0;
  for (int dir = -1; dir <= 1; dir += 2) {
    unsigned run = 0;
    int i = sq + dir;
    while (i >= 0 && i < 8 && (other >> i & 1u)) {
      run |= 1u << i;
      i += dir;
    }
    if (i >= 0 && i < 8 && (mover >> i & 1u)) flipped |= run;
  }
  return flipped;
}

// Edge stability of every (player, opponent) byte pair, indexed player << 8 |
// opponent. A disc is stable when it keeps its colour in every line reachable
// by filling empty squares with either colour in any order (a disc may land
// on an edge square without flipping along the edge, through another
// direction, so every placement is possible). Solved by memoised recursion
// over positions with more discs.
class EdgeTable {
 public:
  EdgeTable() {
    done_.fill(false);
    for (unsigned p = 0; p < 256; ++p)
      for (unsigned o = 0; o < 256; ++o)
        if ((p & o) == 0) solve(p, o);
  }
  std::uint8_t operator()(unsigned p, unsigned o) const { return table_[p << 8 | o]; }

 private:
  std::uint8_t solve(unsigned p, unsigned o) {
    const unsigned key = p << 8 | o;
    if (done_[key]) return table_[key];
    unsigned stable = p | o;
    const unsigned empty = ~(p | o) & 0xFFu;
    for (int sq = 0; sq < 8 && stable; ++sq) {
      if (!(empty >> sq & 1u)) continue;
      const unsigned bit = 1u << sq;
      // p plays on sq
      unsigned f = line_flips(p, o, sq);
      stable &= ~f & solve(p | f | bit, o & ~f);
      // o plays on sq
      f = line_flips(o, p, sq);
      stable &= ~f & solve(p & ~f, o | f | bit);
    }
    table_[key] = std::uint8_t(stable);
    done_[key] = true;
    return table_[key];
  }

  std::array<std::uint8_t, 65536> table_{};
  std::array<bool, 65536> done_{};
};

const EdgeTable& edge_table() {
  static const EdgeTable table;  // built once, then read-only
  return table;
}

// The 15 diagonals in each direction, as masks.
struct DiagonalMasks {
  std::array<Bitboard, 15> down_right{};  // a1-h8 direction
  std::array<Bitboard, 15> down_left{};   // h1-a8 direction
};

constexpr DiagonalMasks build_diagonals() {
  DiagonalMasks m;
  for (Square s = 0; s < kSquares; ++s) {
    const int c = column_of(s), r = row_of(s);
    m.down_right[c - r + 7] |= square_bit(s);
    m.down_left[c + r] |= square_bit(s);
  }
  return m;
}

constexpr DiagonalMasks kDiagonals = build_diagonals();

// The squares whose row, column, a1-h8 diagonal or h1-a8 diagonal is full.
struct FullLines {
  Bitboard rows = 0, columns = 0, down_right = 0, down_left = 0;
};

FullLines full_lines(Bitboard occupied) {
  FullLines f;
  for (int r = 0; r < 8; ++r)
    if (((occupied >> (8 * r)) & 0xFF) == 0xFF) f.rows |= Bitboard{0xFF} << (8 * r);
  Bitboard c = occupied & (occupied >> 8);
  c &= c >> 16;
  c &= c >> 32;
  f.columns = (c & 0xFF) * 0x0101010101010101ull;
  for (int i = 0; i < 15; ++i) {
    if ((occupied & kDiagonals.down_right[i]) == kDiagonals.down_right[i]) f.down_right |= kDiagonals.down_right[i];
    if ((occupied & kDiagonals.down_left[i]) == kDiagonals.down_left[i]) f.down_left |= kDiagonals.down_left[i];
  }
  return f;
}

}  // namespace

unsigned edge_stable_squares(unsigned player, unsigned opponent) { return edge_table()(player, opponent); }

Bitboard full_line_squares(Bitboard occupied) {
  const FullLines f = full_lines(occupied);
  return f.rows & f.columns & f.down_right & f.down_left;
}

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
  const EdgeTable& edges = edge_table();
  // Rows 1 and 8 directly; columns a and h as rows 1 and 8 of the transpose.
  Bitboard edge = Bitboard(edges(unsigned(player & 0xFF), unsigned(opponent & 0xFF))) |
                  Bitboard(edges(unsigned(player >> 56), unsigned(opponent >> 56))) << 56;
  const Bitboard tp = transpose(player), to = transpose(opponent);
  edge |= transpose(Bitboard(edges(unsigned(tp & 0xFF), unsigned(to & 0xFF))) |
                    Bitboard(edges(unsigned(tp >> 56), unsigned(to >> 56))) << 56);
  Bitboard stable = edge & player;

  // Inner discs: each of the 4 lines through the disc is full, or holds a
  // stable disc of the same colour right next to it.
  const FullLines f = full_lines(player | opponent);
  const Bitboard candidates = player & ~kEdges;
  stable |= candidates & f.rows & f.columns & f.down_right & f.down_left;
  for (;;) {
    const Bitboard h = f.rows | shift_east(stable) | shift_west(stable);
    const Bitboard v = f.columns | shift_up(stable) | shift_down(stable);
    const Bitboard a = f.down_right | shift_down_east(stable) | shift_up_west(stable);
    const Bitboard b = f.down_left | shift_down_west(stable) | shift_up_east(stable);
    const Bitboard next = stable | (candidates & h & v & a & b);
    if (next == stable) return stable;
    stable = next;
  }
}

}  // namespace qipan::reversi
