// Flips for the endgame solver's hot path: one function per square with its
// rays folded in at compile time (directions that leave the board vanish, no
// table loads), reached through a table of function pointers.
//
// Ascending rays (towards higher square indices) use the carry trick: with
// every square off the ray set, adding the ray's first bit carries through
// the run of opponent discs and stops on the first square that is not one;
// that square closes the run when it holds a player disc. Descending rays
// take the highest non-opponent square (bit_floor), as movegen.h does.
#pragma once

#include <array>
#include <bit>
#include <utility>

#include "bitboard.h"
#include "movegen.h"

namespace qipan::reversi::endgame {

namespace detail {

template <Square S>
Bitboard flips_at(Bitboard player, Bitboard opponent) {
  constexpr const reversi::detail::SquareRays& rays = reversi::detail::kRays[S];
  Bitboard flipped = 0;
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    (
        [&] {
          constexpr Bitboard ray = rays.ascending[K];
          if constexpr (ray != 0) {
            constexpr Bitboard first = ray & (0 - ray);
            const Bitboard outflank = (((opponent & ray) | ~ray) + first) & ray & player;
            flipped |= (outflank - Bitboard(outflank != 0)) & ray;
          }
        }(),
        ...);
    (
        [&] {
          constexpr Bitboard ray = rays.descending[K];
          if constexpr (ray != 0) {
            if constexpr (std::popcount(ray) == 1) {
              // Nothing can be flipped on a ray of one square.
            } else {
              const Bitboard end = std::bit_floor(ray & ~opponent) & player;
              flipped |= ray & (0 - (end << 1));
            }
          }
        }(),
        ...);
  }(std::make_index_sequence<4>{});
  return flipped;
}

using FlipFunction = Bitboard (*)(Bitboard, Bitboard);

template <std::size_t... S>
constexpr std::array<FlipFunction, kSquares> make_flip_functions(std::index_sequence<S...>) {
  return {&flips_at<Square(S)>...};
}

}  // namespace detail

inline constexpr std::array<detail::FlipFunction, kSquares> kFlipAt =
    detail::make_flip_functions(std::make_index_sequence<kSquares>{});

// Same result as reversi::flips(player, opponent, s).
inline Bitboard fast_flips(Bitboard player, Bitboard opponent, Square s) { return kFlipAt[s](player, opponent); }

}  // namespace qipan::reversi::endgame
