#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/search.h"
#include "tests/xiangqi/mirrored_fen.h"

using namespace qipan::xiangqi;
using qipan::SearchLimits;
using qipan::xiangqi::testing::mirrored_fen;

namespace {

// Searchers in tests use a small table: the suite runs under ASan and in wasm.
constexpr std::size_t kTestTableMb = 1;

Position fen(const char* text) {
  auto pos = Position::from_fen(text);
  REQUIRE_MESSAGE(pos.ok(), text, ": ", pos.error());
  return *pos;
}

Move iccs(const Position& pos, const char* text) {
  auto m = parse_iccs_move(pos, text);
  REQUIRE_MESSAGE(m.ok(), text, ": ", m.error());
  return *m;
}

SearchLimits depth_limit(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

SearchLimits node_limit(std::uint64_t nodes) {
  SearchLimits limits;
  limits.nodes = nodes;
  return limits;
}

// Plays a seeded random game and calls f(position, history) before each move.
template <typename F>
void random_game(std::uint64_t seed, int plies, F&& f) {
  qipan::SplitMix64 rng(seed);
  Position pos = Position::start();
  std::vector<PastPosition> history;
  for (int ply = 0; ply < plies; ++ply) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) return;
    f(pos, history);
    const Move m = moves[rng.below(std::uint32_t(moves.size()))];
    history.push_back({pos.key(), pos.in_check(), m});
    Undo undo;
    pos.make(m, undo);
  }
}

}  // namespace

TEST_CASE("evaluation is symmetric between the colours") {
  const char* fens[] = {
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      "r1bakabr1/4c4/1c7/p1C1R4/6p2/9/P1P1P1n1P/6N2/9/RNBAKAB2 w - - 1 10",
      "3k5/4a4/4ba3/9/2p3P2/9/6n2/4B4/4A4/2RAK4 w - - 0 1",
  };
  for (const char* text : fens) {
    const Position pos = fen(text);
    const Position mirror = fen(mirrored_fen(text).c_str());
    CHECK(evaluate(pos) == evaluate(mirror));
    CHECK(psqt_score(pos).mg == -psqt_score(mirror).mg);
  }
  // The start position is balanced; a missing rook is worth about a rook.
  const Position start = Position::start();
  const Position no_rook = fen("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  CHECK(evaluate(start) > 0);  // only the tempo bonus
  CHECK(evaluate(start) < 30);
  CHECK(evaluate(no_rook) - evaluate(start) > 550);
  CHECK(evaluate(no_rook) - evaluate(start) < 700);
}

TEST_CASE("soldiers gain value across the river; cannons are worth more early, horses late") {
  const EvalScore home = psqt_of(make_piece(kRed, kPawn), make_square(4, 3));
  const EvalScore across = psqt_of(make_piece(kRed, kPawn), make_square(4, 6));
  // Bounds wide enough for any sane fit (docs/xiangqi-weights.md): a soldier
  // at home is worth less than half a horse, across the river clearly more.
  CHECK(home.mg > 0);
  CHECK(home.mg <= 120);
  CHECK(across.mg >= home.mg + 25);
  CHECK(across.mg <= 160);
  const Square centre = make_square(4, 4);
  CHECK(psqt_of(make_piece(kRed, kCannon), centre).mg > psqt_of(make_piece(kRed, kHorse), centre).mg);
  CHECK(psqt_of(make_piece(kRed, kCannon), centre).eg < psqt_of(make_piece(kRed, kHorse), centre).eg);
  // Black's tables are red's mirrored, with the sign of black's view.
  CHECK(psqt_of(make_piece(kBlack, kPawn), make_square(4, 3)).mg == -across.mg);
}

TEST_CASE("incremental table updates match a full recount over random games") {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    qipan::SplitMix64 rng(seed);
    Position pos = Position::start();
    EvalScore running = psqt_score(pos);
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      const Move m = moves[rng.below(std::uint32_t(moves.size()))];
      running += psqt_delta(pos.at(m.from()), m.from(), m.to(), pos.at(m.to()));
      Undo undo;
      pos.make(m, undo);
      REQUIRE(running == psqt_score(pos));
    }
  }
}

TEST_CASE("finds a mate in one") {
  // Red rook a8 holds rank 8; the other rook mates along rank 9 (the red
  // general on d0 also covers d9 by the flying-general rule).
  const Position pos = fen("4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1");
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_limit(4));
  CHECK(to_iccs(r.best) == "i7i9");
  CHECK(r.score == kMateScore - 1);
  CHECK(mate_in_moves(r.score) == 1);
  CHECK(format_score(r.score) == "mate 1");
}

