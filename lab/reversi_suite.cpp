// `qipan-lab openings reversi`: makes the held-out Reversi opening suite
// (reversi_suite.h) or checks one.
//
//   qipan-lab openings reversi [--count N] [--plies P] [--seed S] [--margin D]
//       [--quick-depth D] [--deep-depth D] [--probcut 0|73|87|95|99] [--balance D]
//       [--exclude FILE]...
//   qipan-lab openings reversi --check FILE [--exclude FILE]...
//
// Each attempt plays f5 (the four first moves are one position up to the
// board's symmetries, and f5 is how Othello writes openings), then P-1 more
// plies: at every ply every legal move is searched to the quick depth and
// one of the moves within `margin` discs of the best is drawn at random
// (random but sound lines). An attempt that meets a pass is dropped. The
// final position is kept when no earlier attempt reached it or one of its 8
// symmetric images (the same discs, whatever the move order), it is in no
// --exclude file, and a search to the deep depth (with multi-probcut at the
// given confidence, 0 = off) scores it within +-balance discs for the side
// to move. The searches are pure functions of the
// position under a depth limit, so the same command writes the same file on
// every build with the same engine.
//
// --check reads a suite (every line legal from the start) and fails if two
// lines reach the same position up to symmetry or one is in an --exclude
// file. An --exclude file is another suite, or a tuning data file (a name
// ending in .bin, as `qipan-lab tune reversi eval --save-data` writes it).
#include "reversi_suite.h"

#include <algorithm>
#include <compare>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/reversi/eval_symmetry.h"
#include "engine/reversi/search.h"

namespace qipan::lab {

using namespace qipan::reversi;

CanonicalKey canonical(Bitboard player, Bitboard opponent) {
  CanonicalKey best{player, opponent};
  for (int k = 1; k < 8; ++k) best = std::min(best, CanonicalKey{symmetry(player, k), symmetry(opponent, k)});
  return best;
}

CanonicalKey canonical(const Position& pos) { return canonical(pos.player(), pos.opponent()); }

namespace {

constexpr Square kF5 = 37;

struct NumberedOpening {
  ReversiOpening opening;
  int line = 0;  // in the file, from 1
};

// Reads a suite, keeping each opening's line number for --check's messages.
std::vector<NumberedOpening> read_numbered(const std::string& path, std::string& error) {
  std::vector<NumberedOpening> out;
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return out;
  }
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    const std::size_t bar = line.find('|');
    if (bar == std::string::npos) {
      error = where + "missing score (a line is moves|score)";
      return out;
    }
    ReversiOpening opening;
    opening.text = line.substr(0, bar);
    const std::string score = line.substr(bar + 1);
    char* end = nullptr;
    opening.score = int(std::strtol(score.c_str(), &end, 10));
    if (score.empty() || *end != '\0') {
      error = where + "bad score '" + score + "'";
      return out;
    }
    if (opening.text.empty()) {
      error = where + "no moves";
      return out;
    }
    Position pos = Position::start();
    for (std::size_t i = 0; i < opening.text.size(); i += 2) {
      const std::string written = opening.text.substr(i, 2);
      const std::string move = "move " + std::to_string(i / 2 + 1) + " '" + written + "'";
      // Lowercase only: the file has one spelling, so two files compare as text.
      const bool lower =
          written.size() == 2 && written[0] >= 'a' && written[0] <= 'h' && written[1] >= '1' && written[1] <= '8';
      const auto square = parse_square(written);
      if (!lower || !square.ok()) {
        error = where + move + " is not a square a1-h8";
        return out;
      }
      if (pos.game_over()) {
        error = where + move + ": the game is over";
        return out;
      }
      if (pos.must_pass()) {
        error = where + move + ": the side to move has no move and must pass (suite lines have no passes)";
        return out;
      }
      // The engine's refusal (read_ply: square_taken or flips_nothing), in the suite's words and with its code.
      if (const auto ply = read_ply(pos, square.value()); !ply) {
        const std::string code(ply.code());
        error = where + move + " is illegal: " + (code == "square_taken" ? "the square is taken" : "it flips nothing") +
                " (" + code + ")";
        return out;
      }
      Undo undo;
      pos.make(square.value(), undo);
      opening.plies.push_back(square.value());
    }
    out.push_back(NumberedOpening{std::move(opening), number});
  }
  if (out.empty()) error = path + ": no openings";
  return out;
}

