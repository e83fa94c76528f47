// Reversi perft beyond the start position: openings, midgames from seeded
// random games (some with edge- and corner-biased play), forced passes at 44
// down to 5 empties, near-full boards, finished games (full board, wipeout,
// lone discs), a move flipping in all 8 directions, and discs on columns a
// and h that a wrapping shift would wrongly connect.
//
// How the numbers were established: with the plain reference implementation
// in tests/reversi/reference.h (8x8 character array, square-by-square walks in
// the 8 directions, perft by plain recursion, no bitboards and no code shared
// with engine/reversi), by a throwaway program that parsed each board with the
// reference's own parser and printed perft(1..d) until the count passed 150k
// leaves (or depth 12); counts above 650k were then dropped to keep the file
// fast under sanitizers and in wasm. The positions came from seeded
// SplitMix64 random games played with the reference rules, chosen for their
// themes, plus hand-made boards. The first test below re-runs the reference
// live on the cheap depths, so the table cannot drift from it unnoticed.
//
// Convention: a forced pass is a ply; a finished game counts as one leaf at
// any remaining depth (so near-full positions level off at their game count).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/reversi/game/notation.h"
#include "engine/reversi/perft.h"
#include "reference.h"

using namespace qipan::reversi;

namespace {

struct PerftCase {
  std::string_view theme;
  std::string_view board;
  std::vector<std::uint64_t> counts;  // perft(1), perft(2), ...
};

const std::vector<PerftCase>& cases() {
  static const std::vector<PerftCase> list = {
      {"after f5 (white to move)",
       "---------------------------OX------XXX-------------------------- O",
       {3, 14, 61, 349, 2050, 13773, 97554}},
      {"perpendicular opening f5d6",
       "---------------------------OX------OXX-----O-------------------- X",
       {5, 21, 122, 698, 4663, 32612, 250010}},
      {"parallel opening f5f6",
       "---------------------------OX------XOX-------O------------------ X",
       {4, 18, 97, 564, 3710, 26246, 200253}},
      {"diagonal opening f5f4",
       "---------------------------OOO-----XXX-------------------------- X",
       {5, 22, 130, 788, 5400, 38696, 301059}},
      {"tiger f5d6c3d3c4",
       "------------------XO------XXX------OXX-----O-------------------- O",
       {6, 54, 358, 3144, 25039, 239378}},
      {"FFO #40 (20 empties)",
       "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
       {10, 30, 305, 1325, 12843, 63589, 561645}},
      {"random game ply 20",
       "---XXX-X--X-X-X----XOX----OXXXXX---OOO------OO------XOO--------- X",
       {12, 130, 1482, 15910, 173934}},
      {"random game ply 30",
       "---XXOOO--XXXXXXOOOOXOXX---OXO-X--OXOOXX--O-OO---XO------------- X",
       {11, 106, 1146, 11615, 122508}},
      {"random game ply 40",
       "---XXX-X-OXXXXXX-XOXXXXO--XXXXOO-XXXOOOO---XXOO---OXXXO----XXXX- X",
       {10, 91, 763, 7436, 54430, 502132}},
      {"edge-biased game ply 28",
       "--O-X----XXXO---O-X-OOXOOOOOOXXOO-XOOO-O--XXOO-O-----O---------- X",
       {10, 125, 1253, 15145, 156509}},
      {"edge-biased game ply 36, corner a1 taken",
       "XOXX-X-X-OOX-X-X-OOOOXOX---XOOOO--XOO------XOO----OXX---XXXXXXXX X",
       {14, 127, 1540, 13670, 151134}},
      {"edge-biased game ply 44, full top edge",
       "XXXXXXXXXOOXOXOXXOOOOX-XXOOOXXOXXOXXOXXXX---OO-XX--O-XOX-------- X",
       {8, 58, 447, 2716, 18996, 106382, 632933}},
      {"edge-biased game ply 44, corners a1 h8",
       "O-X-X--OOOXX--O-XOO--O--XXOOO--OXXOOO--OXXOOOOXOXX-XOXXOXXXXXXXO X",
       {7, 36, 225, 1174, 6985, 35125, 201236}},
      {"forced pass with 44 empties",
       "OX-------X------OXOX-----O-XX---OXXXX------XX------X-X--------X- X",
       {1, 6, 25, 194, 1220, 11138, 87949}},
      {"forced pass with 13 empties",
       "-O---XXX--OOOOXO--OOOXOO-OOOXXOOOOOXOOO--OXXXXXX-XXXXXXX-OXXXXXX O",
       {1, 11, 28, 252, 844, 6122, 20875, 120636, 354293}},
      {"forced pass with 12 empties",
       "---XXXXX--XXXOXX-XXXXXXXX-XXXXXX-XXXXOX--XOOXXXXXOXXXXX-OOOOOOO- X",
       {1, 9, 19, 147, 420, 2579, 7746, 35937, 94653, 298839}},
      {"forced pass with 9 empties",
       "-XXXXX---OXOOOO--OOXOOOOXOXOOOO--OOXXOOOOOOXXOOOXXXOOOOOOOOOO-XX O",
       {1, 9, 19, 125, 358, 1545, 3873, 10040, 14673, 15990, 16019, 16105}},
      {"forced pass with 7 empties",
       "XOOOOOO-XOOXXOO-XOXXXXO-XOXXXOO-XXXXXOO-XOXOXOOOXXOOOOO-XXXXXOO- O",
       {1, 7, 13, 64, 118, 351, 466, 523, 523, 523, 523, 523}},
      {"forced pass with 5 empties",
       "OOOOOOOOXXXXOOOOOXOOXXXOOXXOOOOOOOXXOOOOOOOXOOOOOOOOO--OOOOOO--- O",
       {1, 3, 8, 21, 35, 36, 36, 36, 36, 36, 36, 36}},
      {"6 empties",
       "OX-XXXOXXXXXXXOX-XOXXOOXXXXXOXOX-XXOOOXX-XOOOOOXXOXXXXO-O-OOOOOO X",
       {2, 9, 17, 47, 55, 67, 68, 69, 69, 69, 69, 69}},
      {"3 empties, one move",
       "XXXXXXO--OOXXOOOOOXXOXO-OXXOXXXXOXXOXXXXOOOXXOXXOOOOXXXXOXXXXXXX O",
       {1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
      {"3 empties in a corner",
       "OOOOOOOOXXXXOOOOOXOOXXXOOXXOOXOOOOXXOXOOOOOXXOOOOOOOOOOOOOOOO--- X",
       {3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}},
      {"game over with 1 empty",
       "-XXXXXXXXXXXXXXXXXXXXXXXXOXXOOXXXXOXXOXXXOOOXXXXXXXXXXXXXXXXXXXX O",
       {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
      {"game over: full board",
       "OOOOOOOXXXOXXXOXXXOXXOOXXXXXXXOXOOXOOXXXOOOXOOXXOOOXXXXXOOOOOOOO O",
       {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
      {"game over: wipeout, white has no discs",
       "---------------------------XX------XX--------------------------- O",
       {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
      {"game over: lone discs in opposite corners",
       "X--------------------------------------------------------------O X",
       {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
      {"d4 flips in all 8 directions",
       "---------X-X-X----OOO----XO-OX----OOO----X-X-X-------XX-----O--O X",
       {1, 2, 9, 82, 493, 6554, 51891}},
      {"wrap traps: runs ending on columns a and h",
       "-------XO------XXO-----OOXO----XX-------OO-----X-X------O------- O",
       {5, 31, 109, 677, 2693, 17776, 82049, 591941}},
  };
  return list;
}

}  // namespace

TEST_CASE("reversi perft positions: engine counts match the table") {
  CHECK(cases().size() >= 20);
  for (const PerftCase& c : cases()) {
    CAPTURE(c.theme);
    auto parsed = parse_board(c.board);
    REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? std::string() : parsed.error()));
    CHECK(board_string(*parsed) == c.board);
    for (std::size_t d = 0; d < c.counts.size(); ++d) {
      CAPTURE(d + 1);
      CHECK(perft(*parsed, int(d + 1)) == c.counts[d]);
    }
  }
}

TEST_CASE("reversi perft positions: the reference still agrees on the cheap depths") {
  for (const PerftCase& c : cases()) {
    CAPTURE(c.theme);
    const auto board = reversi_reference::parse(c.board);
    for (std::size_t d = 0; d < c.counts.size() && c.counts[d] <= 3000; ++d) {
      CAPTURE(d + 1);
      CHECK(reversi_reference::perft(board, int(d + 1)) == c.counts[d]);
    }
  }
}

TEST_CASE("reversi perft positions: themes hold") {
  // The table's themes are facts about the positions, not just labels.
  for (const PerftCase& c : cases()) {
    CAPTURE(c.theme);
    const Position pos = *parse_board(c.board);
    if (c.theme.starts_with("forced pass")) {
      CHECK(pos.must_pass());
      CHECK(c.counts[0] == 1);
    }
    if (c.theme.starts_with("game over")) {
      CHECK(pos.game_over());
      for (std::uint64_t n : c.counts) CHECK(n == 1);
    }
  }
  for (const PerftCase& c : cases()) {
    if (c.theme != "d4 flips in all 8 directions") continue;
    const Position star = *parse_board(c.board);
    CHECK(popcount(flips(star.player(), star.opponent(), *parse_square("d4"))) == 8);
    CHECK(star.legal_moves() == square_bit(*parse_square("d4")));
  }
}
