// A set of the 90 squares in two machine words, for fast piece iteration.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "types.h"

namespace qipan::xiangqi {

class SquareSet {
 public:
  constexpr void insert(Square s) { word(s) |= bit(s); }
  constexpr void erase(Square s) { word(s) &= ~bit(s); }
  constexpr bool contains(Square s) const { return (s < 64 ? low_ : high_) & bit(s); }
  constexpr int size() const { return std::popcount(low_) + std::popcount(high_); }
  constexpr bool empty() const { return (low_ | high_) == 0; }
  constexpr SquareSet& operator|=(const SquareSet& other) {
    low_ |= other.low_;
    high_ |= other.high_;
    return *this;
  }
  friend constexpr SquareSet operator&(SquareSet a, const SquareSet& b) {
    a.low_ &= b.low_;
    a.high_ &= b.high_;
    return a;
  }

  // Calls f(square) for every member, lowest first.
  template <typename F>
  constexpr void for_each(F&& f) const {
    for (std::uint64_t w = low_; w; w &= w - 1) f(Square(std::countr_zero(w)));
    for (std::uint64_t w = high_; w; w &= w - 1) f(Square(64 + std::countr_zero(w)));
  }

 private:
  static constexpr std::uint64_t bit(Square s) { return std::uint64_t{1} << (s & 63); }
  constexpr std::uint64_t& word(Square s) { return s < 64 ? low_ : high_; }
  std::uint64_t low_ = 0;
  std::uint64_t high_ = 0;
};

// kSingleSquare[s]: the set holding only s. A table read is cheaper than
// choosing the word and shifting when sets are built square by square.
inline constexpr std::array<SquareSet, kSquares> kSingleSquare = [] {
  std::array<SquareSet, kSquares> t{};
  for (Square s = 0; s < kSquares; ++s) t[std::size_t(s)].insert(s);
  return t;
}();

}  // namespace qipan::xiangqi
