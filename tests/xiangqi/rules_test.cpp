// Game-level rules from the rulebook: checkmate, stalemate (困毙), perpetual
// check, repetition, the no-capture move limit, insufficient material,
// resignation, and undo/redo. Every position is built from a FEN whose legal
// move count was worked out by hand (the comments give the reasoning) and is
// checked here, so a typo in a FEN cannot silently test something else.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>

#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"

using namespace qipan::xiangqi;

namespace {

Game game_from(const char* fen, RuleOptions options = {}) {
  auto game = Game::from_fen(fen, options);
  REQUIRE_MESSAGE(game.ok(), std::string(fen), ": ", game.error());
  return *game;
}

Move iccs(const char* text) {
  auto m = parse_iccs(text);
  REQUIRE(m.ok());
  return *m;
}

// Plays the moves, requiring each to be accepted; returns the last status.
Status play_all(Game& game, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    auto result = game.play(iccs(text));
    REQUIRE_MESSAGE(result.ok(), std::string(text), ": ", result.error());
  }
  return game.status();
}

void require_ongoing(const Game& game) {
  CHECK(game.status().outcome == Outcome::kOngoing);
  CHECK(game.status().reason == Reason::kNone);
  CHECK(game.status().code() == "none");
}

// Red: K d0, rooks a0 and i8. Black: K e9, horse a9. Red to move.
// Red K: d1 only (e0 would face the black general on the open e-file) = 1.
// Rook i8: i9, i7..i0 (8), h8..a8 (8) = 17. Rook a0: a1..a8 (8), takes a9,
// b0, c0 = 11. Total 29.
constexpr const char* kRookShuffle = "n3k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1";
// Black: K d9, rook a1. Red: K e0. Black to move.
// Black K: d8 only (e9 would face red's general) = 1. Rook: a2..a9 (8),
// a0, b1..i1 (8) = 17. Total 18.
constexpr const char* kBlackRook = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";

}  // namespace

TEST_CASE("reason and outcome codes are stable") {
  CHECK(reason_code(Reason::kNone) == "none");
  CHECK(reason_code(Reason::kCheckmate) == "checkmate");
  CHECK(reason_code(Reason::kStalemate) == "stalemate");
  CHECK(reason_code(Reason::kPerpetualCheck) == "perpetual_check");
  CHECK(reason_code(Reason::kRepetition) == "repetition");
  CHECK(reason_code(Reason::kMoveLimit) == "move_limit");
  CHECK(reason_code(Reason::kInsufficientMaterial) == "insufficient_material");
  CHECK(reason_code(Reason::kResignation) == "resignation");
  CHECK(outcome_code(Outcome::kOngoing) == "ongoing");
  CHECK(outcome_code(Outcome::kRedWins) == "red_wins");
  CHECK(outcome_code(Outcome::kBlackWins) == "black_wins");
  CHECK(outcome_code(Outcome::kDraw) == "draw");
}

TEST_CASE("the start position is an ongoing game with default options") {
  Game game;
  const RuleOptions& o = game.options();
  CHECK(o.repetition_count == 3);
  CHECK(o.rules == RuleSet::kAsian);
  CHECK(o.move_limit == 60);
  CHECK(o.insufficient_material_draw);
  require_ongoing(game);
  CHECK_FALSE(game.status().in_check);
  CHECK(game.status().description == "red to move");
  CHECK(game.ply() == 0);
  CHECK(game.keys().size() == 1);
  CHECK(game.keys()[0] == Position::start().key());
  CHECK_FALSE(game.last_move().has_value());
  CHECK_FALSE(game.can_undo());
  CHECK_FALSE(game.can_redo());
}

TEST_CASE("checkmate: double cannons (重炮)") {
  // Black K e9 with advisors d9 f9; red cannons e5 and h4, red K d0.
  // Red K: d1, e0 (the e5 cannon blocks the file) = 2. Cannon e5: e6..e8 (3),
  // e4..e0 (5), a5..d5 (4), f5..i5 (4) = 16 (no screen for a capture).
  // Cannon h4: h5..h9 (5), h3..h0 (4), g4..a4 (7), i4 = 17. Total 35.
  Game game = game_from("3aka3/9/9/9/4C4/7C1/9/9/9/3K5 w - - 0 1");
  CHECK(count_legal(game.position()) == 35);
  require_ongoing(game);
  // h4e4: the e4 cannon checks over the e5 cannon. The king's only square e8
  // is covered by the same battery, and an advisor on e8 is a single screen
  // for the front cannon. No legal reply.
  const Status s = play_all(game, {"h4e4"});
  CHECK(count_legal(game.position()) == 0);
  CHECK(s.in_check);
  CHECK(s.outcome == Outcome::kRedWins);
  CHECK(s.reason == Reason::kCheckmate);
  CHECK(s.code() == "checkmate");
  CHECK(s.winner() == kRed);
  CHECK(s.description == "black is checkmated");
  CHECK(game.over());
  CHECK(game.plies().back().gave_check);
}

