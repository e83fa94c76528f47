// The evaluation: pattern readings checked square by square against a slow
// reading, symmetry of the value under the 8 board symmetries, and the packed
// weight format.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/endgame.h"
#include "engine/reversi/eval_symmetry.h"
#include "engine/reversi/eval_weights.h"
#include "engine/reversi/evaluate.h"
#include "engine/reversi/game/notation.h"

using namespace qipan::reversi;
using qipan::SplitMix64;

namespace {

// Positions from seeded random games, `count` of them, spread over the game.
std::vector<Position> random_positions(std::uint64_t seed, int count) {
  std::vector<Position> out;
  SplitMix64 rng(seed);
  while (int(out.size()) < count) {
    Position pos = Position::start();
    const int stop = 1 + int(rng.below(59));
    for (int ply = 0; ply < stop && !pos.game_over(); ++ply) {
      MoveList moves;
      pos.generate_moves(moves);
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
    out.push_back(pos);
  }
  return out;
}

// The canonical squares of each pattern, digit 0 first, as (column, row), and
// the symmetries (eval_symmetry.h numbering) under which it is read.
struct PatternShape {
  std::vector<int> squares;
  std::vector<int> views;
};

std::vector<PatternShape> pattern_shapes() {
  auto sq = [](int c, int r) { return make_square(c, r); };
  std::vector<PatternShape> shapes(kFeatureMobility);
  for (int c = 0; c < 8; ++c) shapes[kFeatureEdge2X].squares.push_back(sq(c, 0));
  shapes[kFeatureEdge2X].squares.push_back(sq(1, 1));
  shapes[kFeatureEdge2X].squares.push_back(sq(6, 1));
  shapes[kFeatureEdge2X].views = {0, 2, 4, 5};
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 5; ++c) shapes[kFeatureCorner2x5].squares.push_back(sq(c, r));
  shapes[kFeatureCorner2x5].views = {0, 1, 2, 3, 4, 5, 6, 7};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) shapes[kFeatureCorner3x3].squares.push_back(sq(c, r));
  shapes[kFeatureCorner3x3].views = {0, 1, 2, 3};
  for (int line = 1; line <= 3; ++line) {
    for (int c = 0; c < 8; ++c) shapes[kFeatureLine2 + line - 1].squares.push_back(sq(c, line));
    shapes[kFeatureLine2 + line - 1].views = {0, 2, 4, 5};
  }
  for (int first = 0; first <= 4; ++first) {
    const int kind = first == 0 ? kFeatureDiag8 : kFeatureDiag7 + first - 1;
    for (int c = first; c < 8; ++c) shapes[kind].squares.push_back(sq(c, c - first));
    shapes[kind].views = first == 0 ? std::vector<int>{0, 1} : std::vector<int>{0, 4, 1, 5};
  }
  return shapes;
}

// The original square that symmetry `view` moves onto square `q`.
int source_square(int view, int q) {
  for (int s = 0; s < 64; ++s)
    if (symmetry(square_bit(s), view) == square_bit(q)) return s;
  return -1;
}

// Weights with random values on every entry, mirror readings tied, so the
// value must be exactly symmetric.
EvalWeights random_tied_weights(std::uint64_t seed) {
  EvalWeights w;
  SplitMix64 rng(seed);
  for (int p = 0; p < kPhases; ++p)
    for (int k = 0; k < kFeatureKinds; ++k) {
      std::int16_t* t = w.phase(p) + kFeatureOffset[k];
      for (int c = 0; c < kFeatures[k].size; ++c) {
        const int m = mirror_configuration(k, c);
        if (m < c) continue;
        t[c] = t[m] = std::int16_t(int(rng.below(401)) - 200);
      }
    }
  return w;
}

}  // namespace

