// The bottom of the endgame tree, where almost all nodes are: specialised
// solvers for the last 1 to 4 empty squares. No move generation: they loop
// over the empty squares (odd quadrants first), skip squares with no opponent
// neighbour, and compute flips directly. The last square only counts its
// flips (endgame_bits.h).
//
// Every function takes the side to move's discs P and the other side's O and
// returns the exact final score for the side to move if it lies inside
// (alpha, beta), and otherwise a bound on the same side of the window
// (fail-soft). Scores give the empty squares to the winner.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "bitboard.h"
#include "endgame_bits.h"
#include "movegen.h"
#include "position.h"

namespace qipan::reversi::endgame {

constexpr int kScoreInfinity = 65;  // beyond any score

// The score of a finished game with `empties` empty squares left.
inline int final_score(Bitboard player, int empties) {
  return final_score_from(2 * count_bits(player) + empties - 64, empties);
}

// kParityMask[parity]: the squares of the quadrants whose bit is set.
inline constexpr std::array<Bitboard, 16> kParityMask = [] {
  std::array<Bitboard, 16> m{};
  for (unsigned p = 0; p < 16; ++p)
    for (int q = 0; q < 4; ++q)
      if (p & (1u << q)) m[p] |= kQuadrantMask[q];
  return m;
}();

// One empty square `x`: the side to move plays it if it can, else the
// opponent does, else the game is over.
inline int solve_1(Bitboard player, Bitboard opponent, Square x, std::uint64_t& nodes) {
  ++nodes;
  const int p = count_bits(player);
  int n = last_flip_count(player, x);
  if (n) return 2 * (p + n) - 62;
  n = last_flip_count(opponent, x);
  if (n) return 2 * (p - n) - 64;
  return p >= 32 ? 2 * p - 62 : 2 * p - 64;  // 63 discs: no draw possible
}

inline int solve_2(Bitboard player, Bitboard opponent, int alpha, int beta, Square x1, Square x2,
                   std::uint64_t& nodes) {
  ++nodes;
  int best = -kScoreInfinity;
  Bitboard f;
  if ((opponent & kNeighbour[x1]) && (f = flips(player, opponent, x1))) {
    best = -solve_1(opponent ^ f, player | f | square_bit(x1), x2, nodes);
    if (best >= beta) return best;
  }
  if ((opponent & kNeighbour[x2]) && (f = flips(player, opponent, x2))) {
    const int v = -solve_1(opponent ^ f, player | f | square_bit(x2), x1, nodes);
    return v > best ? v : best;
  }
  if (best != -kScoreInfinity) return best;
  // The side to move passes; the opponent minimises.
  ++nodes;
  int worst = kScoreInfinity;
  if ((player & kNeighbour[x1]) && (f = flips(opponent, player, x1))) {
    worst = solve_1(player ^ f, opponent | f | square_bit(x1), x2, nodes);
    if (worst <= alpha) return worst;
  }
  if ((player & kNeighbour[x2]) && (f = flips(opponent, player, x2))) {
    const int v = solve_1(player ^ f, opponent | f | square_bit(x2), x1, nodes);
    return v < worst ? v : worst;
  }
  return worst != kScoreInfinity ? worst : final_score(player, 2);
}

// The empty squares in parity order: those in quadrants with an odd number
// of empties first, each group by square index. Read from the board rather
// than passed down and re-sorted: a few bit operations instead of array
// shuffles at every node.
inline int parity_ordered_empties(Bitboard player, Bitboard opponent, unsigned parity, Square* x) {
  const Bitboard empty = ~(player | opponent);
  Bitboard odd = empty & kParityMask[parity], even = empty ^ odd;
  int n = 0;
  while (odd) x[n++] = pop_first(odd);
  while (even) x[n++] = pop_first(even);
  return n;
}

inline bool can_move_on(Bitboard player, Bitboard opponent, const Square* x, int n) {
  for (int i = 0; i < n; ++i)
    if ((opponent & kNeighbour[x[i]]) && flips(player, opponent, x[i])) return true;
  return false;
}

// Exactly 3 empty squares; `parity` is the parity word of the empties.
inline int solve_3(Bitboard player, Bitboard opponent, int alpha, int beta, unsigned parity, std::uint64_t& nodes) {
  Square x[3];
  parity_ordered_empties(player, opponent, parity, x);
  for (int pass = 0; pass < 2; ++pass) {
    ++nodes;
    int best = -kScoreInfinity;
    for (int i = 0; i < 3; ++i) {
      const Square s = x[i];
      Bitboard f;
      if (!(opponent & kNeighbour[s]) || !(f = flips(player, opponent, s))) continue;
      const Square a = x[i == 0 ? 1 : 0], b = x[i == 2 ? 1 : 2];
      const int v = -solve_2(opponent ^ f, player | f | square_bit(s), -beta, -alpha, a, b, nodes);
      if (v > best) {
        if (v >= beta) return pass ? -v : v;
        best = v;
        if (v > alpha) alpha = v;
      }
    }
    if (best != -kScoreInfinity) return pass ? -best : best;
    if (pass || !can_move_on(opponent, player, x, 3)) break;
    // Pass: search the same squares for the opponent, negating the window.
    std::swap(player, opponent);
    const int a = alpha;
    alpha = -beta;
    beta = -a;
  }
  // Neither side can move (the loop only swaps sides when the opponent can).
  return final_score(player, 3);
}

// Exactly 4 empty squares.
inline int solve_4(Bitboard player, Bitboard opponent, int alpha, int beta, unsigned parity, std::uint64_t& nodes) {
  Square x[4];
  parity_ordered_empties(player, opponent, parity, x);
  for (int pass = 0; pass < 2; ++pass) {
    ++nodes;
    int best = -kScoreInfinity;
    for (int i = 0; i < 4; ++i) {
      const Square s = x[i];
      Bitboard f;
      if (!(opponent & kNeighbour[s]) || !(f = flips(player, opponent, s))) continue;
      const int v = -solve_3(opponent ^ f, player | f | square_bit(s), -beta, -alpha, parity ^ kQuadrantBit[s], nodes);
      if (v > best) {
        if (v >= beta) return pass ? -v : v;
        best = v;
        if (v > alpha) alpha = v;
      }
    }
    if (best != -kScoreInfinity) return pass ? -best : best;
    if (pass || !can_move_on(opponent, player, x, 4)) break;
    std::swap(player, opponent);
    const int a = alpha;
    alpha = -beta;
    beta = -a;
  }
  return final_score(player, 4);
}

}  // namespace qipan::reversi::endgame
