#include "pgn.h"

#include <algorithm>
#include <cctype>

#include "../codes.h"
#include "ruling_text.h"

namespace qipan::xiangqi {
namespace {

constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";  // U+3000, common in Chinese records
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Width of the token separator at `i` (0 if none): ASCII whitespace, the
// commas and semicolons some sites put between moves, and U+3000.
std::size_t separator_width(std::string_view s, std::size_t i) {
  const char c = s[i];
  if (ascii_space(c) || c == ',' || c == ';') return 1;
  if (s.substr(i, 3) == kIdeographicSpace) return 3;
  return 0;
}

// Input quoted back in a refusal: at most `max` bytes, cut at a character
// boundary, control characters as '?'.
std::string shown(std::string_view text, std::size_t max = 40) {
  std::size_t end = std::min(text.size(), max);
  while (end > 0 && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  std::string out;
  for (char c : text.substr(0, end)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  if (end < text.size()) out += "...";
  return out;
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
void split_run(std::string_view token, std::vector<std::string>& out) {
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

// The tag section: [Name "value"] lines (\" and \\ escaped in values).
// Returns where the movetext begins.
Result<std::size_t> read_tags(std::string_view text, PgnTags& tags) {
  std::size_t i = text.substr(0, 3) == kByteOrderMark ? 3 : 0;
  const std::size_t n = text.size();
  const auto line_at = [&](std::size_t from) { return shown(text.substr(from, text.find('\n', from) - from)); };
  for (;;) {
    while (i < n && separator_width(text, i) > 0) i += separator_width(text, i);
    if (i >= n || text[i] != '[') return i;
    const std::size_t start = i++;
    while (i < n && text[i] == ' ') ++i;
    const std::size_t name_begin = i;
    while (i < n && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    const std::string_view name = text.substr(name_begin, i - name_begin);
    while (i < n && text[i] == ' ') ++i;
    if (name.empty() || i >= n || text[i] != '"')
      return make_error(code::record_bad_tag, "cannot read the tag " + line_at(start) + " (expected [Name \"value\"])")
          .with("text", line_at(start));
    ++i;
    std::string value;
    for (;;) {
      if (i >= n || text[i] == '\n')
        return make_error(code::record_unterminated_tag, "unterminated tag " + line_at(start) + " (no closing quote)")
            .with("text", line_at(start));
      if (text[i] == '\\' && i + 1 < n && text[i + 1] != '\n') {
        value += text[i + 1];
        i += 2;
      } else if (text[i] == '"') {
        ++i;
        break;
      } else {
        value += text[i++];
      }
    }
    while (i < n && text[i] == ' ') ++i;
    if (i >= n || text[i] != ']')
      return make_error(code::record_bad_tag, "cannot read the tag " + line_at(start) + " (expected ] after the value)")
          .with("text", line_at(start));
    ++i;
    tags.set(name, std::move(value));
  }
}

struct MoveText {
  std::string text;  // as written (for refusals)
  std::string move;  // without annotation marks (what is parsed)
};

struct Movetext {
  std::vector<MoveText> moves;
  std::string result;  // "" when the movetext has no result token
};

// Drops a move number glued in front of a move ("12." / "12..."); a bare
// number ("12.", "12...") is no move at all. WXF's middle soldier "33.4"
// looks like a number glued to "4", but no move is one character long.
std::string_view strip_number(std::string_view t) {
  std::size_t k = 0;
  while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
  if (k > 0 && k == t.size()) return {};
  if (k > 0 && t[k] == '.') {
    while (k < t.size() && t[k] == '.') ++k;
    if (k == t.size()) return {};
    if (t.size() - k >= 2) return t.substr(k);
  }
  return t;
}

// Drops the "!", "?", "+" and "#" marks after a move: no notation ends with one.
std::string_view strip_marks(std::string_view t) {
  while (t.size() > 1 && (t.back() == '!' || t.back() == '?' || t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
  return t;
}

bool only_dots(std::string_view t) {
  for (char c : t)
    if (c != '.') return false;
  return true;
}

// The moves and result of the first game in `body`.
Result<Movetext> read_movetext(std::string_view body) {
  Movetext out;
  std::string token;
  bool ended = false;
  const auto flush = [&] {
    if (token.empty() || ended) {
      token.clear();
      return;
    }
    const std::string_view written = strip_number(token);
    const std::string_view t = strip_marks(written);
    if (is_result(t)) {
      out.result = std::string(t);
      ended = true;
    } else if (!t.empty() && !only_dots(t)) {
      std::vector<std::string> parts;
      split_run(t, parts);
      for (std::string& part : parts)
        out.moves.push_back({parts.size() == 1 ? std::string(written) : part, std::move(part)});
    }
    token.clear();
  };
  const std::size_t n = body.size();
  for (std::size_t i = 0; i < n && !ended;) {
    if (const std::size_t w = separator_width(body, i)) {
      flush();
      i += w;
      continue;
    }
    const char c = body[i];
    if (c == '{') {
      flush();
      const std::size_t close = body.find('}', i + 1);
      if (close == std::string_view::npos)
        return make_error(code::record_unterminated_comment, "a { comment has no closing }");
      i = close + 1;
    } else if (c == '(') {
      flush();
      int depth = 0;
      std::size_t j = i;
      while (j < n) {
        if (body[j] == '{') {
          const std::size_t close = body.find('}', j + 1);
          if (close == std::string_view::npos)
            return make_error(code::record_unterminated_comment, "a { comment has no closing }");
          j = close + 1;
          continue;
        }
        depth += body[j] == '(' ? 1 : body[j] == ')' ? -1 : 0;
        ++j;
        if (depth == 0) break;
      }
      if (depth > 0) return make_error(code::record_unbalanced_variation, "a ( variation has no closing )");
      i = j;
    } else if (c == ')') {
      return make_error(code::record_unbalanced_variation, "a ) closes no variation");
    } else if (c == '[' && token.empty()) {
      break;  // the next game's tags: files without result tokens run games together
    } else if (c == '$' && token.empty()) {
      ++i;  // a numeric annotation glyph ($1, $14): no move
      while (i < n && body[i] >= '0' && body[i] <= '9') ++i;
    } else {
      token += c;
      ++i;
    }
  }
  flush();
  return out;
}

// A bare FEN line before the moves (the short record format without tags):
// its first field is the board, ranks separated by '/'.
bool looks_like_fen_line(std::string_view line) {
  const std::size_t begin = line.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return false;
  const std::string_view board = line.substr(begin, line.find_first_of(" \t\r", begin) - begin);
  return board.find('/') != std::string_view::npos && !is_result(board);
}

Outcome outcome_of(std::string_view result) {
  if (result == "1-0") return Outcome::kRedWins;
  if (result == "0-1") return Outcome::kBlackWins;
  if (result == "1/2-1/2") return Outcome::kDraw;
  return Outcome::kOngoing;
}

// The [Termination] values written for the shared endings: PGN's own
// "abandoned" and "time forfeit" where it has one, plain words otherwise; a
// timeout that drew names the side whose time ran out. An aborted game is
// "abandoned" too, with the result "*" (no result), as lichess exports a
// game nobody started; an abandonment always has a winner, so the result
// tells the two apart.
std::string termination_of(const Ending& ending) {
  switch (ending.kind) {
    case EndingKind::kResignation: return "resignation";
    case EndingKind::kAgreement: return "agreement";
    case EndingKind::kAbandonment:
    case EndingKind::kAborted: return "abandoned";
    case EndingKind::kTimeout: return "time forfeit";
    case EndingKind::kTimeoutDraw:
      return ending.seat < 0 ? "time forfeit" : ending.seat == kRed ? "time forfeit (red)" : "time forfeit (black)";
    case EndingKind::kRecorded: break;
  }
  return "";
}

}  // namespace

std::string termination_tag(const Game& game) {
  return game.ending() ? termination_of(*game.ending()) : std::string(ruling_termination(game));
}

namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

// Whether a game without a result ("*") ended aborted: its [Termination]
// says abandoned (or aborted).
bool aborted_termination(const std::string* termination) {
  const std::string t = termination ? lowercase(*termination) : "";
  return t == "abandoned" || t == "aborted";
}

// The ending a result and a [Termination] tag describe, on a position the
// rules do not end: resignation, agreement, abandonment and time forfeit are
// taken as written; anything else (most databases write no Termination, or
// "normal") is the record's result without its cause.
Ending ending_of(Outcome outcome, const std::string* termination) {
  const int winner = outcome == Outcome::kRedWins ? int(kRed) : outcome == Outcome::kBlackWins ? int(kBlack) : -1;
  const bool decisive = winner >= 0;
  const int loser = decisive ? 1 - winner : -1;
  const std::string t = termination ? lowercase(*termination) : "";
  if (decisive && (t == "resignation" || t == "resigned" || t == "resigns")) return {EndingKind::kResignation, loser};
  if (!decisive && t == "agreement") return {EndingKind::kAgreement, -1};
  if (decisive && (t == "abandoned" || t == "abandonment")) return {EndingKind::kAbandonment, loser};
  if (t.rfind("time forfeit", 0) == 0) {
    if (decisive) return {EndingKind::kTimeout, loser};
    const int seat = t == "time forfeit (red)" ? int(kRed) : t == "time forfeit (black)" ? int(kBlack) : -1;
    return {EndingKind::kTimeoutDraw, seat};
  }
  return {EndingKind::kRecorded, winner};
}

// Ends the game as the result says (see pgn.h).
Result<bool> apply_result(Game& game, std::string_view result, const std::string* termination) {
  const Outcome outcome = outcome_of(result);
  if (outcome == Outcome::kOngoing) {
    // "*" with [Termination "abandoned"]: aborted (termination_of). On a
    // position the rules end the board's result stands, as for any "*".
    if (result == "*" && aborted_termination(termination) && !game.over()) {
      auto ended = game.restore({EndingKind::kAborted, -1});
      if (!ended) return ended.failure();
    }
    return true;
  }
  if (game.over()) {
    if (game.status().outcome == outcome) return true;
    return make_error(code::record_result_conflict,
                      "the record says " + std::string(result) + " but " + game.status().description)
        .with("result", std::string(result))
        .with("reason", std::string(game.status().code()));
  }
  auto ended = game.restore(ending_of(outcome, termination));
  if (!ended) return ended.failure();
  return true;
}

// The rule set a [Rules] tag names: its code (rule_set_code), in any case.
Result<RuleSet> rules_of_tag(std::string_view value) {
  if (auto rules = parse_rule_set(lowercase(value))) return *rules;
  return make_error(code::bad_argument, "[Rules \"" + shown(value) + "\"] names no rule set (asian, chinese or simple)")
      .with("name", "[Rules]")
      .with("expected", "asian, chinese or simple");
}

// The game a record's moves and result make under `options` (pgn.h).
Result<Game> replay(const std::string& fen, const RuleOptions& options, const Movetext& movetext,
                    const std::string& result, const std::string* termination) {
  auto game = Game::from_fen(fen, options);
  if (!game) return make_error(code::record_bad_fen, "bad FEN in record: " + game.error()).because(game.failure());
  int index = 0;
  for (const MoveText& m : movetext.moves) {
    ++index;
    const std::string where = "move " + std::to_string(index) + " (" + shown(m.text) + ")";
    if (game->over())
      return make_error(code::record_move_after_end,
                        where + " comes after the game ended: " + game->status().description)
          .with("index", index)
          .with("text", shown(m.text))
          .with("reason", std::string(game->status().code()));
    auto move = parse_any_move(game->position(), m.move);
    if (!move)
      return make_error(code::record_bad_move, where + ": " + move.error())
          .with("index", index)
          .with("text", shown(m.text))
          .because(move.failure());
    auto played = game->play(*move);
    if (!played)
      return make_error(code::record_bad_move, where + ": " + played.error())
          .with("index", index)
          .with("text", shown(m.text))
          .because(played.failure());
  }
  auto applied = apply_result(*game, result, termination);
  if (!applied) return applied.failure();
  return std::move(*game);
}

void escape_into(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
}

}  // namespace

const std::string* PgnTags::find(std::string_view name) const {
  for (const PgnTag& tag : tags)
    if (tag.name == name) return &tag.value;
  return nullptr;
}

void PgnTags::set(std::string_view name, std::string value) {
  for (PgnTag& tag : tags) {
    if (tag.name == name) {
      tag.value = std::move(value);
      return;
    }
  }
  tags.push_back({std::string(name), std::move(value)});
}

Result<PgnGame> parse_pgn(std::string_view text, RuleOptions options) {
  PgnTags tags;
  auto body_start = read_tags(text, tags);
  if (!body_start) return body_start.failure();
  std::string_view body = text.substr(*body_start);

  std::string fen(kStartFen);
  if (const std::string* tag = tags.find("FEN")) {
    fen = *tag;
  } else {
    const std::size_t line_end = body.find('\n');
    if (looks_like_fen_line(body.substr(0, line_end))) {
      fen = std::string(body.substr(0, line_end));
      body = line_end == std::string_view::npos ? std::string_view{} : body.substr(line_end + 1);
    }
  }
  auto movetext = read_movetext(body);
  if (!movetext) return movetext.failure();

  std::string result = movetext->result;
  if (const std::string* header = tags.find("Result")) {
    if (!is_result(*header))
      return make_error(code::record_bad_result, "[Result \"" + shown(*header) + "\"] is not 1-0, 0-1, 1/2-1/2 or *")
          .with("text", shown(*header));
    if (result.empty()) result = *header;
    else if (result != *header)
      return make_error(code::record_results_differ, "[Result \"" + *header + "\"] but the moves end with " + result)
          .with("header", *header)
          .with("token", result);
  }

  const std::string* rules_tag = tags.find("Rules");
  if (rules_tag) {
    auto rules = rules_of_tag(*rules_tag);
    if (!rules) return rules.failure();
    options.rules = *rules;
  }
  const std::string* termination = tags.find("Termination");
  auto game = replay(fen, options, *movetext, result, termination);
  // A record that names no rules and whose result only the simple rules
  // explain (a chase drawn by repetition): a game Qipan recorded before it
  // had rule sets, read as it was played (pgn.h).
  if (!game && !rules_tag && options.rules != RuleSet::kSimple && game.code() == "record_result_conflict") {
    RuleOptions simple = options;
    simple.rules = RuleSet::kSimple;
    if (auto old = replay(fen, simple, *movetext, result, termination)) game = std::move(old);
  }
  if (!game) return game.failure();
  return PgnGame{std::move(*game), std::move(tags)};
}

std::string format_pgn(const Game& game, Notation notation, const PgnTags& tags) {
  std::string out;
  const auto write = [&](std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    escape_into(out, value);
    out += "\"]\n";
  };
  const std::string termination = termination_tag(game);
  // Termination is the game's own when it has an ending to name.
  const std::string_view kComputed[] = {"Game",   "Result", "FEN",
                                        "Format", "Rules",  termination.empty() ? "" : "Termination"};
  struct Known {
    std::string_view name;
    std::string_view missing;  // written when the tag is absent; "" = leave out
  };
  constexpr Known kOrder[] = {{"Event", "?"},  {"Site", ""}, {"Date", "????.??.??"}, {"Round", ""},
                              {"RedTeam", ""}, {"Red", "?"}, {"BlackTeam", ""},      {"Black", "?"}};
  write("Game", "Chinese Chess");
  for (const Known& k : kOrder) {
    const std::string* value = tags.find(k.name);
    if (value) write(k.name, *value);
    else if (!k.missing.empty()) write(k.name, k.missing);
  }
  write("Result", result_token(game.status()));
  if (!termination.empty()) write("Termination", termination);
  write("Rules", rule_set_code(game.options().rules));
  const std::string start = game.start_position().fen();
  if (start != kStartFen) write("FEN", start);
  write("Format", notation == Notation::kChinese ? "Chinese" : notation == Notation::kWxf ? "WXF" : "ICCS");
  for (const PgnTag& tag : tags.tags) {
    bool done = false;
    for (std::string_view c : kComputed) done |= tag.name == c;
    for (const Known& k : kOrder) done |= tag.name == k.name;
    if (!done) write(tag.name, tag.value);
  }
  out += '\n';
  std::string moves = format_movetext(game, notation, ruling_sentence(game));
  if (!game.over()) moves += "*\n";
  return out + moves;
}

}  // namespace qipan::xiangqi