TEST_CASE("checkmate: horse behind cannon (马后炮)") {
  // Black K e9 alone; red horse e7, cannon h4, K d0.
  // Red K: d1, e0 (the horse screens the file) = 2. Horse e7: d9 f9 c8 g8 c6
  // g6 d5 f5, no leg blocked = 8. Cannon h4: 17 as above. Total 27.
  Game game = game_from("4k4/9/4N4/9/9/7C1/9/9/9/3K5 w - - 0 1");
  CHECK(count_legal(game.position()) == 27);
  // h4e4: the cannon checks over the horse; the horse covers d9 and f9 and
  // the battery covers e8.
  const Status s = play_all(game, {"h4e4"});
  CHECK(count_legal(game.position()) == 0);
  CHECK(s.reason == Reason::kCheckmate);
  CHECK(s.outcome == Outcome::kRedWins);
}

TEST_CASE("checkmate: two rooks (双车错), and black mating red the same way") {
  // Black K e9; red rooks b8 and a1, K d0. Red K: d1 only (e0 faces) = 1.
  // Rook b8: b9, b7..b0 (8), a8, c8..i8 (7) = 17. Rook a1: a2..a9 (8), a0,
  // b1..i1 (8) = 17. Total 35.
  Game game = game_from("4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1");
  CHECK(count_legal(game.position()) == 35);
  const Status s = play_all(game, {"a1a9"});
  CHECK(s.reason == Reason::kCheckmate);
  CHECK(s.outcome == Outcome::kRedWins);

  // Mirrored top to bottom: black rooks b1 and a8 against the red K e0,
  // black K d9; the same count by symmetry.
  Game flipped = game_from("3k5/r8/9/9/9/9/9/9/1r7/4K4 b - - 0 1");
  CHECK(count_legal(flipped.position()) == 35);
  const Status t = play_all(flipped, {"a8a0"});
  CHECK(t.reason == Reason::kCheckmate);
  CHECK(t.outcome == Outcome::kBlackWins);
  CHECK(t.winner() == kBlack);
  CHECK(t.description == "red is checkmated");
}

TEST_CASE("a mated position given by FEN is over before any move") {
  Game game = game_from("R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1");
  CHECK(game.status().reason == Reason::kCheckmate);
  CHECK(game.status().outcome == Outcome::kRedWins);
  auto refused = game.play(iccs("e9e8"));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error() == "the game is over: black is checkmated");
  CHECK(game.ply() == 0);
}

TEST_CASE("stalemate (困毙): the side to move with no legal move loses") {
  SUBCASE("black is stalemated") {
    // Red rooks a9 and i9 pin black's advisors d9 and f9 to the king e9;
    // red K d0, red soldier e6. Red K: d1, e0 (the soldier screens) = 2.
    // Rook a9: a8..a0 (9), b9, c9, takes d9 = 12; rook i9 likewise 12.
    // Soldier e6: e7, d6, f6 = 3. Total 29.
    Game game = game_from("R2aka2R/9/9/4P4/9/9/9/9/9/3K5 w - - 0 1");
    CHECK(count_legal(game.position()) == 29);
    // e6e7 covers e8; the advisors cannot leave their pins. No check.
    const Status s = play_all(game, {"e6e7"});
    CHECK(count_legal(game.position()) == 0);
    CHECK_FALSE(s.in_check);
    CHECK(s.reason == Reason::kStalemate);
    CHECK(s.code() == "stalemate");
    CHECK(s.outcome == Outcome::kRedWins);
    CHECK(s.description == "black has no legal move and loses (stalemate)");
  }
  SUBCASE("red is stalemated") {
    // The same picture with colours swapped, black to move.
    Game game = game_from("3k5/9/9/9/9/9/4p4/9/9/r2AKA2r b - - 0 1");
    CHECK(count_legal(game.position()) == 29);
    const Status s = play_all(game, {"e3e2"});
    CHECK(count_legal(game.position()) == 0);
    CHECK_FALSE(s.in_check);
    CHECK(s.reason == Reason::kStalemate);
    CHECK(s.outcome == Outcome::kBlackWins);
    CHECK(s.description == "red has no legal move and loses (stalemate)");
  }
}

