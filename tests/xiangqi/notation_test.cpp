// WXF and Chinese notation: known examples, tandem pieces and soldiers, round
// trips over many positions, and malformed or ambiguous text.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/xiangqi/game/chinese.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/wxf.h"
#include "engine/xiangqi/movegen.h"

using namespace qipan;
using namespace qipan::xiangqi;

namespace {

Position from_fen(std::string_view fen) {
  auto pos = Position::from_fen(fen);
  REQUIRE_MESSAGE(pos.ok(), (std::string(fen) + ": " + (pos.ok() ? "" : pos.error())));
  return *pos;
}

Position start_black() { return from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"); }

// `iccs` is written as `wxf` and as `chinese`, and both parse back to it.
void expect_names(const Position& pos, const char* iccs, const std::string& wxf, const std::string& chinese) {
  INFO("move ", iccs, " in ", pos.fen());
  auto move = parse_iccs_move(pos, iccs);
  REQUIRE(move.ok());
  CHECK(to_wxf(pos, *move) == wxf);
  CHECK(to_chinese(pos, *move) == chinese);
  auto w = parse_wxf(pos, wxf);
  REQUIRE_MESSAGE(w.ok(), (wxf + ": " + (w.ok() ? "" : w.error())));
  CHECK(to_iccs(*w) == iccs);
  auto c = parse_chinese(pos, chinese);
  REQUIRE_MESSAGE(c.ok(), (chinese + ": " + (c.ok() ? "" : c.error())));
  CHECK(to_iccs(*c) == iccs);
}

// Another spelling accepted on input only.
void expect_parses(const Position& pos, const std::string& text, const char* iccs) {
  INFO("text ", text, " in ", pos.fen());
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
  auto move = ascii ? parse_wxf(pos, text) : parse_chinese(pos, text);
  REQUIRE_MESSAGE(move.ok(), (move.ok() ? "" : move.error()));
  CHECK(to_iccs(*move) == iccs);
}

void expect_wxf_error(const Position& pos, const std::string& text, const std::string& part) {
  auto move = parse_wxf(pos, text);
  INFO("text ", text, " expected error containing ", part);
  REQUIRE_FALSE(move.ok());
  CHECK_MESSAGE(move.error().find(part) != std::string::npos, move.error());
}

void expect_chinese_error(const Position& pos, const std::string& text, const std::string& part) {
  auto move = parse_chinese(pos, text);
  INFO("text ", text, " expected error containing ", part);
  REQUIRE_FALSE(move.ok());
  CHECK_MESSAGE(move.error().find(part) != std::string::npos, move.error());
}

// Every legal move's WXF and Chinese names parse back to it, and no two legal
// moves share a name. Returns a description of the first failure, or "".
std::string round_trip_failure(const Position& pos) {
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<std::string> wxf, chinese;
  wxf.reserve(legal.size());
  chinese.reserve(legal.size());
  for (Move m : legal) {
    const std::string w = to_wxf(pos, m), c = to_chinese(pos, m);
    const auto where = [&] { return " for " + to_iccs(m) + " in " + pos.fen(); };
    if (w.size() != 4) return "odd WXF '" + w + "'" + where();
    const auto characters = std::count_if(c.begin(), c.end(), [](char b) { return (b & 0xC0) != 0x80; });
    if (characters != 4) return "odd Chinese '" + c + "'" + where();
    const auto outcome = [](const Result<Move>& r) { return r.ok() ? " parses to " + to_iccs(*r) : ": " + r.error(); };
    auto pw = parse_wxf(pos, w);
    if (!pw.ok() || !(*pw == m)) return "WXF " + w + outcome(pw) + where();
    auto pc = parse_chinese(pos, c);
    if (!pc.ok() || !(*pc == m)) return c + outcome(pc) + where();
    wxf.push_back(w);
    chinese.push_back(c);
  }
  for (auto* names : {&wxf, &chinese}) {
    std::sort(names->begin(), names->end());
    auto twin = std::adjacent_find(names->begin(), names->end());
    if (twin != names->end()) return "two moves named " + *twin + " in " + pos.fen();
  }
  return "";
}

// Plays `plies` random legal moves from `pos`, checking every position met.
int random_walk_checks(Position pos, SplitMix64& rng, int plies, std::string& failure) {
  int positions = 0;
  for (int ply = 0; ply < plies && failure.empty(); ++ply) {
    failure = round_trip_failure(pos);
    ++positions;
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) break;
    Undo undo;
    pos.make(legal[rng.below(std::uint32_t(legal.size()))], undo);
  }
  return positions;
}

// Positions with many soldiers on few files (random games rarely make them).
constexpr std::string_view kPawnFens[] = {
    "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",                    // 3 + 2 red soldiers
    "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1",                    // 3 + 2 black soldiers
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",                    // 5 on one file
    "3k5/4P4/4P4/4P4/4P4/9/P8/9/9/5K3 w - - 0 1",                     // 4 on one file
    "3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b - - 0 1",                      // 4 black on one file
    "2bakab2/9/1r2P1n2/2c1P4/4P4/9/4p4/2C1p1N2/9/2BAKAB2 w - - 0 1",  // crowded centre
    "3k5/9/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1",                      // 2 + 2
    "r3k4/9/9/r8/9/9/9/9/9/3K5 b - - 0 1",                            // tandem black rooks
    "3k5/9/9/9/9/7N1/9/7N1/9/4K4 w - - 0 1",                          // tandem horses
    "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1",                          // tandem advisors
    "4k4/9/9/9/9/2B6/9/9/9/2BK5 w - - 0 1",                           // tandem elephants
};

}  // namespace

