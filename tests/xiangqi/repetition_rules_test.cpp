// The chase definition (repetition_rules.h, `threats`) position by position,
// and judge_cycle on whole cycles under each rule set. The corpus of rulings
// (tests/xiangqi/rulings/) checks the same rules through whole games; these
// cases pin each clause of the definition on its own, with a control position
// that differs in that clause only.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/repetition_rules.h"

using namespace qipan::xiangqi;

namespace {

Position fen(const char* text) {
  auto pos = Position::from_fen(std::string(text) + " w - - 0 1");
  REQUIRE_MESSAGE(pos.ok(), text, ": ", pos.error());
  return *pos;
}

Square sq(const char* name) {
  auto s = parse_square(name);
  REQUIRE(s.ok());
  return *s;
}

bool threatens(const char* position, const char* attacker, const char* target) {
  return threats(fen(position)).contains(Chase{sq(attacker), sq(target)});
}

std::vector<Move> moves(const char* const* texts, int count) {
  std::vector<Move> out;
  for (int i = 0; i < count; ++i) out.push_back(*parse_iccs(texts[i]));
  return out;
}

}  // namespace

TEST_CASE("a chase threatens to win an unprotected piece") {
  CHECK(threatens("4k4/9/n8/9/9/R8/9/9/9/3K5", "a4", "a7"));
  // The same horse protected by a rook on a9: no chase.
  CHECK(threats(fen("r3k4/9/n8/9/9/R8/9/9/9/3K5")).empty());
}

TEST_CASE("a pinned protector is a false root") {
  // The rook on e8 guards c8 but is pinned against its general by the rook on e1.
  CHECK(threatens("4k4/2n1r4/9/9/9/9/9/9/2R1R4/3K5", "c1", "c8"));
  // Without the pinning rook the horse is protected.
  CHECK_FALSE(threatens("4k4/2n1r4/9/9/9/9/9/9/2R6/3K5", "c1", "c8"));
}

TEST_CASE("a general whose recapture would face the other general is no protector") {
  CHECK(threatens("3k5/3n3R1/9/9/9/9/9/9/9/3K5", "h8", "d8"));
  // With the red general off the d-file, the black general takes back.
  CHECK_FALSE(threatens("3k5/3n3R1/9/9/9/9/9/9/9/4K4", "h8", "d8"));
}

TEST_CASE("a soldier may be chased only once it has crossed the river") {
  CHECK(threats(fen("4k4/9/9/p8/9/9/9/R8/9/3K5")).empty());
  CHECK(threatens("4k4/9/9/9/9/p8/9/R8/9/3K5", "a2", "a4"));
}

TEST_CASE("a chariot attacked by a horse is chased even when protected") {
  CHECK(threatens("3rk4/9/3r5/9/2N6/9/9/9/9/3K5", "c5", "d7"));
  // A chariot attacking the same protected chariot offers an exchange.
  CHECK(threats(fen("3rk4/9/R2r5/9/9/9/9/9/9/3K5")).empty());
}

TEST_CASE("equal pieces that attack each other offer an exchange, not a chase") {
  // Unprotected black rook on d7, red rook a7: each could take the other.
  CHECK_FALSE(threatens("4k4/9/R2r5/9/9/9/9/9/9/3K5", "a7", "d7"));
  // A rook attacking an unprotected cannon that cannot take back is a chase.
  CHECK(threatens("4k4/9/R2c5/9/9/9/9/9/9/3K5", "a7", "d7"));
}

TEST_CASE("soldiers and the general do not chase") {
  // A crossed red soldier on c6 could take the horse on c7: not a chase.
  CHECK(threats(fen("4k4/9/2n6/2P6/9/9/9/9/9/3K5")).empty());
  // The red general next to an unprotected black horse it could take.
  CHECK(threats(fen("5k3/9/9/9/9/9/9/9/4n4/4K4")).empty());
}

TEST_CASE("judge_cycle: a chariot chasing a horse loses under the Asian and Chinese rules") {
  // Fairy-Stockfish's chase test position (PR 466): the black rook follows
  // the red horse between d0 and c2.
  const Position start = fen("3k5/9/9/9/9/9/3r5/9/9/3NK4");
  const char* texts[] = {"d0c2", "d3c3", "c2d0", "c3d3"};
  const std::vector<Move> cycle = moves(texts, 4);
  std::vector<ClassifiedMove> classified(cycle.size());
  const CycleJudgement asian = judge_cycle(RuleSet::kAsian, start, cycle, classified);
  REQUIRE(asian.loser.has_value());
  CHECK(*asian.loser == kBlack);
  CHECK(asian.violation[kBlack] == Violation::kPerpetualChase);
  CHECK(asian.violation[kRed] == Violation::kNone);
  CHECK(classified[0].kind == MoveKind::kIdle);
  CHECK(classified[1].kind == MoveKind::kChase);
  CHECK(classified[1].chases.contains(Chase{sq("c3"), sq("c2")}));
  CHECK(classified[3].chases.contains(Chase{sq("d3"), sq("d0")}));
  CHECK(*judge_cycle(RuleSet::kChinese, start, cycle).loser == kBlack);
  CHECK_FALSE(judge_cycle(RuleSet::kSimple, start, cycle).loser.has_value());
}

TEST_CASE("judge_cycle: perpetual check loses under every rule set; mutual perpetual check is a draw") {
  // Black's soldier follows the red general between f1 and e1, checking it
  // from the side every time (Fairy-Stockfish's test position, PR 466).
  const Position one_side = fen("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3");
  const char* texts[] = {"f1e1", "f2e2", "e1f1", "e2f2"};
  for (RuleSet rules : {RuleSet::kAsian, RuleSet::kChinese, RuleSet::kSimple}) {
    const CycleJudgement j = judge_cycle(rules, one_side, moves(texts, 4));
    REQUIRE(j.loser.has_value());
    CHECK(*j.loser == kBlack);
    CHECK(j.violation[kBlack] == Violation::kPerpetualCheck);
  }
  const Position mutual = fen("9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5");
  const char* both[] = {"e3d3", "d6e6", "d3e3", "e6d6"};
  const CycleJudgement j = judge_cycle(RuleSet::kAsian, mutual, moves(both, 4));
  CHECK(j.violation[kRed] == Violation::kPerpetualCheck);
  CHECK(j.violation[kBlack] == Violation::kPerpetualCheck);
  CHECK_FALSE(j.loser.has_value());
}

TEST_CASE("rule set codes round-trip") {
  for (RuleSet rules : {RuleSet::kAsian, RuleSet::kChinese, RuleSet::kSimple})
    CHECK(parse_rule_set(rule_set_code(rules)) == rules);
  CHECK_FALSE(parse_rule_set("axf").has_value());
}
