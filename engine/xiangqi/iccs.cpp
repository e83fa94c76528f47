#include "iccs.h"

#include "move_reason.h"

namespace qipan::xiangqi {

std::string square_name(Square s) { return std::string{char('a' + file_of(s)), char('0' + rank_of(s))}; }

Result<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return make_error("a square is a file a-i and a rank 0-9, like e2");
  const char f = char(text[0] | 0x20), r = text[1];
  if (f < 'a' || f > 'i') return make_error(std::string("bad file '") + text[0] + "' (expected a-i)");
  if (r < '0' || r > '9') return make_error(std::string("bad rank '") + text[1] + "' (expected 0-9)");
  return make_square(f - 'a', r - '0');
}

std::string to_iccs(Move m) { return square_name(m.from()) + square_name(m.to()); }

Result<Move> parse_iccs(std::string_view text) {
  std::string compact;
  for (char c : text)
    if (c != '-' && c != ' ') compact += c;
  if (compact.size() != 4) return make_error("'" + std::string(text) + "' is not an ICCS move (like h2e2)");
  auto from = parse_square(std::string_view(compact).substr(0, 2));
  if (!from) return make_error(from.error());
  auto to = parse_square(std::string_view(compact).substr(2, 2));
  if (!to) return make_error(to.error());
  if (*from == *to) return make_error("a move must change squares");
  return Move(*from, *to);
}

Result<Move> parse_iccs_move(const Position& pos, std::string_view text) {
  auto move = parse_iccs(text);
  if (!move) return move;
  if (auto reason = illegal_reason(pos, move->from(), move->to())) return *reason;
  return move;
}

}  // namespace qipan::xiangqi
