// The shared endings: codes, the winner of a two-seat game, and the record
// line Reversi and Chinese checkers write.
#include <doctest/doctest.h>

#include "engine/core/ending.h"

using namespace qipan;

TEST_CASE("ending codes are stable and read back") {
  CHECK(ending_code(EndingKind::kResignation) == "resignation");
  CHECK(ending_code(EndingKind::kTimeoutDraw) == "timeout_draw");
  CHECK(ending_code(EndingKind::kAborted) == "aborted");
  for (EndingKind kind : kEndingKinds) CHECK(ending_kind(ending_code(kind)) == kind);
  CHECK_FALSE(ending_kind("walkover"));
  CHECK_FALSE(ending_kind(""));
}

TEST_CASE("the winner of a two-seat ending") {
  CHECK(two_seat_winner({EndingKind::kResignation, 0}) == 1);
  CHECK(two_seat_winner({EndingKind::kAbandonment, 1}) == 0);
  CHECK(two_seat_winner({EndingKind::kTimeout, 1}) == 0);
  CHECK_FALSE(two_seat_winner({EndingKind::kTimeoutDraw, 1}));
  CHECK_FALSE(two_seat_winner({EndingKind::kAgreement, -1}));
  CHECK(two_seat_winner({EndingKind::kRecorded, 1}) == 1);
  CHECK_FALSE(two_seat_winner({EndingKind::kRecorded, -1}));
  // An aborted game has no winner, whatever seat it names.
  CHECK_FALSE(two_seat_winner({EndingKind::kAborted, -1}));
  CHECK_FALSE(two_seat_winner({EndingKind::kAborted, 0}));
}

TEST_CASE("ending lines: written and read back, blanks allowed, unknown codes refused") {
  CHECK(ending_line(EndingKind::kTimeout, "white") == "ending: timeout white");
  CHECK(ending_line(EndingKind::kAgreement, "") == "ending: agreement");
  CHECK(ending_line(EndingKind::kAborted, "") == "ending: aborted");
  CHECK(parse_ending_line("ending: aborted")->kind == EndingKind::kAborted);
  const auto line = parse_ending_line("  ending:   resignation   p2 \r");
  REQUIRE(line);
  CHECK(line->kind == EndingKind::kResignation);
  CHECK(line->seat_name == "p2");
  CHECK(parse_ending_line("ending: agreement")->seat_name.empty());
  CHECK(is_ending_line("ending: walkover black"));
  CHECK_FALSE(parse_ending_line("ending: walkover black"));
  CHECK_FALSE(is_ending_line("f5d6 ending: timeout"));
  CHECK_FALSE(parse_ending_line("1. f5 d6"));
}
