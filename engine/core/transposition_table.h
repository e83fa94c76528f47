// A transposition table shared by the games' searchers: one entry per slot,
// keyed by the full 64-bit Zobrist key, storing a 16-bit move code, a score,
// the depth and the kind of bound. Memory is allocated once on construction
// (never during a search), and every searcher owns its own table.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace qipan {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;  // game-specific raw move code, 0 = none
  std::int16_t score = 0;  // already adjusted to be relative to this node
  std::int8_t depth = 0;
  Bound bound = Bound::kNone;
  std::uint8_t generation = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  // Rounds down to a power of two number of entries (at least 1024).
  void resize(std::size_t megabytes) {
    std::size_t count = std::max<std::size_t>(1024, megabytes * 1024 * 1024 / sizeof(TTEntry));
    count = std::bit_floor(count);
    entries_.assign(count, TTEntry{});
    mask_ = count - 1;
    generation_ = 0;
  }
  void clear() {
    std::fill(entries_.begin(), entries_.end(), TTEntry{});
    generation_ = 0;
  }
  // Marks entries of earlier searches as replaceable.
  void new_search() { ++generation_; }

  const TTEntry* probe(std::uint64_t key) const {
    const TTEntry& e = entries_[key & mask_];
    return e.key == key && e.bound != Bound::kNone ? &e : nullptr;
  }

  // Replaces the slot unless it holds a deeper result of the current search
  // for another position; a result for the same position always replaces,
  // but keeps the old move when the new one has none.
  void store(std::uint64_t key, std::uint16_t move, int score, int depth, Bound bound) {
    TTEntry& e = entries_[key & mask_];
    if (e.key != key && e.generation == generation_ && e.bound != Bound::kNone && e.depth > depth + 2) return;
    if (e.key != key || move != 0) e.move = move;
    e.key = key;
    e.score = static_cast<std::int16_t>(score);
    e.depth = static_cast<std::int8_t>(std::clamp(depth, -100, 127));
    e.bound = bound;
    e.generation = generation_;
  }

  std::size_t size() const { return entries_.size(); }
  std::size_t bytes() const { return entries_.size() * sizeof(TTEntry); }

 private:
  std::vector<TTEntry> entries_;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace qipan
