// The endgame solver's transposition table. Endgame values are exact
// game-theoretic facts (no depth, no horizon), so an entry keeps a lower and an
// upper bound on the true score that only ever tighten, and entries stay valid
// across solves of different positions of the same game.
//
// Entries hold both bitboards (no false hits), the bounds, the best move and
// the number of empties (a proxy for the work the entry saves). Two-entry
// buckets: a new position replaces the entry with fewer empties.
//
// The parallel solver's threads share one table without locks. An entry is
// three words written one by one, so a reader can see halves of two writes;
// the second word holds the opponent's discs XOR the data word, and a read
// whose words do not fit together is a miss. Concurrent updates of one entry
// may lose one of them, never mix them: every entry written is true.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "bitboard.h"
#include "position.h"

namespace qipan::reversi::endgame {

constexpr std::uint8_t kNoMove = 0xFF;

// What the table knows about a position.
struct TTBounds {
  int lower = -64;
  int upper = 64;
  int move = kNoMove;
  int empties = 0;  // 0 marks an unused slot (never stored: too small)
};

struct TTEntry {
  Bitboard player = 0;
  Bitboard check = 0;  // opponent ^ data
  std::uint64_t data = 0;

  static std::uint64_t pack(const TTBounds& b) {
    return std::uint64_t(std::uint8_t(b.lower)) | std::uint64_t(std::uint8_t(b.upper)) << 8 |
           std::uint64_t(std::uint8_t(b.move)) << 16 | std::uint64_t(std::uint8_t(b.empties)) << 24;
  }
  static TTBounds unpack(std::uint64_t d) {
    return {std::int8_t(d & 0xFF), std::int8_t((d >> 8) & 0xFF), int((d >> 16) & 0xFF), int((d >> 24) & 0xFF)};
  }
};
static_assert(sizeof(TTEntry) == 24);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes) { resize(megabytes); }

  // At least 1024 buckets, rounded down to a power of two.
  void resize(std::size_t megabytes) {
    std::size_t buckets = std::max<std::size_t>(1024, megabytes * 1024 * 1024 / (2 * sizeof(TTEntry)));
    buckets = std::bit_floor(buckets);
    size_ = 2 * buckets;
    // Aligned to 2 MB so that Linux can back the table with huge pages: a
    // probe is a random access, and with 4 KB pages most also miss the TLB.
    entries_.reset(static_cast<TTEntry*>(::operator new (bytes(), std::align_val_t{kAlignment})));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(entries_.get(), bytes(), MADV_HUGEPAGE);
#endif
    mask_ = buckets - 1;
    clear();
  }
  void clear() { std::uninitialized_fill_n(entries_.get(), size_, TTEntry{}); }
  std::size_t bytes() const { return size_ * sizeof(TTEntry); }

  // Starts loading a position's bucket into the cache (a probe is mostly a
  // cache miss: issuing several at once overlaps them).
  void prefetch(Bitboard player, Bitboard opponent) const {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&entries_[2 * (Position::hash_discs(player, opponent) & mask_)]);
#else
    (void)player;
    (void)opponent;
#endif
  }

  std::optional<TTBounds> probe(Bitboard player, Bitboard opponent) const {
    const TTEntry* bucket = &entries_[2 * (Position::hash_discs(player, opponent) & mask_)];
    for (int i = 0; i < 2; ++i) {
      const Words w = read(bucket[i]);
      if (w.player == player && (w.check ^ w.data) == opponent && w.data) return TTEntry::unpack(w.data);
    }
    return std::nullopt;
  }

  // Records that the score lies in [lower, upper] (intersected with what is
  // already known about the position) and the best move found.
  void store(Bitboard player, Bitboard opponent, int empties, int lower, int upper, int move) {
    TTEntry* bucket = &entries_[2 * (Position::hash_discs(player, opponent) & mask_)];
    const Words first = read(bucket[0]);
    TTEntry* e;
    TTBounds b;
    if (first.player == player && (first.check ^ first.data) == opponent && first.data) {
      e = &bucket[0];
      b = TTEntry::unpack(first.data);
    } else if (const Words second = read(bucket[1]);
               second.player == player && (second.check ^ second.data) == opponent && second.data) {
      e = &bucket[1];
      b = TTEntry::unpack(second.data);
    } else {
      // Keep the entry covering more empties in slot 0; the new position takes
      // slot 1, or slot 0 when it covers more than the current occupant.
      if (empties >= TTEntry::unpack(first.data).empties) {
        write(bucket[1], first);
        e = &bucket[0];
      } else {
        e = &bucket[1];
      }
      b.empties = empties;
    }
    b.lower = std::max(b.lower, lower);
    b.upper = std::min(b.upper, upper);
    if (move != kNoMove) b.move = move;
    const std::uint64_t data = TTEntry::pack(b);
    write(*e, {player, opponent ^ data, data});
  }

 private:
  struct Words {
    Bitboard player, check;
    std::uint64_t data;
  };
  // Relaxed atomic word accesses: plain moves, but defined when threads race
  // (the builtins rather than std::atomic_ref, which Emscripten 3.1.6's
  // library lacks).
  static Words read(const TTEntry& e) { return {load(e.player), load(e.check), load(e.data)}; }
  static void write(TTEntry& e, const Words& w) {
    store(e.player, w.player);
    store(e.check, w.check);
    store(e.data, w.data);
  }
#if defined(__GNUC__) || defined(__clang__)
  static std::uint64_t load(const std::uint64_t& word) { return __atomic_load_n(&word, __ATOMIC_RELAXED); }
  static void store(std::uint64_t& word, std::uint64_t value) { __atomic_store_n(&word, value, __ATOMIC_RELAXED); }
#else
  static std::uint64_t load(const std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
  }
  static void store(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
  }
#endif

  static constexpr std::size_t kAlignment = std::size_t{2} << 20;
  struct Free {
    void operator()(TTEntry* p) const { ::operator delete (p, std::align_val_t{kAlignment}); }
  };
  std::unique_ptr<TTEntry[], Free> entries_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace qipan::reversi::endgame
