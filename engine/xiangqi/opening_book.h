// A small opening book of our own making: twenty well-known lines (central
// cannon against screen horses, same- and opposite-direction cannons, the
// elephant, pawn and horse openings, the palace-corner cannon), eight plies
// each. It exists for variety, not strength: an AI level draws a book move
// with a seed, weighted by how many lines continue with it, so games differ
// from the first move while staying in sound openings; the match tool draws
// whole openings from it.
//
// Built once per XiangqiAi (no global state) by replaying the lines.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "game/game.h"

namespace qipan::xiangqi {

class OpeningBook {
 public:
  OpeningBook();

  struct Choice {
    Move move;
    int weight = 0;  // lines through the position that continue with this move
  };
  // The book's moves in this position (empty when out of book).
  std::span<const Choice> choices(const Position& pos) const;
  // A book move for the game's current position drawn with `seed` (weighted),
  // or none when out of book or the game did not start from the standard
  // position.
  Move pick(const Game& game, std::uint64_t seed) const;
  // A book opening: `plies` moves (or fewer where its line ends) from the
  // start, drawn move by move with `seed`.
  std::vector<Move> opening(int plies, std::uint64_t seed) const;

  // The lines as ICCS text, one line per string (for tests and documentation).
  static std::span<const std::string_view> lines();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::vector<Choice> choices;
  };
  std::vector<Entry> entries_;  // sorted by key
};

}  // namespace qipan::xiangqi
