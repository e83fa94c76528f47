#include "xiangqi_match_record.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <utility>

#include "engine/tools/command_flags.h"
#include "engine/tools/parse_integer.h"

namespace qipan::lab {
namespace {

// `[Name "value"]` -> name and value; false for any other line.
bool parse_tag(const std::string& line, std::string& name, std::string& value) {
  if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
  const std::size_t space = line.find(' ');
  if (space == std::string::npos || line[space + 1] != '"' || line[line.size() - 2] != '"') return false;
  name = line.substr(1, space - 1);
  value = line.substr(space + 2, line.size() - space - 4);
  return true;
}

// A movetext's moves and the comment after each (empty where none), as
// match_game_pgn writes them: move numbers ("12.") and the result are
// passed over.
void read_movetext(const std::string& text, MatchGameRecord& game) {
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == ' ' || text[at] == '\n') {
      ++at;
    } else if (text[at] == '{') {
      const std::size_t close = text.find('}', at);
      if (!game.moves.empty()) game.comments.back() = text.substr(at + 1, close - at - 1);
      at = close == std::string::npos ? text.size() : close + 1;
    } else {
      const std::size_t end = std::min(text.find_first_of(" \n{", at), text.size());
      const std::string word = text.substr(at, end - at);
      const bool move = word.size() == 4 && word[0] >= 'a' && word[0] <= 'i' && word[1] >= '0' && word[1] <= '9' &&
                        word[2] >= 'a' && word[2] <= 'i' && word[3] >= '0' && word[3] <= '9';
      if (move) {
        game.moves.push_back(word);
        game.comments.emplace_back();
      }
      at = end;
    }
  }
}

}  // namespace

std::string move_comment(const MoveNote& note) {
  std::string score = "?";
  if (note.score && note.score->mate) {
    score = (note.score->value > 0 ? "+M" : "-M") + std::to_string(std::abs(note.score->value));
  } else if (note.score) {
    char cp[24];
    std::snprintf(cp, sizeof cp, "%+.2f", note.score->value / 100.0);
    score = cp;
  }
  char rest[40];
  std::snprintf(rest, sizeof rest, "/%d %.2fs", note.depth, double(note.ms) / 1000.0);
  return score + rest;
}

std::optional<MoveNote> read_move_comment(const std::string& comment) {
  const std::size_t slash = comment.find('/'), space = comment.find(' ');
  if (slash == std::string::npos || space == std::string::npos || space < slash || comment.back() != 's')
    return std::nullopt;
  MoveNote note;
  const std::string score = comment.substr(0, slash);
  long long depth = 0;
  double seconds = 0;
  if (!tools::parse_integer(comment.substr(slash + 1, space - slash - 1), 0, 10000, depth) ||
      !tools::CommandFlags::parse_decimal(comment.substr(space + 1, comment.size() - space - 2), 0, 1e9, seconds))
    return std::nullopt;
  note.depth = int(depth);
  note.ms = std::llround(seconds * 1000);
  if (score == "?") return note;
  long long value = 0;
  double pawns = 0;
  if (score.size() > 2 && (score[0] == '+' || score[0] == '-') && score[1] == 'M' &&
      tools::parse_integer(score.substr(2), 0, 10000, value)) {
    note.score = ReportedScore{true, int(score[0] == '-' ? -value : value)};
  } else if (tools::CommandFlags::parse_decimal(score, -1e6, 1e6, pawns)) {
    note.score = ReportedScore{false, int(std::lround(pawns * 100))};
  } else {
    return std::nullopt;
  }
  return note;
}

void add_recorded_figures(const MatchGameRecord& game, SideFigures figures[2]) {
  for (std::size_t ply = 0; ply < game.moves.size() && ply < game.comments.size(); ++ply) {
    const std::optional<MoveNote> note = read_move_comment(game.comments[ply]);
    const bool red_moved = ply % 2 == 0;  // from the start position: red first
    if (note) figures[red_moved == game.a_red ? 0 : 1].add(*note);
  }
}

