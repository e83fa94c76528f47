// The Reversi searcher and AI levels: search values against plain negamax
// (same evaluation) and against plain minimax to the end of the game, legal
// moves at every level, determinism, level 2's seeded depth-1 freedom,
// hints, thinking reports and stopping.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/reversi/ai_levels.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/movegen.h"
#include "engine/reversi/search.h"
#include "reference.h"
#include "tests/reversi/random_endgames.h"

using namespace qipan::reversi;
using qipan::SplitMix64;

namespace {

// Small tables: the suite also runs under ASan and in wasm.
constexpr std::size_t kTestTableMb = 2;

Position board(const char* text) {
  auto pos = parse_board(text);
  REQUIRE_MESSAGE(pos.ok(), text, ": ", pos.error());
  return *pos;
}

// A random game stopped with `empties` empty squares (side to move can move).
Position random_position(SplitMix64& rng, int empties) {
  for (Position pos;;)
    if (testing::random_endgame(rng, empties, pos) && !pos.game_over() && !pos.must_pass()) return pos;
}

// Plain negamax with the engine's evaluation at depth 0; a pass costs no
// depth; finished games score exactly.
int negamax(Bitboard p, Bitboard o, int depth, const EvalWeights& w) {
  Bitboard moves = legal_moves(p, o);
  if (moves == 0) {
    if (legal_moves(o, p) == 0) return Position::from_player(p, o, kBlack).final_score();
    return -negamax(o, p, depth, w);
  }
  if (depth == 0) return evaluate(w, p, o);
  int best = -999;
  while (moves) {
    const Square s = pop_first(moves);
    const Bitboard f = flips(p, o, s);
    best = std::max(best, -negamax(o ^ f, p | f | square_bit(s), depth - 1, w));
  }
  return best;
}

// Plain minimax to the end on the independent reference board.
int minimax(const reversi_reference::Board& b) {
  const std::vector<int> moves = reversi_reference::legal_moves(b);
  if (moves.empty()) {
    if (reversi_reference::legal_moves(b, reversi_reference::other(b.to_move)).empty())
      return reversi_reference::final_score(b);
    return -minimax(reversi_reference::pass(b));
  }
  int best = -999;
  for (int sq : moves) best = std::max(best, -minimax(reversi_reference::play(b, sq)));
  return best;
}

SearchOptions depth_options(int depth, Probcut probcut = Probcut::kOff) {
  SearchOptions o;
  o.limits.depth = depth;
  o.probcut = probcut;
  return o;
}

}  // namespace

TEST_CASE("reversi search: values equal plain negamax at the same depth") {
  SplitMix64 rng(1);
  Searcher searcher(kTestTableMb);
  const EvalWeights& w = EvalWeights::builtin();
  for (int i = 0; i < 24; ++i) {
    const Position pos = random_position(rng, 20 + int(rng.below(36)));
    const int depth = 1 + i % 4;
    const SearchResult r = searcher.search(pos, depth_options(depth));
    CAPTURE(board_string(pos));
    CAPTURE(depth);
    CHECK(r.depth == depth);
    CHECK(r.score == negamax(pos.player(), pos.opponent(), depth, w));
    // The move's own value is the score.
    REQUIRE(pos.is_legal(r.best));
    const Bitboard f = flips(pos.player(), pos.opponent(), r.best);
    CHECK(-negamax(pos.opponent() ^ f, pos.player() | f | square_bit(r.best), depth - 1, w) == r.score);
  }
}

TEST_CASE("reversi search: exact to the end agrees with plain minimax") {
  SplitMix64 rng(2);
  Searcher searcher(kTestTableMb);
  for (int i = 0; i < 30; ++i) {
    const int empties = 3 + i % 6;  // 3..8
    const Position pos = random_position(rng, empties);
    const reversi_reference::Board ref = reversi_reference::parse(board_string(pos));
    const int truth = minimax(ref);
    CAPTURE(board_string(pos));
    // Depth reaching the end: the midgame search itself is exact.
    const SearchResult deep = searcher.search(pos, depth_options(60));
    CHECK(deep.exact);
    CHECK(deep.score == truth);
    // Through the exact solver (exact_empties) with a shallow depth limit.
    SearchOptions o = depth_options(2);
    o.exact_empties = 10;
    const SearchResult solved = searcher.search(pos, o);
    CHECK(solved.exact);
    CHECK(solved.score == truth);
    REQUIRE(pos.is_legal(solved.best));
    CHECK(-minimax(reversi_reference::play(ref, solved.best)) == truth);
    // Probcut never touches an exact search.
    CHECK(searcher.search(pos, depth_options(60, Probcut::k73)).score == truth);
  }
}

