// A Reversi position: the side to move's discs, the other side's discs, and
// which colour is to move. Search code may work on the two bitboards alone
// (movegen.h); this class adds colours, make/unmake, passes, game end, scores
// and a hash.
//
// make() returns the flipped discs in a caller-owned Undo; unmake() XORs them
// back. A pass is the move kPass: it only swaps the sides.
//
//   Position pos = Position::start();
//   Undo undo;
//   pos.make(37, undo);      // f5
//   pos.unmake(37, undo);
#pragma once

#include <cassert>
#include <cstdint>

#include "../core/move_list.h"
#include "bitboard.h"
#include "movegen.h"

namespace qipan::reversi {

struct Undo {
  Bitboard flipped = 0;
};

// The most legal moves known in any reachable position is 33; the list also
// holds a lone kPass.
constexpr std::size_t kMaxMoves = 64;
using MoveList = FixedList<Square, kMaxMoves>;

// The score of a finished game for the side to move, from its disc difference
// and the empty squares left: the empties go to the winner, none on a draw.
constexpr int final_score_from(int disc_difference, int empties) {
  return disc_difference > 0 ? disc_difference + empties : disc_difference < 0 ? disc_difference - empties : 0;
}
// The same from the two sides' discs, once neither side can move.
constexpr int final_score(Bitboard player, Bitboard opponent) {
  const int p = popcount(player), o = popcount(opponent);
  return final_score_from(p - o, 64 - p - o);
}

class Position {
 public:
  // Empty board, black to move (a valid but finished position).
  constexpr Position() = default;
  // d5 and e4 black, d4 and e5 white, black to move.
  static constexpr Position start() {
    return from_colors(square_bit(35) | square_bit(28), square_bit(27) | square_bit(36), kBlack);
  }
  // `black` and `white` must not overlap (parse_board() checks text input).
  static constexpr Position from_colors(Bitboard black, Bitboard white, Color to_move) {
    assert((black & white) == 0);
    Position pos;
    pos.player_ = to_move == kBlack ? black : white;
    pos.opponent_ = to_move == kBlack ? white : black;
    pos.side_ = to_move;
    return pos;
  }
  // From the side to move's point of view, as search uses it.
  static constexpr Position from_player(Bitboard player, Bitboard opponent, Color to_move) {
    assert((player & opponent) == 0);
    Position pos;
    pos.player_ = player;
    pos.opponent_ = opponent;
    pos.side_ = to_move;
    return pos;
  }

  constexpr Bitboard player() const { return player_; }      // side to move
  constexpr Bitboard opponent() const { return opponent_; }  // the other side
  constexpr Color side_to_move() const { return side_; }
  constexpr Bitboard discs(Color c) const { return c == side_ ? player_ : opponent_; }
  constexpr Bitboard occupied() const { return player_ | opponent_; }
  constexpr Bitboard empties() const { return ~(player_ | opponent_); }
  constexpr int empty_count() const { return 64 - popcount(player_ | opponent_); }
  // kBlack, kWhite, or -1 for an empty square.
  constexpr int color_at(Square s) const {
    const Bitboard b = square_bit(s);
    return (player_ & b) ? int(side_) : (opponent_ & b) ? int(opposite(side_)) : -1;
  }

  constexpr Bitboard legal_moves() const { return reversi::legal_moves(player_, opponent_); }
  constexpr bool is_legal(Square s) const { return s >= 0 && s < kSquares && (legal_moves() & square_bit(s)) != 0; }
  // The side to move has no move but the opponent has: the only ply is kPass.
  constexpr bool must_pass() const { return legal_moves() == 0 && reversi::legal_moves(opponent_, player_) != 0; }
  // Neither side can move (a full board is one case).
  constexpr bool game_over() const { return legal_moves() == 0 && reversi::legal_moves(opponent_, player_) == 0; }
  // The plies available: the legal squares in index order (a1, b1, ... h8),
  // or a lone kPass when the side must pass, or nothing when the game is over.
  void generate_moves(MoveList& out) const;

  // Plays a legal square or kPass (when the side must pass). `undo` receives
  // the flipped discs; pass the same move and undo to unmake().
  constexpr void make(Square s, Undo& undo) {
    if (s == kPass) {
      undo.flipped = 0;
      pass();
      return;
    }
    const Bitboard f = flips(player_, opponent_, s);
    assert(f != 0 && (occupied() & square_bit(s)) == 0);
    undo.flipped = f;
    const Bitboard mover = player_ | f | square_bit(s);
    player_ = opponent_ ^ f;
    opponent_ = mover;
    side_ = opposite(side_);
    assert(invariants_hold());
  }
  constexpr void unmake(Square s, const Undo& undo) {
    if (s == kPass) {
      pass();
      return;
    }
    const Bitboard mover = opponent_ ^ undo.flipped ^ square_bit(s);
    opponent_ = player_ ^ undo.flipped;
    player_ = mover;
    side_ = opposite(side_);
    assert(invariants_hold());
  }
  // Hands the move to the other side (its own inverse).
  constexpr void pass() {
    const Bitboard p = player_;
    player_ = opponent_;
    opponent_ = p;
    side_ = opposite(side_);
  }

  // Disc difference for the side to move, without empties.
  constexpr int disc_difference() const { return popcount(player_) - popcount(opponent_); }
  // The final score for the side to move under the usual rule: empty squares
  // go to the winner (none on a draw). Meaningful once game_over().
  constexpr int final_score() const { return final_score_from(disc_difference(), empty_count()); }
  // The same, from black's point of view (as GGF's RE[] and players quote it).
  constexpr int final_score_for_black() const { return side_ == kBlack ? final_score() : -final_score(); }

  // A well-mixed 64-bit hash of (player, opponent). Colour is not part of it:
  // the game-theoretic value from the side to move's view depends only on the
  // two sets. Computed on demand (a few multiplies), so make/unmake stay at
  // three XORs; a transposition table should still verify both bitboards.
  constexpr std::uint64_t hash() const { return hash_discs(player_, opponent_); }
  static constexpr std::uint64_t hash_discs(Bitboard player, Bitboard opponent) {
    std::uint64_t h = player * 0x9E3779B97F4A7C15ull;
    h ^= std::rotl(opponent * 0xC2B2AE3D27D4EB4Full, 31);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h;
  }

  // The one structural invariant: no square holds two discs.
  constexpr bool invariants_hold() const { return (player_ & opponent_) == 0; }

  friend constexpr bool operator==(const Position&, const Position&) = default;

 private:
  Bitboard player_ = 0;
  Bitboard opponent_ = 0;
  Color side_ = kBlack;
};

}  // namespace qipan::reversi
