// Xiangqi's refusal codes (see engine/core/codes.h for the scheme). Square
// parameters are ICCS names (e2); `piece` is a piece type name (horse, ...).
#pragma once

#include "../core/codes.h"

// clang-format off
#define QIPAN_XIANGQI_CODES(X)                                                                 \
  /* move_reason: why a from -> to request is not a legal move */                              \
  X(square_off_board)          /* a square outside 0..89 */                                    \
  X(no_piece_there)            /* square: the empty origin */                                  \
  X(not_your_turn)             /* square: a piece of the side not to move */                   \
  X(move_must_change_squares)  /* from == to */                                                \
  X(capture_own_piece)         /* square: the target holds one of the mover's pieces */        \
  X(general_leaves_palace)                                                                     \
  X(general_one_step)                                                                          \
  X(advisor_leaves_palace)                                                                     \
  X(advisor_one_diagonal)                                                                      \
  X(elephant_two_diagonal)                                                                     \
  X(elephant_crosses_river)                                                                    \
  X(elephant_eye_blocked)      /* square: the blocked eye */                                   \
  X(horse_shape)                                                                               \
  X(horse_leg_blocked)         /* square: the blocked leg */                                   \
  X(rook_straight)                                                                             \
  X(rook_path_blocked)         /* square: the first piece in the way */                        \
  X(cannon_straight)                                                                           \
  X(cannon_path_blocked)       /* square: the first piece in the way (no capture) */           \
  X(cannon_needs_one_screen)   /* screens: how many pieces stand between */                    \
  X(soldier_one_step)                                                                          \
  X(soldier_backward)                                                                          \
  X(soldier_sideways_before_river)                                                             \
  X(generals_face)                                                                             \
  X(check_not_answered)                                                                        \
  X(leaves_general_in_check)
// clang-format on

namespace qipan::xiangqi::code {
using namespace qipan::code;  // the shared codes (game_over, ...) too
QIPAN_DECLARE_CODES(QIPAN_XIANGQI_CODES)
}  // namespace qipan::xiangqi::code
