#include "wxf.h"

#include <string>

#include "../codes.h"
#include "notation_common.h"

namespace qipan::xiangqi {
namespace {

using notation::Motion;
using notation::Place;

constexpr std::string_view kExample = "like C2.5, H8+7 or R+.3";
constexpr notation::Hints kHints = {"wxf", "name the front or rear one with + or -, like R+.5",
                                    "give the file too, like 7+.6 for the front soldier on file 7"};

PieceType letter_type(char c) {
  switch (c | 0x20) {
    case 'k':
    case 'g': return kKing;
    case 'a': return kAdvisor;
    case 'e':
    case 'b': return kElephant;
    case 'h':
    case 'n': return kHorse;
    case 'r': return kRook;
    case 'c': return kCannon;
    case 'p':
    case 's': return kPawn;
    default: return kNoType;
  }
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_sign(char c) { return c == '+' || c == '-'; }

// The text as it may be quoted back in an error (raw bytes could be anything).
std::string shown(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 24)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (text.size() > 24) out += "...";
  return out;
}
std::string quoted(std::string_view text) { return std::string("'").append(shown(text)).append("'"); }
std::string shown(char c) { return shown(std::string_view(&c, 1)); }

Result<int> file_digit(char c) {
  if (c < '1' || c > '9')
    return make_error(code::wxf_bad_file, "bad file '" + shown(c) + "' (files are 1-9)").with("char", shown(c));
  return c - '0';
}

Result<PieceType> piece_letter(char c) {
  const PieceType t = letter_type(c);
  if (t == kNoType)
    return make_error(code::wxf_unknown_piece, "unknown piece letter '" + shown(c) + "' (expected K A E H R C P)")
        .with("char", shown(c));
  return t;
}

// The two characters naming the piece: letter+file, letter+place, place+letter,
// ++/--, or file+place for soldiers doubled on two files.
Result<notation::Query> parse_piece(char a, char b) {
  notation::Query q;
  if (is_letter(a) && is_digit(b)) {
    auto t = piece_letter(a);
    if (!t) return t.failure();
    auto f = file_digit(b);
    if (!f) return f.failure();
    q.type = *t;
    q.file = *f;
    return q;
  }
  if ((is_letter(a) && is_sign(b)) || (is_sign(a) && is_letter(b))) {
    auto t = piece_letter(is_letter(a) ? a : b);
    if (!t) return t.failure();
    q.type = *t;
    q.place = (is_sign(a) ? a : b) == '+' ? Place::kWxfPlus : Place::kWxfMinus;
    return q;
  }
  if (is_sign(a) && is_sign(b)) {
    if (a != b)
      return make_error(code::wxf_bad_tandem,
                        "'+-' and '-+' name no piece (++ and -- name the outermost of 4-5 soldiers)")
          .with("text", std::string{a, b});
    q.type = kPawn;
    q.place = a == '+' ? Place::kWxfFrontmost : Place::kWxfRearmost;
    return q;
  }
  if (is_digit(a) && (is_sign(b) || is_digit(b))) {
    auto f = file_digit(a);
    if (!f) return f.failure();
    q.type = kPawn;
    q.file = *f;
    if (is_sign(b)) {
      q.place = b == '+' ? Place::kFront : Place::kRear;
    } else {
      if (b != a)
        return make_error(code::wxf_middle_soldier, "for the middle soldier the file digit is written twice, like 33.4")
            .with("text", std::string{a, b});
      q.place = Place::kMiddle;
    }
    return q;
  }
  if (is_letter(a)) {
    auto t = piece_letter(a);
    if (!t) return t.failure();
  }
  return make_error(code::wxf_bad_place, "expected a file 1-9 or + / - after the piece, not '" + shown(b) + "'")
      .with("char", shown(b));
}

}  // namespace

std::string to_wxf(const Position& pos, Move m) {
  const auto d = notation::describe(pos, m);
  if (!d) return {};
  const char letter = "?KAEHRCP"[d->type];
  const char file = char('0' + d->file);
  const bool front = d->index == 0, rear = d->index == d->count - 1;
  std::string out;
  if (!d->tandem) {
    out = {letter, file};
  } else if (d->pawn_files) {
    out = {file, front ? '+' : rear ? '-' : file};
  } else if (d->count >= 4) {
    // Four or five soldiers: ++, P+, (P<file> for the middle of five), P-, --.
    if (front) out = "++";
    else if (rear) out = "--";
    else if (d->index == 1) out = {letter, '+'};
    else if (d->index == d->count - 2) out = {letter, '-'};
    else out = {letter, file};
  } else {
    out = {letter, front ? '+' : rear ? '-' : file};
  }
  out += d->dir == Motion::kForward ? '+' : d->dir == Motion::kBackward ? '-' : '.';
  out += char('0' + d->number);
  return out;
}

Result<Move> parse_wxf(const Position& pos, std::string_view text) {
  if (text.size() > 64) return make_error(code::text_too_long, "WXF move text is too long").with("max", 64);
  std::string s;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') s += c;
  if (s.empty()) return make_error(code::empty_move, "empty move");
  for (char c : s)
    if (c < 0x20 || c >= 0x7f)
      return make_error(code::wxf_bad_character,
                        "unexpected character in " + quoted(text) + " (WXF uses letters, digits and + - .)")
          .with("text", shown(text));

  char a, b, op;
  if (s.size() == 3 && is_letter(s[0]) && is_digit(s[1]) && is_digit(s[2])) {
    a = s[0], b = s[1], op = '.';  // `C25`: the traverse written without operator
  } else if (s.size() == 4) {
    a = s[0], b = s[1], op = s[2];
  } else {
    return make_error(code::wxf_syntax, quoted(text) + " is not a WXF move (" + std::string(kExample) + ")")
        .with("text", shown(text));
  }
  const char last = s.back();
  if (last < '1' || last > '9')
    return make_error(code::wxf_bad_last, "a WXF move ends with a number 1-9, not '" + shown(last) + "'")
        .with("char", shown(last));
  if (op != '+' && op != '-' && op != '.' && op != '=')
    return make_error(code::wxf_bad_operator, "expected +, - or . before the last digit, not '" + shown(op) + "'")
        .with("char", shown(op));

  auto q = parse_piece(a, b);
  if (!q) return q.failure();
  q->dir = op == '+' ? Motion::kForward : op == '-' ? Motion::kBackward : Motion::kTraverse;
  q->number = last - '0';
  return notation::resolve(pos, *q, kHints);
}

}  // namespace qipan::xiangqi
