// Reversi records as players and other programs write them: transcripts in
// every common form, written and implicit passes, GGF in and out (players,
// date, result), published GGS games with passes, the final count with the
// empty squares given to the winner, and "continue from here".
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/codes.h"
#include "engine/reversi/game/game.h"
#include "engine/reversi/game/ggf.h"
#include "engine/reversi/game/notation.h"

using namespace qipan;
using namespace qipan::reversi;

namespace {

Square sq(const char* name) { return *parse_square(name); }

// A seeded random game to its end, with a forced pass in it (plies, passes
// as kPass).
std::vector<Square> game_with_pass(std::uint64_t first_seed) {
  for (std::uint64_t seed = first_seed;; ++seed) {
    SplitMix64 rng(seed);
    Position pos = Position::start();
    std::vector<Square> plies;
    bool passed = false;
    while (!pos.game_over()) {
      MoveList moves;
      pos.generate_moves(moves);
      const Square s = moves[rng.below(std::uint32_t(moves.size()))];
      passed |= s == kPass && !pos.game_over();
      Undo undo;
      pos.make(s, undo);
      plies.push_back(s);
    }
    while (!plies.empty() && plies.back() == kPass) plies.pop_back();
    bool inner_pass = false;
    for (Square s : plies) inner_pass |= s == kPass;
    if (passed && inner_pass) return plies;
  }
}

// Published games from the GGS archive (game moves are facts): a game with
// White's... rather Black's pass near the end, RE[+0.000] (a draw), and a
// synchro game from a set-up start (TY[s8r18]) with B[PA] and RE[-10.000].
const char* const kSaioGame =
    "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]RB[2197.01]RW[2199.72]"
    "TI[05:00//02:00]TY[8]RE[+0.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
    "B[d3//0.01]W[c5//0.01]B[e6//0.01]W[d2//0.01]B[c6//0.01]W[d6//0.01]B[b5//0.01]W[f5//0.01]B[e7//0.01]"
    "W[f6//0.01]B[f4//0.01]W[f3//0.01]B[g4//0.01]W[d7//0.01]B[g3//0.01]W[g5//0.01]B[h6//0.01]W[h5//0.01]"
    "B[h4//0.01]W[e8//0.01]B[c7//0.01]W[h3//0.01]B[c3//0.01]W[h7//0.01]B[e3//0.01]W[b6//0.01]B[g6//5.42]"
    "W[f7//0.01]B[d8//0.01]W[c2//0.01]B[d1//0.01]W[c4//0.01]B[b4//0.01]W[a5//0.01]B[f8//0.01]W[f2//0.01]"
    "B[e2//0.01]W[a4//17.38]B[a3//19.10]W[b3//0.01]B[f1//4.90]W[g7//0.01]B[b7//0.01]W[c8//0.01]B[a6//0.01]"
    "W[a7//0.01]B[c1//0.01]W[b2//0.01]B[a8//0.01]W[b8//0.01]B[a2//0.01]W[e1//0.01]B[h8//0.01]W[g8//0.01]"
    "B[h2//0.01]W[g1//0.01]B[h1//3.80]W[g2//0.01]B[pass]W[a1//0.01]B[b1//0.01];)";
const char* const kRoxaneEdax =
    "(;GM[Othello]PC[GGS/os]DT[2009.07.01_02:52:45.MDT]PB[Roxane]PW[edax]RB[2693.68]RW[2691.38]"
    "TI[05:00//02:00]TY[s8r18]RE[-10.000]BO[8 --**O--- --**---- --*OO--- ****OO-- ---O*--- --O-*--- -------- -------- *]"
    "B[F1/-8.00/26.32]W[C5/6.00/13.00]B[D6/-8.00/26.69]W[B6/8.00/28.00]B[F5/-8.00/22.41]W[D7/8.00/31.00]"
    "B[G3/-8.00/43.46]W[F6/8.00/27.00]B[B5/-8.00/53.10]W[G5/8.00/30.00]B[G4/-9.00/54.71]W[F3/10.00/32.00]"
    "B[A7/-10.00/0.02]W[B2/10.00/9.00]B[B3/-10.00/0.09]W[A5/10.00/29.00]B[A6/-10.00/27.62]W[A3/10.00]"
    "B[F2/-10.00]W[B1/10.00]B[E2/-10.00]W[H4/10.00]B[F7/-10.00]W[E7/10.00]B[C8/-10.00]W[A8/10.00]"
    "B[C7/-10.00]W[H3/10.00]B[G6/-10.00]W[B8/10.00]B[B7/-10.00]W[D8/10.00]B[H5/-10.00]W[G1/10.00]"
    "B[E8/-10.00]W[G2/10.00]B[A1/-10.00]W[A2/10.00]B[H1/-10.00]W[H2/10.00]B[PA]W[F8/10.00]B[G7/-10.00]"
    "W[H8/10.00]B[H7/-10.00]W[H6/10.00]B[G8];)";

}  // namespace

