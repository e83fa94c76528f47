// Reversi positions from seeded random games, for tests that compare the
// solver or the search with a plainer computation: random legal moves (passes
// as forced) until a given number of empty squares.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/position.h"

namespace qipan::reversi::testing {

// The position after playing `s` (a square or kPass).
inline Position after(const Position& pos, Square s) {
  Position child = pos;
  Undo undo;
  child.make(s, undo);
  return child;
}

// A position with `empties` empty squares from a random game, or false when
// that game ended earlier.
inline bool random_endgame(SplitMix64& rng, int empties, Position& out) {
  Position pos = Position::start();
  while (pos.empty_count() > empties) {
    MoveList moves;
    pos.generate_moves(moves);
    if (moves.empty()) return false;
    Undo undo;
    pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
  }
  out = pos;
  return true;
}

// `count` such positions, each with min_empties to max_empties empty squares.
inline std::vector<Position> random_endgames(std::uint64_t seed, int count, int min_empties, int max_empties) {
  SplitMix64 rng(seed);
  std::vector<Position> out;
  while (int(out.size()) < count) {
    const int empties = min_empties + int(rng.below(std::uint32_t(max_empties - min_empties + 1)));
    Position pos;
    if (random_endgame(rng, empties, pos)) out.push_back(pos);
  }
  return out;
}

}  // namespace qipan::reversi::testing
