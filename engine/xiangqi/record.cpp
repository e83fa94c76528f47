#include "record.h"

#include <vector>

#include "chinese.h"
#include "iccs.h"
#include "wxf.h"

namespace qipan::xiangqi {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';'; }

bool looks_like_iccs(std::string_view t) {
  std::string compact;
  for (char c : t)
    if (c != '-') compact += char(c | 0x20);
  return compact.size() == 4 && compact[0] >= 'a' && compact[0] <= 'i' && compact[1] >= '0' && compact[1] <= '9' &&
         compact[2] >= 'a' && compact[2] <= 'i' && compact[3] >= '0' && compact[3] <= '9';
}

bool is_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == 0 || i == t.size()) return false;
  for (; i < t.size(); ++i)
    if (t[i] != '.') return false;
  return true;
}

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// Byte length of the UTF-8 sequence starting with `lead` (1 for ASCII or junk).
std::size_t utf8_width(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

// Splits a run of Chinese moves written without spaces ("炮二平五马8进7")
// into four-character moves; other tokens are returned whole.
void split_token(std::string_view token, std::vector<std::string>& out) {
  std::vector<std::string_view> chars;
  bool non_ascii = false;
  for (std::size_t i = 0; i < token.size();) {
    const std::size_t w = std::min(utf8_width(static_cast<unsigned char>(token[i])), token.size() - i);
    non_ascii |= w > 1;
    chars.push_back(token.substr(i, w));
    i += w;
  }
  if (!non_ascii || chars.size() <= 4 || chars.size() % 4 != 0) {
    out.emplace_back(token);
    return;
  }
  for (std::size_t i = 0; i < chars.size(); i += 4) {
    std::string move;
    for (std::size_t j = i; j < i + 4; ++j) move += chars[j];
    out.push_back(move);
  }
}

}  // namespace

Result<Notation> parse_notation_name(std::string_view name) {
  if (name == "chinese") return Notation::kChinese;
  if (name == "wxf") return Notation::kWxf;
  if (name == "iccs") return Notation::kIccs;
  return make_error("unknown notation '" + std::string(name) + "' (chinese, wxf or iccs)");
}

std::string format_move(const Position& before, Move m, Notation notation) {
  switch (notation) {
    case Notation::kChinese: return to_chinese(before, m);
    case Notation::kWxf: return to_wxf(before, m);
    case Notation::kIccs: return to_iccs(m);
  }
  return to_iccs(m);
}

Result<Move> parse_any_move(const Position& pos, std::string_view text) {
  if (looks_like_iccs(text)) return parse_iccs_move(pos, text);
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return parse_chinese(pos, text);
  return parse_wxf(pos, text);
}

std::string format_record(const Game& game, Notation notation) {
  std::string out;
  const Position& start = game.start_position();
  if (start.fen() != kStartFen) out += "[FEN \"" + start.fen() + "\"]\n";
  Position pos = start;
  int number = start.fullmove_number();
  bool line_open = false;
  for (const Move m : game.moves()) {
    if (pos.side_to_move() == kRed || !line_open) {
      if (line_open) out += '\n';
      out += std::to_string(number) + (pos.side_to_move() == kRed ? ". " : "... ");
      line_open = true;
    } else {
      out += ' ';
    }
    out += format_move(pos, m, notation);
    if (pos.side_to_move() == kBlack) ++number;
    Undo undo;
    pos.make(m, undo);
  }
  if (line_open) out += '\n';
  return out;
}

Result<Game> parse_record(std::string_view text, RuleOptions options) {
  // The start position: a [FEN "..."] tag, or a first line that parses as FEN.
  std::string fen(kStartFen);
  std::string_view body = text;
  if (const std::size_t tag = text.find("[FEN \""); tag != std::string_view::npos) {
    const std::size_t begin = tag + 6, end = text.find('"', begin);
    if (end == std::string_view::npos) return make_error("unterminated [FEN \"...\"] tag");
    fen = std::string(text.substr(begin, end - begin));
    const std::size_t close = text.find(']', end);
    body = close == std::string_view::npos ? text.substr(end + 1) : text.substr(close + 1);
  } else {
    const std::size_t first_line_end = text.find('\n');
    const std::string_view first = text.substr(0, first_line_end);
    if (first.find('/') != std::string_view::npos) {
      fen = std::string(first);
      body = first_line_end == std::string_view::npos ? std::string_view{} : text.substr(first_line_end + 1);
    }
  }
  auto game = Game::from_fen(fen, options);
  if (!game) return make_error("bad FEN in record: " + game.error());

  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < body.size();) {
    while (i < body.size() && is_space(body[i])) ++i;
    std::size_t j = i;
    while (j < body.size() && !is_space(body[j])) ++j;
    if (j > i) {
      std::string_view token = body.substr(i, j - i);
      // "1.h2e2" style: strip a leading move number glued to the move.
      std::size_t k = 0;
      while (k < token.size() && token[k] >= '0' && token[k] <= '9') ++k;
      if (k > 0 && k < token.size() && token[k] == '.') {
        while (k < token.size() && token[k] == '.') ++k;
        token = token.substr(k);
      }
      if (!token.empty() && !is_move_number(body.substr(i, j - i)) && !is_result(token)) split_token(token, tokens);
    }
    i = j;
  }
  int ply = 0;
  for (const std::string& token : tokens) {
    ++ply;
    if (game->over()) return make_error("move " + std::to_string(ply) + " (" + token + ") comes after the game ended");
    auto move = parse_any_move(game->position(), token);
    if (!move) return make_error("move " + std::to_string(ply) + " (" + token + "): " + move.error());
    auto played = game->play(*move);
    if (!played) return make_error("move " + std::to_string(ply) + " (" + token + "): " + played.error());
  }
  return game;
}

}  // namespace qipan::xiangqi