TEST_CASE("WXF and Chinese names of opening moves") {
  const Position red = Position::start();
  expect_names(red, "h2e2", "C2.5", "炮二平五");
  expect_names(red, "b0c2", "H8+7", "马八进七");
  expect_names(red, "h0g2", "H2+3", "马二进三");
  expect_names(red, "i0i1", "R1+1", "车一进一");
  expect_names(red, "a0a2", "R9+2", "车九进二");
  expect_names(red, "f0e1", "A4+5", "仕四进五");
  expect_names(red, "d0e1", "A6+5", "仕六进五");
  expect_names(red, "c0e2", "E7+5", "相七进五");
  expect_names(red, "g0e2", "E3+5", "相三进五");
  expect_names(red, "g3g4", "P3+1", "兵三进一");
  expect_names(red, "e0e1", "K5+1", "帅五进一");
  expect_names(red, "h2h9", "C2+7", "炮二进七");
  expect_names(red, "b2b1", "C8-1", "炮八退一");

  const Position black = start_black();
  expect_names(black, "h9g7", "H8+7", "马8进7");
  expect_names(black, "b9c7", "H2+3", "马2进3");
  expect_names(black, "b7e7", "C2.5", "炮2平5");
  expect_names(black, "h7e7", "C8.5", "炮8平5");
  expect_names(black, "c9e7", "E3+5", "象3进5");
  expect_names(black, "d9e8", "A4+5", "士4进5");
  expect_names(black, "e9e8", "K5+1", "将5进1");
  expect_names(black, "c6c5", "P3+1", "卒3进1");
  expect_names(black, "a9a8", "R1+1", "车1进1");
  expect_names(black, "b7b0", "C2+7", "炮2进7");
}

TEST_CASE("alternative spellings are accepted on input") {
  const Position red = Position::start();
  expect_parses(red, "C2=5", "h2e2");
  expect_parses(red, "c2.5", "h2e2");
  expect_parses(red, "C25", "h2e2");
  expect_parses(red, " C2.5 ", "h2e2");
  expect_parses(red, "N8+7", "b0c2");
  expect_parses(red, "B3+5", "g0e2");
  expect_parses(red, "G5+1", "e0e1");
  expect_parses(red, "S7+1", "c3c4");
  expect_parses(red, "砲二平五", "h2e2");
  expect_parses(red, "包二平五", "h2e2");
  expect_parses(red, "傌八進七", "b0c2");
  expect_parses(red, "馬2进3", "h0g2");    // digits for red too
  expect_parses(red, "炮２平５", "h2e2");  // full-width digits
  expect_parses(red, "俥一进一", "i0i1");
  expect_parses(red, "車一进一", "i0i1");
  expect_parses(red, "帥五进一", "e0e1");
  expect_parses(red, "将五进一", "e0e1");  // the name need not match the side
  expect_parses(red, "士四进五", "f0e1");
  expect_parses(red, "象三进五", "g0e2");
  expect_parses(red, "卒三进一", "g3g4");
  expect_parses(red, "炮 二 平 五", "h2e2");
  expect_parses(red, "炮二\xE3\x80\x80平五", "h2e2");  // ideographic space

  const Position black = start_black();
  expect_parses(black, "马８进７", "h9g7");
  expect_parses(black, "馬八進七", "h9g7");  // Chinese numerals for black
  expect_parses(black, "h8+7", "h9g7");
  expect_parses(black, "將5進1", "e9e8");
  expect_parses(black, "砲2平5", "b7e7");
}

