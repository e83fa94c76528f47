// When the AI accepts a draw its opponent offers. The page searches the
// position in the worker (XiangqiAi::answer_draw_offer) and this rule decides
// from the search score; an accepted offer is recorded with Game::agree_draw.
//
// The AI accepts when both hold:
//  - the game is long enough: at least kMinPlies plies (20 moves each). A
//    draw before both sides have developed and traded is no game, and without
//    this anyone could end a game against the strongest level at move one;
//    tournaments often forbid early draw offers for the same reason.
//  - it does not think itself better: its score is at most kMargin (60, about
//    a soldier that has not crossed the river, less than any other piece).
//    Within that margin the position is level for a search of a few seconds
//    (scores of equal positions wander by about that much from depth to
//    depth). A side that is worse never gains by declining, so a position
//    the AI judges lost (any score below, mates included) is accepted too.
// It declines otherwise: too early, or ahead by more than the margin (a mate
// it sees included).
#pragma once

#include <cstdint>
#include <string_view>

#include "game/game.h"

namespace qipan::xiangqi {

constexpr int kDrawOfferMinPlies = 40;
constexpr int kDrawOfferMargin = 60;

enum class DrawAnswer : std::uint8_t { kAccept, kTooEarly, kAhead };

// "accept", "too_early", "ahead": the bindings' and page's names.
std::string_view draw_answer_code(DrawAnswer answer);

// Plies since the game began: those played plus those a set-up position's
// move number says came before it.
int plies_played(const Game& game);

// `score` is the answering side's own search score of the current position.
DrawAnswer answer_draw_offer(const Game& game, int score);

}  // namespace qipan::xiangqi