TEST_CASE("perpetual check by red loses") {
  Game game = game_from(kRookShuffle);
  CHECK(count_legal(game.position()) == 29);
  // i8i9+ (black's only reply: K e8, since d9 and f9 stay on the rook's
  // rank), i9i8+ (K e8 now has e9 and e7), K e9: the start again.
  play_all(game, {"i8i9"});
  CHECK(count_legal(game.position()) == 1);
  play_all(game, {"e9e8", "i9i8"});
  CHECK(count_legal(game.position()) == 2);
  play_all(game, {"e8e9", "i8i9", "e9e8", "i9i8"});
  // Seven plies: the start position has occurred twice, nothing ends yet.
  require_ongoing(game);
  CHECK(game.status().in_check);
  const Status s = play_all(game, {"e8e9"});
  CHECK(game.ply() == 8);
  CHECK(s.reason == Reason::kPerpetualCheck);
  CHECK(s.code() == "perpetual_check");
  CHECK(s.outcome == Outcome::kBlackWins);
  CHECK(s.description == "red loses by perpetual check (Asian rules)");
  for (int i = 0; i < 8; ++i) CHECK(game.plies()[i].gave_check == (i % 2 == 0));
}

TEST_CASE("perpetual check by black loses") {
  Game game = game_from(kBlackRook);
  CHECK(count_legal(game.position()) == 18);
  const Status s = play_all(game, {"a1a0", "e0e1", "a0a1", "e1e0", "a1a0", "e0e1", "a0a1", "e1e0"});
  CHECK(s.reason == Reason::kPerpetualCheck);
  CHECK(s.outcome == Outcome::kRedWins);
  CHECK(s.description == "black loses by perpetual check (Asian rules)");
}

TEST_CASE("only the repeated cycle counts: quiet moves before it do not excuse perpetual check") {
  Game game = game_from(kRookShuffle);
  // Two quiet moves, then the checking cycle from the new position Q: Q
  // occurs at plies 2, 6 and 10, and every red move since ply 2 checks.
  play_all(game, {"a0a1", "a9b7", "i8i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8"});
  require_ongoing(game);
  const Status s = play_all(game, {"e8e9"});
  CHECK(s.reason == Reason::kPerpetualCheck);
  CHECK(s.outcome == Outcome::kBlackWins);
}

TEST_CASE("a repetition in which the checking side also played a quiet move is a draw") {
  Game game = game_from(kRookShuffle);
  // The start position recurs at plies 4 and 8; red's moves at plies 5 and 7
  // (a0a1, a1a0) give no check.
  const Status s = play_all(game, {"i8i9", "e9e8", "i9i8", "e8e9", "a0a1", "a9b7", "a1a0", "b7a9"});
  CHECK(game.ply() == 8);
  CHECK(s.reason == Reason::kRepetition);
  CHECK(s.outcome == Outcome::kDraw);
  CHECK_FALSE(s.winner().has_value());
}

TEST_CASE("a repetition without checks is a draw") {
  Game game;
  const Status before = play_all(game, {"b0c2", "b9c7", "c2b0", "c7b9", "b0c2", "b9c7", "c2b0"});
  CHECK_FALSE(before.over());
  const Status s = play_all(game, {"c7b9"});
  CHECK(s.reason == Reason::kRepetition);
  CHECK(s.code() == "repetition");
  CHECK(s.outcome == Outcome::kDraw);
  CHECK(s.description == "draw by repetition (the same position occurred 3 times)");
  CHECK(game.position().fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 8 5");
  auto refused = game.play(iccs("h2e2"));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("the game is over") != std::string::npos);
}

