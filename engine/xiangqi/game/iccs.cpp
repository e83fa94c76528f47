#include "iccs.h"

#include "../codes.h"
#include "move_reason.h"

namespace qipan::xiangqi {
namespace {

// Input quoted back in a refusal: printable ASCII as is, anything else as ?.
std::string quoted(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 24)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (text.size() > 24) out += "...";
  return out;
}

}  // namespace

std::string square_name(Square s) { return std::string{char('a' + file_of(s)), char('0' + rank_of(s))}; }

Result<Square> parse_square(std::string_view text) {
  if (text.size() != 2)
    return make_error(code::iccs_bad_square, "a square is a file a-i and a rank 0-9, like e2")
        .with("text", quoted(text));
  const char f = char(text[0] | 0x20), r = text[1];
  if (f < 'a' || f > 'i')
    return make_error(code::iccs_bad_file, "bad file '" + quoted(text.substr(0, 1)) + "' (expected a-i)")
        .with("char", quoted(text.substr(0, 1)));
  if (r < '0' || r > '9')
    return make_error(code::iccs_bad_rank, "bad rank '" + quoted(text.substr(1, 1)) + "' (expected 0-9)")
        .with("char", quoted(text.substr(1, 1)));
  return make_square(f - 'a', r - '0');
}

std::string to_iccs(Move m) { return square_name(m.from()) + square_name(m.to()); }

Result<Move> parse_iccs(std::string_view text) {
  std::string compact;
  for (char c : text)
    if (c != '-' && c != ' ') compact += c;
  if (compact.size() != 4)
    return make_error(code::iccs_syntax,
                      std::string("'").append(quoted(text)).append("' is not an ICCS move (like h2e2)"))
        .with("text", quoted(text));
  auto from = parse_square(std::string_view(compact).substr(0, 2));
  if (!from) return from.failure();
  auto to = parse_square(std::string_view(compact).substr(2, 2));
  if (!to) return to.failure();
  if (*from == *to) return make_error(code::move_must_change_squares, "a move must change squares");
  return Move(*from, *to);
}

Result<Move> parse_iccs_move(const Position& pos, std::string_view text) {
  auto move = parse_iccs(text);
  if (!move) return move;
  if (auto reason = illegal_reason(pos, move->from(), move->to())) return *reason;
  return move;
}

}  // namespace qipan::xiangqi
