// The exact endgame solver against a plain full-width minimax (no pruning, no
// table, no ordering) on small endgames from seeded random games, its window
// and all-moves entry points, its last-square flip counts against real moves,
// and FFO #40 (stable discs: stability_test.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/endgame.h"
#include "engine/reversi/endgame_bits.h"
#include "engine/reversi/ffo_positions.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/movegen.h"
#include "tests/reversi/random_endgames.h"

using namespace qipan;
using namespace qipan::reversi;
using namespace qipan::reversi::testing;

namespace {

// Final score for the side to move, empties to the winner (written out from
// the rule, independently of the engine's helpers).
int plain_final_score(Bitboard player, Bitboard opponent) {
  const int mine = std::popcount(player), theirs = std::popcount(opponent), empty = 64 - mine - theirs;
  if (mine > theirs) return mine - theirs + empty;
  if (mine < theirs) return mine - theirs - empty;
  return 0;
}

// Full-width negamax: every legal move of every node, to the end of the game.
int minimax(Bitboard player, Bitboard opponent, bool passed = false) {
  Bitboard moves = legal_moves(player, opponent);
  if (moves == 0) {
    if (passed) return plain_final_score(player, opponent);  // neither side can move
    return -minimax(opponent, player, true);
  }
  int best = -1000;
  while (moves) {
    const Square s = pop_first(moves);
    const Bitboard f = flips(player, opponent, s);
    best = std::max(best, -minimax(opponent ^ f, player | f | square_bit(s)));
  }
  return best;
}

int minimax(const Position& pos) { return minimax(pos.player(), pos.opponent()); }

}  // namespace

TEST_CASE("the last-square flip count equals the flips of a real move") {
  SplitMix64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const Square empty = Square(rng.below(64));
    const Bitboard player = rng.next() & ~square_bit(empty);
    const Bitboard opponent = ~player & ~square_bit(empty);
    CHECK(endgame::last_flip_count(player, empty) == std::popcount(flips(player, opponent, empty)));
    CHECK(endgame::last_flip_count(opponent, empty) == std::popcount(flips(opponent, player, empty)));
  }
}

TEST_CASE("the solver agrees with plain minimax on 200 small endgames") {
  endgame::Solver solver(1);
  int passes = 0;
  // 6 to 9 empty squares, and a few with 10 (plain minimax grows sixfold per
  // empty square; the suite also runs under the sanitizers and in wasm).
  std::vector<Position> positions = random_endgames(12345, 192, 6, 9);
  for (const Position& pos : random_endgames(54321, 8, 10, 10)) positions.push_back(pos);
  for (const Position& pos : positions) {
    const int expected = minimax(pos);
    const endgame::Solution s = solver.solve(pos);
    CAPTURE(board_string(pos));
    REQUIRE(s.score == expected);
    CHECK(!s.stopped);
    if (pos.must_pass()) {
      ++passes;
      CHECK(s.best_move == kPass);
    } else {
      REQUIRE(pos.is_legal(s.best_move));
      CHECK(-minimax(after(pos, s.best_move)) == expected);  // the move achieves the score
    }
  }
  MESSAGE("positions where the side to move must pass: " << passes);
}

TEST_CASE("the solver handles passes, finished games and tiny endgames") {
  endgame::Solver solver(1);
  // Finished games with empty squares: the winner gets them.
  for (const Position& pos : random_endgames(777, 400, 0, 5)) {
    const endgame::Solution s = solver.solve(pos);
    CAPTURE(board_string(pos));
    REQUIRE(s.score == minimax(pos));
    if (pos.game_over()) CHECK(s.best_move == kNoSquare);
  }
  // White cannot move at all and black has filled nothing: black wins with empties.
  const auto over = parse_board(
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXXXXX"
      "XXXXX--- O");
  REQUIRE(over.ok());
  CHECK(solver.solve(*over).score == -64);
  CHECK(solver.solve(*over).best_move == kNoSquare);
}

TEST_CASE("solve_window bounds the exact score on the right side") {
  endgame::Solver solver(1);
  SplitMix64 rng(31);
  for (const Position& pos : random_endgames(4242, 50, 6, 9)) {
    solver.clear();
    const int exact = minimax(pos);
    for (int trial = 0; trial < 4; ++trial) {
      int alpha = -64 + int(rng.below(128));
      int beta = alpha + 1 + int(rng.below(20));
      beta = std::min(beta, 64);
      if (alpha >= beta) alpha = beta - 1;
      if (trial & 1) solver.clear();  // with and without a warm table
      const endgame::Solution s = solver.solve_window(pos, alpha, beta);
      CAPTURE(board_string(pos));
      CAPTURE(alpha);
      CAPTURE(beta);
      if (exact <= alpha) CHECK((s.score <= alpha && s.score >= exact));
      else if (exact >= beta) CHECK((s.score >= beta && s.score <= exact));
      else CHECK(s.score == exact);
      if (exact > alpha && !pos.game_over()) {
        // The move reported with a score above alpha reaches at least that score.
        const Position child = after(pos, s.best_move);
        CHECK(-minimax(child) >= std::min(s.score, exact));
      }
    }
    // Win/draw/loss.
    const endgame::Solution wld = solver.solve_window(pos, -1, 1);
    CHECK((wld.score > 0) == (exact > 0));
    CHECK((wld.score < 0) == (exact < 0));
  }
}

