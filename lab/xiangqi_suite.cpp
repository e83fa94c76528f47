// `qipan-lab openings xiangqi`: makes the held-out opening suite
// (xiangqi_suite.h) or checks one.
//
//   qipan-lab openings xiangqi [--count N] [--seed S] [--min-plies P] [--max-plies P]
//       [--margin CP] [--quick-depth D] [--deep-depth D] [--balance CP] [--exclude FILE]...
//   qipan-lab openings xiangqi --check FILE [--exclude FILE]...
//
// Each attempt draws a length from min to max plies with the seed, then walks
// that many plies from the start: at every ply every legal move is searched
// to the quick depth and one of the moves within `margin` of the best is
// drawn at random (sound and varied). The final position is kept when it is
// not over, no earlier attempt reached it (same Zobrist key: the same pieces,
// squares and side to move, whatever the move order), it is not a position
// of our opening books or of any --exclude file, and a search to the deep
// depth scores it within +-balance for the side to move. Attempts go on
// until `count` positions are kept (or 100 attempts per position fail). The
// searches are pure functions of the position under a depth limit, so the
// same command writes the same file on every build with the same engine.
//
// --check reads a suite, replays each line to its FEN and fails if two
// lines reach the same position or one is in a book or an --exclude file.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/core/random.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/pgn.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/opening_book.h"
#include "engine/xiangqi/search.h"
#include "xiangqi_openings.h"
#include "xiangqi_pgn_samples.h"
#include "xiangqi_sound_move.h"
#include "xiangqi_suite.h"

namespace qipan::lab {

using namespace qipan::xiangqi;

namespace {

// Plays ICCS moves from the start; adds each position's key (the start
// included) to `keys` when given. False at the first illegal move.
bool replay(const std::vector<std::string>& moves, Position& pos, std::set<std::uint64_t>* keys) {
  pos = Position::start();
  if (keys) keys->insert(pos.key());
  for (const std::string& text : moves) {
    auto m = parse_iccs_move(pos, text);
    if (!m) return false;
    Undo undo;
    pos.make(*m, undo);
    if (keys) keys->insert(pos.key());
  }
  return true;
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

OpeningSuite read_opening_suite(const std::string& path) {
  OpeningSuite suite;
  std::ifstream in(path);
  if (!in) {
    suite.error = "cannot read " + path;
    return suite;
  }
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::size_t bar1 = line.find('|'), bar2 = bar1 == std::string::npos ? bar1 : line.find('|', bar1 + 1);
    const std::string where = path + ":" + std::to_string(number);
    if (bar2 == std::string::npos) {
      suite.error = where + ": not FEN|moves|score";
      return suite;
    }
    SuiteOpening opening;
    opening.fen = line.substr(0, bar1);
    opening.moves = words_of(line.substr(bar1 + 1, bar2 - bar1 - 1));
    char* end = nullptr;
    const std::string score = line.substr(bar2 + 1);
    opening.score = int(std::strtol(score.c_str(), &end, 10));
    if (score.empty() || *end != '\0') {
      suite.error = where + ": bad score '" + score + "'";
      return suite;
    }
    Position pos;
    if (!replay(opening.moves, pos, nullptr)) {
      suite.error = where + ": an illegal move in the line";
      return suite;
    }
    const auto fen = Position::from_fen(opening.fen);
    if (!fen || fen->key() != pos.key()) {
      suite.error = where + ": the line does not reach the FEN";
      return suite;
    }
    suite.openings.push_back(std::move(opening));
  }
  if (suite.openings.empty()) suite.error = path + ": no openings";
  return suite;
}

std::set<std::uint64_t> book_position_keys() {
  std::set<std::uint64_t> keys;
  Position pos;
  for (std::string_view line : OpeningBook::lines()) (void)replay(words_of(std::string(line)), pos, &keys);
  for (const auto& line : builtin_xiangqi_openings()) (void)replay(line, pos, &keys);
  return keys;
}

bool add_position_keys(const std::string& path, std::set<std::uint64_t>& keys, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read " + path;
    return false;
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (ends_with(path, ".pgn")) {
    int games = 0;
    for (std::string_view chunk : split_pgn_games(text)) {
      auto parsed = parse_pgn(chunk);
      if (!parsed) continue;
      for (std::uint64_t key : parsed->game.keys()) keys.insert(key);
      ++games;
    }
    if (games == 0) {
      error = path + ": no game read";
      return false;
    }
    return true;
  }
  std::istringstream lines(text);
  Position pos;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line.find('/') != std::string::npos) {  // a FEN first
      const auto fen = Position::from_fen(line.substr(0, line.find('|')));
      if (!fen) {
        error = path + ": a bad FEN: " + line;
        return false;
      }
      keys.insert(fen->key());
    } else if (!replay(words_of(line.substr(0, line.find('#'))), pos, &keys)) {
      error = path + ": an illegal line: " + line;
      return false;
    }
  }
  return true;
}

