#include "opening_book.h"

#include <algorithm>
#include <array>

#include "../core/random.h"
#include "game/iccs.h"

namespace qipan::xiangqi {
namespace {

constexpr std::array<std::string_view, 20> kLines = {
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5",  // central cannon vs screen horses, both third pawns (中炮对屏风马)
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5",  // central cannon, river-crossing rook vs screen horses
                                                // (中炮过河车对屏风马)
    "h2e2 h9g7 h0g2 i9h9 c3c4 g6g5 b0c2 b9c7",  // central cannon, seventh pawn vs screen horses (中炮进七兵对屏风马)
    "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7",  // central cannon, straight rook vs screen horses (中炮直车对屏风马)
    "h2e2 h9g7 h0g2 b7f7 i0h0 b9c7 c3c4 a9b9",  // central cannon vs reverse palace horses (中炮对反宫马)
    "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0c2 b9c7",  // same-direction cannons, straight rook (顺炮直车)
    "h2e2 h7e7 h0g2 h9g7 i0i1 i9h9 i1d1 b9c7",  // same-direction cannons, crossing rook (顺炮横车)
    "h2e2 b7e7 h0g2 b9c7 i0h0 a9b9 b0c2 h9g7",  // opposite-direction cannons (中炮对列炮)
    "h2e2 b9c7 h0g2 c9e7 i0h0 h9i7 b0a2 a9b9",  // central cannon vs single lifted horse (中炮对单提马)
    "h2e2 g6g5 h0g2 h9g7 i0h0 i9h9 c3c4 b9c7",  // central cannon vs third pawn (中炮对进7卒)
    "g0e2 h7d7 h0g2 h9g7 i0h0 i9h9 b0c2 b9c7",  // elephant opening vs palace-corner cannon (飞相对过宫炮)
    "g0e2 g6g5 h0g2 h9g7 b0c2 b9a7 i0h0 i9h9",  // elephant opening vs third pawn (飞相对进7卒)
    "g0e2 h9g7 h0g2 i9h9 i0h0 g6g5 b0c2 b9c7",  // elephant opening vs screen horses (飞相对屏风马)
    "c3c4 b7c7 h2e2 c9e7 h0g2 h9g7 i0h0 i9h9",  // pawn opening vs cannon behind the pawn (仙人指路对卒底炮)
    "c3c4 g6g5 b0c2 h9g7 h0g2 b9c7 i0h0 i9h9",  // pawn opening vs pawn (仙人指路对兵局)
    "c3c4 h9g7 h0g2 i9h9 i0h0 g6g5 b2e2 b9c7",  // pawn opening, then central cannon (仙人指路转中炮)
    "h0g2 g6g5 c3c4 h9g7 b0c2 b9c7 i0h0 i9h9",  // horse opening vs third pawn (起马对进7卒)
    "h0g2 h9g7 c3c4 g6g5 b2e2 b9c7 b0c2 a9b9",  // horse opening, then central cannon (起马转中炮)
    "h2d2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5",  // palace-corner cannon vs screen horses (过宫炮对屏风马)
    "b2e2 h9g7 b0c2 b9c7 a0b0 a9b9 g3g4 c6c5",  // left central cannon vs screen horses (左中炮对屏风马)
};

}  // namespace

std::span<const std::string_view> OpeningBook::lines() { return kLines; }

OpeningBook::OpeningBook() {
  for (std::string_view line : kLines) {
    Position pos = Position::start();
    for (std::size_t i = 0; i + 4 <= line.size(); i += 5) {
      auto move = parse_iccs_move(pos, line.substr(i, 4));
      if (!move) break;  // the book test keeps every line legal
      auto entry = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == pos.key(); });
      if (entry == entries_.end()) {
        entries_.push_back({pos.key(), {}});
        entry = entries_.end() - 1;
      }
      auto choice =
          std::find_if(entry->choices.begin(), entry->choices.end(), [&](const Choice& c) { return c.move == *move; });
      if (choice == entry->choices.end()) entry->choices.push_back({*move, 1});
      else ++choice->weight;
      Undo undo;
      pos.make(*move, undo);
    }
  }
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
}

std::span<const OpeningBook::Choice> OpeningBook::choices(const Position& pos) const {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), pos.key(),
                                   [](const Entry& e, std::uint64_t key) { return e.key < key; });
  if (it == entries_.end() || it->key != pos.key()) return {};
  return it->choices;
}

namespace {

Move draw_weighted(std::span<const OpeningBook::Choice> choices, std::uint64_t seed) {
  int total = 0;
  for (const auto& c : choices) total += c.weight;
  if (total == 0) return Move();
  SplitMix64 rng(seed);
  int r = int(rng.below(std::uint32_t(total)));
  for (const auto& c : choices) {
    if (r < c.weight) return c.move;
    r -= c.weight;
  }
  return choices.back().move;
}

}  // namespace

Move OpeningBook::pick(const Game& game, std::uint64_t seed) const {
  // Book positions are reached from the standard start only; a set-up
  // position with the same key is impossible in practice, but the check
  // keeps the book out of composed problems entirely.
  if (game.start_position().key() != Position::start().key()) return Move();
  return draw_weighted(choices(game.position()), seed);
}

std::vector<Move> OpeningBook::opening(int plies, std::uint64_t seed) const {
  std::vector<Move> out;
  Position pos = Position::start();
  SplitMix64 rng(seed);
  for (int i = 0; i < plies; ++i) {
    const Move m = draw_weighted(choices(pos), rng.next());
    if (m.is_none()) break;
    out.push_back(m);
    Undo undo;
    pos.make(m, undo);
  }
  return out;
}

}  // namespace qipan::xiangqi
