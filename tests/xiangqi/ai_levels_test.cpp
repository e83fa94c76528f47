// The AI levels: one table, deterministic under depth and node budgets (the
// same move natively, in wasm and from a fresh AI), seeded variety (the book
// and the near-best choice), and the draw-offer rule.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/core/time_manager.h"
#include "engine/xiangqi/ai_levels.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/movegen.h"

using namespace qipan;
using namespace qipan::xiangqi;

namespace {

constexpr std::size_t kTestTableMb = 1;

Game game_of(const char* record) {
  auto game = parse_record(record);
  REQUIRE_MESSAGE(game, (game ? "" : game.error()));
  return std::move(*game);
}

// Out of the book: the position after move 6 of Lv Qin - Xu Yinchuan 2004
// (tests/xiangqi/fixtures).
const char* kMiddlegame = "1. h2e2 h9g7 2. h0g2 i9h9 3. g3g4 h7i7 4. b0c2 c6c5 5. b2b6 b9c7 6. b6c6 a9b9";

AiOptions deterministic(std::uint64_t seed) {
  AiOptions o;
  o.seed = seed;
  o.use_time = false;
  return o;
}

}  // namespace

TEST_CASE("the level table: eight levels, more search and less randomness going up") {
  const auto table = level_table();
  REQUIRE(table.size() == 8);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const LevelSpec& s = table[i];
    CHECK(s.level == int(i) + 1);
    CHECK(&level_spec(s.level) == &s);
    CHECK((s.depth > 0 || s.nodes > 0));  // every level is bounded without a clock
    CHECK(s.time_ms > 0);                 // and has a ceiling for slow machines
    if (i == 0) continue;
    const LevelSpec& below = table[i - 1];
    // Never a smaller search, and stronger in one respect: deeper, a larger
    // budget (once the levels are budget-bound), or less randomness. More
    // randomness only comes with a deeper search (the ladder, scripts/bench
    // --ladder xiangqi, measures the balance).
    const bool budget_bound = s.nodes > 0 && s.depth == 0;
    if (s.margin > below.margin) CHECK(s.depth > below.depth);
    if (!budget_bound) CHECK(s.depth >= below.depth);
    if (below.nodes > 0) CHECK(s.nodes > below.nodes);
    const bool stronger = s.depth > below.depth || (budget_bound && below.nodes == 0) || s.nodes > below.nodes ||
                          s.margin < below.margin || (s.margin_plies && !below.margin_plies);
    CHECK_MESSAGE(stronger, "level ", s.level);
    CHECK(s.time_ms >= below.time_ms);
  }
  CHECK(&level_spec(0) == &table.front());
  CHECK(&level_spec(99) == &table.back());
  CHECK(&hint_spec(1) == &level_spec(5));
  CHECK(&hint_spec(6) == &level_spec(6));
  CHECK(&hint_spec(8) == &level_spec(7));
  CHECK(level_limits(level_spec(8), false).time_ms == 0);
}

TEST_CASE("under budgets a level plays the same move every time, whatever came before") {
  const Game game = game_of(kMiddlegame);
  XiangqiAi a(kTestTableMb), b(kTestTableMb);
  for (int level = 1; level <= 5; ++level) {
    CAPTURE(level);
    const AiMove first = a.choose_move(game, level, deterministic(3));
    (void)b.choose_move(game_of("1. c3c4 g6g5"), 4, deterministic(9));  // b has searched something else
    const AiMove second = b.choose_move(game, level, deterministic(3));
    const AiMove again = a.choose_move(game, level, deterministic(3));
    CHECK(first.move == second.move);
    CHECK(first.move == again.move);
    CHECK(first.nodes == second.nodes);
    CHECK(first.score == second.score);
    CHECK(is_legal(game.position(), first.move));
    CHECK_FALSE(first.book);
  }
}

