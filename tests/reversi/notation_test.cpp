#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/codes.h"
#include "engine/reversi/game/ggf.h"
#include "engine/reversi/game/notation.h"

using namespace qipan::reversi;

namespace {

const char* const kStart = "---------------------------OX------XO--------------------------- X";
const char* const kFfo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

// A seeded random game to its end, with its plies (passes as kPass).
std::vector<Square> random_game(std::uint64_t seed) {
  qipan::SplitMix64 rng(seed);
  Position pos = Position::start();
  std::vector<Square> plies;
  MoveList moves;
  for (pos.generate_moves(moves); !moves.empty(); pos.generate_moves(moves)) {
    const Square s = moves[rng.below(std::uint32_t(moves.size()))];
    Undo undo;
    pos.make(s, undo);
    plies.push_back(s);
  }
  return plies;
}

Position play_out(std::vector<Square> plies) {
  Position pos = Position::start();
  for (Square s : plies) {
    Undo undo;
    pos.make(s, undo);
  }
  return pos;
}

}  // namespace

TEST_CASE("reversi square names: a1 top left, h8 bottom right, either case in") {
  CHECK(square_name(0) == "a1");
  CHECK(square_name(7) == "h1");
  CHECK(square_name(8) == "a2");
  CHECK(square_name(63) == "h8");
  CHECK(square_name(kPass) == "pass");
  for (Square s = 0; s < kSquares; ++s) {
    CHECK(*parse_square(square_name(s)) == s);
    std::string upper = square_name(s);
    upper[0] = char(upper[0] - 'a' + 'A');
    CHECK(*parse_square(upper) == s);
  }
}

TEST_CASE("reversi board strings: round trips and the accepted spellings") {
  CHECK(board_string(Position::start()) == kStart);
  CHECK(*parse_board(kStart) == Position::start());

  const Position ffo40 = *parse_board(kFfo40);
  CHECK(ffo40.side_to_move() == kBlack);
  CHECK(ffo40.empty_count() == 20);
  CHECK(board_string(ffo40) == kFfo40);
  // OBF lines carry the solution as a comment.
  CHECK(*parse_board(std::string(kFfo40) + "; +38 a2") == ffo40);
  CHECK(*parse_board(std::string(kFfo40) + ";") == ffo40);
  // '.', '*', lower case, and rows spaced out or on lines of their own.
  CHECK(*parse_board("...........................ox......xo........................... x") == Position::start());
  CHECK(*parse_board("---------------------------O*------*O--------------------------- *") == Position::start());
  CHECK(*parse_board("-------- -------- -------- ---OX--- ---XO--- -------- -------- -------- X") == Position::start());
  CHECK(*parse_board("--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX\n") ==
        Position::start());
  // No space before the side.
  CHECK(*parse_board("---------------------------OX------XO---------------------------O") ==
        Position::from_colors(Position::start().discs(kBlack), Position::start().discs(kWhite), kWhite));

  // Every position of some random games survives the round trip.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Position pos = Position::start();
    for (Square s : random_game(seed)) {
      CHECK(*parse_board(board_string(pos)) == pos);
      Undo undo;
      pos.make(s, undo);
    }
    CHECK(*parse_board(board_string(pos)) == pos);
  }
}

