// `qipan uci` / `qipan ucci`: the xiangqi engine behind the standard engine
// protocols, so GUIs and match tools can run it and our own match tool can run
// it against any engine.
//
// UCI as Fairy-Stockfish speaks it for xiangqi: `UCI_Variant xiangqi`, squares
// with files a-i and ranks 1-10 from red's side (h3e3). After `ucci` (or with
// `qipan ucci`) the UCCI dialect: ICCS squares with ranks 0-9 (h2e2),
// `setoption <name> <value>`, `go time/increment/movestogo`, `banmoves`, `probe`,
// `bye` on quit. Both: `position startpos|fen <fen> [moves ...]`, `go` with
// depth, nodes, movetime, clocks, infinite and ponder, `stop`, `ponderhit`,
// `isready`, options for the hash size and the rule options.
//
// Natively the search runs on its own thread so `stop` and `ponderhit` act at
// once. The wasm build (no threads) searches in the reading thread: `go
// infinite` and `go ponder` are given a fixed budget there, and it says so.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "../core/clock.h"
#include "../core/time_manager.h"
#include "../xiangqi/game/iccs.h"
#include "../xiangqi/movegen.h"
#include "../xiangqi/search.h"
#include "commands.h"
#include "parse_integer.h"
#include "protocol_input.h"

namespace qipan::tools {
namespace {

using namespace qipan::xiangqi;

enum class Dialect { kUci, kUcci };

[[maybe_unused]] constexpr std::int64_t kThreadlessInfiniteMs = 5000;  // wasm only

// UCI (Fairy-Stockfish) squares count ranks 1-10; ICCS 0-9.
std::string square_text(Square s, Dialect d) {
  char text[4];
  std::snprintf(text, sizeof text, "%c%d", 'a' + file_of(s), rank_of(s) + (d == Dialect::kUci ? 1 : 0));
  return text;
}

std::string move_text(Move m, Dialect d) {
  if (m.is_none()) return d == Dialect::kUci ? "0000" : "nobestmove";
  return square_text(m.from(), d) + square_text(m.to(), d);
}

// One square at the start of `text`: a file a-i and a rank; advances `text`.
std::optional<Square> take_square(std::string_view& text, Dialect d) {
  if (text.empty() || text[0] < 'a' || text[0] > 'i') return std::nullopt;
  const int file = text[0] - 'a';
  std::size_t i = 1;
  int rank = 0;
  while (i < text.size() && i <= 2 && text[i] >= '0' && text[i] <= '9') rank = rank * 10 + (text[i++] - '0');
  if (i == 1) return std::nullopt;
  // "a10b10": a two-digit rank only when a file letter follows, or at the end.
  if (d == Dialect::kUci) {
    if (i == 3 && rank != 10) return std::nullopt;
    rank -= 1;
  } else if (i == 3) {
    return std::nullopt;
  }
  if (rank < 0 || rank >= kRanks) return std::nullopt;
  text.remove_prefix(i);
  return make_square(file, rank);
}

std::optional<Move> parse_move(std::string_view text, const Position& pos, Dialect d) {
  auto from = take_square(text, d);
  if (!from) return std::nullopt;
  auto to = take_square(text, d);
  if (!to || !text.empty()) return std::nullopt;
  const Move m(*from, *to);
  if (!is_legal(pos, m)) return std::nullopt;
  return m;
}

class Protocol {
 public:
  explicit Protocol(Dialect d) : dialect_(d) { make_searcher(16); }
  ~Protocol() { stop_search(); }

