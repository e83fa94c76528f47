// The xiangqi searcher's transposition table: buckets of five 12-byte entries
// in one 64-byte cache line. An entry keeps the upper 32 bits of the key (the
// lower bits chose the bucket), the best move, the score (mate scores
// relative to the node, see search.cpp), the static evaluation, the depth, the
// bound, whether the node was on a principal variation, and the search
// generation that wrote it.
//
// Replacement: an entry for the same position is refreshed unless the new
// result is much shallower and not exact; otherwise the least useful entry of
// the bucket goes (shallowest, counting each search of age as 8 plies).
// The table belongs to one Searcher; nothing here is shared between threads.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "../core/transposition_table.h"  // Bound

namespace qipan::xiangqi {

struct TableHit {
  std::uint16_t move = 0;
  int score = 0;
  int eval = 0;
  int depth = 0;
  Bound bound = Bound::kNone;
  bool pv = false;
};

class SearchTable {
 public:
  // Depth stored for a position whose entry holds only a static evaluation.
  static constexpr int kEvalOnlyDepth = -8;

  explicit SearchTable(std::size_t megabytes = 16) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    std::size_t count = std::max<std::size_t>(1024, megabytes * 1024 * 1024 / sizeof(Bucket));
    count = std::bit_floor(count);
    buckets_ = std::make_unique<Bucket[]>(count);
    count_ = count;
    mask_ = count - 1;
    clear();
  }
  void clear() {
    std::memset(static_cast<void*>(buckets_.get()), 0, count_ * sizeof(Bucket));
    generation_ = 0;
  }
  void new_search() { generation_ = std::uint8_t((generation_ + 1) & kGenerationMask); }

  bool probe(std::uint64_t key, TableHit& hit) const {
    const Bucket& b = buckets_[key & mask_];
    const std::uint32_t tag = std::uint32_t(key >> 32);
    for (const Entry& e : b.entries) {
      if (e.tag != tag || e.flags == 0) continue;
      hit.move = e.move;
      hit.score = e.score;
      hit.eval = e.eval;
      hit.depth = e.depth;
      hit.bound = Bound(e.flags & 3);
      hit.pv = (e.flags & 4) != 0;
      return true;
    }
    return false;
  }

  void store(std::uint64_t key, std::uint16_t move, int score, int eval, int depth, Bound bound, bool pv) {
    Bucket& b = buckets_[key & mask_];
    const std::uint32_t tag = std::uint32_t(key >> 32);
    Entry* slot = nullptr;
    for (Entry& e : b.entries)
      if (e.tag == tag && e.flags != 0) {
        slot = &e;
        break;
      }
    if (slot) {
      // Same position: keep a deeper bound unless the new one is exact (or the old is stale).
      if (bound != Bound::kExact && depth + 3 < slot->depth && slot->generation() == generation_) {
        if (move != 0 && slot->move == 0) slot->move = move;
        return;
      }
      if (move == 0) move = slot->move;
    } else {
      slot = &b.entries[0];
      for (Entry& e : b.entries)
        if (worth(e) < worth(*slot)) slot = &e;
    }
    slot->tag = tag;
    slot->move = move;
    slot->score = std::int16_t(score);
    slot->eval = std::int16_t(eval);
    slot->depth = std::int8_t(std::clamp(depth, -100, 127));
    slot->flags = std::uint8_t(std::uint8_t(bound) | (pv ? 4 : 0) | (generation_ << 3) | kPresent);
  }

  // Permille of the first thousand buckets' entries written by this search.
  int hashfull() const {
    int used = 0;
    const std::size_t n = std::min<std::size_t>(count_, 200);
    for (std::size_t i = 0; i < n; ++i)
      for (const Entry& e : buckets_[i].entries) used += e.flags != 0 && e.generation() == generation_;
    return int(used * 1000 / (n * kEntries));
  }

 private:
  static constexpr int kEntries = 5;
  static constexpr std::uint8_t kGenerationMask = 15;
  static constexpr std::uint8_t kPresent = 128;

  struct Entry {
    std::uint32_t tag = 0;
    std::uint16_t move = 0;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::int8_t depth = 0;
    std::uint8_t flags = 0;  // bound (2 bits), pv (1), generation (4), present (1)
    std::uint8_t generation() const { return (flags >> 3) & kGenerationMask; }
  };
  struct alignas(64) Bucket {
    Entry entries[kEntries];
  };
  static_assert(sizeof(Entry) == 12);
  static_assert(sizeof(Bucket) == 64);

  int worth(const Entry& e) const {
    if (e.flags == 0) return -1000;
    const int age = (generation_ - e.generation()) & kGenerationMask;
    return e.depth - 8 * age;
  }

  std::unique_ptr<Bucket[]> buckets_;
  std::size_t count_ = 0;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace qipan::xiangqi