namespace {

struct SuiteOptions {
  long long count = 240, seed = 1, min_plies = 4, max_plies = 8, margin = 30, quick_depth = 4, deep_depth = 10,
            balance = 70;
  std::vector<std::string> excludes;
  std::string check;
};

void usage() {
  std::fputs(
      "usage: qipan-lab openings xiangqi [--count N] [--seed S] [--min-plies P] [--max-plies P] [--margin CP]\n"
      "                                  [--quick-depth D] [--deep-depth D] [--balance CP] [--exclude FILE]...\n"
      "       qipan-lab openings xiangqi --check FILE [--exclude FILE]...\n",
      stderr);
}

// The keys a suite must avoid: the books' and those of every --exclude file.
bool excluded_keys(const SuiteOptions& o, std::set<std::uint64_t>& keys) {
  keys = book_position_keys();
  for (const std::string& path : o.excludes) {
    std::string error;
    if (!add_position_keys(path, keys, error)) {
      std::fprintf(stderr, "openings: %s\n", error.c_str());
      return false;
    }
  }
  return true;
}

int check_suite(const SuiteOptions& o) {
  const OpeningSuite suite = read_opening_suite(o.check);
  if (!suite.error.empty()) {
    std::fprintf(stderr, "openings: %s\n", suite.error.c_str());
    return 1;
  }
  std::set<std::uint64_t> avoid, seen;
  if (!excluded_keys(o, avoid)) return 2;
  int bad = 0;
  for (const SuiteOpening& opening : suite.openings) {
    const std::uint64_t key = Position::from_fen(opening.fen)->key();
    const char* why = avoid.count(key) ? "in a book or an excluded file" : seen.count(key) ? "a duplicate" : nullptr;
    if (why) {
      std::printf("%s: %s\n", opening.fen.c_str(), why);
      ++bad;
    }
    seen.insert(key);
  }
  std::printf("%s: %zu openings, %d in a book, an excluded file or twice (%zu positions avoided)\n", o.check.c_str(),
              suite.openings.size(), bad, avoid.size());
  return bad ? 1 : 0;
}

std::string command_line(const SuiteOptions& o) {
  std::string text = "qipan-lab openings xiangqi --count " + std::to_string(o.count) + " --seed " +
                     std::to_string(o.seed) + " --min-plies " + std::to_string(o.min_plies) + " --max-plies " +
                     std::to_string(o.max_plies) + " --margin " + std::to_string(o.margin) + " --quick-depth " +
                     std::to_string(o.quick_depth) + " --deep-depth " + std::to_string(o.deep_depth) + " --balance " +
                     std::to_string(o.balance);
  for (const std::string& path : o.excludes) text += " --exclude " + path;
  return text;
}

}  // namespace

