// Source encoding note: the string literals below are UTF-8 (the compilers we
// build with, GCC/Clang/Emscripten, read and emit UTF-8 by default).
#include "chinese.h"

#include <algorithm>
#include <cstdint>

#include "../codes.h"
#include "notation_common.h"

namespace qipan::xiangqi {
namespace {

using notation::Motion;
using notation::Place;

constexpr std::string_view kExample = "like 炮二平五, 马8进7 or 前车退一";
constexpr notation::Hints kHints = {"chinese",
                                    "name it with 前/后, or for soldiers 前/中/后 or 一二三四五, like 前车进一",
                                    "give the file too, like 前七进一 for the front soldier on file 七"};

enum class Kind : std::uint8_t { kPiece, kPlace, kNumber, kDirection };

struct Word {
  char32_t code;
  Kind kind;
  int value;  // PieceType, Place, 1..9 or Motion
};

constexpr int kFront = int(Place::kFront), kMiddle = int(Place::kMiddle), kRear = int(Place::kRear);
constexpr int kAhead = int(Motion::kForward), kBack = int(Motion::kBackward), kSide = int(Motion::kTraverse);

// Every character the parser knows, with its traditional and variant forms.
constexpr Word kWords[] = {
    {U'帅', Kind::kPiece, kKing},     {U'帥', Kind::kPiece, kKing},      {U'将', Kind::kPiece, kKing},
    {U'將', Kind::kPiece, kKing},     {U'仕', Kind::kPiece, kAdvisor},   {U'士', Kind::kPiece, kAdvisor},
    {U'侍', Kind::kPiece, kAdvisor},  {U'相', Kind::kPiece, kElephant},  {U'象', Kind::kPiece, kElephant},
    {U'马', Kind::kPiece, kHorse},    {U'馬', Kind::kPiece, kHorse},     {U'傌', Kind::kPiece, kHorse},
    {U'车', Kind::kPiece, kRook},     {U'車', Kind::kPiece, kRook},      {U'俥', Kind::kPiece, kRook},
    {U'伡', Kind::kPiece, kRook},     {U'炮', Kind::kPiece, kCannon},    {U'砲', Kind::kPiece, kCannon},
    {U'包', Kind::kPiece, kCannon},   {U'兵', Kind::kPiece, kPawn},      {U'卒', Kind::kPiece, kPawn},
    {U'前', Kind::kPlace, kFront},    {U'中', Kind::kPlace, kMiddle},    {U'后', Kind::kPlace, kRear},
    {U'後', Kind::kPlace, kRear},     {U'进', Kind::kDirection, kAhead}, {U'進', Kind::kDirection, kAhead},
    {U'退', Kind::kDirection, kBack}, {U'平', Kind::kDirection, kSide},  {U'一', Kind::kNumber, 1},
    {U'二', Kind::kNumber, 2},        {U'三', Kind::kNumber, 3},         {U'四', Kind::kNumber, 4},
    {U'五', Kind::kNumber, 5},        {U'六', Kind::kNumber, 6},         {U'七', Kind::kNumber, 7},
    {U'八', Kind::kNumber, 8},        {U'九', Kind::kNumber, 9},         {U'１', Kind::kNumber, 1},
    {U'２', Kind::kNumber, 2},        {U'３', Kind::kNumber, 3},         {U'４', Kind::kNumber, 4},
    {U'５', Kind::kNumber, 5},        {U'６', Kind::kNumber, 6},         {U'７', Kind::kNumber, 7},
    {U'８', Kind::kNumber, 8},        {U'９', Kind::kNumber, 9},
};

constexpr std::string_view kRedNames[] = {"", "帅", "仕", "相", "马", "车", "炮", "兵"};
constexpr std::string_view kBlackNames[] = {"", "将", "士", "象", "马", "车", "炮", "卒"};
constexpr std::string_view kNumerals[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::string_view kPlaces[] = {"前", "中", "后"};

// Decodes the UTF-8 character that starts `s` into `code`; returns its byte
// length, or 0 when the bytes there are not valid UTF-8 (truncated, overlong,
// surrogate, beyond U+10FFFF).
int decode_utf8(std::string_view s, char32_t& code) {
  const auto b0 = static_cast<unsigned char>(s[0]);
  if (b0 < 0x80) {
    code = b0;
    return 1;
  }
  int len = 0;
  char32_t cp = 0;
  if ((b0 & 0xE0) == 0xC0) len = 2, cp = b0 & 0x1Fu;
  else if ((b0 & 0xF0) == 0xE0) len = 3, cp = b0 & 0x0Fu;
  else if ((b0 & 0xF8) == 0xF0) len = 4, cp = b0 & 0x07u;
  else return 0;
  if (s.size() < std::size_t(len)) return 0;
  for (int i = 1; i < len; ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  code = cp;
  return len;
}

struct Token {
  Kind kind;
  int value;
};

// A move has at most five meaningful characters; `count` keeps counting
// beyond what is stored so the error can say how many there were.
struct Tokens {
  Token items[5] = {};
  int count = 0;
};

Result<Tokens> tokenize(std::string_view text) {
  Tokens tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t code = 0;
    const int len = decode_utf8(text.substr(i), code);
    if (len == 0) return make_error(code::chinese_bad_utf8, "move text is not valid UTF-8");
    const std::string_view ch = text.substr(i, std::size_t(len));
    i += std::size_t(len);
    if (code == U' ' || code == U'\t' || code == U'\r' || code == U'\n' || code == U'\u3000') continue;
    Token token{Kind::kNumber, 0};
    if (code >= U'1' && code <= U'9') {
      token.value = int(code - U'0');
    } else {
      const Word* word = nullptr;
      for (const Word& w : kWords)
        if (w.code == code) word = &w;
      if (!word) {
        if (code < 0x20 || code == 0x7f)
          return make_error(code::chinese_control_character, "unexpected control character");
        return make_error(code::chinese_unknown_character,
                          "unexpected '" + std::string(ch) + "' (" + std::string(kExample) + ")")
            .with("char", std::string(ch));
      }
      token = {word->kind, word->value};
    }
    if (tokens.count < 5) tokens.items[tokens.count] = token;
    ++tokens.count;
  }
  return tokens;
}

// Sets the query's place from a 前/中/后 word or a numeral counted from the front.
bool set_place(const Token& t, notation::Query& q) {
  if (t.kind == Kind::kPlace) {
    q.place = Place(t.value);
    return true;
  }
  if (t.kind == Kind::kNumber) {
    q.place = Place::kOrdinal;
    q.ordinal = t.value;
    return true;
  }
  return false;
}

// The tokens before the direction name the piece: 马八, 前马, 二兵, 马前,
// 前七 (soldier on file 七), 前兵七.
Result<notation::Query> parse_piece(const Token* head, int size) {
  notation::Query q;
  const auto is = [&](int i, Kind k) { return head[i].kind == k; };
  if (size == 2) {
    if (is(0, Kind::kPiece) && is(1, Kind::kNumber)) {
      q.type = PieceType(head[0].value);
      q.file = head[1].value;
      return q;
    }
    if (is(0, Kind::kPiece) && is(1, Kind::kPlace)) {
      q.type = PieceType(head[0].value);
      set_place(head[1], q);
      return q;
    }
    if (is(1, Kind::kPiece) && set_place(head[0], q)) {
      q.type = PieceType(head[1].value);
      return q;
    }
    if (is(1, Kind::kNumber) && set_place(head[0], q)) {
      q.type = kPawn;
      q.file = head[1].value;
      return q;
    }
  } else if (size == 3 && is(1, Kind::kPiece) && is(2, Kind::kNumber) && set_place(head[0], q)) {
    q.type = PieceType(head[1].value);
    q.file = head[2].value;
    return q;
  }
  return make_error(code::chinese_which_piece,
                    "cannot tell which piece moves: expected a piece and its file (马八), a place and a piece "
                    "(前马, 二兵) or a place and a file (前七)");
}

}  // namespace

std::string to_chinese(const Position& pos, Move m) {
  const auto d = notation::describe(pos, m);
  if (!d) return {};
  const bool red = d->side == kRed;
  std::string out;
  out.reserve(12);
  const auto number = [&](int n) {
    if (red) out += kNumerals[n];
    else out += char('0' + n);
  };
  const std::string_view name = red ? kRedNames[d->type] : kBlackNames[d->type];
  // 前/中/后 for up to three pieces on a file, 一二三四五 from the front beyond.
  const int from_front = d->index == 0 ? 0 : d->index == d->count - 1 ? 2 : 1;
  const std::string_view place = d->count <= 3 ? kPlaces[from_front] : kNumerals[std::min(d->index + 1, 9)];
  if (!d->tandem) {
    out += name;
    number(d->file);
  } else if (d->pawn_files) {
    out += place;
    number(d->file);
  } else {
    out += place;
    out += name;
  }
  out += d->dir == Motion::kForward ? "进" : d->dir == Motion::kBackward ? "退" : "平";
  number(d->number);
  return out;
}

Result<Move> parse_chinese(const Position& pos, std::string_view text) {
  if (text.size() > 64) return make_error(code::text_too_long, "move text is too long").with("max", 64);
  auto tokens = tokenize(text);
  if (!tokens) return tokens.failure();
  const int n = tokens->count;
  const Token* t = tokens->items;
  if (n == 0) return make_error(code::empty_move, "empty move");
  if (n < 4 || n > 5)
    return make_error(code::chinese_length, "a Chinese move has four characters (" + std::string(kExample) +
                                                "), this has " + std::to_string(n))
        .with("count", n);
  if (t[n - 2].kind != Kind::kDirection)
    return make_error(code::chinese_no_direction, "expected 进, 退 or 平 before the last character");
  if (t[n - 1].kind != Kind::kNumber)
    return make_error(code::chinese_no_number, "a Chinese move ends with a number (一..九 or 1..9)");
  auto q = parse_piece(t, n - 2);
  if (!q) return q.failure();
  q->dir = Motion(t[n - 2].value);
  q->number = t[n - 1].value;
  return notation::resolve(pos, *q, kHints);
}

}  // namespace qipan::xiangqi
