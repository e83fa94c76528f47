// The limits object every searcher takes (XiangqiSearcher, ReversiSearcher,
// CheckersSearcher), read by one rule:
//
//   {level}                    an AI level of the game's table, 1..8;
//   {depth, nodes, timeMs}     explicit limits, any of them (depth 1..the
//                              game's deepest, nodes >= 1, timeMs >= 1), no
//                              level's book, variety or ceilings; timeMs is
//                              the move's time, spent whole as `go movetime`
//                              spends it (engine/core/time_manager.h);
//   seed                       optional with either: a whole number >= 0.
//
// A level, when given, decides the search and the explicit fields are not used
// (but still checked). A game may add fields of its own (Reversi's
// exactEmpties, xiangqi's hint and analyse: `choices`, which count as a choice
// instead of a level or explicit limits). Anything else is refused with
// bad_argument {name: "limits.depth" ..., expected}, and the search is not run.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

#include "engine/core/result.h"

namespace qipan::bindings {

struct SearchLimitsJs {
  int level = 0;             // 1..8, or 0: the explicit limits below
  int depth = 0;             // 0 = none
  std::uint64_t nodes = 0;   // 0 = none
  std::int64_t time_ms = 0;  // 0 = none
  std::optional<std::uint64_t> seed;
};

// Reads `limits` for a game whose search goes at most `max_depth` plies deep.
// `choices`: the game's own fields that stand instead of a level or explicit
// limits (present = chosen; the caller reads them with whole_field).
Result<SearchLimitsJs> read_search_limits(const emscripten::val& limits, int max_depth,
                                          std::initializer_list<const char*> choices = {});

// bad_argument {name, expected}: how a limit is refused.
Error bad_limit(const std::string& name, const char* expected);
// The refusal of limits that choose no search (no level, no explicit limit).
Error no_search_chosen();

// limits[name] as a whole number in [low, high]; nullopt when absent (undefined
// or null); bad_argument {name: "limits.<name>", expected} when anything else.
Result<std::optional<double>> whole_field(const emscripten::val& limits, const char* name, double low, double high,
                                          const char* expected);

}  // namespace qipan::bindings