  // Handles one input line; false after quit.
  bool handle(const std::string& line) {
    std::istringstream in(line);
    std::string command;
    in >> command;
    if (command.empty()) return true;
    if (command == "uci") return hello(Dialect::kUci);
    if (command == "ucci") return hello(Dialect::kUcci);
    if (command == "isready") {
      say("readyok");
    } else if (command == "ucinewgame") {
      stop_search();
      searcher_->clear();
    } else if (command == "setoption") {
      stop_search();
      set_option(in);
    } else if (command == "position") {
      stop_search();
      set_position(in);
    } else if (command == "banmoves") {
      banned_.clear();
      for (std::string t; in >> t;)
        if (auto m = parse_move(t, current_, dialect_)) banned_.push_back(*m);
    } else if (command == "go") {
      stop_search();
      go(in);
    } else if (command == "stop") {
      stop_search();
    } else if (command == "ponderhit") {
      ponderhit();
    } else if (command == "probe") {
      probe();
    } else if (command == "quit") {
      stop_search();
      if (dialect_ == Dialect::kUcci) say("bye");
      return false;
    } else {
      say("info string unknown command: " + command);
    }
    return true;
  }

 private:
  bool hello(Dialect d) {
    dialect_ = d;
    say("id name Qipan xiangqi");
    say("id author the Qipan developers");
    if (d == Dialect::kUci) {
      say("option name Hash type spin default 16 min 1 max 1024");
      say("option name Clear Hash type button");
      say("option name UCI_Variant type combo default xiangqi var xiangqi");
      say("option name Move Limit type spin default 60 min 0 max 1000");
      say("option name Repetition Rules type combo default asian var asian var chinese var simple");
      say("option name Eval Network type check default true");
      say("option name Ponder type check default false");
      say("uciok");
    } else {
      say("option hashsize type spin min 1 max 1024 default 16");
      say("option movelimit type spin min 0 max 1000 default 60");
      say("option repetitionrules type combo default asian var asian var chinese var simple");
      say("option evalnetwork type check default true");
      say("option newgame type button");
      say("ucciok");
    }
    return true;
  }

  void set_option(std::istringstream& in) {
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    std::string name, value;
    if (dialect_ == Dialect::kUci) {
      // setoption name <name words> [value <value words>]
      bool in_value = false;
      for (std::size_t i = words.empty() ? 0 : 1; i < words.size(); ++i) {
        if (!in_value && words[i] == "value") {
          in_value = true;
          continue;
        }
        std::string& target = in_value ? value : name;
        target += (target.empty() ? "" : " ") + words[i];
      }
    } else if (!words.empty()) {
      name = words[0];
      for (std::size_t i = 1; i < words.size(); ++i) value += (value.empty() ? "" : " ") + words[i];
    }
    std::string key;
    for (char c : name)
      if (c != ' ' && c != '_') key += char(c | 0x20);
    long long number = 0;
    const bool numeric = parse_integer(value, 0, 1LL << 40, number);
    if ((key == "hash" || key == "hashsize") && numeric && number >= 1 && number <= 1024) {
      make_searcher(std::size_t(number));
    } else if (key == "clearhash" || key == "newgame") {
      searcher_->clear();
    } else if (key == "ucivariant") {
      if (value != "xiangqi") say("info string only the xiangqi variant is played, not " + value);
    } else if (key == "movelimit" && numeric && number <= 1000) {
      move_limit_ = int(number);
      searcher_->set_move_limit_plies(2 * move_limit_);
    } else if (key == "repetitionrules" && parse_rule_set(value)) {
      rules_ = *parse_rule_set(value);
      searcher_->set_rules(rules_);
    } else if (key == "evalnetwork" && (value == "true" || value == "false")) {
      use_network_ = value == "true";
      searcher_->set_network(use_network_ ? &network::kWeights : nullptr);
    } else if (key == "ponder" || key == "usebook" || key == "threads") {
      // Accepted and ignored: one thread, no book, pondering needs no setup.
    } else {
      say("info string unknown or bad option: " + name + (value.empty() ? "" : " = " + value));
    }
  }