TEST_CASE("reversi transcripts: known opening, case, spacing and round trips with passes") {
  auto tiger = parse_transcript("f5d6c3d3c4");
  REQUIRE(tiger.ok());
  CHECK(board_string(tiger->end) == "------------------XO------XXX------OXX-----O-------------------- O");
  CHECK(tiger->plies.size() == 5);
  CHECK(format_transcript(tiger->plies) == "f5d6c3d3c4");
  CHECK(parse_transcript("F5D6C3D3C4")->end == tiger->end);
  CHECK(parse_transcript(" f5 d6\nc3 D3  c4 ")->end == tiger->end);
  CHECK(parse_transcript("")->plies.empty());
  CHECK(parse_transcript("")->end == Position::start());

  // From another start position (FFO #40: a2 is the best move).
  auto from40 = parse_transcript("a2", *parse_board(kFfo40));
  REQUIRE(from40.ok());
  CHECK(from40->end.side_to_move() == kWhite);
  CHECK(from40->end.empty_count() == 19);

  int games_with_passes = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const std::vector<Square> plies = random_game(seed);
    const std::string text = format_transcript(plies);
    auto parsed = parse_transcript(text);
    REQUIRE_MESSAGE(parsed.ok(), text);
    // Implicit passes come back as explicit kPass plies in the same places,
    // except a final pass before a finished game, which no move follows.
    std::vector<Square> expected = plies;
    while (!expected.empty() && expected.back() == kPass) expected.pop_back();
    CHECK(parsed->plies == expected);
    CHECK(parsed->end.discs(kBlack) == play_out(plies).discs(kBlack));
    CHECK(parsed->end.discs(kWhite) == play_out(plies).discs(kWhite));
    CHECK(parsed->end.game_over());
    CHECK(format_transcript(parsed->plies) == text);
    for (Square s : expected) games_with_passes += s == kPass;
  }
  CHECK(games_with_passes > 0);
}

TEST_CASE("reversi GGF output carries the board, the moves, passes and the result") {
  const auto tiger = *parse_transcript("f5d6c3d3c4");
  GgfInfo info;
  info.black = "Alice";
  info.white = "Bob]";  // ']' would end the value: dropped
  const std::string ggf = format_ggf(Position::start(), tiger.plies, info);
  CHECK(ggf ==
        "(;GM[Othello]PC[Qipan]PB[Alice]PW[Bob]RE[?]TY[8]"
        "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
        "B[F5]W[D6]B[C3]W[D3]B[C4];)");

  // A finished game with a pass: RE[] is black's score with empties to the winner.
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const std::vector<Square> plies = random_game(seed);
    bool has_pass = false;
    for (Square s : plies) has_pass |= s == kPass;
    if (!has_pass) continue;
    const std::string text = format_ggf(Position::start(), plies);
    const Position end = play_out(plies);
    REQUIRE(end.game_over());
    char re[32];
    std::snprintf(re, sizeof re, "RE[%+d.000]", end.final_score_for_black());
    CHECK(text.find(re) != std::string::npos);
    CHECK((text.find("B[PA]") != std::string::npos || text.find("W[PA]") != std::string::npos));
    std::size_t moves = 0;
    for (std::size_t at = 0; (at = text.find("[", at)) != std::string::npos; ++at)
      moves += at > 0 && (text[at - 1] == 'B' || text[at - 1] == 'W') && text[at - 2] != 'P' && text[at - 2] != 'R';
    CHECK(moves == plies.size());
    CHECK(text.find("B[" + std::string{char('A' + column_of(plies[0])), char('1' + row_of(plies[0]))} + "]") !=
          std::string::npos);
    break;
  }

  // A start position with white to move is written with O after the board.
  const std::string white =
      format_ggf(*parse_board("---------------------------OX------XXX-------------------------- O"), {});
  CHECK(white.find("---O*--- ---***-- -------- -------- -------- O]") != std::string::npos);
}

