// Rule options as text, for game records: a record played under other rules
// than the defaults must say so, or a replay under the defaults could refuse
// its moves or end it differently.
//
//   rules: win=strict goal-lock=off
//
// Only options that differ from the defaults are written (a default game's
// record has no rules line). Keys and values:
//   win=filled|strict  goal-lock=on|off  parking=allowed|pass-through
//   end=first-wins|play-on  equal-turns=on|off  draws=repetition-and-cap|cap-only
//   long-jumps=on|off  turn-cap=N
// The player count is in the position line, and the first player is already
// decided by the start position, so neither appears here.
#pragma once

#include <string>
#include <string_view>

#include "../../core/result.h"
#include "../rules.h"

namespace qipan::checkers {

constexpr std::string_view kRulesPrefix = "rules:";

// The tokens after "rules:" for the options that differ from the defaults;
// empty when none do.
std::string format_rule_tokens(const RuleOptions& rules);
// Reads the tokens after "rules:" (any order, each key at most once) on top
// of `base`; an unknown key or value is an error naming it.
Result<RuleOptions> parse_rule_tokens(std::string_view tokens, RuleOptions base);

}  // namespace qipan::checkers