TEST_CASE("reversi transcripts: numbered, separated, either case, passes written or left out") {
  const auto plain = parse_transcript("f5d6c3d3c4");
  REQUIRE(plain);
  for (const char* text : {"1. f5 d6 2. c3 d3 3. c4", "1.f5 d6 2.c3 d3 3.c4", "f5-d6-c3-d3-c4", "F5, D6, C3, D3, C4",
                           "1. F5 2... d6\n3. c3 d3; c4", "  f5d6 c3D3c4  "}) {
    CAPTURE(text);
    auto parsed = parse_transcript(text);
    REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? std::string() : parsed.error()));
    CHECK(parsed->plies == plain->plies);
    CHECK(parsed->end == plain->end);
  }

  // A game with a pass: the pass may be written in any of the usual ways
  // at its place, or left out; all read the same game.
  const std::vector<Square> plies = game_with_pass(1);
  std::string implicit, numbered;
  std::vector<std::string> with_pass = {"", "", "", ""};
  const char* pass_words[] = {"pa", "PA", "ps", "pass"};
  int number = 0;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const std::string name = plies[i] == kPass ? std::string() : square_name(plies[i]);
    implicit += name;
    for (int w = 0; w < 4; ++w) with_pass[w] += (plies[i] == kPass ? pass_words[w] : name) + std::string(" ");
    if (i % 2 == 0) numbered += std::to_string(++number) + ". ";
    numbered += (plies[i] == kPass ? "pass" : name) + " ";
  }
  const auto reference = parse_transcript(implicit);
  REQUIRE(reference);
  CHECK(reference->plies == plies);
  for (const std::string& text : with_pass) {
    auto parsed = parse_transcript(text);
    REQUIRE_MESSAGE(parsed.ok(), text);
    CHECK(parsed->plies == plies);
  }
  auto parsed = parse_transcript(numbered);
  REQUIRE_MESSAGE(parsed.ok(), numbered);
  CHECK(parsed->plies == plies);
  auto game = Game::from_record(numbered);
  REQUIRE(game);
  CHECK(game->transcript() == implicit);
  CHECK(game->status().over);

  // A pass written where the side has a move is refused, with its place.
  std::string early = "f5 d6 pa c3";
  auto refused = parse_transcript(early);
  REQUIRE(!refused);
  CHECK(refused.code() == reversi::code::transcript_bad_move);
  CHECK(*refused.failure().param("index") == "3");
  CHECK(refused.failure().cause->code == reversi::code::pass_not_allowed);
  CHECK(*refused.failure().cause->param("side") == "black");
}

