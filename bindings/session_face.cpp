#include "session_face.h"

#include <cmath>

#include "engine/core/codes.h"

namespace qipan::bindings {

Result<int> seat_argument(const val& seat, int seats, const char* name) {
  const std::string expected = "a seat 0.." + std::to_string(seats - 1);
  if (seat.isNumber()) {
    const double d = seat.as<double>();
    if (std::isfinite(d) && d == std::floor(d) && d >= 0 && d < seats) return int(d);
  }
  return make_error(code::bad_argument, std::string(name) + " must be " + expected)
      .with("name", name)
      .with("expected", expected);
}

Result<EndingKind> ending_argument(const std::string& code) {
  if (auto kind = ending_kind(code)) return *kind;
  return make_error(code::bad_argument, "no ending is called '" + code.substr(0, 40) + "'")
      .with("name", "code")
      .with("expected", "resignation, agreement, abandonment, timeout, timeout_draw, recorded or aborted");
}

Result<bool> seat_options(const val& options, int seats, bool takes_over, val& out) {
  const val ai = is_object(options) ? options["ai"] : val::undefined();
  if (!ai.isUndefined()) {
    const std::string expected = std::to_string(seats) + " entries, each a level 1..8 or null";
    if (!ai.isArray() || ai["length"].as<int>() != seats)
      return make_error(code::bad_argument, "options.ai must list " + expected)
          .with("name", "options.ai")
          .with("expected", expected);
    val levels = val::array();
    for (int i = 0; i < seats; ++i) {
      const val level = ai[i];
      if (level.isNull()) {
        levels.call<void>("push", val::null());
        continue;
      }
      auto checked = seat_argument(level, 9, "options.ai");
      if (!checked || *checked < 1)
        return make_error(code::bad_argument, "options.ai must list " + expected)
            .with("name", "options.ai")
            .with("expected", expected);
      levels.call<void>("push", *checked);
    }
    out.set("ai", levels);
  }
  if (takes_over) {
    const val level = is_object(options) ? options["takeoverLevel"] : val::undefined();
    int takeover = 3;
    if (!level.isUndefined()) {
      auto checked = seat_argument(level, 9, "options.takeoverLevel");
      if (!checked || *checked < 1)
        return make_error(code::bad_argument, "options.takeoverLevel must be a level 1..8")
            .with("name", "options.takeoverLevel")
            .with("expected", "a level 1..8");
      takeover = *checked;
    }
    out.set("takeoverLevel", takeover);
  }
  return true;
}

Result<val> two_seat_options(const val& options, const std::string& game_name, const char* own_key) {
  auto checked = own_key ? check_option_keys(options, {"players", "ai", "position", own_key})
                         : check_option_keys(options, {"players", "ai", "position"});
  if (!checked) return checked.failure();
  if (is_object(options) && !options["players"].isUndefined()) {
    auto players = seat_argument(options["players"], 3, "options.players");
    if (!players || *players != 2)
      return make_error(code::bad_argument, game_name + " is for two players")
          .with("name", "options.players")
          .with("expected", "2");
  }
  val kept = val::object();
  auto seats = seat_options(options, 2, false, kept);
  if (!seats) return seats.failure();
  return kept;
}

Result<std::optional<std::string>> position_option(const val& options) {
  const val position = is_object(options) ? options["position"] : val::undefined();
  if (position.isUndefined()) return std::optional<std::string>();
  if (!position.isString())
    return make_error(code::bad_argument, "options.position must be a position text")
        .with("name", "options.position")
        .with("expected", "a position text");
  return std::optional<std::string>(position.as<std::string>());
}

Result<bool> check_option_keys(const val& options, std::initializer_list<const char*> allowed) {
  if (options.isUndefined() || options.isNull()) return true;
  if (!is_object(options))
    return make_error(code::bad_argument, "options must be an object")
        .with("name", "options")
        .with("expected", "an object");
  const val keys = val::global("Object").call<val>("keys", options);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      return make_error(code::bad_argument, "options." + key.substr(0, 40) + " is not an option of this game")
          .with("name", "options." + key.substr(0, 40))
          .with("expected", list.empty() ? std::string("no options") : "one of " + list);
    }
  }
  return true;
}

}  // namespace qipan::bindings