TEST_CASE("mutual perpetual check is a draw") {
  // Two cannon lines cross at f1: red's cannon f0 aims up the f-file at the
  // black K f9, black's cannon i1 aims along rank 1 at the red K d1. The
  // horses hop on and off those lines so that every move both answers a
  // check and gives one. Red is in check (its horse g1 is the screen).
  // Red K: d0, d2 (e1 stays on the line) = 2. Horse g1: f3 h3 e2 i2 e0 i0,
  // all leave the line = 6. Cannon f0: f1 as a second screen = 1. Total 9.
  Game game = game_from("5k3/9/9/9/9/9/6n2/9/3K2N1c/5C3 w - - 0 1");
  CHECK(game.status().in_check);
  CHECK(count_legal(game.position()) == 9);
  // g1f3+ : black K e9, horse g3 to f1 or f5, cannon to f1 = 4.
  play_all(game, {"g1f3"});
  CHECK(count_legal(game.position()) == 4);
  // g3f1+ : red K has nothing (the f1 horse covers d0 and d2, e1 is on the
  // line); the horse f3 interposes on e1 or g1 = 2.
  play_all(game, {"g3f1"});
  CHECK(count_legal(game.position()) == 2);
  // f3g1+ (discovered): black K e9, horse f1 to e3 g3 d2 d0 (h2 and h0 are
  // blocked at g1) = 5.
  play_all(game, {"f3g1"});
  CHECK(count_legal(game.position()) == 5);
  const Status s = play_all(game, {"f1g3", "g1f3", "g3f1", "f3g1", "f1g3"});
  for (const PlyRecord& r : game.plies()) CHECK(r.gave_check);
  CHECK(s.reason == Reason::kRepetition);
  CHECK(s.outcome == Outcome::kDraw);
}

TEST_CASE("the repetition count is configurable") {
  SUBCASE("twofold") {
    RuleOptions options;
    options.repetition_count = 2;
    Game game(Position::start(), options);
    CHECK_FALSE(play_all(game, {"b0c2", "b9c7", "c2b0"}).over());
    const Status s = play_all(game, {"c7b9"});
    CHECK(s.reason == Reason::kRepetition);
    CHECK(s.description == "draw by repetition (the same position occurred 2 times)");

    Game checks = game_from(kRookShuffle, options);
    CHECK(play_all(checks, {"i8i9", "e9e8", "i9i8", "e8e9"}).reason == Reason::kPerpetualCheck);
  }
  SUBCASE("fourfold") {
    RuleOptions options;
    options.repetition_count = 4;
    Game game(Position::start(), options);
    for (int cycle = 0; cycle < 2; ++cycle) play_all(game, {"b0c2", "b9c7", "c2b0", "c7b9"});
    CHECK_FALSE(game.over());  // the start position has occurred 3 times
    CHECK(game.ply() == 8);
    const Status s = play_all(game, {"b0c2", "b9c7", "c2b0", "c7b9"});
    CHECK(s.reason == Reason::kRepetition);
    CHECK(game.ply() == 12);
  }
  SUBCASE("values below 2 mean twofold") {
    RuleOptions options;
    options.repetition_count = 1;
    Game game(Position::start(), options);
    CHECK(game.options().repetition_count == 2);
    CHECK_FALSE(game.over());
  }
}

