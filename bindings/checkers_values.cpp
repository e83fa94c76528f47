#include "checkers_values.h"

#include <cmath>
#include <optional>

#include "engine/checkers/codes.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::checkers;

namespace {

// An enum field written as one of `names`; `index` receives its position.
template <typename Enum, std::size_t N>
std::optional<Error> read_enum(const val& options, const char* key, const char* const (&names)[N], Enum& out) {
  const val v = options[key];
  if (v.isUndefined() || v.isNull()) return std::nullopt;
  if (!v.isString())
    return make_error(checkers::code::checkers_option_not_text, std::string(key) + " must be a string")
        .with("option", key);
  const std::string text = v.as<std::string>();
  for (std::size_t i = 0; i < N; ++i)
    if (text == names[i]) {
      out = Enum(i);
      return std::nullopt;
    }
  std::string allowed;
  for (std::size_t i = 0; i < N; ++i) allowed += (i ? ", " : "") + std::string(names[i]);
  return make_error(checkers::code::checkers_option_not_allowed, std::string(key) + " must be one of " + allowed)
      .with("option", key)
      .with("value", text.substr(0, 40))
      .with("allowed", allowed);
}

std::optional<Error> read_bool(const val& options, const char* key, bool& out) {
  const val v = options[key];
  if (v.isUndefined() || v.isNull()) return std::nullopt;
  if (v.typeOf().as<std::string>() != "boolean")
    return make_error(checkers::code::checkers_option_not_boolean, std::string(key) + " must be true or false")
        .with("option", key);
  out = v.as<bool>();
  return std::nullopt;
}

std::optional<Error> read_int(const val& options, const char* key, int& out) {
  const val v = options[key];
  if (v.isUndefined() || v.isNull()) return std::nullopt;
  const auto refusal = [&] {
    return make_error(checkers::code::checkers_option_not_number, std::string(key) + " must be a whole number")
        .with("option", key);
  };
  if (!v.isNumber()) return refusal();
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 1e6) return refusal();
  out = int(d);
  return std::nullopt;
}

// Names in enum order (rules.h).
constexpr const char* kWinRules[] = {"filled", "strict"};
constexpr const char* kParking[] = {"allowed", "passThrough"};
constexpr const char* kEnds[] = {"firstWins", "playOn"};
constexpr const char* kDrawRules[] = {"repetitionAndCap", "capOnly"};
constexpr const char* kFirst[] = {"p1", "random", "alternate"};

}  // namespace

Result<RuleOptions> rules_from_js(const val& options, const RuleOptions& base) {
  RuleOptions rules = base;
  if (options.isUndefined() || options.isNull()) return rules;
  if (!is_object(options))
    return make_error(checkers::code::checkers_options_not_object, "the options must be an object");
  std::optional<Error> problem;
  const auto check = [&](std::optional<Error> p) {
    if (!problem && p) problem = std::move(p);
  };
  check(read_int(options, "players", rules.players));
  check(read_enum(options, "winRule", kWinRules, rules.win_rule));
  check(read_bool(options, "goalLock", rules.goal_lock));
  check(read_enum(options, "parking", kParking, rules.parking));
  check(read_enum(options, "multiplayerEnd", kEnds, rules.multiplayer_end));
  check(read_bool(options, "equalTurns", rules.equal_turns));
  check(read_enum(options, "drawRules", kDrawRules, rules.draw_rules));
  check(read_bool(options, "longJumps", rules.long_jumps));
  check(read_enum(options, "firstPlayer", kFirst, rules.first_player));
  check(read_int(options, "turnCap", rules.turn_cap));
  if (problem) return *problem;
  // Solitaire (1 player) is for tools; the page plays 2, 3, 4 or 6.
  if (rules.players == 1)
    return make_error(checkers::code::checkers_player_count, "players must be 2, 3, 4 or 6")
        .with("players", rules.players);
  if (auto why = rules.problem()) return *why;
  return rules;
}

val rules_to_js(const RuleOptions& rules) {
  val out = val::object();
  out.set("players", rules.players);
  out.set("winRule", std::string(kWinRules[int(rules.win_rule)]));
  out.set("goalLock", rules.goal_lock);
  out.set("parking", std::string(kParking[int(rules.parking)]));
  out.set("multiplayerEnd", std::string(kEnds[int(rules.multiplayer_end)]));
  out.set("equalTurns", rules.equal_turns);
  out.set("drawRules", std::string(kDrawRules[int(rules.draw_rules)]));
  out.set("longJumps", rules.long_jumps);
  out.set("firstPlayer", std::string(kFirst[int(rules.first_player)]));
  out.set("turnCap", rules.turn_cap);
  return out;
}

Result<std::vector<Cell>> cells_from_js(const val& cells) {
  const auto not_holes = [] { return make_error(checkers::code::path_not_holes, "a path must be an array of holes"); };
  if (!is_object(cells) || !val::global("Array").call<bool>("isArray", cells)) return not_holes();
  const int length = cells["length"].as<int>();
  if (length > kCells)
    return make_error(checkers::code::path_too_long, "a path cannot be that long").with("max", kCells);
  std::vector<Cell> out;
  out.reserve(std::size_t(length));
  for (int i = 0; i < length; ++i) {
    const val v = cells[i];
    if (!v.isNumber()) return not_holes();
    const double d = v.as<double>();
    if (!std::isfinite(d) || d != std::floor(d)) return not_holes();
    if (!(d >= 0 && d < kCells))
      return make_error(checkers::code::no_such_hole, "no such hole: holes are numbered 0 to 120")
          .with("hole", std::abs(d) < 1e9 ? std::to_string(std::int64_t(d)) : std::string("?"));
    out.push_back(Cell(d));
  }
  return out;
}

val cells_to_js(const std::vector<Cell>& cells) {
  val out = val::array();
  for (Cell c : cells) out.call<void>("push", c);
  return out;
}

}  // namespace qipan::bindings
