// Reversi text formats, as the Othello world writes them:
//
// - squares a1..h8, column letter then row digit, row 1 at the top;
// - board strings (Edax OBF problem files): 64 characters a1 b1 .. h1 a2 .. h8,
//   X black, O white, - empty, then the side to move, e.g.
//     O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X
//   Input also accepts x * (black), o (white), . (empty), whitespace inside the
//   board, and a trailing `; comment`;
// - transcripts: moves run together, `f5d6c3d3c4...`, passes implicit;
// - GGF game records (GGS): `(;GM[Othello]...BO[8 ...]B[F5]W[D6]...;)`.
//
// Parsers return a Result whose error names what is wrong and where.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/result.h"
#include "position.h"

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

struct Transcript {
  // Every ply from the start position, the implicit passes made explicit as
  // kPass (a pass is recorded before a move only when the mover had to pass).
  std::vector<Square> plies;
  // The position after the last written move. Its side to move may have to
  // pass (check must_pass()); no trailing kPass is added.
  Position end;
};

// Reads concatenated moves (`f5d6c3`, `F5D6C3`, whitespace allowed between
// moves), playing them from `start`. All or nothing: the first bad move is
// reported with its number (1 = the first written move) and the reason.
Result<Transcript> parse_transcript(std::string_view text, const Position& start = Position::start());
// Lower-case concatenated moves; kPass entries are skipped (passes implicit).
std::string format_transcript(std::span<const Square> plies);

struct GgfInfo {
  std::string black = "?";  // PB[]
  std::string white = "?";  // PW[]
  std::string place = "Qipan";
  std::string date;  // DT[], omitted when empty
};

// A GGF record of `plies` (legal, from `start`; passes written B[PA]/W[PA]).
// RE[] is black's final score with empties to the winner (e.g. RE[+18.000])
// when the game is over after the last ply, else RE[?].
std::string format_ggf(const Position& start, std::span<const Square> plies, const GgfInfo& info = {});

}  // namespace qipan::reversi