TEST_CASE("finds a mate in two") {
  // No check mates at once (the general always has a rank to step to), but a
  // rook check drives it to the back rank and the other rook mates there.
  const Position pos = fen("9/4k4/R8/8R/9/9/9/9/9/3K5 w - - 0 1");
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_limit(6));
  CHECK(r.score == kMateScore - 3);
  CHECK(mate_in_moves(r.score) == 2);
  const std::string first = to_iccs(r.best);
  CHECK((first == "a7a8" || first == "i6i8"));
  REQUIRE(r.pv.size() >= 3);
  // The defender's reply is to the back rank and the last move mates.
  Position line = pos;
  for (std::size_t i = 0; i < 3; ++i) {
    REQUIRE(is_legal(line, r.pv[i]));
    Undo undo;
    line.make(r.pv[i], undo);
  }
  CHECK(line.in_check());
  CHECK(!has_legal_move(line));
  // Seen from the mated side: mated in two.
  const Position after = [&] {
    Position p = pos;
    Undo undo;
    p.make(r.pv[0], undo);
    return p;
  }();
  Searcher defender(kTestTableMb);
  const SearchResult d = defender.search(after, depth_limit(6));
  CHECK(d.score == -(kMateScore - 2));
  CHECK(format_score(d.score) == "-mate 1");
}

TEST_CASE("a side with no legal move has lost, even when not in check") {
  // Black to move: the general on d9 cannot move (d8 and e9 are covered)
  // and is not in check - stalemate is a loss in xiangqi.
  const Position pos = fen("3k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1");
  REQUIRE(!pos.in_check());
  REQUIRE(!has_legal_move(pos));
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_limit(3));
  CHECK(r.best.is_none());
  CHECK(r.score == -kMateScore);
}

TEST_CASE("wins a hanging rook rather than a pawn") {
  // The cannon on h2 takes the black rook over the h5 screen; the rook on a0
  // could only take a pawn. (With the black general on d9 and red's on e0,
  // a0d0+ would even mate in two - the engine finds that - so the general
  // stands on f9 here.)
  const Position pos = fen("5k3/9/7r1/p8/7P1/9/9/7C1/9/R2K5 w - - 0 1");
  Searcher searcher(kTestTableMb);
  const SearchResult r = searcher.search(pos, depth_limit(5));
  CHECK(to_iccs(r.best) == "h2h7");
  CHECK(r.score > 400);
}

TEST_CASE("the search only returns legal moves (seeded random games)") {
  Searcher searcher(kTestTableMb);
  int searched = 0;
  for (std::uint64_t seed = 100; seed < 106; ++seed) {
    random_game(seed, 150, [&](const Position& pos, const std::vector<PastPosition>& history) {
      if (history.size() % 7 != 3) return;
      const SearchResult r = searcher.search(pos, history, node_limit(1500));
      REQUIRE_MESSAGE(is_legal(pos, r.best), pos.fen(), " ", to_iccs(r.best));
      for (std::size_t i = 0; i < r.pv.size(); ++i) CHECK(r.pv[i].raw() != 0);
      CHECK(r.nodes <= 1500);
      ++searched;
    });
  }
  CHECK(searched > 50);
}

TEST_CASE("searches are deterministic and leave no hidden state") {
  const Position pos = fen("r1bakabr1/4c4/1c7/p1C1R4/6p2/9/P1P1P1n1P/6N2/9/RNBAKAB2 w - - 1 10");
  const Position other = fen("2bakabn1/9/2n1c4/p1p1p1c1p/6p2/2P6/P3P1P1P/N1C1C1N2/9/2BAKAB2 w - - 0 12");
  Searcher a(kTestTableMb);
  const SearchResult first = a.search(pos, node_limit(30000));
  a.search(other, depth_limit(5));  // unrelated work in between
  const SearchResult again = a.search(pos, node_limit(30000));
  Searcher fresh(kTestTableMb);
  const SearchResult third = fresh.search(pos, node_limit(30000));
  for (const SearchResult* r : {&again, &third}) {
    CHECK(r->best == first.best);
    CHECK(r->score == first.score);
    CHECK(r->nodes == first.nodes);
    CHECK(r->depth == first.depth);
    REQUIRE(r->pv.size() == first.pv.size());
    for (std::size_t i = 0; i < first.pv.size(); ++i) CHECK(r->pv[i] == first.pv[i]);
  }
  CHECK(first.nodes == 30000);
  CHECK(first.stopped);
  // Same under a depth limit.
  Searcher b(kTestTableMb), c(kTestTableMb);
  const SearchResult d1 = b.search(other, depth_limit(6));
  const SearchResult d2 = c.search(other, depth_limit(6));
  CHECK(d1.best == d2.best);
  CHECK(d1.nodes == d2.nodes);
  CHECK(d1.depth == 6);
  CHECK(!d1.stopped);
}

