#include "rules_text.h"

#include <array>
#include <charconv>
#include <optional>

#include "../codes.h"

namespace qipan::checkers {
namespace {

// One option: its key, and how to read and write its value.
struct RuleKey {
  std::string_view key;
  std::string (*write)(const RuleOptions&);
  // Sets the option from `value`; false when the value is not one of its own.
  bool (*read)(std::string_view value, RuleOptions&);
};

std::string on_off(bool b) { return b ? "on" : "off"; }
std::optional<bool> read_on_off(std::string_view v) {
  if (v == "on") return true;
  if (v == "off") return false;
  return std::nullopt;
}

constexpr std::array<RuleKey, 8> kKeys = {{
    {"win", [](const RuleOptions& r) { return std::string(r.win_rule == WinRule::strict ? "strict" : "filled"); },
     [](std::string_view v, RuleOptions& r) {
       if (v != "strict" && v != "filled") return false;
       r.win_rule = v == "strict" ? WinRule::strict : WinRule::filled;
       return true;
     }},
    {"goal-lock", [](const RuleOptions& r) { return on_off(r.goal_lock); },
     [](std::string_view v, RuleOptions& r) {
       const auto b = read_on_off(v);
       if (b) r.goal_lock = *b;
       return b.has_value();
     }},
    {"parking",
     [](const RuleOptions& r) { return std::string(r.parking == Parking::pass_through ? "pass-through" : "allowed"); },
     [](std::string_view v, RuleOptions& r) {
       if (v != "pass-through" && v != "allowed") return false;
       r.parking = v == "pass-through" ? Parking::pass_through : Parking::allowed;
       return true;
     }},
    {"end",
     [](const RuleOptions& r) {
       return std::string(r.multiplayer_end == MultiplayerEnd::play_on ? "play-on" : "first-wins");
     },
     [](std::string_view v, RuleOptions& r) {
       if (v != "play-on" && v != "first-wins") return false;
       r.multiplayer_end = v == "play-on" ? MultiplayerEnd::play_on : MultiplayerEnd::first_wins;
       return true;
     }},
    {"equal-turns", [](const RuleOptions& r) { return on_off(r.equal_turns); },
     [](std::string_view v, RuleOptions& r) {
       const auto b = read_on_off(v);
       if (b) r.equal_turns = *b;
       return b.has_value();
     }},
    {"draws",
     [](const RuleOptions& r) {
       return std::string(r.draw_rules == DrawRules::cap_only ? "cap-only" : "repetition-and-cap");
     },
     [](std::string_view v, RuleOptions& r) {
       if (v != "cap-only" && v != "repetition-and-cap") return false;
       r.draw_rules = v == "cap-only" ? DrawRules::cap_only : DrawRules::repetition_and_cap;
       return true;
     }},
    {"long-jumps", [](const RuleOptions& r) { return on_off(r.long_jumps); },
     [](std::string_view v, RuleOptions& r) {
       const auto b = read_on_off(v);
       if (b) r.long_jumps = *b;
       return b.has_value();
     }},
    {"turn-cap", [](const RuleOptions& r) { return std::to_string(r.turn_cap); },
     [](std::string_view v, RuleOptions& r) {
       int n = 0;
       const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
       if (ec != std::errc{} || end != v.data() + v.size() || n < 0 || n > 100000) return false;
       r.turn_cap = n;
       return true;
     }},
}};

}  // namespace

std::string format_rule_tokens(const RuleOptions& rules) {
  const RuleOptions defaults;
  std::string out;
  for (const RuleKey& k : kKeys) {
    const std::string value = k.write(rules);
    if (value == k.write(defaults)) continue;
    if (!out.empty()) out += ' ';
    out += std::string(k.key) + "=" + value;
  }
  return out;
}

Result<RuleOptions> parse_rule_tokens(std::string_view tokens, RuleOptions base) {
  std::array<bool, kKeys.size()> seen{};
  std::size_t at = 0;
  while (at < tokens.size()) {
    if (tokens[at] == ' ' || tokens[at] == '\t' || tokens[at] == '\r') {
      ++at;
      continue;
    }
    std::size_t end = tokens.find_first_of(" \t\r", at);
    if (end == std::string_view::npos) end = tokens.size();
    const std::string_view token = tokens.substr(at, end - at);
    at = end;
    const std::size_t eq = token.find('=');
    if (eq == std::string_view::npos)
      return make_error(code::checkers_rule_without_value, "rule '" + std::string(token) + "' has no '=value'")
          .with("rule", std::string(token));
    const std::string_view key = token.substr(0, eq);
    const std::string_view value = token.substr(eq + 1);
    std::size_t i = 0;
    while (i < kKeys.size() && kKeys[i].key != key) ++i;
    if (i == kKeys.size())
      return make_error(code::checkers_unknown_rule, "unknown rule '" + std::string(key) + "'")
          .with("rule", std::string(key));
    if (seen[i])
      return make_error(code::checkers_rule_repeated, "rule '" + std::string(key) + "' is given twice")
          .with("rule", std::string(key));
    seen[i] = true;
    if (!kKeys[i].read(value, base))
      return make_error(code::checkers_rule_value,
                        "rule '" + std::string(key) + "' cannot be '" + std::string(value) + "'")
          .with("rule", std::string(key))
          .with("value", std::string(value));
  }
  return base;
}

}  // namespace qipan::checkers
