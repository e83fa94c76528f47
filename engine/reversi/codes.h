// Reversi's refusal codes (see engine/core/codes.h for the scheme). Squares
// are written a1..h8; `side` is "black" or "white"; `index` counts the
// written moves of a transcript or GGF record from 1; `text` is what was
// written there (printable ASCII, other bytes as \xNN); `cause` is the
// refusal a wrapping code carries.
#pragma once

#include "../core/codes.h"

// Not formatted: one code a line, its comment and the backslashes in columns kept by hand.
// clang-format off
// The move-text codes: a text that is no square or move at all.
#define QIPAN_REVERSI_MOVE_TEXT_CODES(X)                                                        \
  X(not_a_square)             /* text: what was written (a-h then 1-8 expected) */              \
  X(not_a_move)               /* text: neither a square, a pass nor a move number */

#define QIPAN_REVERSI_CODES(X)                                                                  \
  /* board strings (parse_board) */                                                             \
  X(board_empty)              /* no squares at all */                                           \
  X(board_square_count)       /* count: the squares given (a board has 64) */                   \
  X(board_bad_character)      /* square: where; character: what is there (not X, O or -) */     \
  X(board_no_side)            /* the 64 squares but no side to move */                          \
  X(board_bad_side)           /* side: the text given for the side to move (X or O expected) */ \
  /* squares and moves (parse_square, Game::play) */                                            \
  QIPAN_REVERSI_MOVE_TEXT_CODES(X)                                                              \
  X(square_out_of_range)      /* index: the square number given (0..63 expected) */             \
  X(square_taken)             /* square: the occupied square */                                 \
  X(flips_nothing)            /* square: a disc there would flip none of the opponent's */      \
  /* transcripts (parse_transcript, Game::from_record) */                                       \
  X(transcript_bad_move)      /* index, text, cause: the first written move that fails */       \
  X(record_bad_board_line)    /* cause: the refusal of the record's board line */               \
  X(record_bad_ending)        /* text: a record's `ending:` line that names no ending and side */ \
  /* GGF records (parse_ggf) */                                                                 \
  X(ggf_syntax)               /* at: character offset; expected: what should be there */        \
  X(ggf_not_othello)          /* game: the GM[] value */                                        \
  X(ggf_board_size)           /* size: the board size given (only 8 is played) */               \
  X(ggf_bad_board)            /* cause: the refusal of the BO[] board */                        \
  X(ggf_bad_move)             /* index, text, cause: the first B[]/W[] move that fails */       \
  X(ggf_wrong_side)           /* side: whose turn it was (the move is the other colour's) */    \
  /* evaluation weights (decode_weights, tuning files) */                                       \
  X(weights_bad_character)    /* character: not base64 */                                       \
  X(weights_layout_mismatch)  /* read, total: bytes used of those given */
// clang-format on

namespace qipan::reversi::code {
using namespace qipan::code;  // the shared codes (game_over, ...) too
QIPAN_DECLARE_CODES(QIPAN_REVERSI_CODES)
QIPAN_DECLARE_MOVE_TEXT_CODES(QIPAN_REVERSI_MOVE_TEXT_CODES)
}  // namespace qipan::reversi::code
