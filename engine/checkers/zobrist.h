// Zobrist keys for checkers positions, generated at compile time from a fixed
// SplitMix64 seed (engine/core/random.h), so native and wasm builds agree and
// nothing is mutable at run time.
#pragma once

#include <array>
#include <cstdint>

#include "../core/random.h"
#include "geometry.h"

namespace qipan::checkers {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kCells>, kMaxPlayers> piece{};
  std::array<std::uint64_t, kMaxPlayers> side{};         // seat to move
  std::array<std::uint64_t, kMaxPlayers + 1> players{};  // player count
};

constexpr ZobristKeys build_zobrist() {
  ZobristKeys z;
  SplitMix64 rng(0x436865636B657273ull);  // "Checkers"
  for (auto& row : z.piece)
    for (auto& k : row) k = rng.next();
  for (auto& k : z.side) k = rng.next();
  for (auto& k : z.players) k = rng.next();
  return z;
}

inline constexpr ZobristKeys kZobrist = build_zobrist();

}  // namespace qipan::checkers