int xiangqi_openings_command(const Args& args) {
  SuiteOptions o;
  CommandFlags flags;
  flags.integer("--count", 1, 1LL << 40, o.count).integer("--seed", 0, 1LL << 40, o.seed);
  flags.integer("--min-plies", 1, 40, o.min_plies).integer("--max-plies", 1, 40, o.max_plies);
  flags.integer("--margin", 0, 1LL << 40, o.margin).integer("--balance", 0, 1LL << 40, o.balance);
  flags.integer("--quick-depth", 1, kMaxSearchDepth, o.quick_depth)
      .integer("--deep-depth", 1, kMaxSearchDepth, o.deep_depth);
  flags.texts("--exclude", o.excludes).text("--check", o.check);
  std::string error = flags.read(args);
  if (error.empty() && o.max_plies < o.min_plies) error = "--max-plies is below --min-plies";
  if (!error.empty()) {
    std::fprintf(stderr, "qipan-lab openings: %s\n", error.c_str());
    usage();
    return 2;
  }
  if (!o.check.empty()) return check_suite(o);
  std::set<std::uint64_t> avoid;
  if (!excluded_keys(o, avoid)) return 2;

  Searcher searcher(16);
  SplitMix64 rng{std::uint64_t(o.seed)};
  SearchLimits quick, deep;
  quick.depth = int(o.quick_depth);
  deep.depth = int(o.deep_depth);
  std::set<std::uint64_t> seen;
  std::vector<std::string> kept;
  long long attempts = 0, repeated = 0, in_books = 0, unbalanced = 0;
  for (; (long long)kept.size() < o.count && attempts < o.count * 100; ++attempts) {
    const int plies = int(o.min_plies + rng.below(std::uint32_t(o.max_plies - o.min_plies + 1)));
    Game game;
    std::string line;
    for (int ply = 0; ply < plies && !game.over(); ++ply) {
      const Position& pos = game.position();
      const Move m = draw_sound_move(pos, past_positions(game), searcher, quick, o.margin, rng);
      (void)game.play(m);
      if (!line.empty()) line += ' ';
      line += to_iccs(m);
    }
    if (game.over()) continue;
    const Position& pos = game.position();
    if (!seen.insert(pos.key()).second) {
      ++repeated;
      continue;
    }
    if (avoid.count(pos.key())) {
      ++in_books;
      continue;
    }
    const int score = searcher.search(pos, past_positions(game), deep).score;
    if (std::abs(score) > o.balance) {
      ++unbalanced;
      continue;
    }
    kept.push_back(pos.fen() + "|" + line + "|" + std::to_string(score));
    if (kept.size() % 20 == 0) std::fprintf(stderr, "openings: %zu kept of %lld attempts\n", kept.size(), attempts + 1);
  }
  std::printf(
      "# Qipan's held-out xiangqi opening suite (issue 33): docs/measuring.md, \"Held-out openings\".\n"
      "# Generated by `%s`: do not edit.\n"
      "# Each line walks %lld-%lld plies (drawn with the seed) from the start, each move drawn among those a\n"
      "# depth-%lld search puts within %lld cp of the best; its position is kept when a depth-%lld search scores it\n"
      "# within +-%lld cp and it is neither a repeat nor one of the %zu positions of our opening books and the\n"
      "# files excluded. %zu kept of %lld attempts (%lld repeats, %lld in books or excluded files, %lld unbalanced).\n"
      "# FEN|ICCS moves from the start|score of the deep search (side to move, centipawns)\n",
      command_line(o).c_str(), o.min_plies, o.max_plies, o.quick_depth, o.margin, o.deep_depth, o.balance, avoid.size(),
      kept.size(), attempts, repeated, in_books, unbalanced);
  for (const std::string& k : kept) std::printf("%s\n", k.c_str());
  std::fprintf(stderr, "openings: %zu kept of %lld attempts (%lld repeats, %lld excluded, %lld unbalanced)\n",
               kept.size(), attempts, repeated, in_books, unbalanced);
  return (long long)kept.size() < o.count ? 1 : 0;
}

}  // namespace qipan::lab