TEST_CASE("reversi status: the final count gives the empty squares to the winner, with a reason code") {
  // White wipes out Black with 59 discs and 5 empties: 0-64.
  const auto wipeout = Game::from_board("OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO----- X");
  REQUIRE(wipeout);
  GameStatus s = wipeout->status();
  CHECK(s.over);
  CHECK(s.reason == EndReason::kNoMoves);
  CHECK(end_reason_code(s.reason) == "no_moves");
  CHECK(s.winner == std::optional<Color>(kWhite));
  CHECK(s.white_discs == 59);
  CHECK(s.final_white == 64);
  CHECK(s.final_black == 0);
  CHECK(s.black_score == -64);
  CHECK(s.description == "white wins 0-64");

  // A full board: no empties to give.
  const auto full = Game::from_board(std::string(30, 'X') + std::string(34, 'O') + " X");
  REQUIRE(full);
  s = full->status();
  CHECK(s.reason == EndReason::kBoardFull);
  CHECK(end_reason_code(s.reason) == "board_full");
  CHECK(s.final_black == 30);
  CHECK(s.final_white == 34);

  // A blocked draw: the empties go to no one.
  const auto draw = Game::from_board(
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXX----"
      "OOOO----"
      "OOOOOOOO"
      "OOOOOOOO"
      "OOOOOOOO X");
  REQUIRE(draw);
  s = draw->status();
  CHECK(s.over);
  CHECK(!s.winner);
  CHECK(s.final_black == 28);
  CHECK(s.final_white == 28);
  CHECK(s.black_score == 0);

  // While the game goes on: the discs on the board, no reason.
  s = Game().status();
  CHECK(!s.over);
  CHECK(s.reason == EndReason::kNone);
  CHECK(end_reason_code(s.reason).empty());
  CHECK(s.final_black == 2);
}

TEST_CASE("reversi GGF: a game with passes round-trips with its players, date and result") {
  const std::vector<Square> plies = game_with_pass(7);
  Game game;
  for (Square s : plies)
    if (s != kPass) REQUIRE(game.play(s));
  REQUIRE(game.status().over);
  GgfInfo info;
  info.black = "Qipan AI level 5";
  info.white = "Human";
  info.date = "2026.12.01_09:43:30.UTC";
  const std::string text = game.ggf(info);
  CHECK(text.find("PB[Qipan AI level 5]PW[Human]") != std::string::npos);
  CHECK(text.find("DT[2026.12.01_09:43:30.UTC]") != std::string::npos);
  char re[32];
  std::snprintf(re, sizeof re, "RE[%+d.000]", game.status().black_score);
  CHECK(text.find(re) != std::string::npos);
  CHECK((text.find("B[PA]") != std::string::npos || text.find("W[PA]") != std::string::npos));

  GgfInfo read;
  auto back = Game::from_record(text, &read);
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? std::string() : back.error()));
  CHECK(back->position() == game.position());
  CHECK(back->plies().size() == game.plies().size());
  CHECK(back->transcript() == game.transcript());
  CHECK(read.black == info.black);
  CHECK(read.white == info.white);
  CHECK(read.date == info.date);
  CHECK(read.result == std::string(re).substr(3, std::string(re).size() - 4));
  CHECK(back->ggf(read) == text);

  // A file that leaves the passes out reads the same.
  std::string no_passes = text;
  for (const char* pass : {"B[PA]", "W[PA]"})
    for (std::size_t at; (at = no_passes.find(pass)) != std::string::npos;) no_passes.erase(at, 5);
  auto implicit = Game::from_ggf(no_passes);
  REQUIRE(implicit);
  CHECK(implicit->plies().size() == game.plies().size());

  // From a set-up start, unfinished: BO[] carries the start, RE[?].
  auto setup = Game::from_board("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
  REQUIRE(setup);
  REQUIRE(setup->play(sq("a2")));
  auto setup_back = Game::from_ggf(setup->ggf());
  REQUIRE(setup_back);
  CHECK(setup_back->start_position() == setup->start_position());
  CHECK(setup_back->position() == setup->position());
  CHECK(setup->ggf().find("RE[?]") != std::string::npos);
}

TEST_CASE("reversi GGF: published GGS games with passes read to their recorded results") {
  GgfInfo info;
  auto saio = Game::from_ggf(kSaioGame, &info);
  REQUIRE_MESSAGE(saio.ok(), (saio.ok() ? std::string() : saio.error()));
  CHECK(info.black == "Saio1200");
  CHECK(info.white == "Saio3000");
  CHECK(info.date == "2003.12.15_13:24:03.MST");
  CHECK(info.result == "+0.000");
  const GameStatus s = saio->status();
  CHECK(s.over);
  CHECK(s.black_score == 0);  // RE[+0.000]: a draw
  CHECK(s.final_black == 32);
  int passes = 0;
  for (const Ply& p : saio->plies()) passes += p.square == kPass;
  CHECK(passes == 1);
  CHECK(saio->plies().size() == 61);

  auto roxane = Game::from_record(kRoxaneEdax, &info);
  REQUIRE_MESSAGE(roxane.ok(), (roxane.ok() ? std::string() : roxane.error()));
  CHECK(info.black == "Roxane");
  CHECK(roxane->status().over);
  CHECK(roxane->status().black_score == -10);  // RE[-10.000]
  CHECK(!(roxane->start_position() == Position::start()));
  // Exported and read back: the same game.
  auto again = Game::from_ggf(roxane->ggf(info));
  REQUIRE(again);
  CHECK(again->position() == roxane->position());
  CHECK(again->start_position() == roxane->start_position());
}

