#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/network.h"
#include "engine/xiangqi/network_simd.h"
#include "engine/xiangqi/search.h"
#include "tests/xiangqi/mirrored_fen.h"

using namespace qipan::xiangqi;
using qipan::xiangqi::testing::mirrored_fen;

namespace {

Position fen(const std::string& text) {
  auto pos = Position::from_fen(text);
  REQUIRE_MESSAGE(pos.ok(), text, ": ", pos.error());
  return *pos;
}

constexpr Square turned(Square s) { return make_square(file_of(s), kRanks - 1 - rank_of(s)); }
constexpr Square mirrored(Square s) { return make_square(kFiles - 1 - file_of(s), rank_of(s)); }

}  // namespace

TEST_CASE("network: each piece on each square it can stand on is one feature of each view") {
  for (Color view : {kRed, kBlack}) {
    std::set<int> seen;
    for (Color c : {kRed, kBlack})
      for (int t = kKing; t <= kPawn; ++t)
        for (Square s = 0; s < kSquares; ++s) {
          const Piece p = make_piece(c, PieceType(t));
          const int f = network::feature_index(view, p, s);
          if (!can_stand(p, s)) {
            CHECK(f == network::kNoFeature);
            continue;
          }
          REQUIRE(f >= 0);
          REQUIRE(f < network::kFeatures);
          CHECK(seen.insert(f).second);
          // Red's view of a red piece is black's view of the black piece on the turned square.
          CHECK(network::feature_index(opposite(view), make_piece(opposite(c), PieceType(t)), turned(s)) == f);
          // Mirroring left to right is a feature of the same piece, and undoes itself.
          CHECK(network::mirrored_feature(f) == network::feature_index(view, p, mirrored(s)));
          CHECK(network::mirrored_feature(network::mirrored_feature(f)) == f);
        }
    CHECK(seen.size() == std::size_t(network::kFeatures));
  }
}

TEST_CASE("network: the SIMD loops (AVX2, wasm SIMD or plain, as built) equal plain integer sums") {
  // Random rows over the whole int16 range, so clipping at both ends and
  // int16 wrap-around in the accumulator are both exercised.
  qipan::SplitMix64 rng(7);
  auto random_row = [&rng](std::int16_t* row) {
    for (int i = 0; i < network::kHidden; ++i) row[i] = std::int16_t(rng.next());
  };
  for (int trial = 0; trial < 200; ++trial) {
    alignas(32) std::int16_t values[network::kHidden], weights[network::kHidden], parent[network::kHidden],
        added[network::kHidden], removed[network::kHidden], taken[network::kHidden], out[network::kHidden];
    for (std::int16_t* row : {values, weights, parent, added, removed, taken}) random_row(row);
    if (trial % 2)  // accumulator-like values around the clipping range
      for (std::int16_t& v : values) v = std::int16_t(int(std::uint16_t(v) % 600) - 150);

    std::int32_t expected = 0;
    for (int i = 0; i < network::kHidden; ++i) expected += std::clamp<int>(values[i], 0, network::kQA) * weights[i];
    CHECK(network::simd::clipped_dot(values, weights, network::kHidden, network::kQA) == expected);

    const bool capture = trial % 3 == 0;
    network::simd::add_sub(out, parent, added, removed, capture ? taken : nullptr, network::kHidden);
    for (int i = 0; i < network::kHidden; ++i)
      REQUIRE(out[i] == std::int16_t(parent[i] + added[i] - removed[i] - (capture ? taken[i] : 0)));
  }
}

TEST_CASE("network: the evaluation is the same seen from either side (seeded random games)") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    qipan::SplitMix64 rng(seed);
    Position pos = Position::start();
    for (int ply = 0; ply < 120; ++ply) {
      const Position other = fen(mirrored_fen(pos.fen()));
      REQUIRE_MESSAGE(network::evaluate(pos, network::kWeights) == network::evaluate(other, network::kWeights),
                      pos.fen());
      const network::ActiveFeatures active = network::active_features(pos);
      CHECK(active.count == pos.pieces(kRed).size() + pos.pieces(kBlack).size());
      ++compared;
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
  }
  CHECK(compared > 300);
}

TEST_CASE("network: accumulators updated move by move equal ones computed afresh (seeded random games)") {
  int moves_checked = 0, captures = 0;
  for (std::uint64_t seed = 11; seed <= 16; ++seed) {
    qipan::SplitMix64 rng(seed);
    Position pos = Position::start();
    network::Accumulator acc;
    network::refresh(pos, acc, network::kWeights);
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      const Move m = moves[rng.below(std::uint32_t(moves.size()))];
      const Piece moving = pos.at(m.from()), captured = pos.at(m.to());
      Undo undo;
      pos.make(m, undo);
      network::Accumulator updated, fresh;
      network::update(acc, moving, m.from(), m.to(), captured, updated, network::kWeights);
      network::refresh(pos, fresh, network::kWeights);
      for (int view = 0; view < 2; ++view)
        for (int i = 0; i < network::kHidden; ++i) REQUIRE(updated.values[view][i] == fresh.values[view][i]);
      CHECK(network::evaluate(updated, pos.side_to_move(), network::kWeights) ==
            network::evaluate(pos, network::kWeights));
      acc = updated;
      ++moves_checked;
      captures += captured != kEmpty;
    }
  }
  CHECK(moves_checked > 500);
  CHECK(captures > 20);
}

TEST_CASE("network: the trained weights value material") {
  // A committed placeholder or a failed training would not see a missing rook or horse.
  const Position start = Position::start();
  const int level = network::evaluate(start, network::kWeights);
  CHECK(level > -60);
  CHECK(level < 60);
  const Position no_rook = fen("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  const Position no_horse = fen("r1bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  CHECK(network::evaluate(no_rook, network::kWeights) - level > 300);
  CHECK(network::evaluate(no_horse, network::kWeights) - level > 150);
  CHECK(network::evaluate(no_rook, network::kWeights) > network::evaluate(no_horse, network::kWeights));
}

TEST_CASE("network: a search on it finds mates and wins material") {
  Searcher searcher(1);
  searcher.set_network(&network::kWeights);
  CHECK(searcher.network() == &network::kWeights);
  qipan::SearchLimits depth6;
  depth6.depth = 6;
  const SearchResult mate = searcher.search(fen("9/4k4/R8/8R/9/9/9/9/9/3K5 w - - 0 1"), depth6);
  CHECK(mate_in_moves(mate.score) == 2);
  qipan::SearchLimits depth5;
  depth5.depth = 5;
  const SearchResult rook = searcher.search(fen("5k3/9/7r1/p8/7P1/9/9/7C1/9/R2K5 w - - 0 1"), depth5);
  CHECK(to_iccs(rook.best) == "h2h7");
  CHECK(rook.score > 300);
}