  void set_position(std::istringstream& in) {
    std::string word;
    in >> word;
    std::string fen(kStartFen);
    if (word == "fen") {
      fen.clear();
      while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else if (word == "startpos") {
      in >> word;
    } else {
      say("info string position needs startpos or fen");
      return;
    }
    auto start = Position::from_fen(fen);
    if (!start) {
      say("info string bad fen: " + start.error());
      return;
    }
    Position pos = *start;
    std::vector<PastPosition> past;
    if (word == "moves") {
      for (std::string text; in >> text;) {
        auto m = parse_move(text, pos, dialect_);
        if (!m) {
          say("info string illegal move " + text + ": the position stops before it");
          break;
        }
        past.push_back({pos.key(), pos.in_check(), *m});
        Undo undo;
        pos.make(*m, undo);
      }
    }
    current_ = pos;
    past_ = std::move(past);
    banned_.clear();
  }

  void go(std::istringstream& in) {
    GoRequest request;
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    const bool red = current_.side_to_move() == kRed;
    bool ponder = false;
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& w = words[i];
      const auto next = [&]() -> std::int64_t {
        if (i + 1 >= words.size()) return 0;
        long long value = 0;
        return parse_integer(words[++i], -(1LL << 40), 1LL << 40, value) ? value : 0;
      };
      if (w == "infinite") request.infinite = true;
      else if (w == "ponder") ponder = true;
      else if (w == "depth") request.depth = int(next());
      else if (w == "nodes") request.nodes = std::uint64_t(std::max<std::int64_t>(0, next()));
      else if (w == "movetime") request.move_time_ms = next();
      else if (w == "movestogo") request.moves_to_go = int(next());
      else if (w == "time") request.time_left_ms = next();  // UCCI: the mover's clock
      else if (w == "increment") request.increment_ms = next();
      else if (w == (red ? "wtime" : "btime")) request.time_left_ms = next();
      else if (w == (red ? "winc" : "binc")) request.increment_ms = next();
      else if (w == "wtime" || w == "btime" || w == "winc" || w == "binc" || w == "opptime" || w == "oppincrement" ||
               w == "oppmovestogo" || w == "mate")
        next();  // the opponent's clock does not change our plan
    }
    SearchLimits limits;
    pending_ponder_ = std::nullopt;
    if (ponder) {
      // Think on the opponent's time; at ponderhit the clock plan starts.
      pending_ponder_ = plan_search(request);
      limits.depth = request.depth;
      limits.nodes = request.nodes;
    } else {
      limits = plan_search(request);
    }
    hold_result_ = request.infinite || ponder;
    deadline_ms_.store(-1);
    start_search(limits);
  }

  // The opponent played the expected move: from now on the planned budget
  // applies (its target, counted from now), and the result is no longer held.
  void ponderhit() {
    if (!pending_ponder_) return;
    const SearchLimits plan = *pending_ponder_;
    pending_ponder_ = std::nullopt;
    if (plan.time_ms > 0) deadline_ms_.store(clock_.elapsed_ms() + plan.time_ms * plan.soft_time_percent / 100);
    std::lock_guard lock(result_mutex_);
    hold_result_ = false;
    if (!searching_) report();  // it finished while pondering
  }

  void start_search(SearchLimits limits) {
    limits.reuse_tables = true;
    clock_.restart();
    searcher_->set_stop_poll([this] {
      const std::int64_t deadline = deadline_ms_.load(std::memory_order_relaxed);
      return deadline >= 0 && clock_.elapsed_ms() >= deadline;
    });
    searcher_->set_root_exclusions(banned_);
    searcher_->set_info_callback([this](const SearchInfo& info) { say(info_line(info)); });
#ifdef __EMSCRIPTEN__
    if (limits.unlimited()) {
      say("info string this build has no threads: go infinite and go ponder think for 5 s");
      limits.time_ms = kThreadlessInfiniteMs;
      limits.soft_time_percent = 100;
    }
    hold_result_ = false;
    result_ = searcher_->search(current_, past_, limits);
    report();
#else
    searching_ = true;
    worker_ = std::thread([this, limits] {
      SearchResult result = searcher_->search(current_, past_, limits);
      std::lock_guard lock(result_mutex_);
      result_ = std::move(result);
      searching_ = false;
      if (!hold_result_) report();
    });
#endif
  }

