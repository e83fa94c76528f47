// `qipan nboard`: the Reversi engine behind the NBoard protocol, the one the
// NBoard GUI (github.com/weltyc/nboard) uses to drive Othello engines such
// as Ntest and Edax. Lines in (one command each), lines out:
//
//   nboard <version>          -> set myname Qipan
//   set depth <1..60>         midgame depth; solved exactly when depth >= empties
//   set level <2..8>          (ours) search as the page's AI level does: its
//                             depth, node budget, probcut, exact solve and
//                             time ceiling (ai_levels.h), without its opening
//                             variety
//   set movetime <ms>         (ours) the level's search (8 unless set) with no
//                             depth or node bound, spending ms a move as
//                             `go movetime` does (0: the level's own limits);
//                             `set depth` goes back to depths
//   set solvetime <ms>        (ours) with a move time, a position the level
//                             solves exactly (level 8: 22 empties or fewer)
//                             may take ms instead (0: the move time)
//   set game <GGF>            the position after the record's moves (ggf.h)
//   set contempt <n>          accepted (a draw is worth 0 to us)
//   move <mv>[/eval[/time]]   plays a move (PA: pass) in the current game;
//   <mv>                      (NBoard 1.1's bare form, the same)
//   hint <n>                  -> status ..., nodestats ..., n lines
//                                `search <MV> <eval> 0 <depth>`, status
//   go                        -> status ..., nodestats ..., === <MV>/<eval>/<time>, status
//   analyze                   -> `analysis <plies> <eval>` for every position
//                                of the game, last first
//   ping <n>                  stops the running search (its result is still
//                             written), then -> pong <n>
//   learn                     -> learned (there is no book to learn into)
//   quit                      stops and exits; the end of input waits for
//                             the running search first
//
// Evaluations are discs for the side to move (the final disc difference,
// empties to the winner), written %.2f; depths are plies, or `100%` for an
// exact solve (NBoard's sign of a solved value); times are seconds. Refused
// input (a bad GGF, an illegal move, an unknown command) is reported on
// stderr, "qipan nboard: ...", and changes nothing.
//
// Natively the search runs on its own thread so `ping` and `quit` stop it at
// once; every other command waits for it to finish, so a script piping a whole
// session gets complete answers. The wasm build (no threads) searches in the
// reading thread.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <functional>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <chrono>
#include <thread>
#endif

#include "../reversi/ai_levels.h"
#include "../reversi/game/ggf.h"
#include "../reversi/game/notation.h"
#include "../reversi/search.h"
#include "commands.h"
#include "parse_integer.h"
#include "protocol_input.h"

