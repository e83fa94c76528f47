// The endgame solver's transposition table. Endgame values are exact
// game-theoretic facts (no depth, no horizon), so an entry keeps a lower and an
// upper bound on the true score that only ever tighten, and entries stay valid
// across solves of different positions of the same game.
//
// Entries hold both bitboards (no false hits), the bounds, the best move and
// the number of empties (a proxy for the work the entry saves). Two-entry
// buckets: a new position replaces the entry with fewer empties.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "bitboard.h"
#include "position.h"

namespace qipan::reversi::endgame {

constexpr std::uint8_t kNoMove = 0xFF;

struct TTEntry {
  Bitboard player = 0;
  Bitboard opponent = 0;
  std::int8_t lower = -64;
  std::int8_t upper = 64;
  std::uint8_t move = kNoMove;
  std::uint8_t empties = 0;  // 0 marks an unused slot (never stored: too small)
  std::uint32_t pad = 0;
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
    entries_.reset(static_cast<TTEntry*>(::operator new(bytes(), std::align_val_t{kAlignment})));
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

  const TTEntry* probe(Bitboard player, Bitboard opponent) const {
    const TTEntry* bucket = &entries_[2 * (Position::hash_discs(player, opponent) & mask_)];
    if (bucket[0].player == player && bucket[0].opponent == opponent && bucket[0].empties) return &bucket[0];
    if (bucket[1].player == player && bucket[1].opponent == opponent && bucket[1].empties) return &bucket[1];
    return nullptr;
  }

  // Records that the score lies in [lower, upper] (intersected with what is
  // already known about the position) and the best move found.
  void store(Bitboard player, Bitboard opponent, int empties, int lower, int upper, int move) {
    TTEntry* bucket = &entries_[2 * (Position::hash_discs(player, opponent) & mask_)];
    TTEntry* e;
    if (bucket[0].player == player && bucket[0].opponent == opponent && bucket[0].empties) {
      e = &bucket[0];
    } else if (bucket[1].player == player && bucket[1].opponent == opponent && bucket[1].empties) {
      e = &bucket[1];
    } else {
      // Keep the entry covering more empties in slot 0; the new position takes
      // slot 1, or slot 0 when it covers more than the current occupant.
      if (empties >= bucket[0].empties) {
        bucket[1] = bucket[0];
        e = &bucket[0];
      } else {
        e = &bucket[1];
      }
      *e = TTEntry{player, opponent, -64, 64, kNoMove, std::uint8_t(empties), 0};
    }
    e->lower = std::int8_t(std::max<int>(e->lower, lower));
    e->upper = std::int8_t(std::min<int>(e->upper, upper));
    if (move != kNoMove) e->move = std::uint8_t(move);
  }

 private:
  static constexpr std::size_t kAlignment = std::size_t{2} << 20;
  struct Free {
    void operator()(TTEntry* p) const { ::operator delete(p, std::align_val_t{kAlignment}); }
  };
  std::unique_ptr<TTEntry[], Free> entries_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace qipan::reversi::endgame