TEST_CASE("reversi malformed input: each refusal names its code, what is wrong and where") {
  struct BadBoard {
    std::string text;
    std::string_view code;
    std::string_view error;
  };
  const std::string squares63(63, '-');
  const std::vector<BadBoard> boards = {
      {"", code::board_empty, "empty board string"},
      {"   ; only a comment", code::board_empty, "empty board string"},
      {squares63 + " X", code::board_square_count, "the board has 63 squares"},
      {std::string(65, '-') + " X", code::board_square_count, "the board has 65 squares"},
      {std::string(64, '-'), code::board_no_side, "no side to move"},
      {"-------- -------- -------- ---OX--- ---XO--- -------- -------- --------", code::board_no_side,
       "no side to move"},
      {std::string(18, '-') + "Z" + std::string(45, '-') + " X", code::board_bad_character,
       "square c3 (character 19): 'Z' is not X, O or -"},
      {std::string(63, '-') + "\x01 X", code::board_bad_character, "square h8 (character 64): byte 0x01"},
      {std::string(64, '-') + " Y", code::board_bad_side, "side to move must be X (black) or O (white), not 'Y'"},
      {std::string(64, '-') + " Black", code::board_bad_side, "not 'Black'"},
      {std::string(64, '-') + " -", code::board_bad_side, "not '-'"},
  };
  for (const BadBoard& bad : boards) {
    CAPTURE(bad.text);
    auto parsed = parse_board(bad.text);
    REQUIRE(!parsed.ok());
    CHECK(parsed.code() == bad.code);
    CHECK_MESSAGE(parsed.error().find(bad.error) != std::string::npos, parsed.error());
  }
  CHECK(*parse_board(squares63 + " X").failure().param("count") == "63");
  const auto bad_char = parse_board(std::string(18, '-') + "Z" + std::string(45, '-') + " X");
  CHECK(*bad_char.failure().param("square") == "c3");
  CHECK(*bad_char.failure().param("character") == "Z");
  CHECK(*parse_board(std::string(63, '-') + "\x01 X").failure().param("character") == "\\x01");
  CHECK(*parse_board(std::string(64, '-') + " Black").failure().param("side") == "Black");

  struct BadTranscript {
    std::string text;
    int index;
    std::string_view written;
    std::string_view cause;
    std::string_view error;
  };
  // A finished game followed by one more move.
  const std::string finished = format_transcript(random_game(3)) + "a1";
  const int finished_moves = int(finished.size() / 2);
  const std::vector<BadTranscript> transcripts = {
      {"f5d6c", 3, "c", code::not_a_move, "move 3 (c): 'c' is not a move"},
      {"f5 d6 c 3", 3, "c", code::not_a_move, "move 3 (c)"},
      {"f5z6", 2, "z6", code::not_a_move, "move 2 (z6)"},
      {"f5 d6 2. 3", 3, "3", code::not_a_move, "move 3 (3)"},
      {"f5d9", 2, "d9", code::not_a_move, "move 2 (d9)"},
      {"f5d0", 2, "d0", code::not_a_move, "move 2 (d0)"},
      {"d4", 1, "d4", code::square_taken, "move 1 (d4): illegal for Black, the square is already taken"},
      {"f5f5", 2, "f5", code::square_taken, "move 2 (f5): illegal for White, the square is already taken"},
      {"f5a1", 2, "a1", code::flips_nothing, "move 2 (a1): illegal for White, it flips no discs"},
      {"f5d6c3d3c4f4f6f3e6e7d7c6c5b4a3", 15, "a3", code::flips_nothing, "move 15 (a3): illegal for Black"},
      {"f5 pass d6", 2, "pass", code::pass_not_allowed, "move 2 (pass): a pass, but White has a legal move"},
      {"PA", 1, "PA", code::pass_not_allowed, "move 1 (PA)"},
      {finished, finished_moves, "a1", code::game_over, "the game is already over"},
  };
  for (const BadTranscript& bad : transcripts) {
    CAPTURE(bad.text);
    auto parsed = parse_transcript(bad.text);
    REQUIRE(!parsed.ok());
    const qipan::Error& e = parsed.failure();
    CHECK(e.code == code::transcript_bad_move);
    CHECK(*e.param("index") == std::to_string(bad.index));
    CHECK(*e.param("text") == bad.written);
    REQUIRE(e.cause);
    CHECK(e.cause->code == bad.cause);
    CHECK_MESSAGE(e.message.find(bad.error) != std::string::npos, e.message);
  }
  CHECK(*parse_transcript("f5 pass").failure().cause->param("side") == "white");
  CHECK(*parse_transcript("f5d4").failure().cause->param("square") == "d4");
  CHECK(parse_transcript(std::string(kMaxTranscriptText + 1, ' ')).code() == qipan::code::text_too_long);
  CHECK(!parse_square("i1").ok());
  CHECK(!parse_square("a9").ok());
  CHECK(parse_square("a").code() == code::not_a_square);
  CHECK(parse_square("a10").error().find("'a10' is not a square") != std::string::npos);
  CHECK(*parse_square("a10").failure().param("text") == "a10");
}
