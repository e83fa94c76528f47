// A 128-bit set of holes (bit i = cell i, cells 0..120). Two 64-bit words
// rather than unsigned __int128: identical code on gcc, clang, MSVC and
// Emscripten, and fully constexpr. Bits 121..127 are never set by the engine
// except bit kSentinel, which tables use as "off the board" (see geometry.h).
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>

namespace qipan::checkers {

struct Bits {
  std::uint64_t lo = 0;  // cells 0..63
  std::uint64_t hi = 0;  // cells 64..127

  static constexpr Bits of(int cell) {
    assert(cell >= 0 && cell < 128);
    return cell < 64 ? Bits{std::uint64_t{1} << cell, 0} : Bits{0, std::uint64_t{1} << (cell - 64)};
  }
  constexpr bool test(int cell) const { return cell < 64 ? (lo >> cell) & 1 : (hi >> (cell - 64)) & 1; }
  constexpr void set(int cell) { *this |= of(cell); }
  constexpr void reset(int cell) { *this &= ~of(cell); }
  constexpr void flip(int cell) { *this ^= of(cell); }

  constexpr bool empty() const { return (lo | hi) == 0; }
  constexpr bool any() const { return (lo | hi) != 0; }
  constexpr int count() const { return std::popcount(lo) + std::popcount(hi); }
  // The lowest cell in the set; the set must not be empty.
  constexpr int first() const {
    assert(any());
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi);
  }
  // Removes and returns the lowest cell: `while (b.any()) use(b.pop_first());`
  constexpr int pop_first() {
    const int c = first();
    if (lo) lo &= lo - 1;
    else hi &= hi - 1;
    return c;
  }
  constexpr bool contains(Bits other) const { return ((lo & other.lo) == other.lo) && ((hi & other.hi) == other.hi); }
  constexpr bool intersects(Bits other) const { return ((lo & other.lo) | (hi & other.hi)) != 0; }

  constexpr Bits operator~() const { return {~lo, ~hi}; }
  constexpr Bits operator&(Bits o) const { return {lo & o.lo, hi & o.hi}; }
  constexpr Bits operator|(Bits o) const { return {lo | o.lo, hi | o.hi}; }
  constexpr Bits operator^(Bits o) const { return {lo ^ o.lo, hi ^ o.hi}; }
  constexpr Bits& operator&=(Bits o) {
    lo &= o.lo;
    hi &= o.hi;
    return *this;
  }
  constexpr Bits& operator|=(Bits o) {
    lo |= o.lo;
    hi |= o.hi;
    return *this;
  }
  constexpr Bits& operator^=(Bits o) {
    lo ^= o.lo;
    hi ^= o.hi;
    return *this;
  }
  friend constexpr bool operator==(Bits, Bits) = default;
};

}  // namespace qipan::checkers
