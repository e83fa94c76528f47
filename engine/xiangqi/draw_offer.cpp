#include "draw_offer.h"

namespace qipan::xiangqi {

std::string_view draw_answer_code(DrawAnswer answer) {
  switch (answer) {
    case DrawAnswer::kAccept: return "accept";
    case DrawAnswer::kTooEarly: return "too_early";
    case DrawAnswer::kAhead: return "ahead";
  }
  return "ahead";
}

int plies_played(const Game& game) {
  // A game set up from a FEN counts the moves its move number says were
  // played before it.
  const Position& start = game.start_position();
  return game.ply() + 2 * (start.fullmove_number() - 1) + (start.side_to_move() == kBlack ? 1 : 0);
}

DrawAnswer answer_draw_offer(const Game& game, int score) {
  if (plies_played(game) < kDrawOfferMinPlies) return DrawAnswer::kTooEarly;
  if (score > kDrawOfferMargin) return DrawAnswer::kAhead;
  return DrawAnswer::kAccept;
}

}  // namespace qipan::xiangqi