namespace qipan::tools {
namespace {

using namespace qipan::reversi;

constexpr int kDefaultDepth = 12;

// "F5", "PA": NBoard's spelling of a move.
std::string nboard_move(Square s) {
  if (s == kPass) return "PA";
  std::string text = square_name(s);
  for (char& c : text) c = char(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string eval_text(int score) {
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", double(score));
  return text;
}

std::string seconds_text(std::int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", double(ms) / 1000);
  return text;
}

// The move part of `mv[/eval[/time]]`: a square in either case, or PA/pass.
Result<Square> parse_nboard_move(const std::string& text) {
  std::string move = text.substr(0, text.find('/'));
  std::string lower;
  for (char c : move) lower += char(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "pa" || lower == "ps" || lower == "pass") return kPass;
  return parse_square(move);
}

// The search at a depth: probcut as the AI levels use it at that depth
// (ai_levels.h: none below 10, 95% to 13, 87% from 14), exact from `depth`
// empties, no node or time limit (ping stops it).
SearchOptions depth_options(int depth) {
  SearchOptions o;
  o.limits.depth = depth;
  o.limits.reuse_tables = true;  // one game, one table
  o.exact_empties = depth;
  o.probcut = depth >= 14 ? Probcut::k87 : depth >= 10 ? Probcut::k95 : Probcut::kOff;
  return o;
}

class Nboard {
 public:
  Nboard() {
    searcher_.set_stop_poll([this] { return stop_.load(std::memory_order_relaxed); });
    searcher_.set_info_callback([this](const SearchInfo& info) {
      say("nodestats " + std::to_string(info.nodes) + " " + seconds_text(info.time_ms));
    });
  }
  ~Nboard() { stop(); }

  // Handles one input line; false after quit.
  bool handle(const std::string& line) {
    std::istringstream in(line);
    std::string command;
    in >> command;
    if (command.empty()) return true;
    if (command == "ping") {
      stop();
      std::string n;
      in >> n;
      say("pong " + n);
      return true;
    }
    if (command == "quit") {
      stop();
      return false;
    }
    wait();
    if (command == "nboard") {
      std::string version;
      in >> version;
      if (version != "1" && version != "2")
        complain("protocol version '" + version + "' is not one we know (1, 2); carrying on");
      say("set myname Qipan");
    } else if (command == "set") {
      set(in, line);
    } else if (command == "move") {
      std::string text;
      in >> text;
      play(text);
    } else if (command == "hint") {
      std::string n = "1";
      in >> n;
      long long count = 0;
      if (!parse_integer(n, 1, 1LL << 30, count)) return complain("hint needs a move count >= 1, not '" + n + "'");
      run([this, count] { hint(int(std::min<long long>(count, kMaxMoves))); });
    } else if (command == "go") {
      run([this] { go(); });
    } else if (command == "analyze") {
      run([this] { analyze(); });
    } else if (command == "learn") {
      say("learned");
    } else if (command.size() == 2 && parse_nboard_move(command)) {
      play(command);  // NBoard 1.1 sends a bare move
    } else {
      complain("unknown command '" + command + "' (ignored)");
    }
    return true;
  }

  // The end of input: the running search finishes and is reported.
  void finish() { wait(); }

 private:
  bool complain(const std::string& message) {
    std::lock_guard lock(output_mutex_);
    std::cerr << "qipan nboard: " << message << '\n' << std::flush;
    return true;
  }

  void say(const std::string& line) {
    std::lock_guard lock(output_mutex_);
    std::cout << line << '\n' << std::flush;
  }

  // Reads a setting's number into `value`; false (and said on stderr) when
  // it is not one in lo..hi: "set <what> needs <needs>, not '<word>'".
  bool read_number(std::istringstream& in, const std::string& what, long long lo, long long hi, const char* needs,
                   long long& value) {
    std::string n;
    in >> n;
    if (parse_integer(n, lo, hi, value)) return true;
    complain("set " + what + " needs " + needs + ", not '" + n + "'");
    return false;
  }

  void set(std::istringstream& in, const std::string& line) {
    std::string what;
    in >> what;
    long long n = 0;
    if (what == "depth") {
      if (!read_number(in, what, 1, kMaxSearchDepth, "1..60", n)) return;
      depth_ = int(n);
      level_ = 0;
      movetime_ms_ = 0;
    } else if (what == "level") {
      // Level 1 plays a random move: it has no search to run here.
      if (!read_number(in, what, kMinLevel + 1, kMaxLevel, "2..8", n)) return;
      level_ = int(n);
    } else if (what == "movetime") {
      if (!read_number(in, what, 0, 3600000, "milliseconds 0..3600000", n)) return;
      movetime_ms_ = n;
    } else if (what == "solvetime") {
      if (!read_number(in, what, 0, 3600000, "milliseconds 0..3600000", n)) return;
      solvetime_ms_ = n;
    } else if (what == "game") {
      const std::size_t at = line.find("game");
      set_game(line.substr(at + 4));
    } else if (what == "contempt") {
      read_number(in, what, -100000, 100000, "a number", n);  // accepted, unused: a draw is worth 0
    } else {
      complain("unknown setting '" + what + "' (ignored)");
    }
  }

  void set_game(const std::string& text) {
    auto game = parse_ggf(text);
    if (!game) {
      complain("bad game (" + std::string(game.code()) + "): " + game.error() + "; the game is unchanged");
      return;
    }
    start_ = game->start;
    plies_ = game->plies;
    current_ = start_;
    for (Square s : plies_) {
      Undo undo;
      current_.make(s, undo);
    }
    searcher_.clear();  // a new game
  }

  // A move of the current game; a pass the side to move was forced to make
  // may be left out, as in GGF.
  void play(const std::string& text) {
    auto written = parse_nboard_move(text);
    if (!written) {
      complain("not a move: '" + text + "' (" + written.error() + "); the game is unchanged");
      return;
    }
    Position pos = current_;
    std::vector<Square> plies;
    if (*written != kPass && pos.must_pass()) {
      plies.push_back(kPass);
      pos.pass();
    }
    auto ply = read_ply(pos, *written);
    if (!ply) {
      complain("illegal move " + text + " (" + std::string(ply.code()) + "): " + ply.error() +
               "; the game is unchanged");
      return;
    }
    plies.push_back(*ply);
    for (Square s : plies) {
      Undo undo;
      current_.make(s, undo);
      plies_.push_back(s);
    }
  }

  void go() {
    if (current_.game_over()) {
      complain("go: the game is over, there is no move to play");
      return;
    }
    say("status Qipan is thinking");
    const SearchResult r = searcher_.search(current_, search_options(current_));
    say("=== " + nboard_move(r.best) + "/" + eval_text(r.score) + "/" + seconds_text(r.time_ms));
    say("status");
  }

  void hint(int count) {
    if (current_.game_over()) {
      complain("hint: the game is over, there is no move to value");
      return;
    }
    say("status Qipan is thinking");
    std::vector<MoveValue> values = searcher_.evaluate_moves(current_, search_options(current_));
    std::stable_sort(values.begin(), values.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.score > b.score; });
    if (values.size() > std::size_t(count)) values.resize(std::size_t(count));
    for (const MoveValue& v : values)
      say("search " + nboard_move(v.move) + " " + eval_text(v.score) + " 0 " +
          (v.exact ? std::string("100%") : std::to_string(v.depth)));
    say("status");
  }

  // Every position of the game, the last first (each search then finds the
  // table filled by the positions after it).
  void analyze() {
    say("status Qipan is analysing");
    std::vector<Position> positions{start_};
    for (Square s : plies_) {
      Position next = positions.back();
      Undo undo;
      next.make(s, undo);
      positions.push_back(next);
    }
    for (std::size_t i = positions.size(); i-- > 0 && !stop_.load();) {
      const Position& pos = positions[i];
      int score = pos.final_score();
      if (!pos.game_over()) {
        const SearchResult r = searcher_.search(pos, search_options(pos));
        if (r.stopped) break;
        score = r.score;
      }
      say("analysis " + std::to_string(i) + " " + eval_text(score));
    }
    say("status");
  }

  SearchOptions search_options(const Position& pos) const {
    if (level_ == 0 && movetime_ms_ == 0) return depth_options(depth_);
    LevelSpec spec = level_spec(level_ ? level_ : kMaxLevel);
    if (movetime_ms_ > 0) {
      spec.depth = kMaxSearchDepth;
      spec.nodes = 0;
      // A solve that runs out of time falls back on a short midgame search,
      // so the first solve of a game may get longer; the solver's table makes
      // the solves after it cheap.
      const bool solving = solvetime_ms_ > 0 && pos.empty_count() <= spec.exact_empties;
      spec.time_ms = solving ? solvetime_ms_ : movetime_ms_;
      spec.spend_time = true;
    }
    SearchOptions o = level_options(spec);
    o.limits.reuse_tables = true;  // one game, one table
    return o;
  }

  // Starts a search job (natively on the worker thread).
  void run(std::function<void()> job) {
    stop_.store(false);
#ifdef __EMSCRIPTEN__
    job();
#else
    done_.store(false);
    worker_ = std::thread([this, job = std::move(job)] {
      job();
      done_.store(true);
    });
#endif
  }

  // Waits for the running job to finish.
  void wait() {
#ifndef __EMSCRIPTEN__
    if (worker_.joinable()) worker_.join();
#endif
  }

  // Stops the running job; it still writes what it found.
  void stop() {
    stop_.store(true);
#ifndef __EMSCRIPTEN__
    // The searcher forgets a stop() that comes before its search starts, and
    // its endgame solver reads only that flag: repeat it until the job is done.
    while (worker_.joinable() && !done_.load()) {
      searcher_.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
#endif
    wait();
  }

  Searcher searcher_{64};
  Position start_ = Position::start();
  std::vector<Square> plies_;
  Position current_ = Position::start();
  int depth_ = kDefaultDepth;
  int level_ = 0;                  // set level: the AI level's search instead of depth_ (0: none)
  std::int64_t movetime_ms_ = 0;   // set movetime: the level's search spending this long (0: none)
  std::int64_t solvetime_ms_ = 0;  // set solvetime: what an exact solve may take instead (0: the move time)
  std::atomic<bool> stop_{false};
  std::mutex output_mutex_;
#ifndef __EMSCRIPTEN__
  std::atomic<bool> done_{true};
  std::thread worker_;
#endif
};

}  // namespace

int nboard_command(const Args& args) {
  if (!args.empty()) {
    std::fprintf(stderr, "usage: qipan nboard   (then the NBoard protocol on stdin/stdout)\n");
    return 2;
  }
  start_protocol_streams();
  Nboard nboard;
  for (std::string line; read_protocol_line(line);)
    if (!nboard.handle(line)) return 0;
  nboard.finish();
  return 0;
}

}  // namespace qipan::tools
