#include "ending.h"

namespace qipan {
namespace {

constexpr std::string_view kPrefix = "ending:";

std::string_view trimmed(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  const std::size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

std::string ending_line(EndingKind kind, std::string_view seat_name) {
  std::string out(kPrefix);
  out.append(" ").append(ending_code(kind));
  if (!seat_name.empty()) out.append(" ").append(seat_name);
  return out;
}

bool is_ending_line(std::string_view line) { return trimmed(line).substr(0, kPrefix.size()) == kPrefix; }

std::optional<EndingLine> parse_ending_line(std::string_view line) {
  std::string_view rest = trimmed(line);
  if (rest.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  rest = trimmed(rest.substr(kPrefix.size()));
  const std::size_t space = rest.find_first_of(" \t");
  const auto kind = ending_kind(rest.substr(0, space));
  if (!kind) return std::nullopt;
  const std::string_view seat = space == std::string_view::npos ? std::string_view{} : trimmed(rest.substr(space));
  return EndingLine{*kind, std::string(seat)};
}

}  // namespace qipan
