// A Chinese checkers position: who owns each hole, the seat to move and the
// player count (rules spec §5.3). Goal lock and finishing depend only on the
// board, so this is the whole game state apart from repetition history and
// the move counter (game.h keeps those).
//
//   Position pos = Position::start(2);
//   MoveList moves;
//   generate_moves(pos, RuleOptions{}, moves);   // movegen.h
//   Undo undo;
//   pos.make(moves[0], undo);
//   pos.unmake(moves[0], undo);
//
// Text form: `<121 chars> <side> <players>`, '.' empty, '1'..'6' a piece of
// seat 0..5, side written 1..N (seat + 1). Start position with 2 players:
// "2222222222" + 101 '.' + "1111111111 1 2".
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>

#include "../core/move_list.h"
#include "../core/result.h"
#include "bits.h"
#include "geometry.h"
#include "rules.h"
#include "zobrist.h"

namespace qipan::checkers {

constexpr std::uint8_t kPassCell = 0xFF;

// A ply: a distinct (from, to) pair, or a pass (only when the side to move has
// no move). A default-constructed Move is the pass. The hop path of a chain is
// not part of the move; path.h reconstructs it.
struct Move {
  std::uint8_t from = kPassCell;
  std::uint8_t to = kPassCell;

  static constexpr Move pass() { return Move{}; }
  static constexpr Move of(Cell from, Cell to) {
    return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
  }
  constexpr bool is_pass() const { return from == kPassCell; }
  friend constexpr bool operator==(Move, Move) = default;
};

// 10 pieces, each with at most 111 empty holes to go to: a proven bound, so
// the fixed list can never overflow.
constexpr std::size_t kMaxMoves = kArmCells * (kCells - kArmCells);
using MoveList = FixedList<Move, kMaxMoves>;

// What unmake() needs beyond the move: the seat that moved (make() hands the
// turn to the next seat, or set_side_to_move() to another one).
struct Undo {
  Player side = 0;
};

class Position {
 public:
  // An empty 2-player board, seat 0 to move (not a legal game position: the
  // parser demands 10 pieces a player; put() builds set-ups for tools).
  Position() : Position(2) {}
  explicit Position(int players, Player side = 0);

  // Every seat in its home arm (§2.1), `first` to move.
  static Position start(int players, Player first = 0);
  // `<121 chars> <side> <players>`, exactly as to_string() writes it. Errors
  // name the problem: wrong field count, board length, unknown character,
  // a player digit above the player count, a piece count other than 10,
  // side or player count out of range.
  static Result<Position> from_string(std::string_view text);
  std::string to_string() const;
  // Just the 121 board characters.
  std::string board_string() const;

  int players() const { return players_; }
  Player side_to_move() const { return side_; }
  Player next_seat(Player p) const { return p + 1 == players_ ? 0 : p + 1; }
  Player owner(Cell c) const { return owner_[c]; }  // kNoPlayer when empty
  bool is_empty(Cell c) const { return owner_[c] == kNoPlayer; }
  Bits occupied() const { return occupied_; }
  Bits empties() const { return board_mask() & ~occupied_; }
  Bits pieces(Player p) const { return pieces_[p]; }
  Bits home(Player p) const { return home_mask(players_, p); }
  Bits target(Player p) const { return target_mask(players_, p); }
  // Board + side to move + player count; updated incrementally by make/unmake.
  std::uint64_t key() const { return key_; }
  std::uint64_t compute_key() const;  // from scratch, for checks

  // §2.3 (WinRule::filled): the target arm is full and holds at least one of
  // p's pieces. WinRule::strict: all ten target holes hold p's pieces.
  bool finished(Player p, WinRule rule = WinRule::filled) const {
    const Bits t = target(p);
    if (rule == WinRule::strict) return (pieces_[p] & t) == t;
    return (occupied_ & t) == t && pieces_[p].intersects(t);
  }
  bool anyone_finished(WinRule rule = WinRule::filled) const {
    for (Player p = 0; p < players_; ++p)
      if (finished(p, rule)) return true;
    return false;
  }

  // Plays a legal move (or the pass) and hands the turn to the next seat.
  // No legality check here: movegen.h decides what is legal.
  void make(Move m, Undo& undo) {
    undo.side = side_;
    if (!m.is_pass()) move_piece(m.from, m.to);
    set_side_to_move(next_seat(side_));
    assert(invariants_hold());
  }
  void unmake(Move m, const Undo& undo) {
    set_side_to_move(undo.side);
    if (!m.is_pass()) move_piece(m.to, m.from);
    assert(invariants_hold());
  }
  // Hands the turn to any seat (play-on games skip finished seats this way);
  // unmake() still restores the mover recorded in the Undo.
  void set_side_to_move(Player p) {
    assert(p >= 0 && p < players_);
    key_ ^= kZobrist.side[side_] ^ kZobrist.side[p];
    side_ = static_cast<std::int8_t>(p);
  }

  // Set-up editing (tools and tests): no piece-count rule is enforced.
  void put(Cell c, Player p);
  void remove(Cell c);

  // The structural invariants: owner array, bitboards and key agree, no piece
  // off the board, seat and player count in range. Cheap enough for asserts
  // after make/unmake in debug builds.
  bool invariants_hold() const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.players_ == b.players_ && a.side_ == b.side_ && a.owner_ == b.owner_;
  }

 private:
  void move_piece(Cell from, Cell to) {
    const Player p = owner_[from];
    assert(p != kNoPlayer && owner_[to] == kNoPlayer);
    owner_[from] = kNoPlayer;
    owner_[to] = static_cast<std::int8_t>(p);
    const Bits change = Bits::of(from) | Bits::of(to);
    pieces_[p] ^= change;
    occupied_ ^= change;
    key_ ^= kZobrist.piece[p][from] ^ kZobrist.piece[p][to];
  }

  std::array<std::int8_t, kCells> owner_{};
  std::array<Bits, kMaxPlayers> pieces_{};
  Bits occupied_{};
  std::uint64_t key_ = 0;
  std::int8_t players_ = 2;
  std::int8_t side_ = 0;
};

}  // namespace qipan::checkers
