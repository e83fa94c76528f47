// Chinese checkers data between JavaScript and the engine: rule options as a
// plain object, lists of holes as arrays. Conversions check every field and
// report problems as values; nothing here throws into JavaScript.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "engine/checkers/geometry.h"
#include "engine/checkers/rules.h"
#include "engine/core/result.h"

namespace qipan::bindings {

// {players: 2|3|4|6, winRule: 'filled'|'strict', goalLock: bool,
//  parking: 'allowed'|'passThrough', multiplayerEnd: 'firstWins'|'playOn',
//  equalTurns: bool, drawRules: 'repetitionAndCap'|'capOnly', longJumps: bool,
//  firstPlayer: 'p1'|'random'|'alternate', turnCap: number}. Missing fields
// take `base`'s values; an undefined or null object is `base` itself.
Result<checkers::RuleOptions> rules_from_js(const emscripten::val& options, const checkers::RuleOptions& base);
emscripten::val rules_to_js(const checkers::RuleOptions& rules);

// An array of hole numbers 0..120 (anything else is an error).
Result<std::vector<checkers::Cell>> cells_from_js(const emscripten::val& cells);
emscripten::val cells_to_js(const std::vector<checkers::Cell>& cells);

}  // namespace qipan::bindings
