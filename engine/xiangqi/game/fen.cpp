// FEN input and output. Input is validated completely: the error names the
// first problem found, so a player pasting a position knows what to fix.
#include <charconv>
#include <string>
#include <vector>

#include "../codes.h"
#include "../position.h"

namespace qipan::xiangqi {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = text.find(sep, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return parts;
}

// Any ASCII whitespace separates fields, so a FEN pasted with a trailing
// newline or CRLF still parses.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::vector<std::string_view> fields_of(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (j > i) fields.push_back(text.substr(i, j - i));
    i = j;
  }
  return fields;
}

PieceType type_from_letter(char c) {
  switch (c | 0x20) {
    case 'k': return kKing;
    case 'a': return kAdvisor;
    case 'b':
    case 'e': return kElephant;
    case 'n':
    case 'h': return kHorse;
    case 'r': return kRook;
    case 'c': return kCannon;
    case 'p': return kPawn;
    default: return kNoType;
  }
}

constexpr char kLetters[] = " kabnrcp";
constexpr const char* kTypeNames[] = {"", "general", "advisor", "elephant", "horse", "rook", "cannon", "soldier"};
constexpr int kMaxCount[] = {0, 1, 2, 2, 2, 2, 2, 5};

std::string square_name(Square s) { return std::string{char('a' + file_of(s)), char('0' + rank_of(s))}; }

std::string side_name(Color c) { return c == kRed ? "red" : "black"; }

// Error messages reach the UI: show a stray control or non-ASCII byte as
// \xNN rather than embedding it (a NUL would cut the message short).
std::string printable(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string(1, c);
  constexpr char kHex[] = "0123456789abcdef";
  const auto byte = static_cast<unsigned char>(c);
  return std::string{'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
}

std::string printable(std::string_view text) {
  std::string out;
  for (char c : text) out += printable(c);
  return out;
}

Error rank_too_long(int row) {
  return make_error(code::fen_rank_too_long, "FEN rank " + std::to_string(row + 1) + " has more than 9 files")
      .with("rank", row + 1);
}

}  // namespace

Result<Position> Position::from_fen(std::string_view fen) {
  const std::vector<std::string_view> fields = fields_of(fen);
  if (fields.empty()) return make_error(code::fen_empty, "empty FEN");
  const std::vector<std::string_view> rows = split(fields[0], '/');
  if (rows.size() != kRanks)
    return make_error(code::fen_rank_count, "FEN board has " + std::to_string(rows.size()) + " ranks, expected 10")
        .with("ranks", int(rows.size()));

  Position pos;
  for (int row = 0; row < kRanks; ++row) {
    const int rank = kRanks - 1 - row;  // FEN starts with black's back rank
    int file = 0;
    for (char c : rows[row]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
      } else {
        const PieceType t = type_from_letter(c);
        if (t == kNoType)
          return make_error(code::fen_unknown_piece,
                            "unknown piece letter '" + printable(c) + "' in FEN rank " + std::to_string(row + 1))
              .with("char", printable(c))
              .with("rank", row + 1);
        if (file >= kFiles) return rank_too_long(row);
        const Color color = (c >= 'a' && c <= 'z') ? kBlack : kRed;
        const Square s = make_square(file, rank);
        const Piece p = make_piece(color, t);
        if (pos.counts_[p] >= kMaxCount[t])
          return make_error(code::fen_too_many_pieces, "too many " + side_name(color) + " " + kTypeNames[t] + "s")
              .with("letter", std::string(1, c))
              .with("side", side_name(color))
              .with("piece", kTypeNames[t])
              .with("max", kMaxCount[t]);
        if (!can_stand(p, s))
          return make_error(code::fen_piece_misplaced,
                            side_name(color) + " " + kTypeNames[t] + " cannot stand on " + square_name(s))
              .with("letter", std::string(1, c))
              .with("side", side_name(color))
              .with("piece", kTypeNames[t])
              .with("square", square_name(s));
        pos.put(s, p);
        ++file;
      }
      if (file > kFiles) return rank_too_long(row);
    }
    if (file != kFiles)
      return make_error(code::fen_rank_too_short,
                        "FEN rank " + std::to_string(row + 1) + " has " + std::to_string(file) + " files, expected 9")
          .with("rank", row + 1)
          .with("files", file);
  }
  for (Color c : {kRed, kBlack})
    if (pos.counts_[make_piece(c, kKing)] == 0)
      return make_error(code::fen_missing_general, "missing " + side_name(c) + " general").with("side", side_name(c));

  if (fields.size() < 2) return make_error(code::fen_no_side, "FEN has no side to move (expected w or b)");
  const std::string_view side = fields[1];
  if (side == "w" || side == "r" || side == "W" || side == "R") {
    pos.side_ = kRed;
  } else if (side == "b" || side == "B") {
    pos.side_ = kBlack;
    pos.key_ ^= kZobrist.black_to_move;
  } else {
    return make_error(code::fen_bad_side, "bad side to move '" + printable(side) + "' (expected w, r or b)")
        .with("text", printable(side));
  }

  // Optional trailing fields, as in chess FEN: two unused '-' fields, the
  // no-capture clock in plies and the move number.
  if (fields.size() > 6) return make_error(code::fen_too_many_fields, "FEN has too many fields");
  for (std::size_t i = 2; i < fields.size() && i < 4; ++i)
    if (fields[i] != "-")
      return make_error(code::fen_bad_field, "unexpected FEN field '" + printable(fields[i]) + "' (expected -)")
          .with("text", printable(fields[i]));
  auto number = [](std::string_view text, int& out) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end && out >= 0 && out < 100000;
  };
  if (fields.size() > 4) {
    int clock = 0;
    if (!number(fields[4], clock) || clock > 1000)
      return make_error(code::fen_bad_clock, "bad no-capture clock '" + printable(fields[4]) + "'")
          .with("text", printable(fields[4]));
    pos.quiet_plies_ = std::uint16_t(clock);
  }
  if (fields.size() > 5) {
    int move = 0;
    if (!number(fields[5], move) || move < 1)
      return make_error(code::fen_bad_move_number, "bad move number '" + printable(fields[5]) + "'")
          .with("text", printable(fields[5]));
    pos.fullmove_ = move;
  }

  if (pos.attacked(pos.king_[opposite(pos.side_)], pos.side_)) {
    const Square ours = pos.king_[pos.side_], theirs = pos.king_[opposite(pos.side_)];
    bool facing = file_of(ours) == file_of(theirs);
    for (Square s = std::min(ours, theirs) + kFiles; facing && s < std::max(ours, theirs); s += kFiles)
      facing = pos.board_[s] == kEmpty;
    if (facing) return make_error(code::fen_generals_face, "the generals face each other on an open file");
    return make_error(code::fen_general_capturable, side_name(opposite(pos.side_)) + " general is in check with " +
                                                        side_name(pos.side_) +
                                                        " to move (the general could be captured)")
        .with("side", side_name(opposite(pos.side_)));
  }
  return pos;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      const char letter = kLetters[type_of(p)];
      out += color_of(p) == kRed ? char(letter - 32) : letter;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == kRed ? " w - - " : " b - - ";
  out += std::to_string(quiet_plies_) + ' ' + std::to_string(fullmove_);
  return out;
}

}  // namespace qipan::xiangqi
