#include "ggf.h"

#include <cstdio>
#include <optional>

#include "../codes.h"
#include "notation.h"

namespace qipan::reversi {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }
bool equals_nocase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

Error syntax(std::size_t at, const char* expected) {
  return make_error(code::ggf_syntax, "GGF: expected " + std::string(expected) + " at character " + std::to_string(at))
      .with("at", at)
      .with("expected", expected);
}

// The first number in a TY[] or BO[] size ("8", "s8r18" -> 8).
std::optional<int> board_size(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && !(text[i] >= '0' && text[i] <= '9')) ++i;
  if (i == text.size()) return std::nullopt;
  int n = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && n < 1000; ++i) n = n * 10 + (text[i] - '0');
  return n;
}

Error wrong_size(int size) {
  return make_error(code::ggf_board_size, "GGF: a " + std::to_string(size) + "x" + std::to_string(size) +
                                              " board; only 8x8 Othello is played here")
      .with("size", size);
}

}  // namespace

bool looks_like_ggf(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_space(text[i])) ++i;
  return text.substr(i, 2) == "(;";
}

Result<GgfGame> parse_ggf(std::string_view text) {
  if (text.size() > kMaxGgfText)
    return make_error(code::text_too_long, "the GGF record is too long").with("max", kMaxGgfText);
  const std::size_t open = text.find("(;");
  if (open == std::string_view::npos) return syntax(0, "(;");
  GgfGame game;
  game.start = Position::start();
  Position pos = game.start;
  int index = 0;
  std::size_t i = open + 2;
  while (true) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i >= text.size()) return syntax(i, ";)");
    if (text[i] == ';' && i + 1 < text.size() && text[i + 1] == ')') break;
    const std::size_t key_start = i;
    while (i < text.size() && text[i] >= 'A' && text[i] <= 'Z') ++i;
    const std::string_view key = text.substr(key_start, i - key_start);
    if (key.empty()) return syntax(i, "a property like PB[...] or ;)");
    if (i >= text.size() || text[i] != '[') return syntax(i, "[");
    std::string value;
    for (++i; i < text.size() && text[i] != ']'; ++i) {
      if (text[i] == '\\' && i + 1 < text.size()) ++i;
      value += text[i];
    }
    if (i >= text.size()) return syntax(i, "]");
    ++i;

    if (key == "GM") {
      if (!equals_nocase(trim(value), "othello"))
        return make_error(code::ggf_not_othello, "GGF: the game is " + printable(value) + ", not Othello")
            .with("game", printable(value));
    } else if (key == "PB") {
      game.info.black = std::string(trim(value));
    } else if (key == "PW") {
      game.info.white = std::string(trim(value));
    } else if (key == "PC") {
      game.info.place = std::string(trim(value));
    } else if (key == "DT") {
      game.info.date = std::string(trim(value));
    } else if (key == "RE") {
      game.info.result = std::string(trim(value));
    } else if (key == "TY") {
      if (const auto size = board_size(value); size && *size != 8) return wrong_size(*size);
    } else if (key == "BO") {
      if (index > 0) return syntax(key_start, "BO[] before the moves");
      std::string_view board = trim(value);
      std::size_t k = 0;
      while (k < board.size() && !is_space(board[k])) ++k;
      const auto size = board_size(board.substr(0, k));
      if (!size) return syntax(key_start + 3, "the board size");
      if (*size != 8) return wrong_size(*size);
      auto start = parse_board(board.substr(k));
      if (!start) return make_error(code::ggf_bad_board, "GGF: BO[]: " + start.error()).because(start.failure());
      game.start = *start;
      pos = *start;
    } else if (key == "B" || key == "W") {
      ++index;
      std::string_view move = trim(std::string_view(value).substr(0, value.find('/')));
      const auto refuse = [&](Error cause) {
        return make_error(code::ggf_bad_move,
                          "GGF: move " + std::to_string(index) + " (" + printable(move) + "): " + cause.message)
            .with("index", index)
            .with("text", printable(move))
            .because(std::move(cause));
      };
      const Color mover = key == "B" ? kBlack : kWhite;
      Square written = kNoSquare;
      if (equals_nocase(move, "pa") || equals_nocase(move, "pass") || equals_nocase(move, "ps")) {
        written = kPass;
      } else {
        auto square = parse_square(move);
        if (!square) return refuse(square.failure());
        written = *square;
      }
      // A file may leave a forced pass out.
      if (mover != pos.side_to_move() && written != kPass && pos.must_pass()) {
        game.plies.push_back(kPass);
        pos.pass();
      }
      if (mover != pos.side_to_move() && !pos.game_over()) {
        const bool black = pos.side_to_move() == kBlack;
        return refuse(make_error(code::ggf_wrong_side, std::string("it is ") + (black ? "Black" : "White") +
                                                           "'s turn, not " + (black ? "White" : "Black") + "'s")
                          .with("side", black ? "black" : "white"));
      }
      auto ply = read_ply(pos, written);
      if (!ply) return refuse(ply.failure());
      Undo undo;
      pos.make(*ply, undo);
      game.plies.push_back(*ply);
    }
  }
  return game;
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
  if (!info.result.empty()) {
    out += "RE[" + clean(info.result) + "]";
  } else if (pos.game_over()) {
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
