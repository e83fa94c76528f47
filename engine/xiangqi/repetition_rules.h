// The repetition rules of xiangqi: which side, if any, loses when a position
// repeats. The game (game/game.h) rules on a whole repeating cycle when a
// position occurs for the third time; the search (search.h) asks the same
// question of the cycles it walks into, so the AI never plays into a cycle it
// loses and steers into one the opponent must break.
//
// Every move of a cycle is classified for its mover: a check, a chase (a new
// threat to win an unprotected piece, with the pieces it threatens), or idle.
// The rule set then says which patterns are forbidden. A perpetual chase is
// of the same piece (or pieces) on every move, followed as it moves; chasing
// two pieces in turn is not one. The definitions, case by
// case with their sources, are in docs/rules/xiangqi.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "../core/move_list.h"
#include "bits90.h"
#include "position.h"

namespace qipan::xiangqi {

// Which book rules a repetition.
enum class RuleSet : std::uint8_t {
  // The Asian Xiangqi Federation's rules (also the WXF's): perpetual check and
  // perpetual chase lose; one check alternating with one chase is allowed.
  kAsian,
  // The Chinese Xiangqi Association's rules: as Asian, and one check
  // alternating with one chase loses too.
  kChinese,
  // Perpetual check loses; every other repetition is a draw.
  kSimple,
};

// "asian", "chinese", "simple".
std::string_view rule_set_code(RuleSet rules);
std::optional<RuleSet> parse_rule_set(std::string_view code);

// What a move of a cycle does, for its mover. A check may chase as well: its
// chases are listed with it.
enum class MoveKind : std::uint8_t { kIdle, kCheck, kChase };

// One threat a chasing move makes: the piece on `attacker` (the mover's) could
// win the piece on `target`. Squares of the position after the move.
struct Chase {
  Square attacker = kNoSquare;
  Square target = kNoSquare;
  friend bool operator==(const Chase&, const Chase&) = default;
};
using ChaseList = FixedList<Chase, 16>;

struct ClassifiedMove {
  Move move;
  Color mover = kRed;
  MoveKind kind = MoveKind::kIdle;
  ChaseList chases;  // the new threats of a chase, or of a check that also chases
};

// The forbidden pattern a side followed throughout a cycle.
enum class Violation : std::uint8_t {
  kNone,
  kPerpetualCheck,    // 长将: every move a check
  kPerpetualChase,    // 长捉: every move a chase (checking or not)
  kOneCheckOneChase,  // 一将一捉: every move a check or a chase, neither pattern alone (Chinese rules)
};

std::string_view violation_code(Violation v);  // "none", "perpetual_check", ...

struct CycleJudgement {
  std::array<Violation, 2> violation{Violation::kNone, Violation::kNone};
  // Per side, the pieces it chased throughout (a perpetual chase, or the
  // chases of one check one chase), on their squares at the end of the cycle.
  std::array<SquareSet, 2> chased{};
  // The side that loses: exactly one side violated. Nobody when both or
  // neither did (a draw by repetition).
  std::optional<Color> loser;
};

// Judges the moves of a cycle: `start` is the position the cycle leaves and
// returns to, `cycle` the moves played from it, in order (no captures). When
// `moves` is given it receives every move's classification (the search leaves
// it out and the classification stops as soon as both sides are decided).
CycleJudgement judge_cycle(RuleSet rules, const Position& start, std::span<const Move> cycle,
                           std::span<ClassifiedMove> moves = {});

// The threats to win a piece that the side to move of `pos` has, under the
// chase rules' definition (not counting the general's and soldiers', attacks
// on the general, on soldiers that have not crossed the river, offers to
// exchange equal pieces, and attacks on protected pieces, except a chariot
// attacked by a horse or cannon). Exposed for tests and the page's highlight.
ChaseList threats(const Position& pos);

}  // namespace qipan::xiangqi