TEST_CASE("reversi eval: board symmetries are the 8 symmetries of the square") {
  const Bitboard b = 0x0000000000000102ull;  // b1 and a2
  CHECK(flip_vertical(b) == (square_bit(make_square(1, 7)) | square_bit(make_square(0, 6))));
  CHECK(mirror_horizontal(b) == (square_bit(make_square(6, 0)) | square_bit(make_square(7, 1))));
  CHECK(transpose(b) == b);  // b1 <-> a2
  CHECK(transpose(square_bit(make_square(2, 0))) == square_bit(make_square(0, 2)));
  for (int k = 0; k < 8; ++k) {
    // Each symmetry permutes the squares.
    std::vector<bool> seen(64, false);
    for (int s = 0; s < 64; ++s) {
      const Bitboard t = symmetry(square_bit(s), k);
      REQUIRE(popcount(t) == 1);
      seen[first_square(t)] = true;
    }
    CHECK(std::count(seen.begin(), seen.end(), true) == 64);
  }
}

TEST_CASE("reversi eval: pattern readings match a square-by-square reading") {
  const std::vector<PatternShape> shapes = pattern_shapes();
  for (const Position& pos : random_positions(11, 300)) {
    FeatureIndices f;
    compute_features(pos.player(), pos.opponent(), f);
    CHECK(f.phase == phase_of_discs(popcount(pos.occupied())));
    int slot = 0;
    for (int kind = 0; kind < kFeatureMobility; ++kind) {
      const PatternShape& shape = shapes[kind];
      REQUIRE(int(shape.views.size()) == kFeatures[kind].instances);
      REQUIRE(int(shape.squares.size()) == kFeatures[kind].squares);
      std::vector<std::vector<int>> places;
      for (int view : shape.views) {
        int config = 0, power = 1;
        std::vector<int> place;
        for (int q : shape.squares) {
          const int s = source_square(view, q);
          place.push_back(s);
          const int digit = (pos.player() & square_bit(s)) ? 1 : (pos.opponent() & square_bit(s)) ? 2 : 0;
          config += digit * power;
          power *= 3;
        }
        std::sort(place.begin(), place.end());
        places.push_back(place);
        CHECK(f.index[slot] == std::uint32_t(kFeatureOffset[kind] + config));
        CHECK(kInstanceKind[slot] == kind);
        ++slot;
      }
      // Every instance reads a different place of the board.
      std::sort(places.begin(), places.end());
      CHECK(std::adjacent_find(places.begin(), places.end()) == places.end());
    }
    // Scalar features.
    const Bitboard e = pos.empties();
    CHECK(f.index[slot++] == std::uint32_t(kFeatureOffset[kFeatureMobility] + popcount(pos.legal_moves())));
    CHECK(f.index[slot++] ==
          std::uint32_t(kFeatureOffset[kFeatureOpponentMobility] + mobility(pos.opponent(), pos.player())));
    CHECK(f.index[slot++] ==
          std::uint32_t(kFeatureOffset[kFeaturePotential] + popcount(neighbours(pos.opponent()) & e)));
    CHECK(f.index[slot++] ==
          std::uint32_t(kFeatureOffset[kFeatureOpponentPotential] + popcount(neighbours(pos.player()) & e)));
    slot += 4;  // stability, corners, X squares: covered below and by symmetry
    CHECK(f.index[slot++] == std::uint32_t(kFeatureOffset[kFeatureParity] + (pos.empty_count() & 1)));
    CHECK(slot == kFeatureInstances);
  }
}

TEST_CASE("reversi eval: mirror readings pair configurations") {
  for (int k = 0; k < kFeatureKinds; ++k) {
    for (int c = 0; c < kFeatures[k].size; c += 7) {
      const int m = mirror_configuration(k, c);
      REQUIRE(m >= 0);
      REQUIRE(m < kFeatures[k].size);
      CHECK(mirror_configuration(k, m) == c);
    }
  }
  // Edge: a1 mine, b2 theirs -> h1 mine, g2 theirs.
  CHECK(mirror_configuration(kFeatureEdge2X, 1 + 2 * 6561) == 2187 + 2 * 19683);
}

