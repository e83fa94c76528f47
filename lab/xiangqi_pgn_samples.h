// Positions for the evaluation fit (`qipan-lab tune xiangqi`) taken from match
// records: every game of a PGN file (lab/matches/), each quiet position
// after the opening with the game's result. Our games against other engines
// carry what self-play at a few thousand nodes cannot show: how the attacks
// of a stronger searcher end (docs/xiangqi-weights.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qipan::lab {

struct PgnSamples {
  // "FEN|result|0|ply" lines, as `qipan-lab selfplay xiangqi` writes them
  // (result from red's view; no search score).
  std::vector<std::string> lines;
  int games = 0;       // games read with a result
  int unreadable = 0;  // games the PGN parser refused, or without a result
};

// The games of a file: a new one starts at a tag line that follows a line
// that is not a tag (parse_pgn reads one game).
std::vector<std::string_view> split_pgn_games(std::string_view text);

// Positions from ply `skip_plies` on; like self-play's samples, positions in
// check and positions whose move captures are left out.
PgnSamples samples_from_pgn(std::string_view text, int skip_plies);

}  // namespace qipan::lab
