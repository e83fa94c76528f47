// GGF, the Generic Game Format of GGS, as Othello servers, NBoard and
// Egaroucid save games:
//
//   (;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]
//     TY[8]RE[+0.000]BO[8 -------- ... -------- *]B[d3//0.01]W[c5//0.01]...B[pass]...;)
//
// A record is properties KEY[value] between "(;" and ";)". BO[] is the start
// (the size, 8 rows of '*' black / 'O' white / '-' empty, the side to move);
// B[]/W[] are the moves in order, a square in either case or PA / pass, then
// optional /evaluation/time fields. Other properties (ratings, clocks,
// comments) are read past. A file may hold several games: the first counts.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::reversi {

struct GgfInfo {
  std::string black = "?";      // PB[]
  std::string white = "?";      // PW[]
  std::string place = "Qipan";  // PC[]
  std::string date;             // DT[], omitted when empty
  std::string result;           // RE[] as read; on export, written when set (a game's ending), else computed
};

struct GgfGame {
  GgfInfo info;
  Position start;
  // Every ply from `start`, passes as kPass (also those the file left out).
  std::vector<Square> plies;
};

// All or nothing; refusals: ggf_syntax, ggf_not_othello, ggf_board_size,
// ggf_bad_board, ggf_bad_move, ggf_wrong_side, text_too_long.
Result<GgfGame> parse_ggf(std::string_view text);
inline constexpr std::size_t kMaxGgfText = 100000;

// Whether `text` looks like a GGF record (its first non-blank characters are
// "(;"), so a file is read as GGF rather than as a transcript.
bool looks_like_ggf(std::string_view text);

// A GGF record of `plies` (legal, from `start`; passes written B[PA]/W[PA]).
// RE[] is info.result when set, else black's final score with empties to the
// winner (e.g. RE[+18.000]) when the game is over after the last ply, else RE[?].
std::string format_ggf(const Position& start, std::span<const Square> plies, const GgfInfo& info = {});

}  // namespace qipan::reversi
