// FEN input and output: round trips, the accepted variants, and malformed
// input of every kind, each refused with the message that names the problem.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/random.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"

using namespace qipan;
using namespace qipan::xiangqi;
using namespace std::string_literals;

TEST_CASE("canonical FENs round-trip exactly") {
  const char* fens[] = {
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
      "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 3 3",
      "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 2 2",
      "3aka3/9/9/9/4C4/7C1/9/9/9/3K5 w - - 0 1",
      "4k4/9/4N4/9/9/7C1/9/9/9/3K5 w - - 0 1",
      "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1",
      "R2aka2R/9/9/4P4/9/9/9/9/9/3K5 w - - 0 1",
      "3k5/9/9/9/9/9/4p4/9/9/r2AKA2r b - - 0 1",
      "5k3/9/9/9/9/9/6n2/9/3K2N1c/5C3 w - - 0 1",
      "2bakab2/9/9/9/9/9/9/4B4/9/2BAKA3 w - - 0 1",
      "4k4/9/9/9/9/9/9/9/9/3K5 b - - 57 100",
      "3k5/9/9/9/9/9/9/3p5/4A4/4K4 w - - 1000 99999",
      // Soldiers on every legal kind of square: start ranks, across the river,
      // on the last rank; elephants and advisors on all their points.
      "3k1aP2/4a4/b3P3b/p1p1p3p/P8/8p/2P3P2/B3B4/4A4/3A1K3 w - - 12 40",
      "2bak4/4a4/4b4/9/9/9/9/9/3p5/4K4 b - - 0 1",
      "9/3k5/9/9/2b3b2/2B3B2/9/9/5K3/9 w - - 0 1",
      "1r2k4/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1",
      "4k4/4a4/4c4/9/9/9/9/4C4/4A4/4K4 w - - 0 1",
      // The side to move may be in check (here from the e1 rook).
      "3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1",
  };
  for (const std::string fen : fens) {
    CAPTURE(fen);
    auto pos = Position::from_fen(fen);
    REQUIRE_MESSAGE(pos.ok(), pos.error());
    CHECK(pos->fen() == fen);
    CHECK(pos->invariants_hold());
    CHECK(pos->key() == pos->compute_key());
  }
}

TEST_CASE("every position of seeded random games round-trips") {
  SplitMix64 rng(2024);
  for (int game = 0; game < 16; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 150; ++ply) {
      const std::string fen = pos.fen();
      auto back = Position::from_fen(fen);
      REQUIRE_MESSAGE(back.ok(), fen, ": ", back.error());
      REQUIRE(back->fen() == fen);
      REQUIRE(back->key() == pos.key());
      REQUIRE(back->quiet_plies() == pos.quiet_plies());
      REQUIRE(back->fullmove_number() == pos.fullmove_number());
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
  }
}