TEST_CASE("tandem rooks, cannons and horses use front and rear") {
  const Position rooks = from_fen("3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1");
  expect_names(rooks, "a4a5", "R++1", "前车进一");
  expect_names(rooks, "a1a2", "R-+1", "后车进一");
  expect_names(rooks, "a4d4", "R+.6", "前车平六");
  expect_names(rooks, "a1b1", "R-.8", "后车平八");
  expect_names(rooks, "a4a3", "R+-1", "前车退一");
  expect_names(rooks, "a1a0", "R--1", "后车退一");
  expect_parses(rooks, "+R.6", "a4d4");
  expect_parses(rooks, "R+=6", "a4d4");
  expect_parses(rooks, "前車平六", "a4d4");
  expect_parses(rooks, "前俥平六", "a4d4");
  expect_parses(rooks, "車前平六", "a4d4");  // Hong Kong order
  expect_parses(rooks, "後车平八", "a1b1");
  expect_parses(rooks, "R9+3", "a4a7");  // the rear rook is blocked, so the file is enough
  expect_parses(rooks, "车九进三", "a4a7");
  expect_wxf_error(rooks, "R9+1", "ambiguous: 2 red rooks can make that move");
  expect_wxf_error(rooks, "R9+1", "with + or -");
  expect_chinese_error(rooks, "车九进一", "前/后");
  expect_wxf_error(rooks, "R9-1", "ambiguous");
  expect_chinese_error(rooks, "车九进一", "ambiguous");
  expect_chinese_error(rooks, "中车进一", "no file holds 3 or more red rooks");

  const Position black_rooks = from_fen("r3k4/9/9/r8/9/9/9/9/9/3K5 b - - 0 1");
  expect_names(black_rooks, "a6a5", "R++1", "前车进1");
  expect_names(black_rooks, "a9a8", "R-+1", "后车进1");
  expect_names(black_rooks, "a9b9", "R-.2", "后车平2");
  expect_names(black_rooks, "a6d6", "R+.4", "前车平4");
  expect_names(black_rooks, "a6a7", "R+-1", "前车退1");

  const Position cannons = from_fen("3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1");
  expect_names(cannons, "h4h5", "C++1", "前炮进一");
  expect_names(cannons, "h2h3", "C-+1", "后炮进一");
  expect_names(cannons, "h2e2", "C-.5", "后炮平五");
  expect_names(cannons, "h2h1", "C--1", "后炮退一");
  expect_names(cannons, "h4e4", "C+.5", "前炮平五");
  expect_chinese_error(cannons, "炮二平五", "ambiguous");

  const Position horses = from_fen("3k5/9/9/9/9/7N1/9/7N1/9/4K4 w - - 0 1");
  expect_names(horses, "h4g6", "H++3", "前马进三");
  expect_names(horses, "h2g4", "H-+3", "后马进三");
  expect_names(horses, "h2i0", "H--1", "后马退一");
  expect_names(horses, "h4f3", "H+-4", "前马退四");
  expect_names(horses, "h4i6", "H++1", "前马进一");
  expect_wxf_error(horses, "H2+3", "ambiguous");
  expect_wxf_error(horses, "H2-1", "ambiguous");
  expect_chinese_error(horses, "马二进三", "ambiguous");
}

