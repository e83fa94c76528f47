#include "notation.h"

#include <cstdio>
#include <utility>

namespace qipan::reversi {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

const char* color_name(Color c) { return c == kBlack ? "Black" : "White"; }

// Quotes a character for an error message, readable even when it is a
// control or non-ASCII byte.
std::string quoted(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", unsigned(u));
  return buf;
}

// Board cell: 0 black, 1 white, 2 empty, -1 not a board character.
int cell_code(char c) {
  switch (c) {
    case 'X': case 'x': case '*': return 0;
    case 'O': case 'o': return 1;
    case '-': case '.': return 2;
    default: return -1;
  }
}

}  // namespace

std::string square_name(Square s) {
  if (s == kPass) return "pass";
  return std::string{char('a' + column_of(s)), char('1' + row_of(s))};
}

Result<Square> parse_square(std::string_view text) {
  if (text.size() == 2) {
    const char c = lower(text[0]), r = text[1];
    if (c >= 'a' && c <= 'h' && r >= '1' && r <= '8') return make_square(c - 'a', r - '1');
  }
  // Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + string.
  std::string message(1, '\'');
  message += text;
  message += "' is not a square (a letter a-h and a digit 1-8, like f5)";
  return make_error(std::move(message));
}

std::string board_string(const Position& pos) {
  std::string out(66, '-');
  for (Square s = 0; s < kSquares; ++s) {
    const int c = pos.color_at(s);
    if (c >= 0) out[s] = c == kBlack ? 'X' : 'O';
  }
  out[64] = ' ';
  out[65] = pos.side_to_move() == kBlack ? 'X' : 'O';
  return out;
}

Result<Position> parse_board(std::string_view text) {
  // An OBF line may carry a comment after ';' (Edax writes the solution there).
  if (const auto semicolon = text.find(';'); semicolon != std::string_view::npos) text = text.substr(0, semicolon);
  std::vector<std::string_view> tokens;
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    tokens.push_back(text.substr(i, j - i));
    i = j;
  }
  if (tokens.empty()) return make_error("empty board string: expected 64 squares (X, O or -) and the side to move");
  // The board is everything before the last token, which is the side to move
  // (rows may be spaced out, as GGF's BO[] writes them); a single 65-character
  // token carries the side as its last character.
  std::string cells;
  std::string_view side;
  if (tokens.size() == 1 && tokens[0].size() == 65) {
    cells = tokens[0].substr(0, 64);
    side = tokens[0].substr(64);
  } else {
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) cells += tokens[i];
    side = tokens.back();
    if (tokens.size() == 1 || (side.size() > 1 && cells.size() + side.size() == 64)) {
      cells += side;  // no side given: the last token was part of the board
      side = {};
    }
  }
  if (cells.size() != 64)
    return make_error("the board has " + std::to_string(cells.size()) +
                      " squares; a board string has 64 (a1 b1 .. h8, X, O or -) then the side to move");
  Bitboard discs[2] = {0, 0};
  for (Square s = 0; s < kSquares; ++s) {
    const int code = cell_code(cells[s]);
    if (code < 0)
      return make_error("square " + square_name(s) + " (character " + std::to_string(s + 1) + "): " +
                        quoted(cells[s]) + " is not X, O or -");
    if (code < 2) discs[code] |= square_bit(s);
  }
  if (side.empty()) return make_error("the board string has its 64 squares but no side to move: add X or O");
  const int side_code = side.size() == 1 ? cell_code(side[0]) : -1;
  if (side_code != 0 && side_code != 1)
    return make_error("the side to move must be X (black) or O (white), not '" + std::string(side) + "'");
  return Position::from_colors(discs[kBlack], discs[kWhite], Color(side_code));
}

