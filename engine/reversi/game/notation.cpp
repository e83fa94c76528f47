#include "notation.h"

#include "../codes.h"

#include <algorithm>
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
    case 'X':
    case 'x':
    case '*': return 0;
    case 'O':
    case 'o': return 1;
    case '-':
    case '.': return 2;
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
  message += printable(text);
  message += "' is not a square (a letter a-h and a digit 1-8, like f5)";
  return make_error(code::not_a_square, std::move(message)).with("text", printable(text));
}

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u < 0x7F) {
      out += char(u);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", unsigned(u));
      out += buf;
    }
  }
  if (text.size() > max) out += "...";
  return out;
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
  if (tokens.empty())
    return make_error(code::board_empty, "empty board string: expected 64 squares (X, O or -) and the side to move");
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
    return make_error(code::board_square_count,
                      "the board has " + std::to_string(cells.size()) +
                          " squares; a board string has 64 (a1 b1 .. h8, X, O or -) then the side to move")
        .with("count", cells.size());
  Bitboard discs[2] = {0, 0};
  for (Square s = 0; s < kSquares; ++s) {
    const int code = cell_code(cells[s]);
    if (code < 0)
      return make_error(code::board_bad_character, "square " + square_name(s) + " (character " + std::to_string(s + 1) +
                                                       "): " + quoted(cells[s]) + " is not X, O or -")
          .with("square", square_name(s))
          .with("character", printable(std::string_view(&cells[s], 1)));
    if (code < 2) discs[code] |= square_bit(s);
  }
  if (side.empty())
    return make_error(code::board_no_side, "the board string has its 64 squares but no side to move: add X or O");
  const int side_code = side.size() == 1 ? cell_code(side[0]) : -1;
  if (side_code != 0 && side_code != 1)
    return make_error(code::board_bad_side,
                      "the side to move must be X (black) or O (white), not '" + printable(side) + "'")
        .with("side", printable(side));
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

namespace {

bool is_separator(char c) { return is_space(c) || c == ',' || c == '-' || c == ';'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The written token starting at `i` (up to the next separator), for a
// refusal's `text`.
std::string_view token_at(std::string_view text, std::size_t i) {
  std::size_t j = i;
  while (j < text.size() && !is_separator(text[j])) ++j;
  return text.substr(i, std::max<std::size_t>(j - i, 1));
}

}  // namespace

Result<Square> read_ply(const Position& pos, Square written) {
  const char* side = pos.side_to_move() == kBlack ? "black" : "white";
  if (pos.game_over()) return make_error(code::game_over, "the game is already over");
  if (written == kPass) {
    if (!pos.must_pass())
      return make_error(code::pass_not_allowed,
                        std::string("a pass, but ") + color_name(pos.side_to_move()) + " has a legal move")
          .with("side", side);
    return kPass;
  }
  if (pos.occupied() & square_bit(written))
    return make_error(code::square_taken,
                      std::string("illegal for ") + color_name(pos.side_to_move()) + ", the square is already taken")
        .with("square", square_name(written));
  if (!pos.is_legal(written))
    return make_error(code::flips_nothing,
                      std::string("illegal for ") + color_name(pos.side_to_move()) + ", it flips no discs")
        .with("square", square_name(written));
  return written;
}

Result<Transcript> parse_transcript(std::string_view text, const Position& start) {
  if (text.size() > kMaxTranscriptText)
    return make_error(code::text_too_long, "the transcript is too long").with("max", kMaxTranscriptText);
  Transcript t{{}, start};
  Position& pos = t.end;
  int number = 0;
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && is_separator(text[i])) ++i;
    if (i >= text.size()) break;
    // A move number: digits and at least one dot (`12.`, `3...`).
    if (is_digit(text[i])) {
      std::size_t j = i;
      while (j < text.size() && is_digit(text[j])) ++j;
      if (j < text.size() && text[j] == '.') {
        while (j < text.size() && text[j] == '.') ++j;
        i = j;
        continue;
      }
    }
    ++number;
    const std::string_view token = token_at(text, i);
    const auto refuse = [&](std::string_view written_text, Error cause) {
      return make_error(code::transcript_bad_move,
                        "move " + std::to_string(number) + " (" + printable(written_text) + "): " + cause.message)
          .with("index", number)
          .with("text", printable(written_text))
          .because(std::move(cause));
    };
    Square written = kNoSquare;
    const char c = lower(text[i]);
    std::size_t length = 0;
    if (c == 'p') {
      // pa, ps, pass (any case); a pass is one ply.
      const auto rest = [&](std::size_t k) { return i + k < text.size() ? lower(text[i + k]) : '\0'; };
      if (rest(1) == 'a' && rest(2) == 's' && rest(3) == 's') length = 4;
      else if (rest(1) == 'a' || rest(1) == 's') length = 2;
      if (length) written = kPass;
    } else if (c >= 'a' && c <= 'h' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '8') {
      written = make_square(c - 'a', text[i + 1] - '1');
      length = 2;
    }
    if (written == kNoSquare)
      return refuse(token, make_error(code::not_a_move, std::string("'").append(printable(token)) +
                                                            "' is not a move (moves are written like f5d6c3, "
                                                            "passes pa or pass)")
                               .with("text", printable(token)));
    const std::string_view move_text = text.substr(i, length);
    i += length;
    // A pass the mover had to make may be left out.
    if (written != kPass && pos.must_pass()) {
      t.plies.push_back(kPass);
      pos.pass();
    }
    auto ply = read_ply(pos, written);
    if (!ply) return refuse(move_text, ply.failure());
    Undo undo;
    pos.make(*ply, undo);
    t.plies.push_back(*ply);
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

}  // namespace qipan::reversi
