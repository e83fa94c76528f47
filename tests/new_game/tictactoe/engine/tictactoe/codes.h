// Tic-tac-toe's refusal codes (see engine/core/codes.h for the scheme).
// Squares are written a1..c3 (column, then row from the bottom); `side` is
// "x" or "o"; `index` counts a record's written moves from 1; `text` is what
// was written there.
#pragma once

#include "../core/codes.h"

// clang-format off
// The move-text codes: a text that is no square at all.
#define QIPAN_TICTACTOE_MOVE_TEXT_CODES(X)                                                        \
  X(tictactoe_not_a_square)    /* text: what was written (a-c then 1-3 expected) */

#define QIPAN_TICTACTOE_CODES(X)                                                                  \
  /* position texts (parse_position) */                                                           \
  X(tictactoe_square_count)    /* count: the squares given (a board has 9) */                     \
  X(tictactoe_bad_character)   /* square: where; character: what is there (not X, O or -) */      \
  X(tictactoe_no_side)         /* the 9 squares but no side to move */                            \
  X(tictactoe_bad_side)        /* side: the text given for the side to move (x or o expected) */  \
  X(tictactoe_bad_counts)      /* x, o: the marks of each side, which no game reaches */          \
  /* moves (Game::play) */                                                                        \
  QIPAN_TICTACTOE_MOVE_TEXT_CODES(X)                                                              \
  X(tictactoe_square_taken)    /* square: the occupied square */                                  \
  /* records (Game::from_record) */                                                               \
  X(tictactoe_record_bad_move) /* index, text, cause: the first written move that fails */        \
  X(tictactoe_record_bad_ending) /* text: an `ending:` line that names no ending and side */
// clang-format on

namespace qipan::tictactoe::code {
using namespace qipan::code;  // the shared codes (game_over, ...) too
QIPAN_DECLARE_CODES(QIPAN_TICTACTOE_CODES)
QIPAN_DECLARE_MOVE_TEXT_CODES(QIPAN_TICTACTOE_MOVE_TEXT_CODES)
}  // namespace qipan::tictactoe::code
