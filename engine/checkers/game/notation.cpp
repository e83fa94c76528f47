#include "notation.h"

#include "../codes.h"
#include "../movegen.h"
#include "path.h"

namespace qipan::checkers {
namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char c = (a[i] >= 'A' && a[i] <= 'Z') ? char(a[i] - 'A' + 'a') : a[i];
    if (c != b[i]) return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

std::string format_path(std::span<const Cell> path) {
  if (path.empty()) return "pass";
  if (path.size() == 2 && valid_cell(path[0]) && valid_cell(path[1]) && neighbours(path[0]).test(path[1]))
    return cell_name(path[0]) + "-" + cell_name(path[1]);
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i) out += ':';
    out += cell_name(path[i]);
  }
  return out;
}

std::string format_move(const Position& pos, const RuleOptions& rules, Move m) {
  if (m.is_pass()) return "pass";
  const std::vector<Cell> path = shortest_path(pos, rules, m);
  if (path.empty()) return cell_name(m.from) + "-" + cell_name(m.to);  // not legal here: still readable
  return format_path(path);
}

Result<WrittenMove> parse_move(const Position& pos, const RuleOptions& rules, std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error(code::empty_move, "empty move");
  if (text.size() > kMaxMoveText)
    return make_error(code::text_too_long, "a move text cannot be that long").with("max", kMaxMoveText);
  if (equals_ignoring_case(text, "pass")) {
    if (has_move(pos, rules, pos.side_to_move()))
      return make_error(code::pass_not_allowed, "a pass is allowed only when no move is possible");
    return WrittenMove{Move::pass(), {}};
  }
  // One hole of the move; an empty side of '-' or ':' is a hole missing.
  const auto hole_at = [&](std::string_view part) -> Result<Cell> {
    if (part.empty())
      return make_error(code::hole_missing, "a hole is missing in '" + std::string(text) + "'")
          .with("text", std::string(text));
    return parse_cell(part);
  };
  const std::size_t dash = text.find('-');
  if (dash != std::string_view::npos) {
    auto from = hole_at(text.substr(0, dash));
    if (!from) return from.failure();
    auto to = hole_at(text.substr(dash + 1));
    if (!to) return to.failure();
    if (auto why = illegal_reason(pos, rules, *from, *to)) return *why;
    const Move m = Move::of(*from, *to);
    return WrittenMove{m, shortest_path(pos, rules, m)};
  }
  if (text.find(':') == std::string_view::npos)
    return make_error(code::checkers_not_a_move,
                      std::string("'").append(text) + "' is not a move (write from-to, a chain a:b:c, or pass)")
        .with("text", std::string(text));
  std::vector<Cell> path;
  for (std::size_t start = 0;;) {
    const std::size_t colon = text.find(':', start);
    auto c = hole_at(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
    if (!c) return c.failure();
    path.push_back(*c);
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (auto why = path_problem(pos, rules, path)) return *why;
  return WrittenMove{Move::of(path.front(), path.back()), std::move(path)};
}

}  // namespace qipan::checkers
