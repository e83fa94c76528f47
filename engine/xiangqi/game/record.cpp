#include "record.h"

#include "../codes.h"
#include "chinese.h"
#include "iccs.h"
#include "pgn.h"
#include "wxf.h"

namespace qipan::xiangqi {
namespace {

bool looks_like_iccs(std::string_view t) {
  std::string compact;
  for (char c : t)
    if (c != '-') compact += char(c | 0x20);
  return compact.size() == 4 && compact[0] >= 'a' && compact[0] <= 'i' && compact[1] >= '0' && compact[1] <= '9' &&
         compact[2] >= 'a' && compact[2] <= 'i' && compact[3] >= '0' && compact[3] <= '9';
}

}  // namespace

Result<Notation> parse_notation_name(std::string_view name) {
  if (name == "chinese") return Notation::kChinese;
  if (name == "wxf") return Notation::kWxf;
  if (name == "iccs") return Notation::kIccs;
  std::string shown;
  for (char c : name.substr(0, 24)) shown += (c >= 0x20 && c < 0x7f) ? c : '?';
  return make_error(code::unknown_notation, "unknown notation '" + shown + "' (chinese, wxf or iccs)")
      .with("name", shown);
}

std::string_view notation_name(Notation notation) {
  switch (notation) {
    case Notation::kChinese: return "chinese";
    case Notation::kWxf: return "wxf";
    case Notation::kIccs: return "iccs";
  }
  return "chinese";
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

std::string_view result_token(const Status& status) {
  // An aborted game is over but has no result: PGN writes "*" for it, as it
  // does for a game still going on (see pgn.h).
  if (status.reason == Reason::kAborted) return "*";
  switch (status.outcome) {
    case Outcome::kRedWins: return "1-0";
    case Outcome::kBlackWins: return "0-1";
    case Outcome::kDraw: return "1/2-1/2";
    case Outcome::kOngoing: break;
  }
  return "*";
}

std::string format_movetext(const Game& game, Notation notation, std::string_view last_comment) {
  std::string out;
  Position pos = game.start_position();
  int number = pos.fullmove_number();
  bool line_open = false;
  for (const PlyRecord& record : game.plies()) {
    if (pos.side_to_move() == kRed || !line_open) {
      if (line_open) out += '\n';
      out += std::to_string(number) + (pos.side_to_move() == kRed ? ". " : "... ");
      line_open = true;
    } else {
      out += ' ';
    }
    out += format_move(pos, record.move, notation);
    if (pos.side_to_move() == kBlack) ++number;
    Undo undo;
    pos.make(record.move, undo);
  }
  if (line_open && !last_comment.empty()) {
    out += " {";
    out += last_comment;
    out += '}';
  }
  if (line_open) out += '\n';
  if (game.over()) out += std::string(result_token(game.status())) + '\n';
  return out;
}

std::string format_record(const Game& game, Notation notation) {
  std::string out;
  const Position& start = game.start_position();
  if (start.fen() != kStartFen) out += "[FEN \"" + start.fen() + "\"]\n";
  if (game.options().rules != RuleOptions{}.rules)
    out += "[Rules \"" + std::string(rule_set_code(game.options().rules)) + "\"]\n";
  if (const std::string termination = termination_tag(game); !termination.empty())
    out += "[Termination \"" + termination + "\"]\n";
  return out + format_movetext(game, notation);
}

Result<Game> parse_record(std::string_view text, RuleOptions options) {
  auto pgn = parse_pgn(text, options);
  if (!pgn) return pgn.failure();
  return std::move(pgn->game);
}

}  // namespace qipan::xiangqi
