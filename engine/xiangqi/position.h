// A xiangqi position: the board, the side to move, the no-capture clock and an
// incrementally updated Zobrist key. make()/unmake() use a caller-owned Undo.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "../core/result.h"
#include "bits90.h"
#include "geometry.h"
#include "types.h"
#include "zobrist.h"

namespace qipan::xiangqi {

inline constexpr std::string_view kStartFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

struct Undo {
  std::uint64_t key = 0;
  Piece captured = kEmpty;
  std::uint16_t quiet_plies = 0;
};

class Position {
 public:
  // Parses and validates a FEN; every malformed input yields an error message.
  static Result<Position> from_fen(std::string_view fen);
  static Position start();
  std::string fen() const;

  Piece at(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  Square king_square(Color c) const { return king_[c]; }
  std::uint64_t key() const { return key_; }
  const SquareSet& pieces(Color c) const { return occupied_[c]; }
  int count(Color c, PieceType t) const { return counts_[make_piece(c, t)]; }
  // Plies since the last capture (the move-limit clock).
  int quiet_plies() const { return quiet_plies_; }
  int fullmove_number() const { return fullmove_; }

  void make(Move m, Undo& undo);
  void unmake(Move m, const Undo& undo);
  // Passes the turn (used by search for null-move pruning and by tests).
  void make_null(Undo& undo);
  void unmake_null(const Undo& undo);

  // Is square s attacked by a piece of colour `by`? The flying-general rule
  // counts: a general sees the enemy general along an open file. Exact for
  // every square (search also asks about capture targets).
  bool attacked(Square s, Color by) const;
  bool in_check() const { return attacked(king_[side_], opposite(side_)); }
  // After a move by `mover`, is that side's own general attacked?
  bool king_exposed(Color mover) const { return attacked(king_[mover], opposite(mover)); }

  // Full consistency check (debug builds and tests): board, sets, counts, key.
  bool invariants_hold() const;
  std::uint64_t compute_key() const;

 private:
  void put(Square s, Piece p);
  void remove(Square s);

  std::array<Piece, kSquares> board_{};
  std::array<SquareSet, 2> occupied_{};
  std::array<Square, 2> king_{kNoSquare, kNoSquare};
  std::array<std::uint8_t, kPieceCodes> counts_{};
  Color side_ = kRed;
  std::uint64_t key_ = 0;
  std::uint16_t quiet_plies_ = 0;
  int fullmove_ = 1;
};

// Where pieces may legally stand at all (FEN input is checked against it;
// the evaluation network has a feature only for such squares).
bool advisor_square(Color c, Square s);
bool elephant_square(Color c, Square s);
bool pawn_square(Color c, Square s);
bool can_stand(Piece p, Square s);

}  // namespace qipan::xiangqi
