// Reversi text formats, as the Othello world writes them:
//
// - squares a1..h8, column letter then row digit, row 1 at the top;
// - board strings (Edax OBF problem files): 64 characters a1 b1 .. h1 a2 .. h8,
//   X black, O white, - empty, then the side to move, e.g.
//     O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X
//   Input also accepts x * (black), o (white), . (empty), whitespace inside the
//   board, and a trailing `; comment`;
// - transcripts: moves run together, `f5d6c3d3c4...`, passes implicit;
//   input also takes move numbers (`1. f5 d6 2. c3 d3`), separators (`f5-d6`,
//   commas) and written passes (`pa`, `ps`, `pass`, any case) where the rules
//   force one;
// - GGF game records (GGS): `(;GM[Othello]...BO[8 ...]B[F5]W[D6]...;)`, in
//   ggf.h.
//
// Parsers return a Result whose refusal names what is wrong and where
// (codes in codes.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::reversi {

// "a1" .. "h8"; "pass" for kPass.
std::string square_name(Square s);
// "a1" .. "h8", either case.
Result<Square> parse_square(std::string_view text);

// The 64 squares, a space and X or O.
std::string board_string(const Position& pos);
Result<Position> parse_board(std::string_view text);
// A multi-line picture with coordinates, for terminals and test failures.
std::string board_diagram(const Position& pos);

// Whether `written` (a square, or kPass) may be played now: the ply, or the
// refusal (game_over, pass_not_allowed, square_taken, flips_nothing).
Result<Square> read_ply(const Position& pos, Square written);

struct Transcript {
  // Every ply from the start position, the implicit passes made explicit as
  // kPass (a pass is recorded before a move only when the mover had to pass).
  std::vector<Square> plies;
  // The position after the last written move. Its side to move may have to
  // pass (check must_pass()); no trailing kPass is added.
  Position end;
};

// Reads a transcript (`f5d6c3`, `F5 D6 C3`, `1. f5 d6 2. c3`, `f5-d6-c3`,
// with `pa`/`ps`/`pass` for a forced pass, which may also be left out),
// playing it from `start`. All or nothing: the first bad move is refused
// with code transcript_bad_move, its index (1 = the first written move), its
// text and the reason as cause (not_a_move, square_taken, flips_nothing,
// pass_not_allowed, game_over). Refuses text_too_long past kMaxTranscriptText.
inline constexpr std::size_t kMaxTranscriptText = 20000;
Result<Transcript> parse_transcript(std::string_view text, const Position& start = Position::start());
// Lower-case concatenated moves; kPass entries are skipped (passes implicit).
std::string format_transcript(std::span<const Square> plies);

// Printable ASCII of `text` (other bytes as \xNN), at most `max` bytes of
// input: what a refusal's `text` parameter shows.
std::string printable(std::string_view text, std::size_t max = 24);

}  // namespace qipan::reversi