TEST_CASE("solve_all_moves gives the exact value of every move") {
  endgame::Solver solver(1);
  for (const Position& pos : random_endgames(555, 40, 6, 9)) {
    const endgame::AllMoves all = solver.solve_all_moves(pos);
    MoveList moves;
    pos.generate_moves(moves);
    REQUIRE(all.moves.size() == moves.size());
    CHECK(!all.stopped);
    int best = -1000;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      CHECK(all.moves[i].move == moves[i]);
      CHECK(all.moves[i].score == -minimax(after(pos, moves[i])));
      best = std::max(best, all.moves[i].score);
    }
    if (!moves.empty()) CHECK(best == minimax(pos));
  }
}

TEST_CASE("a node limit or the stop flag stops the solver and says so") {
  for (const Position& pos : random_endgames(8080, 3, 14, 14)) {
    endgame::Solver solver(1);
    endgame::Limits limits;
    limits.nodes = 5000;
    const endgame::Solution s = solver.solve(pos, limits);
    CHECK(s.stopped);
    CHECK(s.nodes < 50000);
    // Nothing half-searched was kept: a full solve afterwards agrees with a
    // fresh solver.
    const endgame::Solution full = solver.solve(pos);
    CHECK(!full.stopped);
    endgame::Solver fresh(1);
    CHECK(full.score == fresh.solve(pos).score);
    // A stop flag that is already set.
    std::atomic<bool> stop{true};
    endgame::Limits flag;
    flag.stop = &stop;
    solver.clear();
    CHECK(solver.solve(pos, flag).stopped);
    CHECK(solver.solve_all_moves(pos, flag).stopped);
  }
}

TEST_CASE("a node limit stops the solver while it orders the root moves of a deep position") {
  // FFO #59 has 34 empties: ordering its root moves alone takes millions of
  // nodes of probe search, and the limit must hold inside them too.
  const FfoPosition& ffo = kFfoPositions.back();
  REQUIRE(ffo.number == 59);
  const auto pos = parse_board(ffo.board);
  REQUIRE(pos.ok());
  endgame::Solver solver(1);
  endgame::Limits limits;
  limits.nodes = 5000;
  const endgame::Solution s = solver.solve(*pos, limits);
  CHECK(s.stopped);
  CHECK(s.nodes < 50000);
}

TEST_CASE("two threads solve what one thread solves") {
  endgame::Solver one(4), two(4);
#if defined(__EMSCRIPTEN__)
  CHECK(two.set_threads(2) == 1);  // no threads in wasm: the same solver
#else
  REQUIRE(two.set_threads(2) == 2);
#endif
  CHECK(two.threads() == two.set_threads(two.threads()));
  // 14 to 18 empties: deep enough that nodes split (from 12 empties, once
  // four of their moves are searched).
  std::uint64_t splits = 0;
  for (const Position& pos : random_endgames(2024, 24, 14, 18)) {
    CAPTURE(board_string(pos));
    one.clear();
    two.clear();
    const endgame::Solution expected = one.solve(pos);
    const endgame::Solution s = two.solve(pos);
    REQUIRE(s.score == expected.score);
    CHECK(!s.stopped);
    CHECK(expected.splits == 0);
    splits += s.splits;
    if (pos.must_pass() || pos.game_over()) {
      CHECK(s.best_move == expected.best_move);
    } else {
      // Another move of the same score is as good.
      REQUIRE(pos.is_legal(s.best_move));
      CHECK(-one.solve(after(pos, s.best_move)).score == expected.score);
    }
    // Windows bound the score on the right side, with the table warm.
    const endgame::Solution low = two.solve_window(pos, expected.score, expected.score + 2);
    CHECK(low.score <= expected.score);
    const endgame::Solution high = two.solve_window(pos, expected.score - 2, expected.score);
    CHECK(high.score >= expected.score);
  }
  // The threads really shared work (a solver that never split would pass
  // everything above); one thread never splits. One assertion either way:
  // the doctest counts must be equal in every build (scripts/test).
  MESSAGE("split points: " << splits);
  CHECK((two.threads() == 1 ? splits == 0 : splits >= 24));
  // Limits hold across threads, and a stopped solve leaves nothing false.
  for (const Position& pos : random_endgames(8080, 3, 18, 18)) {
    two.clear();
    endgame::Limits limits;
    limits.nodes = 20000;
    const endgame::Solution s = two.solve(pos, limits);
    CHECK(s.stopped);
    CHECK(s.nodes < 400000);
    one.clear();
    CHECK(two.solve(pos).score == one.solve(pos).score);
  }
}

TEST_CASE("FFO #40 is +38 by a2") {
  const FfoPosition& ffo = kFfoPositions[0];
  REQUIRE(ffo.number == 40);
  const auto pos = parse_board(ffo.board);
  REQUIRE(pos.ok());
  CHECK(pos->empty_count() == 20);
  endgame::Solver solver(16);
  const endgame::Solution s = solver.solve(*pos);
  CHECK(s.score == 38);
  CHECK(square_name(s.best_move) == "a2");
}

TEST_CASE("the FFO position table is well formed") {
  for (const FfoPosition& ffo : kFfoPositions) {
    CAPTURE(ffo.number);
    const auto pos = parse_board(ffo.board);
    REQUIRE(pos.ok());
    CHECK(ffo.score % 2 == 0);
    // Every listed best move is legal.
    std::string best(ffo.best);
    for (std::size_t at = 0; at < best.size(); at += 3) {
      const auto square = parse_square(best.substr(at, 2));
      REQUIRE(square.ok());
      CHECK(pos->is_legal(*square));
    }
  }
}
