// Perft beyond the start position: openings, checks through cannon screens,
// blocked horse legs, elephant eyes, flying-general pins, discovered and double
// checks, mate, stalemate, pawn endings and crowded middlegames.
//
// How the numbers were established: independently of this engine, with
// Fairy-Stockfish (the npm package ffish, its wasm build), by a plain perft over
// its legalMoves()/push()/pop():
//   node --no-experimental-fetch tests/js/ffish_perft.mjs "<fen>" <depth> [--divide]
// `tests/js/ffish_perft.mjs --batch <file> <qipan>` recomputes a whole list and
// flags any count where `qipan perft` disagrees. The position marked
// "published" also appears in public xiangqi perft tables with the same counts.
// Each position was checked with --divide by hand where its theme needs it
// (e.g. the pinned soldier and blocked elephants below).
//
// The deepest counts stay below ~80k leaves each, so the file runs in well
// under a second natively and stays cheap in wasm and under sanitizers.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/xiangqi/movegen.h"

using namespace qipan::xiangqi;

namespace {

struct PerftCase {
  std::string_view theme;
  std::string_view fen;
  std::vector<std::uint64_t> counts;  // perft(1), perft(2), ...
};

const std::vector<PerftCase>& cases() {
  static const std::vector<PerftCase> list = {
      // Openings after known first moves.
      {"central cannon h2e2",
       "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
       {45, 1564, 66333}},
      {"same-direction cannons h2e2 h7e7",
       "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
       {35, 1189, 42007}},
      {"pawn opening c3c4", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 1 1", {44, 1920, 79373}},
      {"elephant opening g0e2",
       "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RNBAKA1NR b - - 1 1",
       {44, 1669, 68994}},
      {"after h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 h7i7 b2c2 b7b3",
       "r1bakabr1/9/2n3n1c/p1p1p1p1p/9/2P6/Pc2P1P1P/2C1C1N2/9/RNBAKABR1 w - - 10 6",
       {35, 1487, 53851}},

      // Checks and pins.
      {"cannon check through a black cannon as screen; blocking with an advisor adds a second screen",
       "2bakab2/9/4c4/9/9/9/9/4C4/9/3K5 b - - 0 1",
       {10, 175, 3356, 55585}},
      {"discovered checks: the horse on e6 masks the rook on e2",
       "r2akab2/9/6c2/p3N4/9/2p6/9/4R4/9/3K1A3 w - - 0 1",
       {24, 491, 11519}},
      {"horse on e5 with all four legs blocked; rook on f2 blocks the leg of a horse checking e1",
       "3k5/9/9/4p4/3PNP3/4P4/9/5Rn2/4K4/9 w - - 0 1",
       {9, 75, 1311, 9494}},
      {"elephant eyes blocked by own general, enemy horse, enemy soldier; soldier pinned by the flying general",
       "3k5/9/9/3P5/2b6/2N6/5n3/4B4/3K3p1/6B2 w - - 0 1",
       {8, 110, 1154, 13603}},
      {"cannon between the generals may only move along the file",
       "4k4/9/9/9/9/4C4/9/9/9/3AK4 w - - 0 1",
       {10, 28, 449, 917, 14822}},
      {"bare generals: never step onto the open file", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", {1, 2, 5, 11, 17}},
      {"stepping onto an unscreened cannon line makes a screen",
       "3k5/9/9/4c4/9/9/R8/2N6/9/3AK4 w - - 0 1",
       {22, 361, 8491}},
      {"horse check answered by blocking its leg (a1f1); d0 faces the general",
       "3k5/9/9/9/9/9/9/5n3/R8/4K4 w - - 0 1",
       {3, 26, 380, 2647}},
      {"double check by rook and horse: only the general moves",
       "3k5/9/4r4/9/R8/9/9/6n2/4K4/9 w - - 0 1",
       {1, 27, 420, 9377}},
      {"check by a soldier", "3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", {2, 6, 9, 27}},

      // Game over: in xiangqi both are losses for the side to move.
      {"mate by doubled cannons", "3aka3/9/9/9/9/4C4/4C4/9/9/3K5 b - - 0 1", {0, 0}},
      {"mate by rook, horse guarding", "4k4/9/9/9/9/9/9/5n3/9/3K1r3 w - - 0 1", {0, 0}},
      {"stalemate: general boxed in by two soldiers", "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1", {0, 0}},

      // Endings and a crowded middlegame.
      {"soldiers ending", "3k5/9/4P4/9/9/9/p1p6/9/9/4K4 w - - 0 1", {5, 30, 164, 839, 4369}},
      {"soldiers against advisors", "4k4/4a4/3a5/P1P6/9/9/9/9/4A4/5K3 b - - 0 1", {4, 40, 162, 1484, 5667}},
      {"crowded middlegame (published)",
       "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
       {38, 1128, 43929}},
      {"crowded middlegame, black to move",
       "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 0 1",
       {29, 1154, 33896}},
  };
  return list;
}

}  // namespace

TEST_CASE("perft of themed positions matches counts established with Fairy-Stockfish") {
  CHECK(cases().size() >= 15);
  for (const PerftCase& c : cases()) {
    CAPTURE(c.theme);
    auto parsed = Position::from_fen(c.fen);
    REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? std::string() : parsed.error()));
    Position pos = *parsed;
    for (std::size_t depth = 1; depth <= c.counts.size(); ++depth) {
      CAPTURE(depth);
      CHECK(perft(pos, int(depth)) == c.counts[depth - 1]);
    }
    // Perft must leave the position exactly as it found it.
    CHECK(pos.fen() == Position::from_fen(c.fen)->fen());
    CHECK(pos.invariants_hold());
  }
}

TEST_CASE("the game-over positions are mate or stalemate as intended") {
  const auto status = [](std::string_view fen) {
    const Position pos = *Position::from_fen(fen);
    return std::pair{has_legal_move(pos), pos.in_check()};
  };
  CHECK(status("3aka3/9/9/9/9/4C4/4C4/9/9/3K5 b - - 0 1") == std::pair{false, true});
  CHECK(status("4k4/9/9/9/9/9/9/5n3/9/3K1r3 w - - 0 1") == std::pair{false, true});
  CHECK(status("4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1") == std::pair{false, false});
  // The same board with red to move is an ordinary position.
  CHECK(status("4k4/3P1P3/9/9/9/9/9/9/9/3K5 w - - 0 1").first);
}

TEST_CASE("perft divide of the pinned soldier and blocked elephants is what the rules say") {
  Position pos = *Position::from_fen("3k5/9/9/3P5/2b6/2N6/5n3/4B4/3K3p1/6B2 w - - 0 1");
  MoveList moves;
  generate_legal(pos, moves);
  // The soldier on d6 shields the red general from the flying general: it may
  // only advance. Neither elephant can move (eyes d1, f3 and h1 are taken),
  // and d2/e1 are covered by the black horse on f3.
  CHECK(moves.size() == 8);
  CHECK(moves.contains(Move(make_square(3, 6), make_square(3, 7))));
  CHECK_FALSE(moves.contains(Move(make_square(3, 6), make_square(2, 6))));
  CHECK_FALSE(moves.contains(Move(make_square(3, 6), make_square(4, 6))));
  for (Move m : moves) CHECK(type_of(pos.at(m.from())) != kElephant);
  CHECK_FALSE(moves.contains(Move(make_square(3, 1), make_square(3, 2))));
  CHECK_FALSE(moves.contains(Move(make_square(3, 1), make_square(4, 1))));
}