TEST_CASE("soldiers: two, three, four and five on a file") {
  const Position two = from_fen("3k5/9/9/4P4/4P4/9/9/9/9/5K3 w - - 0 1");
  expect_names(two, "e6e7", "P++1", "前兵进一");
  expect_names(two, "e5d5", "P-.6", "后兵平六");
  expect_names(two, "e6f6", "P+.4", "前兵平四");
  expect_names(two, "e5f5", "P-.4", "后兵平四");
  expect_wxf_error(two, "P5.4", "ambiguous");

  const Position three = from_fen("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1");
  expect_names(three, "e7e8", "P++1", "前兵进一");
  expect_names(three, "e6d6", "P5.6", "中兵平六");  // WXF writes the middle one like a lone one
  expect_names(three, "e5f5", "P-.4", "后兵平四");
  expect_names(three, "e7d7", "P+.6", "前兵平六");
  expect_parses(three, "兵五平六", "e6d6");

  const Position four = from_fen("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1");
  expect_names(four, "e8e9", "+++1", "一兵进一");
  expect_names(four, "e8d8", "++.6", "一兵平六");
  expect_names(four, "e7f7", "P+.4", "二兵平四");
  expect_names(four, "e6d6", "P-.6", "三兵平六");
  expect_names(four, "e5f5", "--.4", "四兵平四");
  expect_parses(four, "前兵平六", "e8d8");  // the 前二三四 style
  expect_parses(four, "后兵平四", "e5f5");
  expect_chinese_error(four, "中兵平六", "no file holds 3 or more");
  expect_wxf_error(four, "P5.6", "ambiguous");

  const Position five = from_fen("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1");
  expect_names(five, "c9d9", "++.6", "一兵平六");
  expect_names(five, "c8b8", "P+.8", "二兵平八");
  expect_names(five, "c7d7", "P7.6", "三兵平六");
  expect_names(five, "c6d6", "P-.6", "四兵平六");
  expect_names(five, "c5b5", "--.8", "五兵平八");
  expect_parses(five, "前兵平六", "c9d9");
  expect_parses(five, "中兵平六", "c7d7");
  expect_parses(five, "后兵平八", "c5b5");
  expect_parses(five, "兵七平六", "c7d7");
  expect_chinese_error(five, "六兵平六", "no file holds 6 or more");

  const Position black_four = from_fen("3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K3 b - - 0 1");
  expect_names(black_four, "e1d1", "++.4", "一卒平4");
  expect_names(black_four, "e2f2", "P+.6", "二卒平6");
  expect_names(black_four, "e4d4", "--.4", "四卒平4");
}

TEST_CASE("soldiers doubled on two files name the file in place of the piece") {
  const Position red = from_fen("4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1");
  expect_names(red, "c7c8", "7++1", "前七进一");
  expect_names(red, "c6b6", "77.8", "中七平八");
  expect_names(red, "c5d5", "7-.6", "后七平六");
  expect_names(red, "g6g7", "3++1", "前三进一");
  expect_names(red, "g5h5", "3-.2", "后三平二");
  expect_parses(red, "前兵七进一", "c7c8");  // the older five-character form
  expect_parses(red, "P+.8", "c7b7");        // only one front soldier can reach file 8
  expect_wxf_error(red, "P++1", "ambiguous: 2 red soldiers");
  expect_wxf_error(red, "P++1", "give the file too");
  expect_chinese_error(red, "前兵进一", "ambiguous");
  expect_chinese_error(red, "前兵进一", "前七进一");
  expect_wxf_error(red, "73.8", "written twice");
  expect_wxf_error(red, "33.4", "file 3 holds 2 red soldiers, so 'middle' picks none");

  const Position black = from_fen("4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1");
  expect_names(black, "c2c1", "3++1", "前3进1");
  expect_names(black, "c3b3", "33.2", "中3平2");
  expect_names(black, "c4d4", "3-.4", "后3平4");
  expect_names(black, "g3g2", "7++1", "前7进1");
  expect_names(black, "g4h4", "7-.8", "后7平8");

  // A lone soldier beside the doubled files keeps the ordinary name.
  const Position mixed = from_fen("4k4/9/2P3P2/2P3P2/9/P8/9/9/9/3K5 w - - 0 1");
  expect_names(mixed, "a4a5", "P9+1", "兵九进一");
  expect_names(mixed, "g7g8", "3++1", "前三进一");
}

