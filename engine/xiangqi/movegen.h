// Move generation: pseudo-legal moves from the geometry tables, then a cheap
// legality filter that only plays out the moves that could expose the general.
#pragma once

#include <cstdint>

#include "../core/move_list.h"
#include "position.h"

namespace qipan::xiangqi {

// No xiangqi position has more than about 120 pseudo-legal moves.
constexpr std::size_t kMaxMoves = 128;
using MoveList = FixedList<Move, kMaxMoves>;

// kQuiets: the moves onto empty squares, in the order kAll gives them.
enum class GenKind { kAll, kCaptures, kQuiets };

void generate_pseudo_legal(const Position& pos, MoveList& out, GenKind kind = GenKind::kAll);

// Filters pseudo-legal moves without playing them where possible.
class LegalityFilter {
 public:
  explicit LegalityFilter(const Position& pos);
  // `pos` must be the position the filter was built for (it is restored).
  bool legal(Position& pos, Move m) const;

 private:
  Square king_;
  bool in_check_;
};

void generate_legal(const Position& pos, MoveList& out, GenKind kind = GenKind::kAll);
bool has_legal_move(const Position& pos);
bool is_legal(const Position& pos, Move m);
int count_legal(const Position& pos);

// Leaf count of the legal move tree (bulk-counted at the last ply).
std::uint64_t perft(Position& pos, int depth);

}  // namespace qipan::xiangqi