TEST_CASE("a completed search does not depend on the searches before it") {
  // Node counts of depth-limited searches must match too: a node-limited
  // search (above) always counts the same nodes. This pair (the third and
  // fourth bench positions) once differed at every depth: the root's child
  // frame kept its cutoff count from the search before.
  const Position before = fen("2bakab1r/9/2R6/p1N1p3p/6p2/2P6/P3P1n1P/6r2/9/R1BAKAB2 w - - 0 10");
  const Position pos = fen("2b1kab1r/4a4/4c3n/p3C1p1p/2Pn5/4P1P2/Pr3c2P/1CN3N2/9/1RBAKABR1 w - - 1 11");
  for (int depth : {7, 9, 11}) {
    CAPTURE(depth);
    Searcher used(kTestTableMb), fresh(kTestTableMb);
    used.search(before, depth_limit(depth));
    const SearchResult a = used.search(pos, depth_limit(depth));
    const SearchResult b = fresh.search(pos, depth_limit(depth));
    CHECK(a.nodes == b.nodes);
    CHECK(a.best == b.best);
    CHECK(a.score == b.score);
  }
}

TEST_CASE("limits, the stop flag and the info callback") {
  const Position pos = Position::start();
  SUBCASE("node limit") {
    Searcher s(kTestTableMb);
    const SearchResult r = s.search(pos, node_limit(5000));
    CHECK(r.nodes <= 5000);
    CHECK(is_legal(pos, r.best));
  }
  SUBCASE("a tiny node limit still yields a legal move") {
    Searcher s(kTestTableMb);
    const SearchResult r = s.search(pos, node_limit(3));
    CHECK(is_legal(pos, r.best));
    CHECK(r.depth == 0);
  }
  SUBCASE("depth limit and one report per iteration") {
    Searcher s(kTestTableMb);
    std::vector<int> depths;
    std::uint64_t last_nodes = 0;
    s.set_info_callback([&](const SearchInfo& info) {
      depths.push_back(info.depth);
      CHECK(info.nodes >= last_nodes);
      last_nodes = info.nodes;
      REQUIRE(info.pv != nullptr);
      CHECK(info.pv->size() >= 1);
    });
    const SearchResult r = s.search(pos, depth_limit(4));
    CHECK(depths == std::vector<int>{1, 2, 3, 4});
    CHECK(r.depth == 4);
    CHECK(r.nodes == last_nodes);
  }
  SUBCASE("stop() from the info callback ends an unlimited search") {
    Searcher s(kTestTableMb);
    s.set_info_callback([&](const SearchInfo& info) {
      if (info.depth == 3) s.stop();
    });
    const SearchResult r = s.search(pos, SearchLimits{});
    CHECK(r.stopped);
    CHECK(r.depth >= 3);
    CHECK(r.depth < 8);
    CHECK(is_legal(pos, r.best));
  }
  SUBCASE("a stop poll is honoured") {
    Searcher s(kTestTableMb);
    int polls = 0;
    s.set_stop_poll([&] { return ++polls >= 3; });
    const SearchResult r = s.search(pos, SearchLimits{});
    CHECK(r.stopped);
    CHECK(r.nodes <= 3 * 2048 + 1);
    CHECK(is_legal(pos, r.best));
  }
  SUBCASE("time limit") {
    Searcher s(kTestTableMb);
    SearchLimits limits;
    limits.time_ms = 30;
    const SearchResult r = s.search(pos, limits);
    CHECK(r.depth >= 1);
    CHECK(is_legal(pos, r.best));
  }
}

