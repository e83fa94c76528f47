// The evaluation network's two inner loops over an accumulator's kHidden
// int16 values, in AVX2 natively, in 128-bit SIMD in wasm built with
// -msimd128, and in plain C++ elsewhere. All three give the same result
// exactly: the sums are of integers and cannot overflow (clipped values are
// at most kQA = 255, output weights int16, 256 products per evaluation).
#pragma once

#include <algorithm>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace qipan::xiangqi::network::simd {

// values[i] = parent[i] + added[i] - removed[i] (- also_removed[i] when not
// null), wrapping as int16 does. n is a multiple of 16; every pointer is
// 32-byte aligned.
inline void add_sub(std::int16_t* values, const std::int16_t* parent, const std::int16_t* added,
                    const std::int16_t* removed, const std::int16_t* also_removed, int n) {
#if defined(__AVX2__)
  for (int i = 0; i < n; i += 16) {
    auto load = [i](const std::int16_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p + i)); };
    __m256i v = _mm256_sub_epi16(_mm256_add_epi16(load(parent), load(added)), load(removed));
    if (also_removed) v = _mm256_sub_epi16(v, load(also_removed));
    _mm256_store_si256(reinterpret_cast<__m256i*>(values + i), v);
  }
#elif defined(__wasm_simd128__)
  for (int i = 0; i < n; i += 8) {
    auto load = [i](const std::int16_t* p) { return wasm_v128_load(p + i); };
    v128_t v = wasm_i16x8_sub(wasm_i16x8_add(load(parent), load(added)), load(removed));
    if (also_removed) v = wasm_i16x8_sub(v, load(also_removed));
    wasm_v128_store(values + i, v);
  }
#else
  for (int i = 0; i < n; ++i)
    values[i] = std::int16_t(parent[i] + added[i] - removed[i] - (also_removed ? also_removed[i] : 0));
#endif
}

// The sum over i of clamp(values[i], 0, ceiling) * weights[i]. n is a
// multiple of 16; both pointers are 32-byte aligned.
inline std::int32_t clipped_dot(const std::int16_t* values, const std::int16_t* weights, int n, std::int16_t ceiling) {
#if defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(ceiling);
  __m256i sum = zero;
  for (int i = 0; i < n; i += 16) {
    const __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(values + i));
    const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(weights + i));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_min_epi16(_mm256_max_epi16(v, zero), top), w));
  }
  const __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  const __m128i pairs = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4e));
  return _mm_cvtsi128_si32(_mm_add_epi32(pairs, _mm_shuffle_epi32(pairs, 0xb1)));
#elif defined(__wasm_simd128__)
  const v128_t zero = wasm_i16x8_splat(0), top = wasm_i16x8_splat(ceiling);
  v128_t sum = wasm_i32x4_splat(0);
  for (int i = 0; i < n; i += 8) {
    const v128_t v = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(values + i), zero), top);
    sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(v, wasm_v128_load(weights + i)));
  }
  return wasm_i32x4_extract_lane(sum, 0) + wasm_i32x4_extract_lane(sum, 1) + wasm_i32x4_extract_lane(sum, 2) +
         wasm_i32x4_extract_lane(sum, 3);
#else
  std::int32_t sum = 0;
  for (int i = 0; i < n; ++i) sum += std::clamp<std::int32_t>(values[i], 0, ceiling) * weights[i];
  return sum;
#endif
}

}  // namespace qipan::xiangqi::network::simd