  // Stops a running search (stop, or a command that changes the position) and
  // prints the bestmove a held (infinite or ponder) search still owes.
  void stop_search() {
#ifndef __EMSCRIPTEN__
    if (!worker_.joinable()) return;
    searcher_->stop();
    worker_.join();
    std::lock_guard lock(result_mutex_);
    if (hold_result_) {
      hold_result_ = false;
      report();
    }
#endif
    pending_ponder_ = std::nullopt;
  }

  void make_searcher(std::size_t megabytes) {
    searcher_ = std::make_unique<Searcher>(megabytes);
    searcher_->set_move_limit_plies(2 * move_limit_);
    searcher_->set_rules(rules_);
    searcher_->set_network(use_network_ ? &network::kWeights : nullptr);
  }

  void report() {
    const Move best = result_.best;
    std::string line = "bestmove " + move_text(best, dialect_);
    if (dialect_ == Dialect::kUcci && best.is_none()) line = "nobestmove";
    if (!best.is_none() && result_.pv.size() >= 2) line += " ponder " + move_text(result_.pv[1], dialect_);
    say(line);
  }

  std::string info_line(const SearchInfo& info) const {
    std::string score;
    if (is_mate_score(info.score)) {
      score = dialect_ == Dialect::kUci ? "mate " + std::to_string(mate_in_moves(info.score))
                                        : std::to_string(info.score > 0 ? 30000 - mate_in_moves(info.score)
                                                                        : -30000 - mate_in_moves(info.score));
    } else {
      score = (dialect_ == Dialect::kUci ? "cp " : "") + std::to_string(info.score);
    }
    const std::int64_t ms = std::max<std::int64_t>(1, info.time_ms);
    std::string line = "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth) +
                       " score " + score + " nodes " + std::to_string(info.nodes) + " nps " +
                       std::to_string(info.nodes * 1000 / std::uint64_t(ms)) + " time " + std::to_string(info.time_ms);
    if (info.pv && info.pv->size() > 0) {
      line += " pv";
      for (Move m : *info.pv) line.append(" ").append(move_text(m, dialect_));
    }
    return line;
  }

  // UCCI `probe`: the position's key and the legal move count.
  void probe() {
    MoveList moves;
    generate_legal(current_, moves);
    char key[32];
    std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(current_.key()));
    say(std::string("info key ") + key + " legalmoves " + std::to_string(moves.size()));
  }

  void say(const std::string& line) {
    std::lock_guard lock(output_mutex_);
    std::cout << line << '\n' << std::flush;
  }

  Dialect dialect_;
  std::unique_ptr<Searcher> searcher_;
  Position current_ = Position::start();
  std::vector<PastPosition> past_;
  std::vector<Move> banned_;
  int move_limit_ = 60;
  RuleSet rules_ = RuleSet::kAsian;
  bool use_network_ = true;  // false: the hand-made evaluation, the fallback
  SearchResult result_;
  Stopwatch clock_;
  std::atomic<std::int64_t> deadline_ms_{-1};
  std::optional<SearchLimits> pending_ponder_;
  bool hold_result_ = false;  // infinite/ponder: bestmove waits for stop or ponderhit
  bool searching_ = false;
  std::mutex output_mutex_, result_mutex_;
#ifndef __EMSCRIPTEN__
  std::thread worker_;
#endif
};

}  // namespace

int protocol_command(const Args& args, bool ucci) {
  Protocol protocol(ucci ? Dialect::kUcci : Dialect::kUci);
  (void)args;
  start_protocol_streams();
  for (std::string line; read_protocol_line(line);)
    if (!protocol.handle(line)) return 0;
  return 0;
}

}  // namespace qipan::tools
