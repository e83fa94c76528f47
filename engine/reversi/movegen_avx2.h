// Move generation with AVX2, for native builds whose target has it
// (CMakeLists.txt adds it when the build machine has it): the four
// directions of a sense side by side in one 256-bit vector, one per 64-bit
// lane, with per-lane shift counts. movegen.h calls these in place of its
// scalar code, which gives the same answers (tests/reversi/movegen_test.cpp
// checks whichever the build compiles against a plain reference; the wasm
// build runs the scalar code). The solver's figures with and without it are
// in docs/measuring.md.
#pragma once

#if defined(__AVX2__)
#include <immintrin.h>

#include <cstdint>

#include "bitboard.h"
#include "rays.h"

namespace qipan::reversi::detail {

// The steps of the lanes, in the order of SquareRays: 1, 7, 8, 9.
inline __m256i lane_steps() { return _mm256_set_epi64x(9, 8, 7, 1); }

inline Bitboard or_lanes(__m256i v) {
  __m128i m = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  m = _mm_or_si128(m, _mm_unpackhi_epi64(m, m));
  return Bitboard(_mm_cvtsi128_si64(m));
}

// movegen.h's axis_moves for the four axes at once, filled forwards and
// backwards; the vertical lane runs over every opponent disc, the others
// over those off columns a and h (`inner`), so no fill wraps. Empty squares
// are not masked here.
inline Bitboard legal_moves_avx2(Bitboard player, Bitboard opponent, Bitboard inner) {
  const __m256i p = _mm256_set1_epi64x(std::int64_t(player));
  const __m256i mask =
      _mm256_set_epi64x(std::int64_t(inner), std::int64_t(opponent), std::int64_t(inner), std::int64_t(inner));
  const __m256i step = lane_steps();
  const __m256i step2 = _mm256_add_epi64(step, step);
  __m256i fwd = _mm256_and_si256(mask, _mm256_sllv_epi64(p, step));
  __m256i back = _mm256_and_si256(mask, _mm256_srlv_epi64(p, step));
  fwd = _mm256_or_si256(fwd, _mm256_and_si256(mask, _mm256_sllv_epi64(fwd, step)));
  back = _mm256_or_si256(back, _mm256_and_si256(mask, _mm256_srlv_epi64(back, step)));
  const __m256i pairs_fwd = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, step));
  const __m256i pairs_back = _mm256_srlv_epi64(pairs_fwd, step);
  fwd = _mm256_or_si256(fwd, _mm256_and_si256(pairs_fwd, _mm256_sllv_epi64(fwd, step2)));
  back = _mm256_or_si256(back, _mm256_and_si256(pairs_back, _mm256_srlv_epi64(back, step2)));
  fwd = _mm256_or_si256(fwd, _mm256_and_si256(pairs_fwd, _mm256_sllv_epi64(fwd, step2)));
  back = _mm256_or_si256(back, _mm256_and_si256(pairs_back, _mm256_srlv_epi64(back, step2)));
  return or_lanes(_mm256_or_si256(_mm256_sllv_epi64(fwd, step), _mm256_srlv_epi64(back, step)));
}

// The flips of a move on `s`, branch-free and without movegen.h's call
// through a table. A ray flips the opponent discs before its first square
// that is not an opponent disc (its stop) when that square is the player's.
// Ascending rays stop at their lowest such square (x & -x). Descending rays
// stop at their highest: smearing the candidates down the ray (three
// doubling steps cover its at most 7 squares) gives the stop and all
// beyond it, and the stop is the smear's top square.
inline Bitboard flips_avx2(Bitboard player, Bitboard opponent, Square s) {
  const __m256i p = _mm256_set1_epi64x(std::int64_t(player));
  const __m256i o = _mm256_set1_epi64x(std::int64_t(opponent));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i step = lane_steps();
  const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(kRays[s].ascending.data()));
  const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(kRays[s].descending.data()));

  const __m256i up_stops = _mm256_andnot_si256(o, up);
  const __m256i up_end = _mm256_and_si256(_mm256_and_si256(up_stops, _mm256_sub_epi64(zero, up_stops)), p);
  const __m256i up_none = _mm256_cmpeq_epi64(up_end, zero);
  const __m256i below_end = _mm256_add_epi64(up_end, _mm256_cmpeq_epi64(zero, zero));  // end - 1
  const __m256i up_flips = _mm256_and_si256(_mm256_andnot_si256(up_none, below_end), up);

  __m256i smear = _mm256_andnot_si256(o, down);
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, step));
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, _mm256_add_epi64(step, step)));
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, _mm256_slli_epi64(step, 2)));
  const __m256i down_end = _mm256_and_si256(_mm256_andnot_si256(_mm256_srlv_epi64(smear, step), smear), p);
  const __m256i down_none = _mm256_cmpeq_epi64(down_end, zero);
  const __m256i down_flips = _mm256_andnot_si256(down_none, _mm256_andnot_si256(smear, down));

  return or_lanes(_mm256_or_si256(up_flips, down_flips));
}

}  // namespace qipan::reversi::detail
#endif