TEST_CASE("reversi GGF: malformed records are refused with a code and change nothing") {
  struct Bad {
    std::string text;
    std::string_view code;
    std::string_view cause;
  };
  const std::string head = "(;GM[Othello]PB[a]PW[b]";
  const std::vector<Bad> bad = {
      {"(;GM[Othello]PB[a", reversi::code::ggf_syntax, ""},
      {"(;GM[Othello]B[F5]", reversi::code::ggf_syntax, ""},
      {"(;GM[Othello]pb[x];)", reversi::code::ggf_syntax, ""},
      {"(;GM[Chess];)", reversi::code::ggf_not_othello, ""},
      {"(;GM[Othello]TY[10];)", reversi::code::ggf_board_size, ""},
      {"(;GM[Othello]BO[10 ----];)", reversi::code::ggf_board_size, ""},
      {"(;GM[Othello]BO[8 ---];)", reversi::code::ggf_bad_board, ""},
      {head + "B[F5]W[F5];)", reversi::code::ggf_bad_move, reversi::code::square_taken},
      {head + "B[F5]W[A1];)", reversi::code::ggf_bad_move, reversi::code::flips_nothing},
      {head + "B[F5]B[D6];)", reversi::code::ggf_bad_move, reversi::code::ggf_wrong_side},
      {head + "B[F5]W[PA];)", reversi::code::ggf_bad_move, reversi::code::pass_not_allowed},
      {head + "B[Z9];)", reversi::code::ggf_bad_move, reversi::code::not_a_square},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.text);
    auto parsed = Game::from_record(b.text);
    REQUIRE(!parsed);
    CHECK(parsed.code() == b.code);
    if (!b.cause.empty()) {
      REQUIRE(parsed.failure().cause);
      CHECK(parsed.failure().cause->code == b.cause);
      CHECK(parsed.failure().param("index"));
    }
  }
  auto wrong = parse_ggf(head + "B[F5]W[D6]W[C3];)");
  REQUIRE(!wrong);
  CHECK(*wrong.failure().param("index") == "3");
  CHECK(*wrong.failure().param("text") == "C3");
  CHECK(*wrong.failure().cause->param("side") == "black");
  CHECK(parse_ggf(std::string(kMaxGgfText + 1, ' ')).code() == qipan::code::text_too_long);
}

TEST_CASE("reversi truncate: continue from a shown position, a forced pass stays with its move") {
  const std::vector<Square> plies = game_with_pass(3);
  Game game;
  for (Square s : plies)
    if (s != kPass) REQUIRE(game.play(s));
  const int total = int(game.plies().size());
  int pass_at = -1;
  for (int i = 0; i < total; ++i)
    if (game.plies()[i].square == kPass) pass_at = i;
  REQUIRE(pass_at > 0);

  Game cut = game;
  REQUIRE(cut.truncate(pass_at));  // the position before the pass: the pass is kept
  CHECK(int(cut.plies().size()) == pass_at + 1);
  CHECK(cut.position() == *game.position_at(pass_at + 1));
  CHECK(!cut.can_redo());

  Game early = game;
  REQUIRE(early.undo());
  REQUIRE(early.can_redo());
  REQUIRE(early.truncate(10));
  CHECK(early.plies().size() == 10);
  CHECK(early.position() == *game.position_at(10));
  CHECK(!early.can_redo());
  CHECK(!early.truncate(11));
  CHECK(!early.truncate(-1));
  CHECK(early.plies().size() == 10);
  REQUIRE(early.truncate(0));
  CHECK(early.position() == Position::start());
}
