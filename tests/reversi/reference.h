// A deliberately plain Reversi rules implementation, independent of the
// engine: an 8x8 array of characters, moves and flips found by walking each of
// the 8 directions square by square, perft without any bulk counting. It
// shares no code with engine/reversi (not even the board-string parser), so
// agreeing with it means something. Slow; used by the tests as the oracle and
// to establish the perft counts hard-coded in perft_positions_test.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace reversi_reference {

struct Board {
  std::array<char, 64> cells{};  // 'X', 'O' or '-'; index = row * 8 + column, row 0 = row 1 (top)
  char to_move = 'X';
};

inline char other(char side) { return side == 'X' ? 'O' : 'X'; }

// "<64 of X/O/-> <X|O>", exactly; the tests only feed it well-formed strings.
inline Board parse(std::string_view text) {
  Board b;
  for (int i = 0; i < 64; ++i) b.cells[i] = text[i];
  b.to_move = text[65];
  return b;
}

inline std::string to_string(const Board& b) {
  std::string s(b.cells.begin(), b.cells.end());
  s += ' ';
  s += b.to_move;
  return s;
}

inline std::string square_name(int sq) { return std::string{char('a' + sq % 8), char('1' + sq / 8)}; }

// The squares `side` would flip by playing on `sq` (empty), direction by direction.
inline std::vector<int> flipped_squares(const Board& b, int sq, char side) {
  std::vector<int> result;
  if (b.cells[sq] != '-') return result;
  const char enemy = other(side);
  const int row = sq / 8, col = sq % 8;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      std::vector<int> run;
      int r = row + dr, c = col + dc;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && b.cells[r * 8 + c] == enemy) {
        run.push_back(r * 8 + c);
        r += dr;
        c += dc;
      }
      if (!run.empty() && r >= 0 && r < 8 && c >= 0 && c < 8 && b.cells[r * 8 + c] == side)
        result.insert(result.end(), run.begin(), run.end());
    }
  }
  return result;
}

inline std::vector<int> legal_moves(const Board& b, char side) {
  std::vector<int> moves;
  for (int sq = 0; sq < 64; ++sq)
    if (!flipped_squares(b, sq, side).empty()) moves.push_back(sq);
  return moves;
}
inline std::vector<int> legal_moves(const Board& b) { return legal_moves(b, b.to_move); }

inline bool game_over(const Board& b) { return legal_moves(b, 'X').empty() && legal_moves(b, 'O').empty(); }

inline Board play(const Board& b, int sq) {
  Board next = b;
  for (int f : flipped_squares(b, sq, b.to_move)) next.cells[f] = b.to_move;
  next.cells[sq] = b.to_move;
  next.to_move = other(b.to_move);
  return next;
}

inline Board pass(const Board& b) {
  Board next = b;
  next.to_move = other(b.to_move);
  return next;
}

inline int count(const Board& b, char c) {
  int n = 0;
  for (char cell : b.cells) n += cell == c;
  return n;
}

// Final score for the side to move, empties to the winner.
inline int final_score(const Board& b) {
  const int mine = count(b, b.to_move), theirs = count(b, other(b.to_move)), empty = count(b, '-');
  if (mine > theirs) return mine - theirs + empty;
  if (mine < theirs) return mine - theirs - empty;
  return 0;
}

// The published convention: a forced pass is a ply; a finished game is one
// leaf at any remaining depth. Plain recursion down to depth 0.
inline std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  const std::vector<int> moves = legal_moves(b);
  if (moves.empty()) {
    if (legal_moves(b, other(b.to_move)).empty()) return 1;
    return perft(pass(b), depth - 1);
  }
  std::uint64_t n = 0;
  for (int sq : moves) n += perft(play(b, sq), depth - 1);
  return n;
}

}  // namespace reversi_reference
