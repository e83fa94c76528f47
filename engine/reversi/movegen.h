// Reversi move generation on raw bitboards: the legal-move mask and the discs a
// move flips. Everything here is inline and branch-light because search,
// the endgame solver and perft call it at every node.
//
// All functions take the side to move's discs (`player`) and the other side's
// (`opponent`); colours never matter to the rules. A move is legal exactly when
// it is on an empty square and flips at least one disc.
//
//   Bitboard moves = legal_moves(P, O);
//   while (moves) {
//     Square s = pop_first(moves);
//     Bitboard f = flips(P, O, s);
//     // child position, from the new side to move's point of view:
//     Bitboard child_player = O ^ f, child_opponent = P | f | square_bit(s);
//   }
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "bitboard.h"
#include "movegen_avx2.h"
#include "rays.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace qipan::reversi {

namespace detail {

// The moves along one axis (step `d` bits, both ways): squares reached from a
// player disc over an unbroken run of `mask` (opponent discs that may take part
// in a run along this axis). Runs are at most 6 long; a parallel-prefix fill
// covers them in 4 steps instead of 6: after two single steps the run is
// doubled twice using `pairs` (mask squares whose neighbour one step back is
// also in the mask).
template <int d>
constexpr Bitboard axis_moves(Bitboard player, Bitboard mask) {
  Bitboard fwd = mask & (player << d);
  Bitboard back = mask & (player >> d);
  fwd |= mask & (fwd << d);
  back |= mask & (back >> d);
  const Bitboard pairs_fwd = mask & (mask << d);
  const Bitboard pairs_back = pairs_fwd >> d;
  fwd |= pairs_fwd & (fwd << (2 * d));
  back |= pairs_back & (back >> (2 * d));
  fwd |= pairs_fwd & (fwd << (2 * d));
  back |= pairs_back & (back >> (2 * d));
  return (fwd << d) | (back >> d);
}

}  // namespace detail

#if defined(__wasm_simd128__)
namespace detail {

// The board turned upside down (rows reversed) in the second lane: a shift
// towards higher squares there is one towards lower squares on the board,
// so one 128-bit shift fills two opposite directions at once.
inline v128_t with_mirror(Bitboard b) {
  const v128_t v = wasm_i64x2_splat(std::int64_t(b));
  return wasm_i8x16_shuffle(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8);
}

// axis_moves' forward fill in both lanes: direction +d on the board and, in
// the mirrored lane, the direction that is -d after mirroring back.
template <int d>
inline v128_t forward_moves(v128_t player, v128_t mask) {
  v128_t fill = wasm_v128_and(mask, wasm_i64x2_shl(player, d));
  fill = wasm_v128_or(fill, wasm_v128_and(mask, wasm_i64x2_shl(fill, d)));
  const v128_t pairs = wasm_v128_and(mask, wasm_i64x2_shl(mask, d));
  fill = wasm_v128_or(fill, wasm_v128_and(pairs, wasm_i64x2_shl(fill, 2 * d)));
  fill = wasm_v128_or(fill, wasm_v128_and(pairs, wasm_i64x2_shl(fill, 2 * d)));
  return wasm_i64x2_shl(fill, d);
}

// The vertical and diagonal moves (+-7, +-8, +-9) with 128-bit SIMD, two
// directions an instruction (faster than the scalar code in wasm builds
// that have SIMD; docs/measuring.md).
// The horizontal pair stays scalar (mirroring rows does not reverse a row).
inline Bitboard vertical_and_diagonal_moves(Bitboard player, Bitboard opponent, Bitboard inner) {
  const v128_t p = with_mirror(player);
  const v128_t moves =
      wasm_v128_or(wasm_v128_or(forward_moves<8>(p, with_mirror(opponent)), forward_moves<7>(p, with_mirror(inner))),
                   forward_moves<9>(p, with_mirror(inner)));
  // Lane 1 back the right way up (its bytes reversed again), then both lanes.
  const v128_t back = wasm_i8x16_shuffle(moves, moves, 0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8);
  return Bitboard(wasm_i64x2_extract_lane(back, 0)) | Bitboard(wasm_i64x2_extract_lane(back, 1));
}

}  // namespace detail
#endif

