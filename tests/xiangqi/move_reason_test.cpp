// The player-facing reason for every kind of illegal move, one case per rule
// per piece, plus legal moves of every piece for contrast. (Agreement with
// the move generator on every square pair is in movegen_test.cpp.)
#include <doctest/doctest.h>

#include <string>

#include "engine/xiangqi/codes.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/move_reason.h"
#include "engine/xiangqi/movegen.h"

using namespace qipan::xiangqi;

namespace {

struct Case {
  const char* fen;
  const char* move;
  const char* reason;  // nullptr: the move is legal
};

constexpr const char* kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
// The start after h2e2: black to move.
constexpr const char* kBlackToMove = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
// Bare generals: red e0, black d9.
constexpr const char* kBare = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
// Red cannon a0; black soldiers a3, a5 and rook a7 on its file.
constexpr const char* kCannonFile = "3k5/9/r8/9/p8/9/p8/9/9/C3K4 w - - 0 1";
// Red is in check from the black rook e1; red also has a rook a5.
constexpr const char* kInCheck = "3k5/9/9/9/R8/9/9/9/4r4/4K4 w - - 0 1";

bool listed(std::string_view code) {
  for (std::string_view c : code::all_codes)
    if (c == code) return true;
  return false;
}

std::string reason_text(const Position& pos, Square from, Square to) {
  const auto reason = illegal_reason(pos, from, to);
  return reason ? reason->message : "";
}

void check_cases(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    const std::string fen = c.fen, text = c.move;
    CAPTURE(fen);
    CAPTURE(text);
    auto pos = Position::from_fen(c.fen);
    REQUIRE_MESSAGE(pos.ok(), pos.error());
    auto move = parse_iccs(c.move);
    REQUIRE(move.ok());
    const auto reason = illegal_reason(*pos, move->from(), move->to());
    if (c.reason == nullptr) {
      CHECK_MESSAGE(!reason.has_value(), "unexpected reason: ", reason ? reason->message : "");
      CHECK(is_legal(*pos, *move));
    } else {
      REQUIRE(reason.has_value());
      CHECK(reason->message == std::string(c.reason));
      CHECK(listed(reason->code));
      CHECK_FALSE(is_legal(*pos, *move));
    }
  }
}

}  // namespace

TEST_CASE("requests that are not moves at all") {
  const Position pos = Position::start();
  CHECK(reason_text(pos, -1, 0) == "square off the board");
  CHECK(reason_text(pos, 0, 90) == "square off the board");
  CHECK(reason_text(pos, kNoSquare, kNoSquare) == "square off the board");
  CHECK(reason_text(pos, 0, 0) == "a move must change squares");
  CHECK(illegal_reason(pos, 0, 0)->code == code::move_must_change_squares);
  check_cases({
      {kStart, "e4e5", "no piece there"},
      {kStart, "a9a8", "not your turn"},
      {kBlackToMove, "e2e6", "not your turn"},
      {kStart, "a0b0", "cannot capture your own piece"},
      {kStart, "e0d0", "cannot capture your own piece"},
  });
}

TEST_CASE("the general (帅/将)") {
  check_cases({
      {kStart, "e0e1", nullptr},
      {"3k5/9/9/9/9/9/9/9/5K3/9 w - - 0 1", "f1g1", "the general must stay in the palace"},
      {"3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9c9", "the general must stay in the palace"},
      {kBare, "e0e2", "the general moves one step along a line"},
      {kBare, "e0f1", "the general moves one step along a line"},
      // Flying general: stepping onto the black general's open file.
      {kBare, "e0d0", "the generals would face each other"},
      // Stepping onto a file a black rook controls.
      {"3k1r3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0", "would leave your general in check"},
      // Capturing an unprotected checking rook.
      {kInCheck, "e0e1", nullptr},
  });
}

TEST_CASE("the advisor (仕/士)") {
  check_cases({
      {kStart, "d0e1", nullptr},
      {kBlackToMove, "d9e8", nullptr},
      {kStart, "d0c1", "advisors must stay in the palace"},
      {kBlackToMove, "f9g8", "advisors must stay in the palace"},
      {kStart, "d0d1", "advisors move one step diagonally"},
      {"3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1e2", "advisors move one step diagonally"},
  });
}

TEST_CASE("the elephant (相/象)") {
  check_cases({
      {kStart, "c0e2", nullptr},
      {kBlackToMove, "g9e7", nullptr},
      {kStart, "c0c2", "elephants move exactly two steps diagonally"},
      {kStart, "g0h1", "elephants move exactly two steps diagonally"},
      // 塞象眼: a piece on the eye d1.
      {"3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0e2", "elephant eye blocked"},
      {"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e6", "elephants cannot cross the river"},
      {"3k5/9/9/9/2b6/9/9/9/9/4K4 b - - 0 1", "c5e3", "elephants cannot cross the river"},
      {"3k5/9/9/9/2b6/9/9/9/9/4K4 b - - 0 1", "c5a7", nullptr},
  });
}

TEST_CASE("the horse (马)") {
  check_cases({
      {kStart, "b0c2", nullptr},
      {kBlackToMove, "h9g7", nullptr},
      {kStart, "b0b1", "horses move one step straight and one diagonally"},
      {kStart, "h0f2", "horses move one step straight and one diagonally"},
      // 蹩马腿: the leg is the square one step straight from the horse.
      {kStart, "b0d1", "horse leg blocked"},                                   // leg c0 (elephant)
      {kBlackToMove, "b9d8", "horse leg blocked"},                             // leg c9
      {"3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", "b0c2", "horse leg blocked"},  // leg b1 (rook)
      {"3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", "b0d1", nullptr},              // leg c0 is free
  });
}