std::string board_diagram(const Position& pos) {
  std::string out = "  a b c d e f g h\n";
  const Bitboard moves = pos.legal_moves();
  for (int row = 0; row < 8; ++row) {
    out += char('1' + row);
    for (int col = 0; col < 8; ++col) {
      const Square s = make_square(col, row);
      const int c = pos.color_at(s);
      out += ' ';
      out += c == kBlack ? 'X' : c == kWhite ? 'O' : (moves & square_bit(s)) ? '.' : '-';
    }
    out += '\n';
  }
  out += pos.side_to_move() == kBlack ? "X (black) to move" : "O (white) to move";
  out += ", X " + std::to_string(popcount(pos.discs(kBlack))) + " O " + std::to_string(popcount(pos.discs(kWhite)));
  out += pos.game_over() ? ", game over\n" : pos.must_pass() ? ", must pass\n" : "\n";
  return out;
}

Result<Transcript> parse_transcript(std::string_view text, const Position& start) {
  Transcript t{{}, start};
  Position& pos = t.end;
  int number = 0;
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i >= text.size()) break;
    ++number;
    const std::string where = "move " + std::to_string(number);
    const char c = lower(text[i]);
    if (c < 'a' || c > 'h')
      return make_error(where + ": " + quoted(text[i]) + " is not a column letter a-h (moves are written like f5d6c3)");
    if (i + 1 >= text.size() || is_space(text[i + 1]))
      return make_error(where + ": '" + text[i] + "' has no row digit (the transcript has an odd number of characters?)");
    const char r = text[i + 1];
    if (r < '1' || r > '8')
      return make_error(where + ": " + quoted(r) + " after '" + text[i] + "' is not a row digit 1-8");
    const Square s = make_square(c - 'a', r - '1');
    const std::string name = square_name(s);
    i += 2;
    if (pos.game_over()) return make_error(where + " (" + name + "): the game is already over");
    if (pos.must_pass()) {
      t.plies.push_back(kPass);
      pos.pass();
    }
    if (pos.occupied() & square_bit(s))
      return make_error(where + " (" + name + "): illegal for " + color_name(pos.side_to_move()) +
                        ", the square is already taken");
    if (!pos.is_legal(s))
      return make_error(where + " (" + name + "): illegal for " + color_name(pos.side_to_move()) +
                        ", it flips no discs");
    Undo undo;
    pos.make(s, undo);
    t.plies.push_back(s);
  }
  return t;
}

std::string format_transcript(std::span<const Square> plies) {
  std::string out;
  out.reserve(plies.size() * 2);
  for (Square s : plies)
    if (s != kPass) out += square_name(s);
  return out;
}

std::string format_ggf(const Position& start, std::span<const Square> plies, const GgfInfo& info) {
  // GGF values end at ']' and escape with '\': keep names plain.
  const auto clean = [](const std::string& s) {
    std::string out;
    for (char c : s)
      if (c != ']' && c != '\\' && c != '[') out += c;
    return out;
  };
  std::string out = "(;GM[Othello]PC[" + clean(info.place) + "]";
  if (!info.date.empty()) out += "DT[" + clean(info.date) + "]";
  out += "PB[" + clean(info.black) + "]PW[" + clean(info.white) + "]";

  Position pos = start;
  std::string moves;
  for (Square s : plies) {
    moves += pos.side_to_move() == kBlack ? "B[" : "W[";
    if (s == kPass) {
      moves += "PA";
    } else {
      moves += char('A' + column_of(s));
      moves += char('1' + row_of(s));
    }
    moves += ']';
    Undo undo;
    pos.make(s, undo);
  }
  if (pos.game_over()) {
    char result[32];
    std::snprintf(result, sizeof result, "RE[%+d.000]", pos.final_score_for_black());
    out += result;
  } else {
    out += "RE[?]";
  }

  // BO[8 <8 rows of 8> <side>], '*' black, 'O' white, rows separated by spaces.
  out += "TY[8]BO[8";
  for (Square s = 0; s < kSquares; ++s) {
    if (column_of(s) == 0) out += ' ';
    const int c = start.color_at(s);
    out += c == kBlack ? '*' : c == kWhite ? 'O' : '-';
  }
  out += start.side_to_move() == kBlack ? " *]" : " O]";
  out += moves;
  out += ";)";
  return out;
}

}  // namespace qipan::reversi