// Every legal move of `player`: empty squares that bracket at least one
// opponent disc in some direction. Horizontal and diagonal runs use the
// opponent discs off columns a and h, so no fill wraps around an edge.
constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7Eull;
#if defined(__AVX2__)
  if (!std::is_constant_evaluated()) return detail::legal_moves_avx2(player, opponent, inner) & ~(player | opponent);
#endif
#if defined(__wasm_simd128__)
  if (!std::is_constant_evaluated()) {
    const Bitboard moves =
        detail::axis_moves<1>(player, inner) | detail::vertical_and_diagonal_moves(player, opponent, inner);
    return moves & ~(player | opponent);
  }
#endif
  const Bitboard moves = detail::axis_moves<1>(player, inner) | detail::axis_moves<8>(player, opponent) |
                         detail::axis_moves<7>(player, inner) | detail::axis_moves<9>(player, inner);
  return moves & ~(player | opponent);
}

constexpr int mobility(Bitboard player, Bitboard opponent) { return popcount(legal_moves(player, opponent)); }

namespace detail {

// Flips along one ray beyond the move's square, the ray known at compile
// time (flips_at below): the first square that is not an opponent disc ends
// the run; if it is a player disc, the run between flips. On ascending rays
// that square is the lowest set bit, on descending rays the highest
// (std::bit_floor, 0 for an empty set), so no loop is needed. Rays shorter
// than 2 squares can never flip and cost nothing.
template <Bitboard ray>
constexpr Bitboard ascending_flips(Bitboard player, Bitboard opponent) {
  if constexpr (std::popcount(ray) < 2) {
    return 0;
  } else {
    const Bitboard stops = ray & ~opponent;
    const Bitboard end = stops & (0 - stops) & player;  // lowest stop, if ours
    return (end - Bitboard(end != 0)) & ray;            // the ray below it
  }
}
template <Bitboard ray>
constexpr Bitboard descending_flips(Bitboard player, Bitboard opponent) {
  if constexpr (std::popcount(ray) < 2) {
    return 0;
  } else {
    const Bitboard end = std::bit_floor(ray & ~opponent) & player;  // highest stop, if ours
    return ray & (0 - (end << 1));                                  // the ray above it
  }
}

// The flips of a move on square `s`: its rays are constants, folded into the
// code (no table reads), and the rays too short to flip drop out.
template <Square s>
constexpr Bitboard flips_at(Bitboard player, Bitboard opponent) {
  constexpr SquareRays r = kRays[s];
  return ascending_flips<r.ascending[0]>(player, opponent) | ascending_flips<r.ascending[1]>(player, opponent) |
         ascending_flips<r.ascending[2]>(player, opponent) | ascending_flips<r.ascending[3]>(player, opponent) |
         descending_flips<r.descending[0]>(player, opponent) | descending_flips<r.descending[1]>(player, opponent) |
         descending_flips<r.descending[2]>(player, opponent) | descending_flips<r.descending[3]>(player, opponent);
}

using FlipFunction = Bitboard (*)(Bitboard, Bitboard);
template <std::size_t... S>
constexpr std::array<FlipFunction, kSquares> build_flip_functions(std::index_sequence<S...>) {
  return {&flips_at<Square(S)>...};
}
inline constexpr std::array<FlipFunction, kSquares> kFlipAt =
    build_flip_functions(std::make_index_sequence<kSquares>{});

}  // namespace detail

// The opponent discs flipped by `player` playing on `s`. `s` must be an empty
// square; the result is 0 exactly when the move is illegal. With AVX2, the
// eight directions in two vectors (movegen_avx2.h); otherwise one call
// through a table of per-square functions (detail::flips_at), as Edax does.
constexpr Bitboard flips(Bitboard player, Bitboard opponent, Square s) {
#if defined(__AVX2__)
  if (!std::is_constant_evaluated()) return detail::flips_avx2(player, opponent, s);
#endif
  return detail::kFlipAt[s](player, opponent);
}

}  // namespace qipan::reversi
