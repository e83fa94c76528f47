#include "position.h"

namespace qipan::reversi {

void Position::generate_moves(MoveList& out) const {
  out.clear();
  Bitboard moves = legal_moves();
  if (moves == 0) {
    if (reversi::legal_moves(opponent_, player_) != 0) out.push(kPass);
    return;
  }
  while (moves) out.push(pop_first(moves));
}

}  // namespace qipan::reversi
