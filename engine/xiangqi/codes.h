// Xiangqi's refusal codes (see engine/core/codes.h for the scheme).
//
// Parameter conventions, so the page can word every refusal in Chinese and
// English without reading the English sentence:
//   square          an ICCS square name (e2)
//   side            "red" or "black"
//   piece           a piece type name: general advisor elephant horse rook cannon soldier
//   letter          a FEN piece letter as typed (N, p, ...)
//   char, text      input quoted back (control and non-ASCII bytes as \xNN in FEN/WXF)
//   rank            a FEN rank number, 1 (black's back rank) to 10, as the FEN is written
//   file            a file as the notation counts it: 1-9 from the mover's right (WXF,
//                   Chinese), or a-i (ICCS)
//   index           1-based number of a move in a record or list (a ply count)
//   cause           the wrapped refusal (Error::cause), worded by its own code
#pragma once

#include "../core/codes.h"

// Not formatted: one code a line, its comment and the backslashes in columns kept by hand.
// clang-format off
// The move-text codes: a text that is no ICCS, WXF or Chinese move at all.
#define QIPAN_XIANGQI_MOVE_TEXT_CODES(X)                                                         \
  /* iccs.cpp */                                                                                 \
  X(iccs_bad_square)           /* text: not two characters like e2 */                            \
  X(iccs_bad_file)             /* char: not a-i */                                               \
  X(iccs_bad_rank)             /* char: not 0-9 */                                               \
  X(iccs_syntax)               /* text: not four characters like h2e2 (a dash may separate) */   \
  /* wxf.cpp */                                                                                  \
  X(wxf_bad_character)         /* text: a control or non-ASCII character */                      \
  X(wxf_syntax)                /* text: not shaped like C2.5, H8+7 or R+.3 */                     \
  X(wxf_bad_last)              /* char: the last character is not a digit 1-9 */                 \
  X(wxf_bad_operator)          /* char: not + - or . before the last digit */                    \
  X(wxf_bad_file)              /* char: not a file digit 1-9 */                                  \
  X(wxf_unknown_piece)         /* char: not one of K A E H R C P (G B N S) */                    \
  X(wxf_bad_tandem)            /* text: "+-" or "-+" name no piece */                            \
  X(wxf_middle_soldier)        /* text: the middle soldier is written with its file twice, 33.4 */ \
  X(wxf_bad_place)             /* char: not a file or + / - after the piece */                   \
  /* chinese.cpp */                                                                              \
  X(chinese_bad_utf8)                                                                            \
  X(chinese_control_character)                                                                   \
  X(chinese_unknown_character) /* char: a character no Chinese move uses */                      \
  X(chinese_length)            /* count: characters found (4 or 5 expected) */                   \
  X(chinese_no_direction)      /* the second-to-last character is not 进, 退 or 平 */            \
  X(chinese_no_number)         /* the last character is not a number */                         \
  X(chinese_which_piece)       /* the characters before the direction name no piece */

