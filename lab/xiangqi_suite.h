// The held-out xiangqi opening suite (lab/openings/xiangqi-heldout.txt):
// balanced positions a few plies from the start that appear in no opening
// book of ours and in no data the evaluation was fitted to, so that strength
// figures measured from them say how the engine plays positions it was never
// tuned on (issue 33). `qipan-lab openings xiangqi` makes such a file and
// checks one (xiangqi_suite.cpp); `qipan-lab match xiangqi --openings FILE`
// plays from it.
//
// The file: lines `FEN|ICCS moves from the start|score`, the score the
// generator's deep search gave the position (side to move's view, centipawns);
// lines starting with '#' are comments (the header gives the recipe).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace qipan::lab {

struct SuiteOpening {
  std::string fen;                 // the position the line reaches
  std::vector<std::string> moves;  // ICCS, from the start position
  int score = 0;
};

struct OpeningSuite {
  std::vector<SuiteOpening> openings;
  std::string error;  // empty when the file read and every line replayed to its FEN
};

// Reads a suite file; each line's moves must be legal from the start and
// reach its FEN.
OpeningSuite read_opening_suite(const std::string& path);

// The Zobrist keys of every position in our opening books: the AI's book
// (engine/xiangqi/opening_book.h) and the lab's match book
// (xiangqi_openings.h), each line's every prefix, the start included.
std::set<std::uint64_t> book_position_keys();

// Adds the keys of every position in a data file: match records (a name
// ending in .pgn: every position of every game, the opening included), a
// tuning data file (`FEN|...` lines, as `qipan-lab selfplay xiangqi` writes
// them: each line's position), or an opening file (ICCS lines from the start,
// as `--book` reads them: every prefix). False, with the reason, when the
// file cannot be read.
bool add_position_keys(const std::string& path, std::set<std::uint64_t>& keys, std::string& error);

}  // namespace qipan::lab