TEST_CASE("reversi eval: the pattern state kept move by move equals the board's, and so does the value") {
  const EvalWeights random_weights = random_tied_weights(6);
  SplitMix64 rng(31);
  int moves_checked = 0, passes_checked = 0;
  for (int game = 0; game < 300; ++game) {
    Position pos = Position::start();
    PatternState state = PatternState::of(pos.player(), pos.opponent());
    while (!pos.game_over()) {
      if (pos.must_pass()) {
        pos.pass();
        state = state.after_pass();
        ++passes_checked;
      } else {
        MoveList moves;
        pos.generate_moves(moves);
        const Square s = moves[rng.below(std::uint32_t(moves.size()))];
        state = state.after_move(s, flips(pos.player(), pos.opponent(), s));
        Undo undo;
        pos.make(s, undo);
        ++moves_checked;
      }
      const PatternState fresh = PatternState::of(pos.player(), pos.opponent());
      REQUIRE(state.mine == fresh.mine);
      REQUIRE(state.theirs == fresh.theirs);
      // The configurations are the pattern slots of the features.
      FeatureIndices f;
      compute_features(pos.player(), pos.opponent(), f);
      for (int i = 0; i < kPatternInstances; ++i)
        REQUIRE(f.index[i] == std::uint32_t(kFeatureOffset[kInstanceKind[i]] + state.mine[i]));
      for (const EvalWeights* w : {&EvalWeights::builtin(), &random_weights}) {
        REQUIRE(evaluate_scaled(*w, state, pos.player(), pos.opponent()) ==
                evaluate_scaled(*w, pos.player(), pos.opponent()));
        REQUIRE(evaluate(*w, state, pos.player(), pos.opponent()) == evaluate(*w, pos.player(), pos.opponent()));
      }
    }
  }
  CHECK(moves_checked > 15000);
  CHECK(passes_checked > 10);  // passes were exercised
}

TEST_CASE("reversi eval: the value is the same in all 8 symmetric positions") {
  const EvalWeights random_weights = random_tied_weights(5);
  const EvalWeights* weight_sets[] = {&EvalWeights::builtin(), &random_weights};
  for (const EvalWeights* w : weight_sets) {
    for (const Position& pos : random_positions(23, 200)) {
      const int v = evaluate_scaled(*w, pos.player(), pos.opponent());
      for (int k = 1; k < 8; ++k)
        CHECK(evaluate_scaled(*w, symmetry(pos.player(), k), symmetry(pos.opponent(), k)) == v);
      // Colour swap with the side to move swapped too: the same position for
      // the mover, the same value.
      const Position swapped =
          Position::from_colors(pos.discs(kWhite), pos.discs(kBlack), opposite(pos.side_to_move()));
      CHECK(evaluate(*w, swapped) == evaluate(*w, pos));
    }
  }
}

TEST_CASE("reversi eval: the tuned evaluation predicts solved endgames") {
  // Random games stopped at 14 empties and solved exactly. Where one side
  // wins by 20 or more the evaluation should see who; and its error should
  // be smaller than the hand-made evaluation's it was trained from.
  endgame::Solver solver(4);
  const EvalWeights& w = EvalWeights::builtin();
  const EvalWeights handmade = EvalWeights::handmade();
  int decided = 0, agree = 0, samples = 0;
  double error = 0, handmade_error = 0;
  SplitMix64 rng(77);
  while (samples < 100) {
    Position pos = Position::start();
    while (!pos.game_over() && pos.empty_count() > 14) {
      MoveList moves;
      pos.generate_moves(moves);
      Undo undo;
      pos.make(moves[rng.below(std::uint32_t(moves.size()))], undo);
    }
    if (pos.game_over() || pos.must_pass() || pos.empty_count() != 14) continue;
    const int exact = solver.solve(pos).score;
    const int e = evaluate(w, pos);
    CHECK(std::abs(e) <= kEvalLimit);
    ++samples;
    error += std::abs(e - exact);
    handmade_error += std::abs(evaluate(handmade, pos) - exact);
    if (std::abs(exact) < 20) continue;
    ++decided;
    if ((e > 0) == (exact > 0)) ++agree;
  }
  CHECK(agree * 10 >= decided * 9);
  if (has_tuned_weights()) CHECK(error < handmade_error);
  MESSAGE("mean error at 14 empties: tuned ", error / samples, ", hand-made ", handmade_error / samples);
}

