#include <doctest/doctest.h>

#include <string>

#include "engine/tictactoe/codes.h"
#include "engine/tictactoe/position.h"

using namespace qipan::tictactoe;

TEST_CASE("tictactoe position text round trips") {
  for (const char* text : {"--------- x", "X-------- o", "XO-X-O--X o", "XXXOO---- o", "XOXXOOOXX o"}) {
    const auto pos = parse_position(text);
    REQUIRE(pos.ok());
    CHECK(position_string(*pos) == text);
  }
}

TEST_CASE("tictactoe position texts refused by code") {
  const auto code_of = [](const char* text) { return std::string(parse_position(text).code()); };
  CHECK(code_of("") == "tictactoe_square_count");
  CHECK(code_of("X------- x") == "tictactoe_square_count");
  CHECK(code_of("X---Z---- o") == "tictactoe_bad_character");
  CHECK(code_of("X--------") == "tictactoe_no_side");
  CHECK(code_of("X-------- q") == "tictactoe_bad_side");
  CHECK(code_of("XX------- o") == "tictactoe_bad_counts");
  CHECK(code_of("X-------- x") == "tictactoe_bad_counts");
  CHECK(code_of("XXXOOO-X- o") == "tictactoe_bad_counts");  // both sides have a line
  const auto bad = parse_position("X---Z---- o");
  CHECK(*bad.failure().param("square") == "b2");
  CHECK(*bad.failure().param("character") == "Z");
}

TEST_CASE("tictactoe squares by name") {
  CHECK(*parse_square("a1") == 0);
  CHECK(*parse_square("C3") == 8);
  CHECK(*parse_square("b2") == 4);
  CHECK(square_name(5) == "c2");
  CHECK(parse_square("d1").code() == "tictactoe_not_a_square");
  CHECK(parse_square("a4").code() == "tictactoe_not_a_square");
  CHECK(parse_square("").code() == "empty_move");
  CHECK(parse_square(std::string(40, 'a')).code() == "text_too_long");
}

TEST_CASE("tictactoe make and unmake keep the invariants") {
  Position pos;
  pos.make(4);
  CHECK(pos.at(4) == kX);
  CHECK(pos.side_to_move() == kO);
  pos.make(0);
  CHECK(pos.invariants_hold());
  pos.unmake(0);
  pos.unmake(4);
  CHECK(pos == Position{});
}
