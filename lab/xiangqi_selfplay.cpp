// `qipan-lab selfplay xiangqi`: plays the engine against itself under our rules
// and writes the positions of those games with the results, the data that
// `qipan-lab tune xiangqi` fits the evaluation weights to.
//
//   qipan-lab selfplay xiangqi [--games N] [--nodes K] [--random-plies R]
//       [--seed S] [--threads T] [--out FILE] [--avoid FILE]... [--network]
//
// Every game opens with R plies drawn at random among the moves a shallow
// search finds within 60 of the best (R itself varies from R/2 to R per
// game), then each side searches K nodes per move (deterministic for a seed).
// A game the searches agree is decided (both sides see more than +-1500 for
// 6 plies in a row) is adjudicated; so is a dead draw (within 8 of zero for
// 40 plies after ply 120). One line per position: FEN, the result from red's
// view (1, 0.5, 0), the search score from the side to move's view, the ply.
// Positions in check and positions where the move played captured are left
// out (their static evaluation says little about the result). A game that
// passes through a position of an --avoid file (the held-out suite: no
// training data may come from games through it) is played but not written.
// --network plays with the evaluation network instead of the hand-made
// evaluation (to train a network on its own games).
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"
#include "engine/core/random.h"
#include "engine/tools/parse_integer.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/search.h"
#include "xiangqi_suite.h"