#define QIPAN_XIANGQI_CODES(X)                                                                   \
  /* move_reason: why a from -> to request is not a legal move */                                \
  X(square_off_board)          /* a square outside 0..89 */                                      \
  X(no_piece_there)            /* square: the empty origin */                                    \
  X(not_your_turn)             /* square: a piece of the side not to move */                     \
  X(move_must_change_squares)  /* from == to */                                                  \
  X(capture_own_piece)         /* square: the target holds one of the mover's pieces */          \
  X(general_leaves_palace)                                                                       \
  X(general_one_step)                                                                            \
  X(advisor_leaves_palace)                                                                       \
  X(advisor_one_diagonal)                                                                        \
  X(elephant_two_diagonal)                                                                       \
  X(elephant_crosses_river)                                                                      \
  X(elephant_eye_blocked)      /* square: the blocked eye */                                     \
  X(horse_shape)                                                                                 \
  X(horse_leg_blocked)         /* square: the blocked leg */                                     \
  X(rook_straight)                                                                               \
  X(rook_path_blocked)         /* square: the first piece in the way */                          \
  X(cannon_straight)                                                                             \
  X(cannon_path_blocked)       /* square: the first piece in the way (no capture) */             \
  X(cannon_needs_one_screen)   /* screens: how many pieces stand between */                      \
  X(soldier_one_step)                                                                            \
  X(soldier_backward)                                                                            \
  X(soldier_sideways_before_river)                                                               \
  X(generals_face)                                                                               \
  X(check_not_answered)                                                                          \
  X(leaves_general_in_check)                                                                     \
  X(illegal_move)              /* text: the move (ICCS); a fallback no rule above explains */    \
  /* fen.cpp: a position that cannot be read */                                                  \
  X(fen_empty)                                                                                   \
  X(fen_rank_count)            /* ranks: how many ranks the board field has (10 expected) */     \
  X(fen_unknown_piece)         /* char, rank */                                                  \
  X(fen_rank_too_long)         /* rank: a rank describing more than 9 files */                   \
  X(fen_rank_too_short)        /* rank, files: a rank describing fewer than 9 files */           \
  X(fen_too_many_pieces)       /* letter, side, piece, max */                                    \
  X(fen_piece_misplaced)       /* letter, side, piece, square: where it can never stand */       \
  X(fen_missing_general)       /* side */                                                        \
  X(fen_no_side)               /* the side-to-move field is missing */                           \
  X(fen_bad_side)              /* text: not w, r or b */                                         \
  X(fen_too_many_fields)                                                                         \
  X(fen_bad_field)             /* text: a field that should be '-' */                            \
  X(fen_bad_clock)             /* text: the no-capture clock (0..1000 plies) */                  \
  X(fen_bad_move_number)       /* text: the move number (1..99999) */                            \
  X(fen_generals_face)         /* the generals see each other on an open file */                 \
  X(fen_general_capturable)    /* side: whose general is in check with the other side to move */ \
  QIPAN_XIANGQI_MOVE_TEXT_CODES(X)                                                               \
  /* notation_common.cpp: a well-formed WXF or Chinese move that names no legal move */          \
  X(notation_malformed)        /* an internal query out of range (a parser bug) */               \
  X(notation_no_file_or_place) /* neither a file nor a front/rear place is given */              \
  X(notation_no_piece_on_file) /* side, piece, file */                                           \
  X(notation_place_picks_none) /* side, piece, file, count, place: e.g. "middle" of two */       \
  X(notation_no_tandem)        /* side, piece, count: no file holds that many to pick from */    \
  X(notation_same_file)        /* side, piece, file: a sideways move to the file it is on */     \
  X(notation_off_board)        /* side, piece, file, steps: the move leaves the board */         \
  X(notation_diagonal_sideways) /* piece: horses, elephants, advisors never move sideways */     \
  X(notation_bad_destination)  /* side, piece, file, to_file: not reachable by its shape */      \
  X(notation_ambiguous)        /* side, piece, count, hint: "place" (name front/rear) or          \
                                  "file" (give the file too); notation: wxf or chinese */        \
  /* record.cpp, pgn.cpp: game records */                                                        \
  X(unknown_notation)          /* name: not chinese, wxf or iccs */                              \
  X(record_unterminated_tag)   /* text: the start of a [Tag "... without its closing quote */    \
  X(record_bad_tag)            /* text: a [Tag "value"] line that cannot be read */              \
  X(record_unterminated_comment) /* a { comment without its } */                                 \
  X(record_unbalanced_variation) /* a ( variation without its ), or a ) without ( */             \
  X(record_bad_fen)            /* cause: the FEN's refusal */                                    \
  X(record_bad_move)           /* index, text, cause: the move's refusal */                      \
  X(record_move_after_end)     /* index, text, reason: a move after the game ended (reason:      \
                                  the status code, e.g. checkmate) */                            \
  X(record_result_conflict)    /* result, reason: the result token disagrees with the final      \
                                  position (reason: the engine's status code) */                 \
  X(record_results_differ)     /* header, token: [Result] and the movetext's result differ */    \
  X(record_bad_result)         /* text: a [Result] that is not 1-0, 0-1, 1/2-1/2 or * */         \
  /* game.cpp */                                                                                 \
  X(ply_out_of_range)          /* ply, plies: no position with that many moves played */         \
  /* bindings: the AI worker's requests */                                                       \
  X(search_bad_history)        /* index, text, cause: a move of the game sent to the searcher */
// clang-format on

namespace qipan::xiangqi::code {
using namespace qipan::code;  // the shared codes (game_over, ...) too
QIPAN_DECLARE_CODES(QIPAN_XIANGQI_CODES)
QIPAN_DECLARE_MOVE_TEXT_CODES(QIPAN_XIANGQI_MOVE_TEXT_CODES)
}  // namespace qipan::xiangqi::code