TEST_CASE("advisors, elephants and generals") {
  // Two advisors on a file: the direction alone tells them apart.
  const Position advisors = from_fen("4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1");
  expect_names(advisors, "d0e1", "A6+5", "仕六进五");
  expect_names(advisors, "d2e1", "A6-5", "仕六退五");
  expect_names(advisors, "f0f1", "K4+1", "帅四进一");
  expect_parses(advisors, "前仕退五", "d2e1");
  expect_parses(advisors, "后仕进五", "d0e1");
  expect_parses(advisors, "A+-5", "d2e1");
  expect_wxf_error(advisors, "A6.5", "cannot move sideways");
  CHECK_FALSE(parse_wxf(advisors, "K4.5").ok());  // the generals would face each other

  const Position elephants = from_fen("4k4/9/9/9/9/2B6/9/9/9/2BK5 w - - 0 1");
  expect_names(elephants, "c0e2", "E7+5", "相七进五");
  expect_names(elephants, "c0a2", "E7+9", "相七进九");
  expect_names(elephants, "c4e2", "E7-5", "相七退五");
  expect_names(elephants, "c4a2", "E7-9", "相七退九");
  expect_parses(elephants, "E+-5", "c4e2");
  expect_parses(elephants, "前相退五", "c4e2");
  expect_wxf_error(elephants, "E7+6", "cannot move forward to file 6");

  const Position black_advisor = from_fen("3k5/4a4/9/9/9/9/9/9/9/4K4 b - - 0 1");
  expect_names(black_advisor, "e8f9", "A5-6", "士5退6");
  expect_names(black_advisor, "e8d7", "A5+4", "士5进4");
  expect_names(black_advisor, "e8f7", "A5+6", "士5进6");
  expect_names(black_advisor, "d9d8", "K4+1", "将4进1");
  expect_names(black_advisor, "d9e9", "K4.5", "将4平5");

  const Position kings = from_fen("9/5k3/9/9/9/9/9/9/3K5/9 w - - 0 1");
  expect_names(kings, "d1d0", "K6-1", "帅六退一");
  expect_names(kings, "d1d2", "K6+1", "帅六进一");
  expect_names(kings, "d1e1", "K6.5", "帅六平五");
  const Position black_king = from_fen("9/5k3/9/9/9/9/9/9/3K5/9 b - - 0 1");
  expect_names(black_king, "f8f9", "K6-1", "将6退1");
  expect_names(black_king, "f8e8", "K6.5", "将6平5");
}

TEST_CASE("malformed, impossible and ambiguous WXF text is refused with a reason") {
  const Position pos = Position::start();
  expect_wxf_error(pos, "", "empty move");
  expect_wxf_error(pos, "   ", "empty move");
  expect_wxf_error(pos, "C2.55", "is not a WXF move");
  expect_wxf_error(pos, "C", "is not a WXF move");
  expect_wxf_error(pos, "X2.5", "unknown piece letter 'X'");
  expect_wxf_error(pos, "C0.5", "bad file '0'");
  expect_wxf_error(pos, "C2*5", "expected +, - or .");
  expect_wxf_error(pos, "C2.0", "ends with a number 1-9");
  expect_wxf_error(pos, "C2.x", "ends with a number 1-9");
  expect_wxf_error(pos, "C?.5", "expected a file 1-9 or + / -");
  expect_wxf_error(pos, "H5+7", "no red horse on file 5");
  expect_wxf_error(pos, "H8+5", "cannot move forward to file 5");
  expect_wxf_error(pos, "H8.7", "cannot move sideways");
  expect_wxf_error(pos, "C2.2", "already on file 2");
  expect_wxf_error(pos, "P3-1", "cannot move backward");
  expect_wxf_error(pos, "R1-1", "off the board");
  expect_wxf_error(pos, "R+.5", "no file holds 2 or more red rooks");
  expect_wxf_error(pos, "++.4", "no file holds 4 or more red soldiers");
  expect_wxf_error(pos, "+-.4", "'+-'");
  expect_wxf_error(pos, "77.8", "file 7 holds 1 red soldier, so");
  expect_wxf_error(pos,
                   "C2\xff"
                   "5",
                   "unexpected character");
  expect_wxf_error(pos, "炮二平五", "unexpected character");
  expect_wxf_error(pos, std::string(100, 'C'), "too long");
  CHECK_FALSE(parse_wxf(pos, "R1+9").ok());  // blocked by the own soldier
  CHECK_FALSE(parse_wxf(start_black(), "H2+4").ok());
}

TEST_CASE("malformed, impossible and ambiguous Chinese text is refused with a reason") {
  const Position pos = Position::start();
  expect_chinese_error(pos, "", "empty move");
  expect_chinese_error(pos, "\xE7\x82", "not valid UTF-8");          // truncated 炮
  expect_chinese_error(pos, "\xC0\xAF", "not valid UTF-8");          // overlong '/'
  expect_chinese_error(pos, "\xED\xA0\x80", "not valid UTF-8");      // surrogate
  expect_chinese_error(pos, "\xF4\x90\x80\x80", "not valid UTF-8");  // beyond U+10FFFF
  expect_chinese_error(pos, "\xFF", "not valid UTF-8");
  expect_chinese_error(pos, "炮二平", "four characters");
  expect_chinese_error(pos, "炮二平五五五", "four characters");
  expect_chinese_error(pos, "炮二走五", "unexpected '走'");
  expect_chinese_error(pos, "炮二进十", "unexpected '十'");
  expect_chinese_error(pos, "炮二五平", "expected 进, 退 or 平");
  expect_chinese_error(pos, "炮二平炮", "ends with a number");
  expect_chinese_error(pos, "炮炮平五", "cannot tell which piece");
  expect_chinese_error(pos, "马五进七", "no red horse on file 5");
  expect_chinese_error(pos, "马八进五", "cannot move forward to file 5");
  expect_chinese_error(pos, "马八平七", "cannot move sideways");
  expect_chinese_error(pos, "兵七退一", "cannot move backward");
  expect_chinese_error(pos, "前车进一", "no file holds 2 or more red rooks");
  expect_chinese_error(pos, "二兵进一", "no file holds 2 or more red soldiers");
  expect_chinese_error(pos, "车一退一", "off the board");
  expect_chinese_error(pos, "炮二平二", "already on file 2");
  expect_chinese_error(pos, "炮二平\x01", "unexpected control character");
  expect_chinese_error(pos, std::string(30, 'x') + "炮二平五" + std::string(40, 'x'), "too long");
  expect_chinese_error(start_black(), "马2进5", "cannot move forward to file 5");
}