TEST_CASE("the move limit draws at exactly 60 moves by each side without a capture") {
  // The start position with the clock at 118 plies.
  Game game = game_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 118 60");
  require_ongoing(game);
  const Status one_before = play_all(game, {"h2e2"});
  CHECK(game.position().quiet_plies() == 119);
  CHECK_FALSE(one_before.over());
  const Status s = play_all(game, {"h7e7"});
  CHECK(game.position().quiet_plies() == 120);
  CHECK(s.reason == Reason::kMoveLimit);
  CHECK(s.code() == "move_limit");
  CHECK(s.outcome == Outcome::kDraw);
  CHECK(s.description == "draw: 60 moves by each side without a capture");

  // Given directly by FEN: 119 plies is still a game, 120 is a draw.
  CHECK_FALSE(game_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 60").over());
  CHECK(game_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 120 61").status().reason ==
        Reason::kMoveLimit);
}

TEST_CASE("a capture resets the move-limit clock") {
  Game game = game_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 60");
  const Status s = play_all(game, {"h2h9"});  // the cannon takes the horse over the h7 cannon
  CHECK(game.plies().back().captured == make_piece(kBlack, kHorse));
  CHECK(game.position().quiet_plies() == 0);
  CHECK_FALSE(s.over());
}

TEST_CASE("the move limit is configurable and can be disabled") {
  RuleOptions options;
  options.move_limit = 10;
  Game game = game_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 18 10", options);
  CHECK_FALSE(play_all(game, {"h2e2"}).over());
  const Status s = play_all(game, {"h7e7"});
  CHECK(s.reason == Reason::kMoveLimit);
  CHECK(s.description == "draw: 10 moves by each side without a capture");

  options.move_limit = 0;
  Game unlimited = game_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1000 501", options);
  CHECK_FALSE(unlimited.over());
  CHECK_FALSE(play_all(unlimited, {"h2e2"}).over());
}

TEST_CASE("checkmate and stalemate take precedence over the move limit") {
  // The mating and stalemating moves are the 120th quiet ply.
  Game mate = game_from("3aka3/9/9/9/4C4/7C1/9/9/9/3K5 w - - 119 80");
  CHECK(play_all(mate, {"h4e4"}).reason == Reason::kCheckmate);
  CHECK(mate.position().quiet_plies() == 120);
  Game stalemate = game_from("R2aka2R/9/9/4P4/9/9/9/9/9/3K5 w - - 119 80");
  CHECK(play_all(stalemate, {"e6e7"}).reason == Reason::kStalemate);
}

TEST_CASE("insufficient material: generals, advisors and elephants alone cannot mate") {
  SUBCASE("bare generals") {
    Game game = game_from("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    CHECK(game.status().reason == Reason::kInsufficientMaterial);
    CHECK(game.status().code() == "insufficient_material");
    CHECK(game.status().outcome == Outcome::kDraw);
    CHECK(game.status().description == "draw: neither side has a rook, horse, cannon or soldier left");
  }
  SUBCASE("full sets of advisors and elephants") {
    Game game = game_from("2bakab2/9/9/9/9/9/9/4B4/9/2BAKA3 w - - 0 1");
    CHECK(game.status().reason == Reason::kInsufficientMaterial);
  }
  SUBCASE("one attacking piece on either side is enough to play on") {
    // A single piece on a4 next to the bare generals.
    for (const char* piece : {"R", "N", "C", "P", "r", "n", "c", "p"}) {
      const std::string fen = std::string("4k4/9/9/9/9/") + piece + "8/9/9/9/3K5 w - - 0 1";
      CAPTURE(fen);
      Game game = game_from(fen.c_str());
      CHECK_FALSE(game.over());
    }
  }
  SUBCASE("reached by the capture of the last soldier") {
    // Red: K e0, advisor e1. Black: K d9, soldier d2. Red K: d0 (the soldier
    // screens the d-file), f0 = 2. Advisor: d0, f0, f2, takes d2 = 4. Total 6.
    Game game = game_from("3k5/9/9/9/9/9/9/3p5/4A4/4K4 w - - 0 1");
    CHECK(count_legal(game.position()) == 6);
    require_ongoing(game);
    const Status s = play_all(game, {"e1d2"});
    CHECK(s.reason == Reason::kInsufficientMaterial);
    CHECK(game.plies().back().captured == make_piece(kBlack, kPawn));
  }
  SUBCASE("the rule can be switched off") {
    RuleOptions options;
    options.insufficient_material_draw = false;
    CHECK_FALSE(game_from("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", options).over());
  }
}

TEST_CASE("illegal moves are refused with the reason and change nothing") {
  Game game;
  play_all(game, {"h2e2", "h9g7"});
  REQUIRE(game.undo());
  const std::string fen = game.position().fen();
  const auto keys = game.keys();

  auto blocked = game.play(iccs("b9d8"));  // the c9 elephant blocks the leg
  REQUIRE_FALSE(blocked.ok());
  CHECK(blocked.error() == "horse leg blocked");
  auto empty = game.play(iccs("e4e5"));
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error() == "no piece there");
  auto wrong_side = game.play(iccs("e2e3"));  // red's cannon, black to move
  REQUIRE_FALSE(wrong_side.ok());
  CHECK(wrong_side.error() == "not your turn");
  auto none = game.play(Move());
  CHECK_FALSE(none.ok());

  CHECK(game.position().fen() == fen);
  CHECK(game.keys() == keys);
  CHECK(game.ply() == 1);
  CHECK(game.can_redo());  // a refused move does not clear the redo stack
  REQUIRE(game.redo());
  CHECK(game.last_move() == iccs("h9g7"));
}

TEST_CASE("records hold the key, check and capture of every ply") {
  Game game;
  // The cannon takes the h9 horse over the h7 screen, the rook takes back,
  // then a quiet cannon move (two soldiers screen the e-file: no check).
  play_all(game, {"h2h9", "i9h9", "b2e2"});
  REQUIRE(game.plies().size() == 3);
  CHECK(game.plies()[0].captured == make_piece(kBlack, kHorse));
  CHECK(game.plies()[0].mover == kRed);
  CHECK(game.plies()[1].captured == make_piece(kRed, kCannon));
  CHECK(game.plies()[1].mover == kBlack);
  CHECK(game.plies()[2].captured == kEmpty);
  for (const PlyRecord& r : game.plies()) CHECK_FALSE(r.gave_check);
  REQUIRE(game.keys().size() == 4);
  for (std::size_t i = 0; i < 3; ++i) CHECK(game.keys()[i + 1] == game.plies()[i].key);
  CHECK(game.keys().back() == game.position().key());
  CHECK(game.position().key() == game.position().compute_key());
  CHECK(game.moves() == std::vector<Move>{iccs("h2h9"), iccs("i9h9"), iccs("b2e2")});
}

TEST_CASE("undo and redo restore positions, keys and status") {
  Game game;
  std::vector<std::string> fens{game.position().fen()};
  for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"}) {
    play_all(game, {m});
    fens.push_back(game.position().fen());
  }
  const auto keys = game.keys();
  for (int ply = 5; ply > 0; --ply) {
    REQUIRE(game.undo());
    CHECK(game.ply() == ply - 1);
    CHECK(game.position().fen() == fens[ply - 1]);
    CHECK(game.keys().size() == std::size_t(ply));
    CHECK(game.position().key() == keys[ply - 1]);
    CHECK(game.position().invariants_hold());
  }
  CHECK_FALSE(game.undo());
  CHECK_FALSE(game.can_undo());
  for (int ply = 1; ply <= 3; ++ply) {
    REQUIRE(game.redo());
    CHECK(game.position().fen() == fens[ply]);
  }
  CHECK(game.can_redo());
  // A new move clears what is left of the redo stack.
  play_all(game, {"a6a5"});
  CHECK_FALSE(game.can_redo());
  CHECK_FALSE(game.redo());
  CHECK(game.ply() == 4);
}