TEST_CASE("the same moves on every build: a signature of levels 1-5") {
  // Fails if the wasm build (this suite runs there too) or a change of the
  // search or the table picks other moves: then update it together with the
  // bench signature.
  const Game game = game_of(kMiddlegame);
  XiangqiAi ai(kTestTableMb);
  std::string moves;
  std::uint64_t nodes = 0;
  for (int level = 1; level <= 5; ++level) {
    for (std::uint64_t seed : {1, 2}) {
      const AiMove m = ai.choose_move(game, level, deterministic(seed));
      moves += to_iccs(m.move) + " ";
      nodes += m.nodes;
    }
  }
  MESSAGE("level signature: ", moves, nodes);
  CHECK(moves == "d0e1 d0e1 c6b6 c6b6 c6b6 i0i2 a0b0 a0b0 a0b0 a0b0 ");
  CHECK(nodes == 48454);
}

TEST_CASE("an AI given the network plays it for explicit limits and at the levels that say so, hints as their level") {
  const Game game = game_of(kMiddlegame);
  XiangqiAi with(kTestTableMb, &network::kWeights), without(kTestTableMb);
  SearchLimits depth6;
  depth6.depth = 6;
  Searcher reference(kTestTableMb);
  reference.set_network(&network::kWeights);
  const SearchResult expected = reference.search(game.position(), past_positions(game), depth6);
  const AiMove searched = with.search(game, depth6, deterministic(0));
  CHECK(searched.move == expected.best);
  CHECK(searched.nodes == expected.nodes);
  CHECK(searched.score == expected.score);
  CHECK(without.search(game, depth6, deterministic(0)).nodes != expected.nodes);

  // A level's own flag decides; an AI without weights ignores it.
  for (bool network : {false, true}) {
    CAPTURE(network);
    LevelSpec spec = level_spec(6);
    spec.network = network;
    const AiMove a = with.choose_move(game, spec, deterministic(1));
    const AiMove b = without.choose_move(game, spec, deterministic(1));
    CHECK((a.nodes == b.nodes && a.move == b.move) == !network);
  }
  for (const LevelSpec& spec : level_table()) CHECK(spec.network == (spec.level == kMaxLevel));

  // A hint searches as its level does, with the level's evaluation: the
  // hand-made one at levels 5-7, not the network the AI has.
  for (int level : {1, 6}) {
    CAPTURE(level);
    const AiMove a = with.hint(game, level, deterministic(0));
    const AiMove b = without.hint(game, level, deterministic(0));
    CHECK(a.move == b.move);
    CHECK(a.score == b.score);
    CHECK(a.depth == b.depth);
    CHECK(a.nodes == hint_spec(level).nodes);  // these budgets end the search here
    CHECK(with.search(game, level_limits(hint_spec(level), false), deterministic(0)).score != a.score);
  }
}

TEST_CASE("seeds vary the games: book moves at every level, near-best moves at the lower levels") {
  XiangqiAi ai(kTestTableMb);
  const Game start;
  for (int level = 1; level <= 8; ++level) {
    std::set<std::uint16_t> first_moves;
    for (std::uint64_t seed = 0; seed < 16; ++seed) {
      const AiMove m = ai.choose_move(start, level, deterministic(seed));
      CHECK(m.book);
      first_moves.insert(m.move.raw());
    }
    CHECK_MESSAGE(first_moves.size() >= 3, "level ", level);
  }
  // Out of the book, levels with a margin for the whole game still vary:
  // in some of these positions (where a move is forced, the margin rightly
  // leaves one choice).
  const Game out_of_book[] = {game_of(kMiddlegame), game_of("1. a3a4 a6a5 2. i3i4 i6i5 3. b0a2 b9a7"),
                              game_of("1. c3c4 c6c5 2. g3g4 g6g5 3. b0c2 b9c7 4. h0g2 h9g7"),
                              game_of("1. g3g4 c6c5 2. h0g2 b9c7")};
  for (int level = 1; level <= 4; ++level) {
    std::size_t most = 0;
    for (const Game& game : out_of_book) {
      std::set<std::uint16_t> moves;
      for (std::uint64_t seed = 0; seed < 8; ++seed)
        moves.insert(ai.choose_move(game, level, deterministic(seed)).move.raw());
      most = std::max(most, moves.size());
    }
    CHECK_MESSAGE(most >= 2, "level ", level);
  }
  // Without the book the first move is searched.
  AiOptions no_book = deterministic(0);
  no_book.use_book = false;
  CHECK_FALSE(ai.choose_move(start, 3, no_book).book);
}

