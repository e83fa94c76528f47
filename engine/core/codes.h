// Refusal codes: the stable, machine-readable names of everything an engine
// refuses (see Error in result.h). The page and the server translate a
// refusal by its code and parameters; the English message is for logs.
//
// Each game keeps its list in engine/<game>/codes.h as an X-macro,
// QIPAN_<GAME>_CODES(X), calling X(name) once per code with a comment naming
// its parameters. QIPAN_DECLARE_CODES turns a list into constants
// (code::horse_leg_blocked == "horse_leg_blocked") and an array all_codes, so a
// code cannot be used without being listed, and tests can check that every
// listed code has its Chinese and English text (tests/js/refusal_codes_test.mjs).
// A code means one thing everywhere: codes shared by games live here.
#pragma once

#include <cstddef>
#include <string_view>

#define QIPAN_CODE_CONSTANT(name) inline constexpr std::string_view name = #name;
#define QIPAN_CODE_NAME(name) std::string_view(#name),
#define QIPAN_DECLARE_CODES(LIST) \
  LIST(QIPAN_CODE_CONSTANT)       \
  inline constexpr std::string_view all_codes[] = {LIST(QIPAN_CODE_NAME)};
// A game's move-text codes (QIPAN_<GAME>_MOVE_TEXT_CODES, part of its list):
// the refusals of a text that is no move in any notation the game reads, as
// opposed to a well-formed move the rules refuse. The online rooms answer
// the first as a bad request, the second as an illegal move.
#define QIPAN_DECLARE_MOVE_TEXT_CODES(LIST)                                                          \
  inline constexpr std::string_view move_text_codes[] = {QIPAN_CORE_MOVE_TEXT_CODES(QIPAN_CODE_NAME) \
                                                             LIST(QIPAN_CODE_NAME)};

// Shared by every game; the move-text ones first.
#define QIPAN_CORE_MOVE_TEXT_CODES(X)                   \
  X(empty_move)    /* a move text with nothing in it */ \
  X(text_too_long) /* max: the longest text accepted */
#define QIPAN_CORE_CODES(X)                                                          \
  QIPAN_CORE_MOVE_TEXT_CODES(X)                                                      \
  X(game_over)        /* the game has ended: no more moves */                        \
  X(bad_argument)     /* name: the argument; expected: what it must be (bindings) */ \
  X(no_legal_move)    /* the side to move has no move to search or suggest */        \
  X(pass_not_allowed) /* a pass while a move exists; side (Reversi): who passed */

namespace qipan::code {
QIPAN_DECLARE_CODES(QIPAN_CORE_CODES)

// Whether `code` is listed in `codes` (a move_text_codes array).
template <std::size_t N>
constexpr bool is_listed(std::string_view code, const std::string_view (&codes)[N]) {
  for (std::string_view c : codes)
    if (c == code) return true;
  return false;
}
}  // namespace qipan::code
