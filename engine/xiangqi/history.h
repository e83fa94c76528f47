// Move-ordering statistics the xiangqi searcher learns while it searches:
// butterfly history (side, from, to), continuation history (the piece and
// target of the move 1, 2 and 4 plies back, then this move's piece and
// target), capture history (piece, target, captured type) and the counter
// move to the opponent's last move; and correction history, which learns how
// far the static evaluation strays from what searches find after a given
// last move and pair of last moves. Every update pulls the entry towards the
// bonus and saturates at the table's limit ("gravity"), so old knowledge
// fades instead of overflowing.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "types.h"

namespace qipan::xiangqi {

inline constexpr int kHistoryLimit = 16384;
// Correction entries are in 1/kCorrectionGrain evaluation point and saturate
// at kCorrectionLimit, so the two tables together move an evaluation by at
// most 2 * 4096 / 64 = 128 points.
inline constexpr int kCorrectionLimit = 4096;
inline constexpr int kCorrectionGrain = 64;

inline void update_stat(std::int16_t& entry, int bonus, int limit = kHistoryLimit) {
  const int clamped = bonus > limit ? limit : bonus < -limit ? -limit : bonus;
  entry = std::int16_t(entry + clamped - entry * std::abs(clamped) / limit);
}

// Indexed [piece][to].
using PieceToHistory = std::array<std::array<std::int16_t, kSquares>, kPieceCodes>;

struct HistoryTables {
  std::array<std::array<std::array<std::int16_t, kSquares>, kSquares>, 2> butterfly{};  // [side][from][to]
  // [previous piece][previous to] -> [piece][to]; piece kEmpty (no move, a
  // null move) is a row that is read but never written.
  std::array<std::array<PieceToHistory, kSquares>, kPieceCodes> continuation{};
  std::array<std::array<std::array<std::int16_t, kPieceTypeCount>, kSquares>, kPieceCodes> capture{};
  std::array<std::array<Move, kSquares>, kPieceCodes> counter{};
  // [last piece][last to]: the search's value less the static evaluation.
  std::array<std::array<std::int16_t, kSquares>, kPieceCodes> move_correction{};
  // [piece][to] of the move two plies back -> [piece][to] of the last move.
  std::array<std::array<PieceToHistory, kSquares>, kPieceCodes> continuation_correction{};

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof *this); }
};

}  // namespace qipan::xiangqi
