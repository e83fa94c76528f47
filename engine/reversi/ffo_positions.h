// The FFO endgame test positions #40-#59 (the "fforum" set, as in Edax's
// problem/fforum-40-59.obf and the GGS/radagast FFO test page): the board
// string, the exact score for the side to move (empty squares to the winner)
// and the best move(s). #40-#49 are the benchmark set; the solver's test checks
// #40 only (fast enough for the sanitizer build).
#pragma once

#include <array>
#include <string_view>

namespace qipan::reversi {

struct FfoPosition {
  int number;
  std::string_view board;  // 64 squares a1..h8 and the side to move
  int score;               // exact, for the side to move
  std::string_view best;   // best move(s), space-separated when several
};

inline constexpr std::array<FfoPosition, 20> kFfoPositions = {{
    {40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", 38, "a2"},
    {41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0, "h4"},
    {42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6, "g2"},
    {43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12, "c7 g3"},
    {44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14, "d2 b8"},
    {45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", 6, "b2"},
    {46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", -8, "b3"},
    {47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", 4, "g2"},
    {48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", 28, "f6"},
    {49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", 16, "e1"},
    {50, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X", 10, "d8"},
    {51, "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O", 6, "e2 a3"},
    {52, "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O", 0, "a3"},
    {53, "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X", -2, "d8"},
    {54, "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X", -2, "c7"},
    {55, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O", 0, "g6 b7 e2 g4"},
    {56, "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O", 2, "h5"},
    {57, "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X", -10, "a6"},
    {58, "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X", 4, "g1"},
    {59, "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X", 64, "h4 g8 e8"},
}};

}  // namespace qipan::reversi