Position replay(const std::vector<Square>& plies) {
  Position pos = Position::start();
  for (Square s : plies) {
    Undo undo;
    pos.make(s, undo);
  }
  return pos;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Adds the canonical keys of an --exclude file: every record of a tuning
// data file (.bin: player, opponent, score, game; 21 bytes each), or every
// position (each prefix too) of a suite's lines.
bool add_excluded(const std::string& path, std::vector<CanonicalKey>& keys, std::string& error) {
  if (ends_with(path, ".bin")) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error = "cannot read " + path;
      return false;
    }
    char record[21];
    std::size_t count = 0;
    while (in.read(record, sizeof record)) {
      Bitboard player = 0, opponent = 0;
      for (int b = 7; b >= 0; --b) player = player << 8 | std::uint8_t(record[b]);  // little-endian
      for (int b = 7; b >= 0; --b) opponent = opponent << 8 | std::uint8_t(record[8 + b]);
      keys.push_back(canonical(player, opponent));
      ++count;
    }
    if (count == 0 || in.gcount() != 0) {
      error = path + ": not a tuning data file (records of 21 bytes)";
      return false;
    }
    return true;
  }
  const std::vector<NumberedOpening> suite = read_numbered(path, error);
  if (!error.empty()) return false;
  for (const NumberedOpening& n : suite) {
    Position pos = Position::start();
    for (Square s : n.opening.plies) {
      Undo undo;
      pos.make(s, undo);
      keys.push_back(canonical(pos));
    }
  }
  return true;
}

struct SuiteOptions {
  long long count = 120, plies = 10, seed = 1, margin = 3, quick_depth = 6, deep_depth = 18, probcut = 87, balance = 2;
  std::vector<std::string> excludes;
  std::string check;
};

void usage() {
  std::fputs(
      "usage: qipan-lab openings reversi [--count N] [--plies P] [--seed S] [--margin D] [--quick-depth D]\n"
      "                                  [--deep-depth D] [--probcut 0|73|87|95|99] [--balance D] [--exclude FILE]...\n"
      "       qipan-lab openings reversi --check FILE [--exclude FILE]...\n",
      stderr);
}

// The sorted keys of every --exclude file; false (with the reason printed)
// when one cannot be read.
bool excluded_keys(const SuiteOptions& o, std::vector<CanonicalKey>& keys) {
  for (const std::string& path : o.excludes) {
    std::string error;
    if (!add_excluded(path, keys, error)) {
      std::fprintf(stderr, "openings: %s\n", error.c_str());
      return false;
    }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return true;
}

int check_suite(const SuiteOptions& o) {
  std::string error;
  const std::vector<NumberedOpening> suite = read_numbered(o.check, error);
  if (!error.empty()) {
    std::fprintf(stderr, "openings: %s\n", error.c_str());
    return 1;
  }
  std::vector<CanonicalKey> avoid;
  if (!excluded_keys(o, avoid)) return 2;
  std::map<CanonicalKey, int> seen;  // key -> the line that first reached it
  std::map<int, int> scores;         // score -> openings
  int bad = 0;
  for (const NumberedOpening& n : suite) {
    const CanonicalKey key = canonical(replay(n.opening.plies));
    const auto [first, fresh] = seen.emplace(key, n.line);
    if (!fresh) {
      std::printf("%s:%d: the same position as line %d (up to symmetry)\n", o.check.c_str(), n.line, first->second);
      ++bad;
    } else if (std::binary_search(avoid.begin(), avoid.end(), key)) {
      std::printf("%s:%d: a position of an excluded file (up to symmetry)\n", o.check.c_str(), n.line);
      ++bad;
    }
    ++scores[n.opening.score];
  }
  std::string spread;
  for (const auto& [score, count] : scores)
    spread += (spread.empty() ? "" : ", ") + std::to_string(score) + ": " + std::to_string(count);
  std::printf("%s: %zu openings, %d twice or excluded (%zu positions avoided); scores %s\n", o.check.c_str(),
              suite.size(), bad, avoid.size(), spread.c_str());
  return bad ? 1 : 0;
}

std::string command_line(const SuiteOptions& o) {
  std::string text = "qipan-lab openings reversi --count " + std::to_string(o.count) + " --plies " +
                     std::to_string(o.plies) + " --seed " + std::to_string(o.seed) + " --margin " +
                     std::to_string(o.margin) + " --quick-depth " + std::to_string(o.quick_depth) + " --deep-depth " +
                     std::to_string(o.deep_depth) + " --probcut " + std::to_string(o.probcut) + " --balance " +
                     std::to_string(o.balance);
  for (const std::string& path : o.excludes) text += " --exclude " + path;
  return text;
}

}  // namespace

ReversiSuite read_reversi_suite(const std::string& path) {
  ReversiSuite suite;
  for (NumberedOpening& n : read_numbered(path, suite.error)) suite.openings.push_back(std::move(n.opening));
  if (!suite.error.empty()) suite.openings.clear();
  return suite;
}

std::vector<CanonicalKey> suite_position_keys(const ReversiSuite& suite) {
  std::vector<CanonicalKey> keys;
  for (const ReversiOpening& opening : suite.openings) keys.push_back(canonical(replay(opening.plies)));
  std::sort(keys.begin(), keys.end());
  return keys;
}