TEST_CASE("reversi eval: encoded weights round-trip and the built-in bytes decode") {
  const EvalWeights w = random_tied_weights(8);
  EvalWeights sparse = w;
  // Long zero runs, as configurations never seen in training give, and
  // large values that need several bytes.
  for (int p = 0; p < kPhases; ++p)
    for (int k = 0; k < kFeatureKinds; ++k) {
      std::int16_t* t = sparse.phase(p) + kFeatureOffset[k];
      for (int c = 0; c < kFeatures[k].size; ++c) {
        const int m = mirror_configuration(k, c);
        const int key = std::min(c, m);
        t[c] = key % 7 == 0 ? std::int16_t(key % 2 ? 30000 - key % 1000 : -30000 + key % 1000) : 0;
      }
    }
  for (const EvalWeights* source : {&w, static_cast<const EvalWeights*>(&sparse)}) {
    const std::vector<std::uint8_t> bytes = encode_weights(*source);
    auto back = decode_weights(bytes);
    REQUIRE(back.ok());
    CHECK(back->table == source->table);
  }
  const std::vector<std::uint8_t> full = encode_weights(w);
  CHECK_FALSE(decode_weights(std::span(full).first(1000)).ok());
  std::vector<std::uint8_t> longer = full;
  longer.push_back(2);
  CHECK_FALSE(decode_weights(longer).ok());
  std::vector<std::uint8_t> foreign = full;
  foreign[0] = 'X';
  CHECK_FALSE(decode_weights(foreign).ok());
  if (has_tuned_weights()) {
    auto builtin = decode_weights(builtin_weights_bytes());
    REQUIRE(builtin.ok());
    CHECK(builtin->table == EvalWeights::builtin().table);
  }
}

TEST_CASE("reversi eval: shared tables and a step store fewer bytes and read back as stored") {
  const WeightStorage storage = WeightStorage::tied(5, 4);
  CHECK(storage.table_of_phase[0] == 0);
  CHECK(storage.table_of_phase[1] == 0);
  CHECK(storage.table_of_phase[9] == 4);
  // Weights that fit: each pair of phases equal, multiples of 4.
  EvalWeights w = random_tied_weights(9);
  for (int p = 0; p < kPhases; ++p)
    for (int i = 0; i < kPhaseSize; ++i) {
      const int v = w.phase(p - p % 2)[i];
      w.phase(p)[i] = std::int16_t(v - v % 4);
    }
  const std::vector<std::uint8_t> shared = encode_weights(w, storage);
  CHECK(shared.size() < encode_weights(w).size() / 2);
  auto back = decode_weights(shared);
  REQUIRE(back.ok());
  CHECK(back->table == w.table);
  // Weights that do not fit are stored as the storage reads them: each
  // table from its first phase, rounded to the step.
  const EvalWeights loose = random_tied_weights(10);
  auto read = decode_weights(encode_weights(loose, storage));
  REQUIRE(read.ok());
  for (int p = 0; p < kPhases; ++p)
    for (int i = 0; i < kPhaseSize; i += 97) {
      const int v = loose.phase(p - p % 2)[i];
      CHECK(read->phase(p)[i] == 4 * int(std::lround(v / 4.0)));
    }
}

TEST_CASE("reversi eval: the first format (base64 of 10 tables' tokens) still reads") {
  // One weight of 3 (zigzag 6, token 12) at the first stored configuration,
  // then a run of zeros over every other stored configuration.
  int stored = 0;
  for (int k = 0; k < kFeatureKinds; ++k)
    for (int c = 0; c < kFeatures[k].size; ++c) stored += mirror_configuration(k, c) >= c;
  std::vector<std::uint8_t> bytes{12};
  for (std::uint32_t v = std::uint32_t(kPhases * stored - 1) * 2 + 1; v; v >>= 7)
    bytes.push_back(std::uint8_t((v & 0x7F) | (v >= 0x80 ? 0x80 : 0)));
  std::string text;
  constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = std::uint32_t(bytes[i]) << 16 | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    text += kDigits[n >> 18 & 63];
    text += kDigits[n >> 12 & 63];
    text += i + 1 < bytes.size() ? kDigits[n >> 6 & 63] : '=';
    text += i + 2 < bytes.size() ? kDigits[n & 63] : '=';
  }
  auto w = decode_base64_weights(text);
  REQUIRE(w.ok());
  CHECK(w->phase(0)[0] == 3);
  CHECK(w->phase(1)[0] == 0);
  CHECK_FALSE(decode_base64_weights("not base64!").ok());
  CHECK_FALSE(decode_base64_weights(text.substr(0, 4)).ok());
}