TEST_CASE("a level chooses only among moves within its margin of the best") {
  // Red can take a free rook; level 4's margin (25) is far below a rook.
  const Game game = game_of("[FEN \"3ak4/9/9/9/9/4r4/9/9/4R4/3K5 w - - 0 1\"]");
  XiangqiAi ai(kTestTableMb);
  for (std::uint64_t seed = 0; seed < 6; ++seed)
    CHECK(to_iccs(ai.choose_move(game, 4, deterministic(seed)).move) == "e1e4");
}

TEST_CASE("explicit limits: no book and no randomness") {
  XiangqiAi ai(kTestTableMb);
  SearchLimits limits;
  limits.depth = 3;
  const AiMove m = ai.search(Game(), limits, deterministic(0));
  CHECK_FALSE(m.book);
  CHECK(m.depth == 3);
  CHECK(m.pv.size() >= 1);
  CHECK(m.pv[0] == m.move);
}

TEST_CASE("a fixed time for the move is spent whole, as `go movetime` spends it; a level's time stays a ceiling") {
  // The searcher's {timeMs}: no new iteration is refused before the time is gone.
  const SearchLimits timed = explicit_limits(0, 0, 300);
  CHECK(timed.time_ms == 300);
  CHECK(timed.soft_time_percent == 100);
  CHECK(timed.depth == 0);
  CHECK(timed.nodes == 0);
  // `go movetime 300`: the same rule, less the pipe's allowance.
  GoRequest go;
  go.move_time_ms = 300;
  const SearchLimits uci = plan_search(go);
  CHECK(uci.time_ms == 300 - kMoveOverheadMs);
  CHECK(uci.soft_time_percent == timed.soft_time_percent);
  // Depth and nodes alone carry no time at all.
  const SearchLimits budgets = explicit_limits(6, 5000, 0);
  CHECK(budgets.time_ms == 0);
  CHECK(budgets.depth == 6);
  CHECK(budgets.nodes == 5000);
  // Levels, hints and analysis keep their ceilings: no iteration starts after half.
  for (const LevelSpec& spec : level_table()) CHECK(level_limits(spec).soft_time_percent == 50);
  CHECK(level_limits(hint_spec(5)).soft_time_percent == 50);
  CHECK(analysis_limits().soft_time_percent == 50);
}

TEST_CASE("a search given only a time returns a legal move and its line") {
  XiangqiAi ai(kTestTableMb);
  const Game game = game_of(kMiddlegame);
  const AiMove m = ai.search(game, explicit_limits(0, 0, 30));
  CHECK_FALSE(m.book);
  CHECK(is_legal(game.position(), m.move));
  CHECK(m.depth >= 1);
  REQUIRE(m.pv.size() >= 1);
  CHECK(m.pv[0] == m.move);
}

TEST_CASE("the AI plays by the game's repetition rules") {
  // Black, two chariots down, has chased red's unprotected horse between d0
  // and c2 (the d0 horse's only protector, the general, may not recapture
  // into the open file) and c3d3 would repeat the position a third time:
  // a draw under the simple rules, which black takes, and a loss by
  // perpetual chase under the Asian and Chinese rules, which it avoids.
  for (const RuleSet rules : {RuleSet::kSimple, RuleSet::kAsian, RuleSet::kChinese}) {
    CAPTURE(rule_set_code(rules));
    RuleOptions options;
    options.rules = rules;
    auto game = Game::from_fen("3k5/R7R/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", options);
    REQUIRE(game);
    for (const char* text : {"d0c2", "d3c3", "c2d0", "c3d3", "d0c2", "d3c3", "c2d0"}) REQUIRE(game->play_text(text));
    XiangqiAi ai(kTestTableMb);
    for (const AiMove& m :
         {ai.search(*game, explicit_limits(6, 0, 0), deterministic(0)), ai.choose_move(*game, 5, deterministic(1))}) {
      if (rules == RuleSet::kSimple) {
        CHECK(to_iccs(m.move) == "c3d3");
        CHECK(m.score == 0);
      } else {
        CHECK(to_iccs(m.move) != "c3d3");
        CHECK(m.score > -(kMateScore - 1));  // not the loss at once that the repeat is
      }
    }
  }
}