TEST_CASE("to_wxf and to_chinese are empty for moves that are not legal") {
  const Position pos = Position::start();
  CHECK(to_wxf(pos, Move()).empty());
  CHECK(to_chinese(pos, Move()).empty());
  CHECK(to_wxf(pos, Move(make_square(7, 9), make_square(6, 7))).empty());      // black horse, red to move
  CHECK(to_chinese(pos, Move(make_square(0, 0), make_square(0, 5))).empty());  // rook through a soldier
  CHECK(to_wxf(pos, Move::from_raw(0xFFFF)).empty());
}

TEST_CASE("random and mutated text never crashes the parsers") {
  // Real names with bytes replaced, inserted or deleted, and strings of
  // notation fragments and arbitrary bytes: the tokenizers and the resolver
  // both see plenty of near misses.
  const std::vector<std::string> fragments = {
      "炮", "马", "车", "兵", "卒", "前",   "中",   "后",   "进",
      "退", "平", "一", "五", "九", "3",    "７",   "C",    "P",
      "+",  "-",  ".",  "=",  "7",  "\xE7", "\x82", "\xFF", std::string(1, '\0'),
      " ",  "++", "H8", "R"};
  SplitMix64 rng(20240611);
  const Position positions[] = {Position::start(), start_black(), from_fen(kPawnFens[0]), from_fen(kPawnFens[2]),
                                from_fen(kPawnFens[5])};
  int parsed = 0, refused = 0;
  for (int i = 0; i < 6000; ++i) {
    const Position& pos = positions[i % 5];
    std::string text;
    if (i % 2 == 0) {
      MoveList legal;
      generate_legal(pos, legal);
      const Move m = legal[rng.below(std::uint32_t(legal.size()))];
      text = rng.below(2) ? to_wxf(pos, m) : to_chinese(pos, m);
      for (int edits = int(rng.below(3)); edits > 0 && !text.empty(); --edits) {
        const std::size_t at = rng.below(std::uint32_t(text.size()));
        switch (rng.below(3)) {
          case 0: text[at] = char(rng.below(256)); break;
          case 1: text.insert(at, fragments[rng.below(std::uint32_t(fragments.size()))]); break;
          default: text.erase(at, 1);
        }
      }
    } else {
      for (int parts = int(rng.below(7)); parts > 0; --parts) {
        if (rng.below(4) == 0) text += char(rng.below(256));
        else text += fragments[rng.below(std::uint32_t(fragments.size()))];
      }
    }
    for (const auto& result : {parse_wxf(pos, text), parse_chinese(pos, text)}) {
      if (result.ok()) {
        ++parsed;
        CHECK(is_legal(pos, *result));
      } else {
        ++refused;
        CHECK_FALSE(result.error().empty());
      }
    }
  }
  CHECK(parsed > 1000);
  CHECK(refused > 1000);
}

TEST_CASE("every legal move round-trips through WXF and Chinese, and names are unique") {
  // Sized to stay well under a second in the sanitizer build; every legal
  // move of every position met is checked (about 100,000 moves).
  std::string failure;
  int positions = 0;
  SplitMix64 rng(7);
  for (int game = 0; game < 40 && failure.empty(); ++game)
    positions += random_walk_checks(Position::start(), rng, 60, failure);
  for (std::string_view fen : kPawnFens)
    for (int walk = 0; walk < 2 && failure.empty(); ++walk)
      positions += random_walk_checks(from_fen(fen), rng, 25, failure);
  CHECK_MESSAGE(failure.empty(), failure);
  CHECK(positions > 2500);
}
