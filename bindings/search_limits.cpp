#include "search_limits.h"

#include <cmath>
#include <string>

#include "engine/core/codes.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;

namespace {

constexpr int kMinLevel = 1, kMaxLevel = 8;  // every game's table

}  // namespace

Error bad_limit(const std::string& name, const char* expected) {
  return make_error(code::bad_argument, name + " must be " + expected).with("name", name).with("expected", expected);
}

Error no_search_chosen() { return bad_limit("limits", "given a level or one of depth, nodes, timeMs"); }

Result<std::optional<double>> whole_field(const val& limits, const char* name, double low, double high,
                                          const char* expected) {
  const val v = limits[name];
  if (v.isUndefined() || v.isNull()) return std::optional<double>();
  if (!v.isNumber()) return bad_limit(std::string("limits.") + name, expected);
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::floor(d) || d < low || d > high)
    return bad_limit(std::string("limits.") + name, expected);
  return std::optional<double>(d);
}

Result<SearchLimitsJs> read_search_limits(const val& limits, int max_depth,
                                          std::initializer_list<const char*> choices) {
  if (!is_object(limits)) return bad_limit("limits", "an object {level} or {depth, nodes, timeMs}");
  const std::string depths = "a depth 1.." + std::to_string(max_depth);
  auto level = whole_field(limits, "level", kMinLevel, kMaxLevel, "a level 1..8");
  auto depth = whole_field(limits, "depth", 1, max_depth, depths.c_str());
  auto nodes = whole_field(limits, "nodes", 1, 1e15, "a node count >= 1");
  auto time = whole_field(limits, "timeMs", 1, 1e9, "milliseconds >= 1");
  auto seed = whole_field(limits, "seed", 0, 9007199254740991.0, "a whole number >= 0");
  for (const auto* r : {&level, &depth, &nodes, &time, &seed})
    if (!*r) return r->failure();
  bool chosen = *level || *depth || *nodes || *time;
  for (const char* name : choices) chosen = chosen || !(limits[name].isUndefined() || limits[name].isNull());
  if (!chosen) return no_search_chosen();
  SearchLimitsJs out;
  out.level = int(level->value_or(0));
  out.depth = int(depth->value_or(0));
  out.nodes = std::uint64_t(nodes->value_or(0));
  out.time_ms = std::int64_t(time->value_or(0));
  if (*seed) out.seed = std::uint64_t(**seed);
  return out;
}

}  // namespace qipan::bindings