TEST_CASE("the opening book: legal lines, weighted choices, only from the standard start") {
  const OpeningBook book;
  for (std::string_view line : OpeningBook::lines()) {
    Position pos = Position::start();
    int plies = 0;
    for (std::size_t i = 0; i + 4 <= line.size(); i += 5, ++plies) {
      auto m = parse_iccs_move(pos, line.substr(i, 4));
      REQUIRE_MESSAGE(m, line);
      Undo undo;
      pos.make(*m, undo);
    }
    CHECK(plies == 8);
  }
  const auto first = book.choices(Position::start());
  REQUIRE(first.size() >= 4);
  int central = 0, total = 0;
  for (const auto& c : first) {
    total += c.weight;
    if (to_iccs(c.move) == "h2e2") central = c.weight;
  }
  CHECK(total == int(OpeningBook::lines().size()));
  CHECK(central * 3 > total);  // the central cannon is the most common first move
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto opening = book.opening(8, seed);
    Position pos = Position::start();
    for (Move m : opening) {
      REQUIRE(is_legal(pos, m));
      Undo undo;
      pos.make(m, undo);
    }
    CHECK(opening.size() == 8);
  }
  CHECK(book.pick(game_of("[FEN \"4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\"]"), 1).is_none());
  CHECK(book.pick(game_of(kMiddlegame), 1).is_none());
}

TEST_CASE("the draw-offer rule: long enough and not ahead") {
  auto at_move = [](int move_number) {
    return game_of(("[FEN \"3k5/9/9/9/1r7/7R1/9/9/9/5K3 w - - 0 " + std::to_string(move_number) + "\"]").c_str());
  };
  CHECK(answer_draw_offer(at_move(1), 0) == DrawAnswer::kTooEarly);
  CHECK(plies_played(at_move(21)) == kDrawOfferMinPlies);
  CHECK(answer_draw_offer(at_move(21), 0) == DrawAnswer::kAccept);
  CHECK(answer_draw_offer(at_move(21), kDrawOfferMargin) == DrawAnswer::kAccept);
  CHECK(answer_draw_offer(at_move(21), kDrawOfferMargin + 1) == DrawAnswer::kAhead);
  CHECK(answer_draw_offer(at_move(21), -500) == DrawAnswer::kAccept);  // worse: a draw is welcome
  CHECK(draw_answer_code(DrawAnswer::kAccept) == "accept");
  CHECK(draw_answer_code(DrawAnswer::kTooEarly) == "too_early");
  CHECK(draw_answer_code(DrawAnswer::kAhead) == "ahead");

  // The AI searches and answers: level rook endings are accepted, a rook up
  // it declines, a rook down it accepts, before move 20 it declines.
  XiangqiAi ai(kTestTableMb);
  const DrawOfferAnswer level = ai.answer_draw_offer(at_move(30), kBlack, 3, deterministic(0));
  CHECK(level.answer == DrawAnswer::kAccept);
  CHECK(std::abs(level.score) <= kDrawOfferMargin);
  const Game black_up = game_of("[FEN \"3k5/9/9/9/1r7/9/9/9/9/5K3 w - - 0 30\"]");
  const DrawOfferAnswer ahead = ai.answer_draw_offer(black_up, kBlack, 3, deterministic(0));
  CHECK(ahead.answer == DrawAnswer::kAhead);
  CHECK(ahead.score > 300);
  CHECK(ai.answer_draw_offer(black_up, kRed, 3, deterministic(0)).answer == DrawAnswer::kAccept);
  CHECK(ai.answer_draw_offer(at_move(2), kBlack, 3, deterministic(0)).answer == DrawAnswer::kTooEarly);
}