namespace {

// A cycle of rook checks: red's a9a8+ and a8a9+ against the general stepping
// between e8 and e9, with black a horse up. `checks` says whether the history
// records those moves as checks (true to the board) or not (a test double).
// `visits` is how often the position after red's repeat (a9a8) occurred
// before the root: twice makes the repeat complete the threefold repetition
// that ends a game; once leaves it a first repeat the opponent may still leave.
struct CheckCycle {
  Position root;
  std::vector<PastPosition> history;
  Move repeat;  // red's move that repeats the cycle
};

CheckCycle check_cycle(bool checks, int visits = 2) {
  CheckCycle c;
  c.root = fen("R8/4k4/9/9/8r/9/9/9/9/3K4n w - - 0 1");
  Position pos = c.root;
  std::vector<const char*> moves = {"a9a8", "e8e9", "a8a9", "e9e8"};
  if (visits == 2) {
    // Start after a9a8, then go round twice less that first move.
    Undo undo;
    pos.make(iccs(pos, "a9a8"), undo);
    moves = {"e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"};
  }
  for (const char* text : moves) {
    const Move m = iccs(pos, text);
    // Without its moves the search judges a cycle by the check flags alone:
    // cleared flags make the same cycle one of quiet moves.
    c.history.push_back({pos.key(), checks && pos.in_check(), checks ? m : Move()});
    Undo undo;
    pos.make(m, undo);
  }
  REQUIRE(pos.key() == c.root.key());
  c.repeat = iccs(c.root, "a9a8");
  return c;
}

// Every legal move but `kept`: banned at the root, they force `kept`.
std::vector<Move> moves_other_than(const Position& pos, Move kept) {
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<Move> others;
  for (const Move m : legal)
    if (m != kept) others.push_back(m);
  return others;
}

}  // namespace

TEST_CASE("repetition is a draw in the search, perpetual check a loss") {
  SUBCASE("without history the side a horse down scores below zero") {
    const CheckCycle c = check_cycle(true);
    Searcher s(kTestTableMb);
    CHECK(s.search(c.root, depth_limit(3)).score < -100);
  }
  SUBCASE("repeating quiet moves: the side behind takes the draw") {
    const CheckCycle c = check_cycle(false);
    Searcher s(kTestTableMb);
    const SearchResult r = s.search(c.root, c.history, depth_limit(3));
    CHECK(r.best == c.repeat);
    CHECK(r.score == 0);
  }
  SUBCASE("repeating checks: perpetual check loses, so it is avoided") {
    const CheckCycle c = check_cycle(true);
    REQUIRE(c.history[0].in_check);  // P1, after a9a8+
    REQUIRE(c.history[2].in_check);  // P3, after a8a9+
    Searcher s(kTestTableMb);
    const SearchResult r = s.search(c.root, c.history, depth_limit(3));
    CHECK(r.best != c.repeat);
    CHECK(r.score < -100);
    CHECK(!is_mate_score(r.score));
  }
  SUBCASE("a perpetual check loses like a mate at the ply it completes") {
    // With every other root move banned, the repeat is forced: the checking
    // side loses at ply 1, ranked against mates by distance, so a lost side
    // prefers a later mate to an immediate perpetual.
    const CheckCycle c = check_cycle(true);
    Searcher s(kTestTableMb);
    s.set_root_exclusions(moves_other_than(c.root, c.repeat));
    const SearchResult r = s.search(c.root, c.history, depth_limit(3));
    CHECK(r.best == c.repeat);
    CHECK(r.score == -(kMateScore - 1));
    CHECK(mate_in_moves(r.score) == -1);
  }
  SUBCASE("a first repeat of the game before the root is not final") {
    // Black in check after red's a9a8+, which has been round the cycle once:
    // e8e9 repeats a position for the second time only. Red may still leave
    // the cycle, so black searches on instead of scoring a win at ply 1 (and
    // stopping at depth 1, as a found mate would).
    CheckCycle c = check_cycle(true, 1);
    c.history.push_back({c.root.key(), c.root.in_check(), c.repeat});
    Position root = c.root;
    Undo undo;
    root.make(c.repeat, undo);
    REQUIRE(root.in_check());
    Searcher s(kTestTableMb);
    const SearchResult r = s.search(root, c.history, depth_limit(6));
    CHECK(r.depth == 6);
    CHECK(!is_mate_score(r.score));
    CHECK(r.score > 100);  // a horse up, not a decided game
  }
  SUBCASE("a first repeat of quiet moves is no draw: the side ahead leaves the cycle") {
    // Forced to repeat a position seen once before the root, red (a horse
    // down) gets no draw from it: black goes round only if it wants to.
    const CheckCycle c = check_cycle(false, 1);
    Searcher s(kTestTableMb);
    s.set_root_exclusions(moves_other_than(c.root, c.repeat));
    const SearchResult r = s.search(c.root, c.history, depth_limit(5));
    CHECK(r.best == c.repeat);
    CHECK(r.score < -100);
  }
}
