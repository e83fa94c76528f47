#include <doctest/doctest.h>

#include <vector>

#include "engine/core/random.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/move_check.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/see.h"

using namespace qipan::xiangqi;

namespace {

Position fen(const char* text) {
  auto pos = Position::from_fen(text);
  REQUIRE_MESSAGE(pos.ok(), text, ": ", pos.error());
  return *pos;
}

int see_of(const char* position, const char* move) {
  const Position pos = fen(position);
  auto m = parse_iccs_move(pos, move);
  REQUIRE_MESSAGE(m.ok(), move, ": ", m.error());
  const int value = see_value_of(pos, *m);
  // see_ge agrees with the value at and around it.
  CHECK(see_ge(pos, *m, value));
  CHECK(!see_ge(pos, *m, value + 1));
  return value;
}

constexpr int kPawnValue = kSeeValue[kPawn];
constexpr int kHorseValue = kSeeValue[kHorse];
constexpr int kRookValue = kSeeValue[kRook];
constexpr int kAdvisorValue = kSeeValue[kAdvisor];

}  // namespace

TEST_CASE("see: free and defended captures") {
  // The rook on e3 takes the pawn on e6; the horse on f8 defends it over its leg f7.
  CHECK(see_of("5k3/5n3/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "e3e6") == kPawnValue - kRookValue);
  CHECK(see_of("5k3/9/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "e3e6") == kPawnValue);
}

TEST_CASE("see: a hobbled horse and a blocked elephant eye do not defend") {
  // Advisor on f7 (black's palace) stands on the horse's leg.
  CHECK(see_of("5k3/5n3/5a3/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "e3e6") == kPawnValue);
  // Elephant on g5 defends e7 over its eye f6 ...
  CHECK(see_of("5k3/9/4n4/9/6b2/9/4R4/9/9/3K5 w - - 0 1", "e3e7") == kHorseValue - kRookValue);
  // ... unless a piece stands on the eye.
  CHECK(see_of("5k3/9/4n4/5P3/6b2/9/4R4/9/9/3K5 w - - 0 1", "e3e7") == kHorseValue);
}

TEST_CASE("see: cannon screens break and form as pieces leave the line") {
  // Rook e3 is the screen of cannon e1: taking with the rook first leaves
  // the cannon without a screen, taking with the cannon first keeps the rook behind it.
  const char* screened = "5k3/4r4/4n4/9/9/9/4R4/9/4C4/3K5 w - - 0 1";
  CHECK(see_of(screened, "e3e7") == kHorseValue - kRookValue);
  CHECK(see_of(screened, "e1e7") == kHorseValue);
  // X-ray: with two screens (horse e3, rook e5) the cannon is blind, until
  // the rook takes and leaves one screen: it recaptures the black rook.
  CHECK(see_of("5k3/4r4/4n4/9/4R4/9/4N4/9/4C4/3K5 w - - 0 1", "e5e7") == kHorseValue);
  CHECK(see_of("5k3/4r4/4n4/9/4R4/9/4N4/9/9/3K5 w - - 0 1", "e5e7") == kHorseValue - kRookValue);
  // A cannon defends over a screen too: the black cannon e9 guards e6 over e8.
  CHECK(see_of("5k3/4a4/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "e3e6") == kPawnValue);
  CHECK(see_of("4c4/3ka4/9/4p4/9/9/4R4/9/9/5K3 w - - 0 1", "e3e6") == kPawnValue - kRookValue);
}

TEST_CASE("see: palace pieces defend only inside the palace; the general takes last") {
  // The rook takes the advisor on e8; the general on e9 recaptures, unless
  // a second attacker covers e8.
  CHECK(see_of("4k4/4a4/9/9/9/9/4R4/9/9/5K3 w - - 0 1", "e3e8") == kAdvisorValue - kRookValue);
  // A red horse on f6 also covers e8 (leg f7 empty): now the general cannot recapture.
  CHECK(see_of("4k4/4a4/9/5N3/9/9/4R4/9/9/5K3 w - - 0 1", "e3e8") == kAdvisorValue);
}

TEST_CASE("pseudo_legal agrees with the move generator (random games)") {
  qipan::SplitMix64 rng(7);
  int checked = 0;
  for (int game = 0; game < 20; ++game) {
    Position pos = Position::start();
    std::vector<Move> seen;  // moves of earlier positions: stale killers and table moves
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      generate_pseudo_legal(pos, moves);
      for (Move m : moves) {
        CHECK(pseudo_legal(pos, m));
        seen.push_back(m);
      }
      std::vector<Move> probes(seen.end() - std::min<std::ptrdiff_t>(400, std::ptrdiff_t(seen.size())), seen.end());
      for (int i = 0; i < 60; ++i) probes.push_back(Move(int(rng.below(kSquares)), int(rng.below(kSquares))));
      for (Move m : probes) {
        REQUIRE_MESSAGE(pseudo_legal(pos, m) == moves.contains(m), pos.fen(), " ", to_iccs(m));
        ++checked;
      }
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) break;
      Undo undo;
      pos.make(legal[rng.below(std::uint32_t(legal.size()))], undo);
    }
  }
  CHECK(checked > 100000);
}

TEST_CASE("gives_check agrees with playing the move (random games)") {
  qipan::SplitMix64 rng(11);
  int checks = 0, moves_seen = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 200; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) break;
      for (Move m : legal) {
        Undo undo;
        pos.make(m, undo);
        const bool check = pos.in_check();
        pos.unmake(m, undo);
        REQUIRE_MESSAGE(gives_check(pos, m) == check, pos.fen(), " ", to_iccs(m));
        checks += check;
        ++moves_seen;
      }
      // Prefer checks and captures now and then, so that sharp positions come up.
      Move pick = legal[rng.below(std::uint32_t(legal.size()))];
      if (rng.below(3) == 0)
        for (Move m : legal)
          if (pos.at(m.to()) != kEmpty) pick = m;
      Undo undo;
      pos.make(pick, undo);
    }
  }
  CHECK(moves_seen > 100000);
  CHECK(checks > 1000);
}
