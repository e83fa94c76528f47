// Properties of the move generator over seeded random games: make/unmake
// restores everything, keys stay incremental, and the player-facing
// explanation agrees with the generator on every from/to pair.
#include <doctest/doctest.h>

#include "engine/core/random.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/move_reason.h"
#include "engine/xiangqi/movegen.h"

using namespace qipan;
using namespace qipan::xiangqi;

TEST_CASE("make/unmake restores the position and keeps the Zobrist key incremental") {
  SplitMix64 rng(7);
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      for (Move m : moves) {
        const std::string before = pos.fen();
        Undo undo;
        pos.make(m, undo);
        REQUIRE(pos.invariants_hold());
        CHECK_FALSE(pos.king_exposed(opposite(pos.side_to_move())));
        pos.unmake(m, undo);
        REQUIRE(pos.fen() == before);
        REQUIRE(pos.invariants_hold());
      }
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
  }
}

TEST_CASE("illegal_reason agrees with the legal move generator on every square pair") {
  SplitMix64 rng(11);
  int positions = 0;
  for (int game = 0; game < 12; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 100; ++ply, ++positions) {
      MoveList moves;
      generate_legal(pos, moves);
      for (Square from = 0; from < kSquares; ++from)
        for (Square to = 0; to < kSquares; ++to) {
          const bool legal = moves.contains(Move(from, to)) && from != to;
          const auto reason = illegal_reason(pos, from, to);
          if (legal != !reason.has_value())
            FAIL_CHECK(pos.fen() << " " << square_name(from) << square_name(to)
                                 << " reason: " << (reason ? reason->message : "(legal)"));
        }
      if (moves.empty()) break;
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
  }
  CHECK(positions > 500);
}

TEST_CASE("is_legal rejects moves that are not in the generated list") {
  const Position pos = Position::start();
  CHECK(is_legal(pos, Move(make_square(7, 2), make_square(4, 2))));        // h2e2
  CHECK_FALSE(is_legal(pos, Move(make_square(1, 0), make_square(1, 3))));  // rook-like horse
  CHECK_FALSE(is_legal(pos, Move(make_square(7, 9), make_square(6, 7))));  // black piece, red to move
}

TEST_CASE("captures and quiets split the pseudo-legal moves, each in the order of the whole list") {
  SplitMix64 rng(23);
  int positions = 0, captures_seen = 0;
  for (int game = 0; game < 30; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 150; ++ply, ++positions) {
      MoveList all, captures, quiets, expected_captures, expected_quiets;
      generate_pseudo_legal(pos, all, GenKind::kAll);
      generate_pseudo_legal(pos, captures, GenKind::kCaptures);
      generate_pseudo_legal(pos, quiets, GenKind::kQuiets);
      for (Move m : all) (pos.at(m.to()) == kEmpty ? expected_quiets : expected_captures).push(m);
      REQUIRE(quiets.size() == expected_quiets.size());
      for (std::size_t i = 0; i < quiets.size(); ++i) REQUIRE(quiets[i] == expected_quiets[i]);
      REQUIRE(captures.size() == expected_captures.size());
      for (std::size_t i = 0; i < captures.size(); ++i) REQUIRE(captures[i] == expected_captures[i]);
      captures_seen += int(captures.size());
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) break;
      Undo undo;
      pos.make(legal[rng.below(std::uint32_t(legal.size()))], undo);
    }
  }
  CHECK(positions > 1000);
  CHECK(captures_seen > 1000);
}
