// The held-out Reversi opening suite (lab/openings/reversi-heldout.txt):
// balanced positions ten plies from the start that strength matches play
// from, each opening twice with the colours swapped (the matches against
// Egaroucid's browser engine, docs/measuring.md). `qipan-lab openings
// reversi` makes such a file and checks one (reversi_suite.cpp).
//
// The file: lines `moves|score`, the moves lowercase squares run together
// from the standard start with no passes ("f5d6c3d3c4f4c5b3"), the score the
// generator's deep search gave the final position (discs, side to move's
// view); lines starting with '#' are comments (the header gives the recipe
// and the command). No two lines reach the same position, nor one another's
// image under the 8 symmetries of the board.
//
// What it is disjoint from:
// - opening books: the engine has none for Reversi (the AI levels only draw
//   among near-best moves in their first plies, ai_levels.h; web/ plays the
//   engine's moves), so there is nothing of ours to exclude;
// - the evaluation's fit data (docs/reversi-weights.md: 1,556,473 positions
//   of self-play by the previous weights after 2-14 uniformly random plies)
//   is not in the repository, but it is reproducible: built at 39a2a21, the
//   documented two `qipan tune reversi eval --save-data` runs wrote it again
//   and the documented fit of it wrote the built-in weights
//   byte for byte. The suite was made with `--exclude old12.bin` (that data:
//   8 of the first 120 positions drawn were in it, up to symmetry, so the
//   exclusion mattered). The weights that self-play ran with (0e86888) came
//   from earlier self-play, not regenerated: they reach the built-in weights
//   only through the games they played and their search scores in the labels;
// - Egaroucid's book is built into its engine: suite positions may well be in
//   it, so its side may play from book where ours searches.
#pragma once

#include <string>
#include <vector>

#include "engine/reversi/game/notation.h"
#include "engine/reversi/position.h"

namespace qipan::lab {

struct ReversiOpening {
  std::vector<reversi::Square> plies;  // from the standard start, no passes
  std::string text;                    // the line as written, e.g. "f5d6c3d3c4f4c5b3"
  int score = 0;                       // the generator's deep search, discs, side to move's view
};

struct ReversiSuite {
  std::vector<ReversiOpening> openings;
  std::string error;  // empty when the file read and every line replayed legally
};

// A position up to the board's symmetries: the smallest of its 8 images
// (the side to move's discs first). Colour is left out: at a given ply of a
// line without passes it is fixed, and the value depends only on the discs.
struct CanonicalKey {
  reversi::Bitboard player = 0, opponent = 0;
  friend auto operator<=>(const CanonicalKey&, const CanonicalKey&) = default;
};
CanonicalKey canonical(reversi::Bitboard player, reversi::Bitboard opponent);
CanonicalKey canonical(const reversi::Position& pos);

// Reads a suite file; each line's moves must be legal from the start without
// a pass. The error names the file, the line number and what is wrong.
ReversiSuite read_reversi_suite(const std::string& path);

// The keys of the suite's positions (each line's last), sorted: what a
// tuning run that must not play through them looks up
// (`qipan-lab tune reversi eval --avoid`).
std::vector<CanonicalKey> suite_position_keys(const ReversiSuite& suite);

}  // namespace qipan::lab