TEST_CASE("accepted variants are normalised on output") {
  const std::string start(kStartFen);
  const std::pair<const char*, const char*> cases[] = {
      // 'r' (and upper-case) for red, as some programs write it.
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR R", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR W", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR B - - 0 1",
       "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"},
      // The clock fields are optional.
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7",
       "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 1"},
      // H/E for horse and elephant (WXF letters) in either case.
      {"rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
       "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"},
      // Extra blanks, tabs and a trailing newline or CRLF, as pasted text has.
      {"  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR \t w  -  - 0 1  ", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\r\n", kStartFen.data()},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n", kStartFen.data()},
  };
  for (const auto& [text, expected] : cases) {
    const std::string input = text;  // a copy: clang 14 cannot capture a structured binding
    CAPTURE(input);
    auto pos = Position::from_fen(input);
    REQUIRE_MESSAGE(pos.ok(), pos.error());
    CHECK(pos->fen() == std::string(expected));
  }
  CHECK(Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r")->side_to_move() == kRed);
  CHECK(Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")->side_to_move() == kBlack);
}

TEST_CASE("malformed FENs are refused with a message naming the problem") {
  // Each entry: the input and a substring its error must contain.
  const std::vector<std::pair<std::string, std::string>> cases = {
      // Empty input and garbage.
      {"", "empty FEN"},
      {"   \t\n", "empty FEN"},
      {"hello world", "has 1 ranks, expected 10"},
      {"\xff\xfe\x00\x01"s, "has 1 ranks, expected 10"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAK\xe8\xb1\xa1NR w"s,
       "unknown piece letter '\\xe8' in FEN rank 10"},
      {"rnbakabnr/9/1c5c1/p1p1\0p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"s,
       "unknown piece letter '\\x00' in FEN rank 4"},
      // Rank count.
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN board has 9 ranks, expected 10"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN board has 11 ranks, expected 10"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/ w", "FEN board has 11 ranks, expected 10"},
      // Rank length.
      {"rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN rank 1 has more than 9 files"},
      {"rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN rank 2 has more than 9 files"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "FEN rank 10 has more than 9 files"},
      {"rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN rank 1 has 8 files, expected 9"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN rank 5 has 8 files, expected 9"},
      {"rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN rank 2 has 0 files, expected 9"},
      // Unknown letters (including digit 0 and chess letters).
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBQKABNR w", "unknown piece letter 'Q' in FEN rank 10"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNx w", "unknown piece letter 'x' in FEN rank 10"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/09/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "unknown piece letter '0' in FEN rank 5"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/-9/RNBAKABNR w", "unknown piece letter '-' in FEN rank 9"},
      // Missing and extra generals.
      {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "missing black general"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "missing red general"},
      {"9/9/9/9/9/9/9/9/9/9 w", "missing red general"},
      {"rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many black generals"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", "too many red generals"},
      // Too many pieces of a kind.
      {"rnbakabnr/r8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many black rooks"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/N8/RNBAKABNR w", "too many red horses"},
      {"rnbakabnr/9/1c2c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many black cannons"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many red soldiers"},
      {"rnbakabnr/4a4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many black advisors"},
      {"rnbakabnr/9/bc5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many black elephants"},
      // Generals outside the palace.
      {"k8/9/9/9/9/9/9/9/9/4K4 w", "black general cannot stand on a9"},
      {"4k4/9/9/9/9/9/4K4/9/9/9 w", "red general cannot stand on e3"},
      {"3k5/9/9/9/9/9/9/9/9/2K6 w", "red general cannot stand on c0"},
      // Advisors off their five points.
      {"3ka4/9/9/9/9/9/9/9/9/4K4 w", "black advisor cannot stand on e9"},
      {"4k4/9/9/9/9/9/9/9/3A5/4K4 w", "red advisor cannot stand on d1"},
      {"4k4/9/9/9/9/9/9/9/9/2A1K4 w", "red advisor cannot stand on c0"},
      // Elephants across the river or off their seven points.
      {"4k4/9/9/9/2B6/9/9/9/9/4K4 w", "red elephant cannot stand on c5"},
      {"4k4/9/9/9/9/2b6/9/9/9/4K4 w", "black elephant cannot stand on c4"},
      {"4k4/9/9/9/9/9/9/9/9/3BK4 w", "red elephant cannot stand on d0"},
      {"4k4/9/9/9/9/9/9/9/1E7/4K4 w", "red elephant cannot stand on b1"},
      // Soldiers behind their start rank, or on an odd file before the river.
      {"4k4/9/9/9/9/9/9/P8/9/4K4 w", "red soldier cannot stand on a2"},
      {"4k4/9/9/9/9/9/9/9/9/P3K4 w", "red soldier cannot stand on a0"},
      {"4k4/9/9/9/9/9/1P7/9/9/4K4 w", "red soldier cannot stand on b3"},
      {"4k4/9/9/9/9/3P5/9/9/9/4K4 w", "red soldier cannot stand on d4"},
      {"4k4/9/p8/9/9/9/9/9/9/4K4 w", "black soldier cannot stand on a7"},
      {"4k4/9/9/1p7/9/9/9/9/9/4K4 w", "black soldier cannot stand on b6"},
      // Generals facing on an open file, with either side to move.
      {"4k4/9/9/9/9/9/9/9/9/4K4 w", "the generals face each other"},
      {"3k5/9/9/9/9/9/9/9/9/3K5 b", "the generals face each other"},
      // The side that just moved left its general in check.
      {"4k4/9/9/9/4R4/9/9/9/9/3K5 w", "black general is in check with red to move"},
      {"4k4/9/9/9/9/9/9/2n6/9/3K5 b", "red general is in check with black to move"},
      // The side field.
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "FEN has no side to move"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "bad side to move 'x'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR red", "bad side to move 'red'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR - w", "bad side to move '-'"},
      // The unused fields and the clocks.
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", "unexpected FEN field 'KQ'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1", "unexpected FEN field 'e3'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1", "bad no-capture clock '-1'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "bad no-capture clock 'x'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 12a 1", "bad no-capture clock '12a'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1001 1", "bad no-capture clock '1001'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - +3 1", "bad no-capture clock '+3'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 99999999999999999999 1",
       "bad no-capture clock"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", "bad move number '0'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 one", "bad move number 'one'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 100000", "bad move number '100000'"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra", "FEN has too many fields"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 \x01"s, "bad move number '\\x01'"},
  };
  CHECK(cases.size() >= 30);
  for (const auto& c : cases) {
    const std::string& fen = c.first;
    CAPTURE(fen);
    auto pos = Position::from_fen(fen);
    REQUIRE_FALSE(pos.ok());
    CHECK_MESSAGE(pos.error().find(c.second) != std::string::npos, "error was: ", pos.error());
  }
}