int reversi_openings_command(const Args& args) {
  SuiteOptions o;
  CommandFlags flags;
  flags.integer("--count", 1, 1LL << 40, o.count)
      .integer("--plies", 1, 40, o.plies)
      .integer("--seed", 0, 1LL << 40, o.seed);
  flags.integer("--margin", 0, 1LL << 40, o.margin).integer("--balance", 0, 1LL << 40, o.balance);
  flags.integer("--quick-depth", 1, kMaxSearchDepth, o.quick_depth)
      .integer("--deep-depth", 1, kMaxSearchDepth, o.deep_depth);
  flags.option("--probcut", 1, [&o](const std::vector<std::string>& words) {
    for (const long long percent : {0, 73, 87, 95, 99}) {
      if (words[0] != std::to_string(percent)) continue;
      o.probcut = percent;
      return std::string();
    }
    return "takes 0, 73, 87, 95 or 99, not '" + words[0] + "'";
  });
  flags.texts("--exclude", o.excludes).text("--check", o.check);
  if (const std::string error = flags.read(args); !error.empty()) {
    std::fprintf(stderr, "qipan-lab openings: %s\n", error.c_str());
    usage();
    return 2;
  }
  if (!o.check.empty()) return check_suite(o);
  const Probcut probcut = o.probcut == 0    ? Probcut::kOff
                          : o.probcut == 73 ? Probcut::k73
                          : o.probcut == 87 ? Probcut::k87
                          : o.probcut == 95 ? Probcut::k95
                                            : Probcut::k99;
  std::vector<CanonicalKey> avoid;
  if (!excluded_keys(o, avoid)) return 2;

  Searcher searcher(16);
  SplitMix64 rng{std::uint64_t(o.seed)};
  SearchOptions quick, deep;
  quick.limits.depth = int(o.quick_depth);
  deep.limits.depth = int(o.deep_depth);
  deep.probcut = probcut;
  std::vector<CanonicalKey> seen;
  std::vector<std::string> kept;
  long long attempts = 0, passes = 0, repeated = 0, excluded = 0, unbalanced = 0;
  const Stopwatch watch;
  for (; (long long)kept.size() < o.count && attempts < o.count * 100; ++attempts) {
    Position pos = Position::start();
    std::string line;
    bool passed = false;
    for (int ply = 0; ply < o.plies && !passed; ++ply) {
      Square move = kF5;
      if (ply > 0) {
        if (pos.legal_moves() == 0) {
          passed = true;
          break;
        }
        const std::vector<MoveValue> values = searcher.evaluate_moves(pos, quick);
        int best = -kScoreMax;
        for (const MoveValue& v : values) best = std::max(best, v.score);
        std::vector<Square> sound;
        for (const MoveValue& v : values)
          if (v.score >= best - o.margin) sound.push_back(v.move);
        move = sound[rng.below(std::uint32_t(sound.size()))];
      }
      Undo undo;
      pos.make(move, undo);
      line += square_name(move);
    }
    // A line ending where the side to move must pass is a pass too.
    if (passed || pos.legal_moves() == 0) {
      ++passes;
      continue;
    }
    const CanonicalKey key = canonical(pos);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      ++repeated;
      continue;
    }
    seen.push_back(key);
    if (std::binary_search(avoid.begin(), avoid.end(), key)) {
      ++excluded;
      continue;
    }
    const int score = searcher.search(pos, deep).score;
    if (std::abs(score) > o.balance) {
      ++unbalanced;
      continue;
    }
    kept.push_back(line + "|" + std::to_string(score));
    if (kept.size() % 20 == 0)
      std::fprintf(stderr, "openings: %zu kept of %lld attempts, %.0f s\n", kept.size(), attempts + 1,
                   watch.elapsed_seconds());
  }
  std::printf(
      "# Qipan's held-out Reversi opening suite: docs/measuring.md, \"Held-out openings (Reversi)\".\n"
      "# Generated by `%s`: do not edit.\n"
      "# Each line plays f5 (the four first moves are one up to symmetry), then %lld more plies, each drawn\n"
      "# among the moves a depth-%lld search puts within %lld discs of the best; a line meeting a pass is dropped.\n"
      "# Its position is kept when a depth-%lld search%s scores it within +-%lld discs\n"
      "# and neither it nor one of its 8 symmetric images came before or is one of the %zu positions (up to\n"
      "# symmetry) of the files excluded. %zu kept of %lld attempts (%lld with a pass, %lld repeats, %lld\n"
      "# excluded, %lld unbalanced). The engine has no Reversi opening book; what the excluded files are, and\n"
      "# what the suite is disjoint from: lab/reversi_suite.h.\n"
      "# moves from the start|score of the deep search (side to move's view, discs)\n",
      command_line(o).c_str(), o.plies - 1, o.quick_depth, o.margin, o.deep_depth,
      o.probcut ? (" (multi-probcut at " + std::to_string(o.probcut) + " %)").c_str() : "", o.balance, avoid.size(),
      kept.size(), attempts, passes, repeated, excluded, unbalanced);
  for (const std::string& k : kept) std::printf("%s\n", k.c_str());
  std::fprintf(stderr,
               "openings: %zu kept of %lld attempts (%lld with a pass, %lld repeats, %lld excluded, %lld unbalanced), "
               "%.0f s\n",
               kept.size(), attempts, passes, repeated, excluded, unbalanced, watch.elapsed_seconds());
  return (long long)kept.size() < o.count ? 1 : 0;
}

}  // namespace qipan::lab