TEST_CASE("reversi search: no level returns an illegal move") {
  SplitMix64 rng(3);
  ReversiAi ai(kTestTableMb);
  AiOptions options;
  options.use_time = false;
  for (int i = 0; i < 40; ++i) {
    const Position pos = random_position(rng, 6 + int(rng.below(54)));
    // Levels 1-6 as defined; 7 and 8 take seconds per move, their search
    // (deeper, with probcut) is covered below at a smaller depth.
    for (int level = 1; level <= 6; ++level) {
      options.seed = std::uint64_t(i * 10 + level);
      const AiMove m = ai.choose_move(pos, level, options);
      CAPTURE(board_string(pos));
      CAPTURE(level);
      CHECK(pos.is_legal(m.move));
      CHECK(m.searched == (level >= 2));
      if (m.searched) CHECK(std::abs(m.score) <= kScoreMax);
    }
    Searcher searcher(kTestTableMb);
    const SearchResult r = searcher.search(pos, depth_options(7, Probcut::k73));
    CHECK(pos.is_legal(r.best));
    CHECK(std::abs(r.score) <= kScoreMax);
  }
  // A forced pass and a finished game.
  // X's only disc b1 cannot bracket anything; O takes c1 over it.
  const Position pass = board(std::string("OX-OOOOO").append(56, 'O').append(" X").c_str());
  REQUIRE(pass.must_pass());
  for (int level = 1; level <= kMaxLevel; ++level) CHECK(ai.choose_move(pass, level, options).move == kPass);
  const Position over = board(std::string(64, 'X').append(" O").c_str());
  REQUIRE(over.game_over());
  const AiMove none = ai.choose_move(over, 5, options);
  CHECK(none.move == kNoSquare);
  CHECK(none.score == -64);
}

TEST_CASE("reversi search: same position and limits give the same result") {
  SplitMix64 rng(4);
  for (int i = 0; i < 6; ++i) {
    const Position pos = random_position(rng, 24 + 5 * i);
    for (const SearchOptions& o : {depth_options(7), depth_options(9, Probcut::k87)}) {
      Searcher a(kTestTableMb), b(kTestTableMb);
      const SearchResult r1 = a.search(pos, o);
      const SearchResult r2 = a.search(pos, o);  // tables cleared between searches
      const SearchResult r3 = b.search(pos, o);
      for (const SearchResult* r : {&r2, &r3}) {
        CHECK(r->best == r1.best);
        CHECK(r->score == r1.score);
        CHECK(r->nodes == r1.nodes);
        CHECK(std::vector<Square>(r->pv.begin(), r->pv.end()) == std::vector<Square>(r1.pv.begin(), r1.pv.end()));
      }
    }
    // A node limit stops at the same place every time.
    SearchOptions limited;
    limited.limits.nodes = 20000;
    Searcher a(kTestTableMb), b(kTestTableMb);
    const SearchResult n1 = a.search(pos, limited), n2 = b.search(pos, limited);
    CHECK(n1.stopped);
    CHECK(n1.best == n2.best);
    CHECK(n1.score == n2.score);
    CHECK(n1.depth == n2.depth);
    CHECK(n1.nodes == n2.nodes);
    CHECK(pos.is_legal(n1.best));
  }
}

TEST_CASE("reversi levels: level 2 draws among the moves within its margin of a depth-1 look, by its seed") {
  SplitMix64 rng(5);
  const LevelSpec& two = level_spec(2);
  REQUIRE(two.kind == LevelKind::kSearch);
  REQUIRE(two.depth == 1);
  int varied = 0;
  for (int i = 0; i < 60; ++i) {
    const Position pos = random_position(rng, 8 + int(rng.below(48)));
    if (pos.game_over() || pos.must_pass()) continue;
    SearchOptions o = level_options(two, false);
    o.exact_empties = 0;
    const std::vector<MoveValue> values = Searcher(kTestTableMb).evaluate_moves(pos, o);
    int best = values[0].score;
    for (const MoveValue& v : values) best = std::max(best, v.score);
    std::vector<Square> chosen;
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      AiOptions options;
      options.seed = seed;
      options.use_time = false;
      const AiMove m = ReversiAi(kTestTableMb).choose_move(pos, 2, options);
      REQUIRE(pos.is_legal(m.move));
      const auto value =
          std::find_if(values.begin(), values.end(), [&](const MoveValue& v) { return v.move == m.move; });
      REQUIRE(value != values.end());
      CHECK(value->score >= best - two.variety_margin);
      CHECK(ReversiAi(kTestTableMb).choose_move(pos, 2, options).move == m.move);  // the same seed, the same move
      chosen.push_back(m.move);
    }
    varied += std::count(chosen.begin(), chosen.end(), chosen[0]) < int(chosen.size());
  }
  CHECK(varied > 5);
}

TEST_CASE("reversi levels: level 1 is random but seeded") {
  const Position pos = Position::start();
  std::vector<int> seen(64, 0);
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    const Square s = random_move(pos, seed);
    REQUIRE(pos.is_legal(s));
    ++seen[s];
    CHECK(random_move(pos, seed) == s);
  }
  CHECK(std::count_if(seen.begin(), seen.end(), [](int n) { return n > 0; }) == 4);
}

