// Chinese checkers' refusal codes (see engine/core/codes.h for the scheme).
//
// Parameters: `hole`, `from`, `to` are hole names in the engine's notation
// (notation.h: a row letter and a position in the row, "e5"; or, for a
// number that names no hole, the number as given); `player` is a seat number
// 1..N as the page shows it. Codes about positions, records and rule options
// carry a `checkers_` prefix: other games have records and options of their
// own, and a code means one thing everywhere.
#pragma once

#include "../core/codes.h"

// Not formatted: one code a line, its comment and the backslashes in columns kept by hand.
// clang-format off
// The move-text codes: a text that is no move at all (holes by name or number).
#define QIPAN_CHECKERS_MOVE_TEXT_CODES(X)                                                          \
  X(hole_missing)             /* text: the move, with a side of '-' or ':' empty */               \
  X(bad_hole_name)            /* text: what should have been a hole (e5, or 0-120) */             \
  X(checkers_not_a_move)      /* text */

#define QIPAN_CHECKERS_CODES(X)                                                                    \
  /* holes and moves (path.h: illegal_reason, path_problem, next_hops) */                          \
  X(no_such_hole)             /* hole: the number or name given, which names no hole */           \
  X(hole_empty)               /* hole: the empty start */                                         \
  X(not_your_piece)           /* hole; player: the seat whose piece it is */                      \
  X(hole_occupied)            /* hole: the occupied destination or landing */                     \
  X(same_hole)                /* hole: a move from a hole to itself */                            \
  X(too_far)                  /* from, to: neither a step nor a hop chain */                      \
  X(goal_lock)                /* hole: the piece's hole in its target arm */                      \
  X(goal_lock_in_chain)       /* from, to: the chain would leave the target after entering it */  \
  X(parking_forbidden)        /* hole: the end hole, in another seat's home or target arm */      \
  X(chain_revisits)           /* hole: the hole landed on twice */                                \
  X(chain_returns_to_start)   /* hole: the start */                                               \
  X(step_in_chain)            /* from, to: a step inside a hop chain */                           \
  X(hop_not_straight)         /* from, to */                                                      \
  X(hop_too_far)              /* from, to: farther than a hop over one adjacent piece */          \
  X(nothing_to_hop)           /* from, to: no piece between */                                    \
  X(long_jump_shape)          /* from, to: no piece exactly halfway, or others in the way */      \
  X(path_too_short)           /* a path needs a start and an end */                               \
  X(path_too_long)            /* max: the most holes a path may list */                           \
  X(path_not_holes)           /* a path must be a list of holes (bindings) */                     \
  X(chain_empty)              /* hop-by-hop input without the piece to move */                    \
  /* move text (notation.h) */                                                                     \
  QIPAN_CHECKERS_MOVE_TEXT_CODES(X)                                                                \
  /* position strings (position.h) */                                                              \
  X(checkers_position_fields)      /* found: how many fields */                                   \
  X(checkers_board_length)         /* found: how many board characters */                         \
  X(checkers_player_count)         /* players: the count given (2, 3, 4 or 6 are played) */       \
  X(checkers_side_to_move)         /* found: the side given; players */                           \
  X(checkers_board_character)      /* character; hole */                                          \
  X(checkers_absent_player)        /* player; hole; players */                                    \
  X(checkers_piece_count)          /* player; count: how many pieces it has (10 needed) */        \
  X(checkers_position_inconsistent)                                                                \
  /* rule options (rules.h, rules_text.h, the bindings' option objects) */                        \
  X(checkers_turn_cap)             /* turn_cap: the negative cap given */                         \
  X(checkers_rule_without_value)   /* rule: the token without '=' */                              \
  X(checkers_unknown_rule)         /* rule */                                                     \
  X(checkers_rule_repeated)        /* rule */                                                     \
  X(checkers_rule_value)           /* rule; value */                                              \
  X(checkers_options_not_object)                                                                   \
  X(checkers_option_not_text)      /* option: the field's name */                                 \
  X(checkers_option_not_allowed)   /* option; value; allowed: the accepted values (JS names) */   \
  X(checkers_option_not_boolean)   /* option */                                                   \
  X(checkers_option_not_number)    /* option */                                                   \
  X(checkers_first_seat)           /* first: the seat given; players */                           \
  /* game records (game.h) */                                                                      \
  X(checkers_record_position)      /* cause: why the position line was refused */                 \
  X(checkers_record_rules)         /* cause: why the rules line was refused */                    \
  X(checkers_record_move)          /* number: the move's number (1 = first written); move: its text; cause */ \
  X(checkers_record_ending)        /* text: an `ending:` or `takeover:` line that names no ending or seat */ \
  /* endings (game.h) */                                                                           \
  X(checkers_two_players_only)     /* ending: an ending only a two-player game has (agreement, ...) */ \
  X(checkers_no_such_seat)         /* seat: the seat given (1..players); players */               \
  X(checkers_seat_taken_over)      /* seat: a seat the AI plays already */                        \
  /* sessions (bindings) */                                                                        \
  X(checkers_ply_out_of_range)     /* ply: the ply asked for; plies: how many were played */
// clang-format on

namespace qipan::checkers::code {
using namespace qipan::code;  // the shared codes (game_over, empty_move, ...) too
QIPAN_DECLARE_CODES(QIPAN_CHECKERS_CODES)
QIPAN_DECLARE_MOVE_TEXT_CODES(QIPAN_CHECKERS_MOVE_TEXT_CODES)
}  // namespace qipan::checkers::code
