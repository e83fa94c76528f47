// The midgame searcher's transposition table. Reversi searches in whole
// discs with many null windows, so an entry keeps both a lower and an upper
// bound (merged when the same node is searched again with another window),
// the depth, how selective the search was (probcut level), and the best move.
// Two-entry buckets: the deeper or more recent entry survives.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace qipan::reversi {

struct SearchEntry {
  std::uint64_t key = 0;
  std::int8_t lower = -64;
  std::int8_t upper = 64;
  std::uint8_t depth = 0;
  std::uint8_t accuracy = 0;  // 0 = empty slot
  std::uint8_t move = 0;
  std::uint8_t generation = 0;
};

class SearchTable {
 public:
  explicit SearchTable(std::size_t megabytes) {
    std::size_t count = std::max<std::size_t>(1024, megabytes * 1024 * 1024 / sizeof(SearchEntry));
    entries_.resize(std::bit_floor(count));
    mask_ = entries_.size() - 2;  // even index: the first entry of a bucket
  }
  void clear() {
    std::fill(entries_.begin(), entries_.end(), SearchEntry{});
    generation_ = 0;
  }
  void new_search() { ++generation_; }

  const SearchEntry* probe(std::uint64_t key) const {
    const SearchEntry* b = &entries_[key & mask_];
    if (b[0].key == key && b[0].accuracy) return &b[0];
    if (b[1].key == key && b[1].accuracy) return &b[1];
    return nullptr;
  }

  void store(std::uint64_t key, int depth, std::uint8_t accuracy, int lower, int upper, int move) {
    SearchEntry* b = &entries_[key & mask_];
    SearchEntry* e = nullptr;
    if (b[0].key == key && b[0].accuracy) e = &b[0];
    else if (b[1].key == key && b[1].accuracy) e = &b[1];
    if (e) {
      if (e->depth == depth && e->accuracy == accuracy) {
        // Same search strength: both bounds hold, keep the tighter ones.
        int lo = std::max<int>(e->lower, lower), hi = std::min<int>(e->upper, upper);
        if (lo > hi) lo = lower, hi = upper;  // inconsistent (table-dependent) results: trust the new one
        e->lower = std::int8_t(lo);
        e->upper = std::int8_t(hi);
        e->move = std::uint8_t(move);
        e->generation = generation_;
        return;
      }
      if (e->depth > depth || (e->depth == depth && e->accuracy > accuracy)) {
        e->generation = generation_;  // keep the stronger result
        return;
      }
    } else {
      // Replace the weaker of the two: older searches first, then shallower.
      const int p0 = priority(b[0]), p1 = priority(b[1]);
      e = p0 <= p1 ? &b[0] : &b[1];
    }
    e->key = key;
    e->lower = std::int8_t(lower);
    e->upper = std::int8_t(upper);
    e->depth = std::uint8_t(depth);
    e->accuracy = accuracy;
    e->move = std::uint8_t(move);
    e->generation = generation_;
  }

  std::size_t size() const { return entries_.size(); }

 private:
  int priority(const SearchEntry& e) const {
    if (!e.accuracy) return -1;
    return (e.generation == generation_ ? 256 : 0) + e.depth;
  }

  std::vector<SearchEntry> entries_;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace qipan::reversi
