// Zobrist keys, generated at compile time from a fixed seed so every build
// (native and wasm) hashes positions identically.
#pragma once

#include <array>
#include <cstdint>

#include "../core/random.h"
#include "types.h"

namespace qipan::xiangqi {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kSquares>, kPieceCodes> piece{};
  std::uint64_t black_to_move = 0;
};

constexpr ZobristKeys build_zobrist_keys() {
  ZobristKeys keys{};
  SplitMix64 rng(0x5851F42D4C957F2Dull);
  for (auto& per_piece : keys.piece)
    for (auto& key : per_piece) key = rng.next();
  keys.black_to_move = rng.next();
  return keys;
}

inline constexpr ZobristKeys kZobrist = build_zobrist_keys();

}  // namespace qipan::xiangqi
