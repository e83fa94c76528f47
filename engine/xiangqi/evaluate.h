// Static evaluation, tapered between the middlegame and the endgame by the
// attacking material left on the board: material and piece-square tables;
// mobility of rooks, horses and cannons; the safety of each general (attacks
// on its palace, cannons and rooks lined up on it, missing advisors and
// elephants against the attackers left); linked soldiers; pieces left hanging
// or attacked by cheaper ones; and endgame knowledge that scales down an
// advantage the stronger side cannot turn into mate (endgame.h). Scores are
// in centipawn-like units where a rook is about 600; evaluate() answers from
// the side to move's view. The weights are fitted by `qipan-lab tune xiangqi`
// (eval_weights.h, layout in eval_params.h).
//
// The material + table part is a plain sum over pieces, so the searcher keeps
// it incrementally (psqt_delta per move) instead of rescanning the board.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

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

// The evaluation as the tuner sees it: red's view before tapering is
// sum(coefficient * weight) over the listed parameters, separately for the
// middlegame and endgame weights; then tapered by `phase` and multiplied by
// scale/64, where the scale depends on who is ahead.
struct EvalTrace {
  std::vector<std::pair<std::int16_t, std::int16_t>> terms;  // (parameter, coefficient)
  int phase = 0;
  int scale_red_ahead = 64;
  int scale_black_ahead = 64;
  bool red_to_move = true;
};
EvalTrace trace_evaluation(const Position& pos);

}  // namespace qipan::xiangqi
