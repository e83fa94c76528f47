// The evaluation network's accumulators along a search path, one a ply. A
// move only records what it changed; a ply's accumulator is brought up to
// date from the nearest ready one above it when that ply is evaluated, so
// nodes cut before their evaluation cost no update.
#pragma once

#include <array>
#include <cstddef>

#include "network.h"

namespace qipan::xiangqi::network {

template <std::size_t Plies>
class AccumulatorStack {
 public:
  // The search root: its accumulator computed afresh.
  void reset(const Position& root, const Weights& weights) {
    refresh(root, entries_[0].acc, weights);
    entries_[0].ready = true;
  }
  // Ply `ply` is reached by `moving` playing m, taking `captured`; kEmpty
  // for `moving` is a null move.
  void reached(int ply, Piece moving, Move m, Piece captured) {
    Entry& e = entries_[std::size_t(ply)];
    e.ready = false;
    e.moving = moving;
    e.move = m;
    e.captured = captured;
  }
  // The side to move's score at ply `ply`.
  int evaluate(int ply, Color side_to_move, const Weights& weights) {
    int ready = ply;
    while (!entries_[std::size_t(ready)].ready) --ready;  // the root's always is
    for (int p = ready + 1; p <= ply; ++p) {
      const Entry& parent = entries_[std::size_t(p - 1)];
      Entry& here = entries_[std::size_t(p)];
      if (here.moving == kEmpty) here.acc = parent.acc;
      else update(parent.acc, here.moving, here.move.from(), here.move.to(), here.captured, here.acc, weights);
      here.ready = true;
    }
    return network::evaluate(entries_[std::size_t(ply)].acc, side_to_move, weights);
  }

 private:
  struct Entry {
    Accumulator acc;
    bool ready = false;
    Piece moving = kEmpty;
    Piece captured = kEmpty;
    Move move;
  };
  std::array<Entry, Plies> entries_{};
};

}  // namespace qipan::xiangqi::network