std::string pgn_result(bool a_red, int result_for_a) {
  const int red = a_red ? result_for_a : -result_for_a;
  return red > 0 ? "1-0" : red < 0 ? "0-1" : "1/2-1/2";
}

std::string match_game_pgn(const MatchGameRecord& game) {
  const std::string result = pgn_result(game.a_red, game.result_for_a);
  std::string text = "[Event \"qipan match\"]\n[Round \"" + std::to_string(game.number) + "\"]\n[Red \"" +
                     std::string(game.a_red ? "A" : "B") + "\"]\n[Black \"" + (game.a_red ? "B" : "A") +
                     "\"]\n[Result \"" + result + "\"]\n[Termination \"" + game.reason + "\"]\n" +
                     (game.rules.empty() ? "" : "[Rules \"" + game.rules + "\"]\n") + "[Format \"ICCS\"]\n\n";
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    if (ply % 2 == 0) text += std::to_string(ply / 2 + 1) + ". ";
    text += game.moves[ply] + " ";
    if (ply < game.comments.size() && !game.comments[ply].empty()) text += "{" + game.comments[ply] + "} ";
  }
  return text + result + "\n\n";
}

MatchRecords read_match_records(const std::string& path) {
  MatchRecords out;
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored)) return out;  // nothing played yet
  std::ifstream in(path);
  if (!in) {
    out.error = "cannot read " + path;
    return out;
  }
  std::set<int> seen;
  // The record being read: its tags so far, and the line it started on.
  struct Pending {
    std::optional<int> number;
    std::optional<bool> a_red;
    std::optional<std::string> result;
    std::string reason;
    std::string rules;
    std::string movetext;
    int line = 0;
  };
  std::optional<Pending> pending;
  const auto fail = [&](int line, const std::string& why) {
    out.error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  const auto finish = [&]() -> bool {
    if (!pending) return true;
    const Pending& p = *pending;
    if (!p.number || !p.a_red || !p.result) return fail(p.line, "a game record without its Round, Red or Result tag");
    MatchGameRecord g;
    g.number = *p.number;
    g.a_red = *p.a_red;
    const int red = *p.result == "1-0" ? 1 : *p.result == "0-1" ? -1 : 0;
    g.result_for_a = g.a_red ? red : -red;
    g.reason = p.reason;
    g.rules = p.rules;
    read_movetext(p.movetext, g);
    if (seen.insert(g.number).second) out.games.push_back(std::move(g));
    pending.reset();
    return true;
  };
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string name, value;
    if (!parse_tag(line, name, value)) {  // movetext and blank lines
      if (pending) pending->movetext += line + "\n";
      continue;
    }
    const std::string quoted = "\"" + value + "\"";
    if (name == "Event") {
      if (!finish()) return out;
      pending = Pending{};
      pending->line = line_number;
    } else if (!pending) {
      fail(line_number, "a tag before the record's Event tag");
      return out;
    } else if (name == "Round") {
      long long n = 0;
      if (!tools::parse_integer(value, 1, 1000000, n)) {
        fail(line_number, "Round must be a game number, not " + quoted);
        return out;
      }
      pending->number = int(n);
    } else if (name == "Red") {
      if (value != "A" && value != "B") {
        fail(line_number, "Red must be A or B, not " + quoted);
        return out;
      }
      pending->a_red = value == "A";
    } else if (name == "Result") {
      if (value != "1-0" && value != "0-1" && value != "1/2-1/2") {
        fail(line_number, "Result must be 1-0, 0-1 or 1/2-1/2, not " + quoted);
        return out;
      }
      pending->result = value;
    } else if (name == "Termination") {
      pending->reason = value;
    } else if (name == "Rules") {
      pending->rules = value;
    }
  }
  finish();
  return out;
}

}  // namespace qipan::lab
