#include <doctest/doctest.h>

#include <set>
#include <utility>

#include "engine/core/random.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/position.h"

using namespace qipan::reversi;

namespace {

Square sq(const char* name) { return *parse_square(name); }

// The rules are constexpr: usable in static tables and checked at compile time.
static_assert(Position::start().legal_moves() == (square_bit(make_square(3, 2)) | square_bit(make_square(2, 3)) |
                                                  square_bit(make_square(5, 4)) | square_bit(make_square(4, 5))));
static_assert(flips(Position::start().player(), Position::start().opponent(), make_square(5, 4)) ==
              square_bit(make_square(4, 4)));

}  // namespace

TEST_CASE("reversi start position and the four opening moves") {
  const Position pos = Position::start();
  CHECK(pos.side_to_move() == kBlack);
  CHECK(pos.discs(kBlack) == (square_bit(sq("d5")) | square_bit(sq("e4"))));
  CHECK(pos.discs(kWhite) == (square_bit(sq("d4")) | square_bit(sq("e5"))));
  CHECK(pos.color_at(sq("d4")) == kWhite);
  CHECK(pos.color_at(sq("e4")) == kBlack);
  CHECK(pos.color_at(sq("a1")) == -1);
  CHECK(pos.empty_count() == 60);
  MoveList moves;
  pos.generate_moves(moves);
  REQUIRE(moves.size() == 4);
  // Index order: row 3 before row 4, etc.
  CHECK(moves[0] == sq("d3"));
  CHECK(moves[1] == sq("c4"));
  CHECK(moves[2] == sq("f5"));
  CHECK(moves[3] == sq("e6"));
  CHECK(!pos.must_pass());
  CHECK(!pos.game_over());
}

TEST_CASE("reversi make and unmake: f5 flips e5, unmake restores everything") {
  Position pos = Position::start();
  const Position before = pos;
  Undo undo;
  pos.make(sq("f5"), undo);
  CHECK(undo.flipped == square_bit(sq("e5")));
  CHECK(pos.side_to_move() == kWhite);
  CHECK(pos.discs(kBlack) ==
        (square_bit(sq("d5")) | square_bit(sq("e4")) | square_bit(sq("e5")) | square_bit(sq("f5"))));
  CHECK(pos.discs(kWhite) == square_bit(sq("d4")));
  CHECK(board_string(pos) == "---------------------------OX------XXX-------------------------- O");
  // White's replies: d6, f4, f6.
  CHECK(pos.legal_moves() == (square_bit(sq("f4")) | square_bit(sq("d6")) | square_bit(sq("f6"))));
  pos.unmake(sq("f5"), undo);
  CHECK(pos == before);
}

TEST_CASE("reversi passes: kPass swaps sides and is its own inverse") {
  // White to move has no move; black does (forced pass with 5 empties).
  Position pos = *parse_board("OOOOOOOOXXXXOOOOOXOOXXXOOXXOOOOOOOXXOOOOOOOXOOOOOOOOO--OOOOOO--- O");
  CHECK(pos.legal_moves() == 0);
  CHECK(pos.must_pass());
  CHECK(!pos.game_over());
  MoveList moves;
  pos.generate_moves(moves);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0] == kPass);
  const Position before = pos;
  Undo undo;
  pos.make(kPass, undo);
  CHECK(undo.flipped == 0);
  CHECK(pos.side_to_move() == kBlack);
  CHECK(pos.player() == before.opponent());
  CHECK(pos.legal_moves() != 0);
  pos.unmake(kPass, undo);
  CHECK(pos == before);
}

TEST_CASE("reversi game end and final scores with empties to the winner") {
  // Full board: 64 discs, no empties.
  const Position full = *parse_board("OOOOOOOXXXOXXXOXXXOXXOOXXXXXXXOXOOXOOXXXOOOXOOXXOOOXXXXXOOOOOOOO O");
  CHECK(full.game_over());
  CHECK(full.empty_count() == 0);
  CHECK(full.final_score() == full.disc_difference());
  CHECK(full.final_score_for_black() == -full.final_score());

  // Wipeout with 60 empties: black wins 4 + 60 = 64.
  const Position wipeout = *parse_board("---------------------------XX------XX--------------------------- O");
  CHECK(wipeout.game_over());
  CHECK(wipeout.final_score() == -64);
  CHECK(wipeout.final_score_for_black() == 64);

  // Blocked: one disc each, 62 empties, a draw: the empties go to nobody.
  Position lone = Position::from_colors(square_bit(sq("a1")), square_bit(sq("h8")), kBlack);
  CHECK(lone.game_over());
  CHECK(lone.final_score() == 0);
  // Two black discs against one: 1 + 61 empties.
  lone = Position::from_colors(square_bit(sq("a1")) | square_bit(sq("b1")), square_bit(sq("h8")), kWhite);
  CHECK(lone.game_over());
  CHECK(lone.final_score() == -62);
  CHECK(lone.final_score_for_black() == 62);

  // Game over with one empty square (neither side can take a1): 1 to the winner.
  const Position one = *parse_board("-XXXXXXXXXXXXXXXXXXXXXXXXOXXOOXXXXOXXOXXXOOOXXXXXXXXXXXXXXXXXXXX O");
  CHECK(one.game_over());
  CHECK(one.empty_count() == 1);
  CHECK(one.final_score_for_black() == 55 - 8 + 1);
  CHECK(one.final_score() == -48);

  CHECK(Position().game_over());  // the empty board
}

TEST_CASE("reversi hash: distinct over random games, and sides matter") {
  std::set<std::pair<Bitboard, Bitboard>> seen;
  std::set<std::uint64_t> hashes;
  for (std::uint64_t game = 0; game < 60; ++game) {
    qipan::SplitMix64 rng(game * 7919 + 1);
    Position pos = Position::start();
    while (!pos.game_over()) {
      if (seen.insert({pos.player(), pos.opponent()}).second) hashes.insert(pos.hash());
      Position passed = pos;
      passed.pass();
      CHECK(passed.hash() != pos.hash());
      MoveList moves;
      pos.generate_moves(moves);
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
  }
  CHECK(seen.size() > 3000);
  CHECK(hashes.size() == seen.size());
  // The hash ignores the colour labels on purpose: same sets, same hash.
  const Position a = Position::from_player(0x1234, 0x8800, kBlack);
  const Position b = Position::from_player(0x1234, 0x8800, kWhite);
  CHECK(a.hash() == b.hash());
  CHECK(Position::hash_discs(0x1234, 0x8800) == a.hash());
}
