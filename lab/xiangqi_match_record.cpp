#include "xiangqi_match_record.h"

#include <filesystem>
#include <fstream>
#include <set>

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

}  // namespace

std::string pgn_result(bool a_red, int result_for_a) {
  const int red = a_red ? result_for_a : -result_for_a;
  return red > 0 ? "1-0" : red < 0 ? "0-1" : "1/2-1/2";
}

std::string match_game_pgn(const MatchGameRecord& game) {
  const std::string result = pgn_result(game.a_red, game.result_for_a);
  std::string text = "[Event \"qipan match\"]\n[Round \"" + std::to_string(game.number) + "\"]\n[Red \"" +
                     std::string(game.a_red ? "A" : "B") + "\"]\n[Black \"" + (game.a_red ? "B" : "A") +
                     "\"]\n[Result \"" + result + "\"]\n[Termination \"" + game.reason + "\"]\n[Format \"ICCS\"]\n\n";
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
    if (seen.insert(g.number).second) out.games.push_back(g);
    pending.reset();
    return true;
  };
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string name, value;
    if (!parse_tag(line, name, value)) continue;  // movetext and blank lines
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
    }
  }
  finish();
  return out;
}

}  // namespace qipan::lab
