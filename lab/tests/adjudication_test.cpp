#include <doctest/doctest.h>

#include <optional>

#include "lab/adjudication.h"

using namespace qipan::lab;

namespace {

std::optional<ReportedScore> cp(int value) { return ReportedScore{false, value}; }
std::optional<ReportedScore> mate(int moves) { return ReportedScore{true, moves}; }

// Plays `plies` moves in which engine 0 moves for side 0 and engine 1 for
// side 1, each reporting `first_view` (the first side's view) from its own
// side; returns the first verdict, if any.
std::optional<Verdict> play(Adjudicator& a, int plies, int first_view, int full_moves_at_start = 0) {
  for (int ply = 0; ply < plies; ++ply) {
    const int side = ply % 2;
    const int own = side == 0 ? first_view : -first_view;
    if (auto v = a.after_move(side, side, cp(own), full_moves_at_start + ply / 2)) return v;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("adjudication: a win needs both engines to agree for the given moves each") {
  const AdjudicationRules rules{3, 500, 0, 0, 0};
  Adjudicator a(rules);
  // Five plies: engine 0 has three moves at +600, engine 1 only two.
  CHECK_FALSE(play(a, 5, 600).has_value());
  // The sixth gives engine 1 its third.
  CHECK(a.after_move(1, 1, cp(-600), 3) == Verdict::kFirstSideWins);

  Adjudicator b(rules);
  CHECK(play(b, 6, -700) == Verdict::kSecondSideWins);

  // Below the threshold: never.
  Adjudicator c(rules);
  CHECK_FALSE(play(c, 40, 499).has_value());
}

TEST_CASE("adjudication: one disagreeing or unscored move starts the count again") {
  const AdjudicationRules rules{2, 300, 0, 0, 0};
  Adjudicator a(rules);
  CHECK_FALSE(a.after_move(0, 0, cp(400), 0).has_value());
  CHECK_FALSE(a.after_move(1, 1, cp(-400), 0).has_value());
  // Engine 0 now thinks it is only a little ahead: its streak is broken.
  CHECK_FALSE(a.after_move(0, 0, cp(100), 1).has_value());
  CHECK_FALSE(a.after_move(1, 1, cp(-400), 1).has_value());
  CHECK_FALSE(a.after_move(0, 0, cp(400), 2).has_value());
  // A book move (no score) breaks engine 1's streak.
  CHECK_FALSE(a.after_move(1, 1, std::nullopt, 2).has_value());
  CHECK_FALSE(a.after_move(0, 0, cp(400), 3).has_value());
  CHECK_FALSE(a.after_move(1, 1, cp(-400), 3).has_value());
  CHECK(a.after_move(1, 1, cp(-400), 4) == Verdict::kFirstSideWins);
}

TEST_CASE("adjudication: a mate score counts as beyond any threshold, for the side that mates") {
  const AdjudicationRules rules{1, 100000, 0, 0, 0};
  Adjudicator a(rules);
  // Engine 0 (side 0) sees itself mated; engine 1 (side 1) sees its mate.
  CHECK_FALSE(a.after_move(0, 0, mate(-3), 0).has_value());
  CHECK(a.after_move(1, 1, mate(2), 0) == Verdict::kSecondSideWins);
}

TEST_CASE("adjudication: a draw only from the given move on, and only within the band") {
  const AdjudicationRules rules{0, 0, 40, 4, 10};
  Adjudicator a(rules);
  // Level scores before move 40 do not count.
  CHECK_FALSE(play(a, 60, 5, 10).has_value());
  // From move 40: four moves each at +-10 or less.
  Adjudicator b(rules);
  CHECK(play(b, 8, -10, 40) == Verdict::kDraw);
  // Just outside the band: no draw.
  Adjudicator c(rules);
  CHECK_FALSE(play(c, 40, 11, 40).has_value());
  // No win adjudication when it is off, however big the score.
  Adjudicator d(rules);
  CHECK_FALSE(play(d, 40, 5000, 0).has_value());
}

TEST_CASE("adjudication: each engine is read from its own side") {
  // Engine 0 plays side 1 here (the colours are swapped for the second game
  // of a pair): both engines still have to agree on the same side.
  const AdjudicationRules rules{1, 200, 0, 0, 0};
  Adjudicator a(rules);
  CHECK_FALSE(a.after_move(1, 0, cp(300), 0).has_value());  // side 0 says it is ahead
  CHECK(a.after_move(0, 1, cp(-300), 0) == Verdict::kFirstSideWins);
  Adjudicator b(rules);
  CHECK_FALSE(b.after_move(1, 0, cp(300), 0).has_value());
  CHECK_FALSE(b.after_move(0, 1, cp(300), 0).has_value());  // side 1 disagrees
}
