// Static evaluation: material plus piece-square tables, tapered between the
// middlegame and the endgame by the attacking material left on the board, and
// a small palace-safety term. Scores are in centipawn-like units where a rook
// is about 600; evaluate() answers from the side to move's view.
//
// The material + table part is a plain sum over pieces, so the searcher keeps
// it incrementally (psqt_delta per move) instead of rescanning the board.
#pragma once

#include <array>
#include <cstdint>

#include "position.h"

namespace qipan::xiangqi {

// A (middlegame, endgame) pair, red's gain minus black's.
struct EvalScore {
  int mg = 0;
  int eg = 0;
  EvalScore& operator+=(EvalScore o) {
    mg += o.mg;
    eg += o.eg;
    return *this;
  }
  EvalScore& operator-=(EvalScore o) {
    mg -= o.mg;
    eg -= o.eg;
    return *this;
  }
  friend bool operator==(EvalScore, EvalScore) = default;
};

namespace detail {
struct PsqtPair {
  std::int16_t mg = 0;
  std::int16_t eg = 0;
};
// Material + placement of every piece code on every square, from the piece
// owner's view (positive for both colours).
using PsqtTable = std::array<std::array<PsqtPair, kSquares>, kPieceCodes>;
extern const PsqtTable kPsqt;
}  // namespace detail

// Rough material value of a piece type, for move ordering and pruning margins.
int piece_value(PieceType t);

// Material + tables of a piece on a square, signed for red's view.
inline EvalScore psqt_of(Piece p, Square s) {
  const detail::PsqtPair v = detail::kPsqt[p][s];
  return color_of(p) == kRed ? EvalScore{v.mg, v.eg} : EvalScore{-v.mg, -v.eg};
}

// Full material + table sum of a position (red's view).
EvalScore psqt_score(const Position& pos);

// Change of the sum when `moving` goes from -> to, capturing `captured`.
inline EvalScore psqt_delta(Piece moving, Square from, Square to, Piece captured) {
  EvalScore d = psqt_of(moving, to);
  d -= psqt_of(moving, from);
  if (captured != kEmpty) d -= psqt_of(captured, to);
  return d;
}

// Middlegame weight in [0, kMaxPhase], from the rooks, horses and cannons left.
constexpr int kMaxPhase = 24;
int game_phase(const Position& pos);

// Side-to-move score given the incrementally kept table sum.
int evaluate(const Position& pos, EvalScore psqt);
// Convenience: computes the table sum from scratch.
int evaluate(const Position& pos);

}  // namespace qipan::xiangqi