TEST_CASE("undo leaves a finished game and redo finishes it again") {
  SUBCASE("checkmate") {
    Game game = game_from("3aka3/9/9/9/4C4/7C1/9/9/9/3K5 w - - 0 1");
    play_all(game, {"h4e4"});
    REQUIRE(game.over());
    REQUIRE(game.undo());
    require_ongoing(game);
    CHECK(game.status().description == "red to move");
    REQUIRE(game.redo());
    CHECK(game.status().reason == Reason::kCheckmate);
  }
  SUBCASE("perpetual check") {
    Game game = game_from(kRookShuffle);
    play_all(game, {"i8i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8", "e8e9"});
    REQUIRE(game.status().reason == Reason::kPerpetualCheck);
    REQUIRE(game.undo());
    require_ongoing(game);
    CHECK(game.status().in_check);
    REQUIRE(game.redo());
    CHECK(game.status().reason == Reason::kPerpetualCheck);
    // Undo two plies and play another reply: the cycle is broken.
    REQUIRE(game.undo());
    REQUIRE(game.undo());
    CHECK_FALSE(play_all(game, {"i9i7", "e8e9"}).over());
  }
}

TEST_CASE("resignation") {
  Game game;
  play_all(game, {"h2e2"});
  auto result = game.resign(kBlack);
  REQUIRE(result.ok());
  CHECK(result->reason == Reason::kResignation);
  CHECK(result->code() == "resignation");
  CHECK(result->outcome == Outcome::kRedWins);
  CHECK(result->description == "black resigns");
  CHECK_FALSE(game.play(iccs("h9g7")).ok());
  CHECK_FALSE(game.resign(kRed).ok());
  // Undo takes back the resignation first, then moves.
  REQUIRE(game.undo());
  require_ongoing(game);
  CHECK(game.ply() == 1);
  // Red may resign on black's turn too.
  REQUIRE(game.resign(kRed).ok());
  CHECK(game.status().outcome == Outcome::kBlackWins);
  CHECK(game.status().description == "red resigns");
}

TEST_CASE("Game::from_fen reports FEN errors") {
  auto bad = Game::from_fen("rnbakabnr/9/9 w");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "FEN board has 3 ranks, expected 10");
}
