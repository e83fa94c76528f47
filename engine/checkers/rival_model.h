// Which rivals play like the greedy player, as the game so far shows.
//
// With six players, a search that models its rivals as greedy racers
// (MultiAlgorithm::greedy) wins far more often against greedy seats than
// Best-Reply Search does, and loses to seats that search. So the AI watches:
// a seat counts as greedy until it makes a move that gains fewer rows
// towards its target than its most forward move would have (level 1 never
// does; a searching seat or a person soon does), and for the rest of the game
// after that it counts as a searcher. Greedy is the first guess because the
// model pays off from the first move: waiting for 2 moves of evidence before
// using it cost most of its gain (ai_levels.h).
#pragma once

#include <cstdint>

#include "game/game.h"
#include "movegen.h"

namespace qipan::checkers {

// The move a greedy rival q is modelled to play: the first generated of its
// legal moves gaining the most rows towards its target (a pass when it has
// none). `moves` is the caller's buffer.
Move greedy_rival_move(const Position& pos, const RuleOptions& rules, Player q, MoveList& moves);

// Bit q set: every move seat q has made so far (passes aside) gained the most
// rows any of its legal moves could.
std::uint8_t observed_greedy_seats(const Game& game);

}  // namespace qipan::checkers