TEST_CASE("reversi hints: one value per legal move") {
  SplitMix64 rng(6);
  ReversiAi ai(kTestTableMb);
  AiOptions options;
  options.use_time = false;
  for (int i = 0; i < 10; ++i) {
    const Position pos = random_position(rng, 14 + int(rng.below(40)));
    for (int level : {1, 3, 5}) {
      const std::vector<HintValue> hints = ai.hints(pos, level, options);
      MoveList moves;
      pos.generate_moves(moves);
      REQUIRE(hints.size() == moves.size());
      for (std::size_t k = 0; k < hints.size(); ++k) {
        CHECK(hints[k].move == moves[k]);
        CHECK(std::abs(hints[k].score) <= kScoreMax);
      }
    }
    // Each hint at a fixed depth is the move's full-window value: the best
    // of them is the search's score at that depth.
    Searcher searcher(kTestTableMb);
    const SearchOptions o = depth_options(4);
    int reports = 0;
    searcher.set_info_callback([&](const SearchInfo& info) {
      ++reports;
      CHECK(info.depth == reports);
      CHECK(info.pv != nullptr);
    });
    const std::vector<MoveValue> values = searcher.evaluate_moves(pos, o);
    CHECK(reports == 4);
    searcher.set_info_callback(nullptr);
    int best = -999;
    for (const MoveValue& v : values) {
      CHECK(v.depth == 4);
      const Bitboard f = flips(pos.player(), pos.opponent(), v.move);
      CHECK(v.score == -negamax(pos.opponent() ^ f, pos.player() | f | square_bit(v.move), 3, EvalWeights::builtin()));
      best = std::max(best, v.score);
    }
    CHECK(best == searcher.search(pos, o).score);
  }
  // Within the level's exact range the hints are exact minimax values.
  for (int i = 0; i < 8; ++i) {
    const Position pos = random_position(rng, 5 + i % 4);
    const reversi_reference::Board ref = reversi_reference::parse(board_string(pos));
    const std::vector<HintValue> hints = ai.hints(pos, 4, options);  // exact from 10 empties
    REQUIRE(!hints.empty());
    for (const HintValue& h : hints) {
      CHECK(h.exact);
      CHECK(h.score == -minimax(reversi_reference::play(ref, h.move)));
    }
  }
  // A forced pass gives one kPass hint; a finished game none.
  // X's only disc b1 cannot bracket anything; O takes c1 over it.
  const Position pass = board(std::string("OX-OOOOO").append(56, 'O').append(" X").c_str());
  const std::vector<HintValue> forced = ai.hints(pass, 5, options);
  REQUIRE(forced.size() == 1);
  CHECK(forced[0].move == kPass);
  CHECK(forced[0].exact);
  CHECK(ai.hints(board(std::string(64, 'O').append(" X").c_str()), 5, options).empty());
}

TEST_CASE("reversi search: one report per iteration, and stopping keeps a legal move") {
  const Position pos = board("-------------------OO-----XOO-----OOOX---OOOO----XX-----X------- X");
  Searcher searcher(kTestTableMb);
  std::vector<SearchInfo> reports;
  std::vector<std::vector<Square>> pvs;
  searcher.set_info_callback([&](const SearchInfo& info) {
    reports.push_back(info);
    pvs.emplace_back(info.pv->begin(), info.pv->end());
  });
  const SearchResult r = searcher.search(pos, depth_options(8));
  REQUIRE(reports.size() == 8);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    CHECK(reports[i].depth == int(i) + 1);
    if (i > 0) CHECK(reports[i].nodes >= reports[i - 1].nodes);
    REQUIRE(!pvs[i].empty());
    CHECK(pos.is_legal(pvs[i][0]));
  }
  CHECK(reports.back().score == r.score);
  CHECK(pvs.back()[0] == r.best);
  // The principal variation is a legal line.
  Position line = pos;
  for (Square s : r.pv) {
    REQUIRE((s == kPass ? line.must_pass() : line.is_legal(s)));
    Undo undo;
    line.make(s, undo);
  }

  // Asked to stop at once: still a legal move.
  searcher.set_info_callback(nullptr);
  searcher.set_stop_poll([] { return true; });
  const SearchResult stopped = searcher.search(pos, depth_options(20));
  CHECK(stopped.stopped);
  CHECK(pos.is_legal(stopped.best));
}

TEST_CASE("reversi levels: the table runs from random to a strong searcher") {
  const auto table = level_table();
  REQUIRE(table.size() == std::size_t(kMaxLevel));
  CHECK(table[0].kind == LevelKind::kRandom);
  for (int i = 1; i < kMaxLevel; ++i) {
    CHECK(table[i].kind == LevelKind::kSearch);
    CHECK(table[i].level == i + 1);
    CHECK(table[i].depth >= table[i - 1].depth);
    CHECK(table[i].exact_empties >= table[i - 1].exact_empties);
  }
  CHECK(table[kMaxLevel - 1].exact_empties >= 20);
  CHECK(level_spec(0).level == 1);
  CHECK(level_spec(99).level == kMaxLevel);
  CHECK(level_options(level_spec(8), false).limits.time_ms == 0);
  CHECK(level_options(level_spec(8), false).limits.nodes > 0);  // a budget even without a clock
  CHECK(level_options(level_spec(8), true).limits.time_ms > 0);
}
