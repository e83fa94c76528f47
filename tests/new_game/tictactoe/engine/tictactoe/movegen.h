// Move generation and perft: the empty squares while the game goes on.
#pragma once

#include <cstdint>

#include "position.h"

namespace qipan::tictactoe {

// The squares the side to move may take (none once the game is over).
inline Mask legal_moves(const Position& pos) { return pos.over() ? Mask(0) : pos.empty(); }

// The positions `depth` plies on (a finished game ends its count).
std::uint64_t perft(Position& pos, int depth);

// Every game from `pos` played to its end, by result.
struct GameCount {
  std::uint64_t x_wins = 0;
  std::uint64_t o_wins = 0;
  std::uint64_t draws = 0;
  std::uint64_t total() const { return x_wins + o_wins + draws; }
};
GameCount count_games(Position& pos);

}  // namespace qipan::tictactoe