TEST_CASE("the rook (车)") {
  check_cases({
      {kStart, "a0a2", nullptr},
      {kStart, "a0b1", "rooks move along ranks and files"},
      {kStart, "a0a4", "the rook's path is blocked"},
      {kBlackToMove, "i9i5", "the rook's path is blocked"},
      {"1r2k4/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1", "h0h9", nullptr},
  });
}

TEST_CASE("the cannon (炮)") {
  check_cases({
      {kCannonFile, "a0a2", nullptr},
      {kCannonFile, "a0d0", nullptr},
      {kCannonFile, "a0a5", nullptr},  // over exactly one screen (a3)
      {kStart, "h2h9", nullptr},
      {kStart, "b2c4", "cannons move along ranks and files"},
      {kCannonFile, "a0a4", "the cannon's path is blocked (it needs a screen only to capture)"},
      {kCannonFile, "a0a3", "a cannon captures by jumping over exactly one piece"},  // no screen
      {kCannonFile, "a0a7", "a cannon captures by jumping over exactly one piece"},  // two screens
      {kStart, "b2b7", "a cannon captures by jumping over exactly one piece"},
  });
}

TEST_CASE("the soldier (兵/卒)") {
  check_cases({
      {kStart, "e3e4", nullptr},
      {kBlackToMove, "c6c5", nullptr},
      {kStart, "e3e5", "soldiers move one step at a time"},
      {kStart, "e3d4", "soldiers move one step at a time"},
      {kStart, "e3e2", "soldiers cannot move backward"},
      {kBlackToMove, "e6e7", "soldiers cannot move backward"},
      {kStart, "e3d3", "soldiers move sideways only after crossing the river"},
      {kBlackToMove, "a6b6", "soldiers move sideways only after crossing the river"},
      // Across the river a soldier may step sideways, but still not back.
      {"3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5d5", nullptr},
      {"3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5e4", "soldiers cannot move backward"},
      {"3k5/9/9/9/9/4p4/9/9/9/4K4 b - - 0 1", "e4f4", nullptr},
  });
}

TEST_CASE("moves that expose or fail to protect the general") {
  check_cases({
      // The horse on e1 is the only piece between the generals.
      {"4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e1d3", "the generals would face each other"},
      // The horse on c0 is pinned against the general by the rook on a0.
      {"3k5/9/9/9/9/9/9/9/9/r1N1K4 w - - 0 1", "c0d2", "would leave your general in check"},
      // The black cannon e7 faces two red screens (soldier e3, horse e2):
      // removing either one leaves a single screen, which is check.
      {"3k5/9/4c4/9/9/9/4P4/4N4/9/4K4 w - - 0 1", "e2c3", "would leave your general in check"},
      {"3k5/9/4c4/9/9/9/4P4/4N4/9/4K4 w - - 0 1", "e3e4", nullptr},
      // In check from the e1 rook: other moves do not answer it.
      {kInCheck, "a5a6", "your general is in check and this move does not answer it"},
      {kInCheck, "e0f0", nullptr},
      {kInCheck, "a5a1", "your general is in check and this move does not answer it"},
      {kInCheck, "e0d0", "the generals would face each other"},
  });
}

TEST_CASE("refusals carry their code and the square a player should look at") {
  struct Coded {
    const char* fen;
    const char* move;
    std::string_view code;
    const char* square;  // the "square" parameter, or nullptr for none
  };
  const Coded cases[] = {
      {kStart, "b0d1", code::horse_leg_blocked, "c0"},
      {"3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0e2", code::elephant_eye_blocked, "d1"},
      {kStart, "a0a4", code::rook_path_blocked, "a3"},
      {kCannonFile, "a0a4", code::cannon_path_blocked, "a3"},
      {kStart, "e4e5", code::no_piece_there, "e4"},
      {kStart, "a9a8", code::not_your_turn, "a9"},
      {kStart, "a0b0", code::capture_own_piece, "b0"},
      {kBare, "e0d0", code::generals_face, nullptr},
      {kInCheck, "a5a6", code::check_not_answered, nullptr},
  };
  for (const Coded& c : cases) {
    CAPTURE(c.move);
    auto pos = Position::from_fen(c.fen);
    REQUIRE(pos.ok());
    auto move = parse_iccs(c.move);
    REQUIRE(move.ok());
    const auto reason = illegal_reason(*pos, move->from(), move->to());
    REQUIRE(reason.has_value());
    CHECK(reason->code == c.code);
    const std::string* square = reason->param("square");
    if (c.square == nullptr) {
      CHECK(square == nullptr);
    } else {
      REQUIRE(square != nullptr);
      CHECK(*square == c.square);
    }
  }
  auto two = Position::from_fen(kCannonFile);
  REQUIRE(two.ok());
  const auto screens = illegal_reason(*two, parse_square("a0").value(), parse_square("a7").value());
  REQUIRE(screens.has_value());
  CHECK(screens->code == code::cannon_needs_one_screen);
  CHECK(*screens->param("screens") == "2");
}
