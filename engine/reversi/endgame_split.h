// The meeting place of the parallel endgame solver's threads (natively and
// in qipan_solve_threads.js; the page's wasm has one thread, never splits).
//
// Young brothers wait: a node searches its first moves alone (four of them,
// endgame.cpp kSplitMinSearched); then, when
// some thread is idle, it publishes the rest of its moves as a SplitPoint
// and searches them together with whoever joins. A fail-high at a split
// point cuts it: every thread below it stops (Engine::search checks the
// chain of split points it works under) and its owner returns the cutoff.
// The owner of a split point leaves it only when no helper is inside, and
// while it waits it helps at split points below its own, so that a helper
// that split further down is not left alone.
//
// All threads share the transposition table (endgame_tt.h: lock-free), so
// what one proves the others read.
#pragma once

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

#include "bitboard.h"

namespace qipan::reversi::endgame {

struct MoveEntry {
  Bitboard flipped;
  int value;
  Square square;
};

struct SplitPoint {
  // The node and the moves left to search (in the owner's frame, which
  // outlives the split point).
  Bitboard player = 0, opponent = 0;
  int empties = 0;
  unsigned parity = 0;
  int beta = 0;
  const MoveEntry* moves = nullptr;
  int count = 0;
  SplitPoint* parent = nullptr;  // the split point the owner works under

  std::mutex lock;  // guards next, alpha, best, best_move
  int next = 0;
  int alpha = 0;
  int best = 0;
  int best_move = 0;
  std::atomic<bool> cutoff{false};
  int workers = 0;  // helpers inside; guarded by SplitPool::lock_

  // Whether this split point or one above it has been cut.
  bool cut_here_or_above() const {
    for (const SplitPoint* p = this; p; p = p->parent)
      if (p->cutoff.load(std::memory_order_relaxed)) return true;
    return false;
  }
  bool below(const SplitPoint* ancestor) const {
    for (const SplitPoint* p = parent; p; p = p->parent)
      if (p == ancestor) return true;
    return false;
  }
};

class SplitPool {
 public:
  std::atomic<int> idle{0};  // threads looking for work
  std::atomic<bool> done{false};
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> nodes{0};  // reported by every thread as it goes

  void publish(SplitPoint& sp) {
    const std::lock_guard<std::mutex> guard(lock_);
    open_.push_back(&sp);
  }

  // Removes the split point once no helper is inside it; false while one is.
  bool retire(SplitPoint& sp) {
    const std::lock_guard<std::mutex> guard(lock_);
    if (sp.workers) return false;
    open_.erase(std::find(open_.begin(), open_.end(), &sp));
    return true;
  }

  // Joins the most recent split point with moves left (below `ancestor`,
  // when given): the most recent is the deepest, so the cheapest to finish.
  SplitPoint* join(const SplitPoint* ancestor = nullptr) {
    const std::lock_guard<std::mutex> guard(lock_);
    for (auto it = open_.rbegin(); it != open_.rend(); ++it) {
      SplitPoint& sp = **it;
      if (ancestor && !sp.below(ancestor)) continue;
      if (sp.cutoff.load(std::memory_order_relaxed)) continue;
      {
        const std::lock_guard<std::mutex> moves(sp.lock);
        if (sp.next >= sp.count) continue;
      }
      ++sp.workers;
      return &sp;
    }
    return nullptr;
  }

  void leave(SplitPoint& sp) {
    const std::lock_guard<std::mutex> guard(lock_);
    --sp.workers;
  }

 private:
  std::mutex lock_;  // guards open_ and every split point's workers
  std::vector<SplitPoint*> open_;
};

}  // namespace qipan::reversi::endgame
