// Deterministic pseudo-random numbers (SplitMix64). Used at compile time for
// Zobrist keys and at run time for seeded games, so native and wasm agree.
#pragma once

#include <cstdint>

namespace qipan {

class SplitMix64 {
 public:
  constexpr explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  constexpr std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound); the tiny modulo bias is irrelevant for games.
  constexpr std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

}  // namespace qipan