namespace qipan::lab {
namespace {

using namespace qipan::xiangqi;

struct SelfplayOptions {
  long long games = 1000;
  long long nodes = 20000;
  long long random_plies = 10;
  long long seed = 1;
  long long threads = 1;
  bool network = false;  // both sides evaluate with the network (network.h)
  std::string out = "xiangqi_selfplay.txt";
  std::vector<std::string> avoid_files;
  std::set<std::uint64_t> avoid;  // their position keys
};

struct Sample {
  std::string fen;
  int score = 0;
  int ply = 0;
};

// A move among those within `margin` of the best after a shallow search.
Move sensible_random_move(Searcher& searcher, const Game& game, SplitMix64& rng) {
  MoveList moves;
  generate_legal(game.position(), moves);
  std::vector<std::pair<int, Move>> scored;
  const std::vector<PastPosition> past = past_positions(game);
  SearchLimits quick;
  quick.depth = 2;
  for (Move m : moves) {
    Position child = game.position();
    Undo undo;
    child.make(m, undo);
    std::vector<PastPosition> child_past = past;
    child_past.push_back({game.position().key(), game.position().in_check(), m});
    scored.emplace_back(-searcher.search(child, child_past, quick).score, m);
  }
  int best = -kInfinity;
  for (const auto& [score, m] : scored) best = std::max(best, score);
  std::vector<Move> near;
  for (const auto& [score, m] : scored)
    if (score >= best - 60) near.push_back(m);
  return near[rng.below(std::uint32_t(near.size()))];
}

// Plays one game; returns red's result (1, 0.5, 0) and appends its samples.
// `avoided` is set when the game passed through a position of o.avoid.
double play_one(std::uint64_t seed, const SelfplayOptions& o, std::vector<Sample>& samples, bool& avoided) {
  SplitMix64 rng(seed);
  Searcher engines[2] = {Searcher(16), Searcher(16)};
  if (o.network)
    for (Searcher& engine : engines) engine.set_network(&network::kWeights);
  Game game;
  avoided = false;
  const auto note_position = [&] { avoided = avoided || o.avoid.count(game.position().key()) > 0; };
  const int random_plies = int(o.random_plies / 2 + rng.below(std::uint32_t(o.random_plies / 2 + 1)));
  for (int ply = 0; ply < random_plies && !game.over(); ++ply) {
    (void)game.play(sensible_random_move(engines[0], game, rng));
    note_position();
  }
  SearchLimits limits;
  limits.nodes = std::uint64_t(o.nodes);
  limits.reuse_tables = true;
  int decisive_run = 0, quiet_run = 0, last_sign = 0;
  while (!game.over()) {
    const Position& pos = game.position();
    const SearchResult r = engines[pos.side_to_move()].search(pos, past_positions(game), limits);
    if (r.best.is_none()) break;
    const bool capture = pos.at(r.best.to()) != kEmpty;
    if (!pos.in_check() && !capture && !is_mate_score(r.score)) samples.push_back({pos.fen(), r.score, game.ply()});
    // Adjudication, from red's view.
    const int red_score = pos.side_to_move() == kRed ? r.score : -r.score;
    const int sign = red_score > 1500 ? 1 : red_score < -1500 ? -1 : 0;
    decisive_run = sign != 0 && sign == last_sign ? decisive_run + 1 : sign != 0 ? 1 : 0;
    last_sign = sign;
    if (decisive_run >= 6) return sign > 0 ? 1.0 : 0.0;
    quiet_run = std::abs(red_score) <= 8 && game.ply() >= 120 ? quiet_run + 1 : 0;
    if (quiet_run >= 40) return 0.5;
    if (!game.play(r.best)) break;
    note_position();
  }
  const auto winner = game.status().winner();
  return !game.over() || !winner ? 0.5 : *winner == kRed ? 1.0 : 0.0;
}

}  // namespace

int xiangqi_selfplay_command(const Args& args) {
  SelfplayOptions o;
  CommandFlags flags;
  flags.integer("--games", 0, 1LL << 40, o.games).integer("--nodes", 1, 1LL << 40, o.nodes);
  flags.integer("--random-plies", 0, 1000, o.random_plies).integer("--seed", 0, 1LL << 40, o.seed);
  flags.integer("--threads", 1, 256, o.threads).text("--out", o.out).texts("--avoid", o.avoid_files);
  flags.toggle("--network", o.network);
  if (const std::string error = flags.read(args); !error.empty()) {
    std::fprintf(stderr,
                 "qipan-lab selfplay: %s\n"
                 "usage: qipan-lab selfplay xiangqi [--games N] [--nodes K] [--random-plies R] [--seed S]\n"
                 "                                  [--threads T] [--out FILE] [--avoid FILE]... [--network]\n",
                 error.c_str());
    return 2;
  }
  for (const std::string& path : o.avoid_files) {
    std::string error;
    if (!add_position_keys(path, o.avoid, error)) {
      std::fprintf(stderr, "selfplay: %s\n", error.c_str());
      return 1;
    }
  }
  std::ofstream out(o.out, std::ios::app);
  if (!out) {
    std::fprintf(stderr, "selfplay: cannot write %s\n", o.out.c_str());
    return 1;
  }
  std::mutex lock;
  std::atomic<long long> next{0};
  long long results[3] = {0, 0, 0};  // red wins, draws, black wins
  std::size_t positions = 0;
  long long avoided_games = 0;
  auto worker = [&] {
    for (long long g; (g = next++) < o.games;) {
      std::vector<Sample> samples;
      bool avoided = false;
      const double result = play_one(std::uint64_t(o.seed) * 1000003 + std::uint64_t(g), o, samples, avoided);
      std::lock_guard guard(lock);
      if (avoided) {
        ++avoided_games;
        continue;
      }
      for (const Sample& s : samples)
        out << s.fen << '|'
            << (result == 1.0   ? "1"
                : result == 0.0 ? "0"
                                : "0.5")
            << '|' << s.score << '|' << s.ply << '\n';
      out.flush();
      positions += samples.size();
      ++results[result == 1.0 ? 0 : result == 0.0 ? 2 : 1];
      if ((g + 1) % 10 == 0)
        std::fprintf(stderr, "selfplay: %lld games (red %lld, draws %lld, black %lld), %zu positions\n",
                     results[0] + results[1] + results[2], results[0], results[1], results[2], positions);
    }
  };
#ifdef __EMSCRIPTEN__
  worker();
#else
  std::vector<std::thread> threads;
  for (long long t = 0; t < std::max(1LL, o.threads); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
#endif
  std::fprintf(stderr,
               "selfplay: done, %lld games (%lld through an avoided position, not written), %zu positions in %s\n",
               o.games, avoided_games, positions, o.out.c_str());
  return 0;
}

}  // namespace qipan::lab
