// The Reversi AI's variety and its evaluation for the page's graph: games
// differ by seed yet replay exactly from the same seed; the evaluation of a
// position is the same whatever was searched before.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/reversi/ai_levels.h"
#include "engine/reversi/game/notation.h"

using namespace qipan::reversi;

namespace {

// The first `plies` plies of a game of `level` against itself with seeds
// derived from `seed`, as a transcript.
std::string opening(int level, std::uint64_t seed, int plies) {
  ReversiAi ai(4);
  Position pos = Position::start();
  std::vector<Square> played;
  for (int ply = 0; ply < plies && !pos.game_over(); ++ply) {
    AiOptions options;
    options.seed = seed * 1000 + std::uint64_t(ply);
    options.use_time = false;
    const AiMove m = ai.choose_move(pos, level, options);
    REQUIRE(m.move != kNoSquare);
    Undo undo;
    pos.make(m.move, undo);
    played.push_back(m.move);
  }
  return format_transcript(played);
}

}  // namespace

TEST_CASE("reversi levels: openings vary with the seed and replay from the same seed") {
  for (int level = 2; level <= 7; ++level) {
    CAPTURE(level);
    std::set<std::string> openings;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const std::string a = opening(level, seed, 8);
      CHECK(opening(level, seed, 8) == a);
      openings.insert(a);
    }
    CHECK(openings.size() >= 2);
  }
  // The variety stays in the opening: past it a searching level plays its
  // search's move, whatever the seed.
  const LevelSpec& five = level_spec(5);
  REQUIRE(five.variety_plies > 0);
  Position pos = Position::start();
  for (int ply = 0; ply < five.variety_plies + 2; ++ply) {
    MoveList moves;
    pos.generate_moves(moves);
    Undo undo;
    pos.make(moves[0], undo);
  }
  ReversiAi ai(4);
  AiOptions a, b;
  a.seed = 1;
  b.seed = 99;
  a.use_time = b.use_time = false;
  CHECK(ai.choose_move(pos, 5, a).move == ai.choose_move(pos, 5, b).move);
}

TEST_CASE("reversi evaluation: a pure function of the position, from Black's view") {
  const Position start = Position::start();
  Position after = start;
  Undo undo;
  after.make(*parse_square("f5"), undo);
  ReversiAi ai(4);
  const LevelSpec& spec = level_spec(5);
  const ReversiAi::Evaluation first = ai.evaluate(after, spec);
  // Searching something else in between changes nothing.
  ai.choose_move(start, 6);
  ai.hints(after, 4);
  const ReversiAi::Evaluation again = ai.evaluate(after, spec);
  CHECK(again.black_score == first.black_score);
  CHECK(again.depth == first.depth);
  ReversiAi fresh(4);
  CHECK(fresh.evaluate(after, spec).black_score == first.black_score);
  // From Black's view: the search's side-to-move score, turned for White.
  SearchOptions o = level_options(spec, false);
  const SearchResult r = Searcher(4).search(after, o);
  CHECK(first.black_score == -r.score);  // White to move after f5
  // Exact near the end and over.
  const Position ffo40 = *parse_board("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
  const ReversiAi::Evaluation solved = ai.evaluate(ffo40, level_spec(8));
  CHECK(solved.exact);
  CHECK(solved.black_score == 38);
  const Position over = *parse_board(std::string(40, 'X') + std::string(24, 'O') + " O");
  CHECK(ai.evaluate(over, spec).black_score == 16);
  CHECK(ai.evaluate(over, spec).exact);
}

TEST_CASE("reversi explicit timeMs is spent whole, as `go movetime` spends it; levels keep ceilings") {
  const SearchOptions timed = level_options(custom_spec(0, 0, 300, 0));
  CHECK(timed.limits.time_ms == 300);
  CHECK(timed.limits.soft_time_percent == 100);
  CHECK(level_options(custom_spec(0, 0, 300, 0), /*use_time=*/false).limits.time_ms == 0);
  for (const LevelSpec& spec : level_table()) CHECK(level_options(spec).limits.soft_time_percent == 50);
  CHECK(level_options(hint_spec(5)).limits.soft_time_percent == 50);
  CHECK(level_options(analysis_spec()).limits.soft_time_percent == 50);  // its 5 s is a ceiling
  CHECK(level_options(analysis_spec()).limits.time_ms == 5000);
  CHECK(level_options(graph_spec()).limits.soft_time_percent == 50);

  // Only a time: a searched, legal move.
  ReversiAi ai(4);
  const AiMove m = ai.choose_move(Position::start(), custom_spec(0, 0, 30, 0));
  CHECK(m.searched);
  CHECK(m.depth >= 1);
  CHECK(Position::start().is_legal(m.move));
}

TEST_CASE("reversi explicit limits: a custom spec searches to the depth asked") {
  ReversiAi ai(4);
  AiOptions options;
  options.use_time = false;
  const AiMove m = ai.choose_move(Position::start(), custom_spec(3, 0, 0, 0), options);
  CHECK(m.searched);
  CHECK(m.depth == 3);
  CHECK(Position::start().is_legal(m.move));
}
