// `qipan-lab match xiangqi --a uci:CMD --b uci:CMD ...`: a referee for engine
// matches. Both players are programs spoken to over UCI (ranks 1-10, as
// Fairy-Stockfish and `qipan uci` speak it) or UCCI (`ucci:CMD`, ICCS); the
// rules are ours (engine/xiangqi/game/game.h: the 60-move rule and the
// repetition rules of --rules asian|chinese|simple, Asian unless given). An
// engine that lists the `Repetition Rules` option (UCCI `repetitionrules`), as
// `qipan uci` does, is told them unless an --a-option/--b-option sets it; a
// peer engine must be set to the same rules by hand (see docs/measuring.md).
// The games each engine lost by the repetition rules (perpetual check, chase,
// one check one chase) are counted at the end, and the records say how every
// game ended and under which rules (xiangqi_match_record.h). Every opening of the book (the lab's built-in one,
// --book FILE of ICCS lines, or --openings FILE, the held-out suite of
// xiangqi_suite.h, in its order) is played twice, colours swapped; --first-game N continues a stopped match at game N
// (its opening and colours, PGN appended), and --resume FILE plays only the games its PGN file does not hold yet, all
// of them when there is no such file (xiangqi_match_record.h); --resign and --draw end a game early when both engines
// agree on its outcome (adjudication.h). Prints each game's result and the match score with its Elo error, the time
// each side used per move and the depth it reached. --sprt ELO0 ELO1 runs the sequential test of change testing
// (lab/sprt.h: pentanomial, alpha = beta = 0.05) on the pairs of games (games 2k-1 and 2k share an opening, colours
// swapped): a line with the LLR and its bounds as each pair completes, and no new game once the LLR leaves them
// (--games is then the most it plays, 20000 unless given; the games already under way finish and count in the score
// only). --verbose writes every line sent to and read from the engines on stderr ("game 6 B> go depth 2", "game 6 B<
// bestmove h3e3"), to see what an engine was told when it answered oddly.
//
//   qipan-lab match xiangqi --a "uci:build/release/qipan uci" --b "uci:/tmp/base/qipan uci"
//       --nodes 20000 --sprt 0 5 --concurrency 2 --pgn sprt.pgn
//
//   qipan-lab match xiangqi --a "uci:build/release/qipan uci"
//       --b "uci:/scratch/fsf/stockfish" --b-option "VariantPath=/scratch/v.ini"
//       --b-option "UCI_Variant=xiangqi-qipan" --movetime 300 --games 100
//       [--resign 4 1000 --draw 40 10 10] [--resume match.pgn]
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "adjudication.h"
#include "child_process.h"
#include "commands.h"
#include "engine/core/clock.h"
#include "engine/tools/parse_integer.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"
#include "match_progress.h"
#include "xiangqi_match_record.h"
#include "xiangqi_openings.h"
#include "xiangqi_rule_losses.h"
#include "xiangqi_suite.h"

namespace qipan::lab {
// The referee starts processes: the wasm build has only the refusal below.
#ifndef __EMSCRIPTEN__
namespace {

using namespace qipan::xiangqi;

struct EngineSpec {
  std::string command;
  bool ucci = false;
  std::vector<std::pair<std::string, std::string>> options;
};

struct Settings {
  EngineSpec engines[2];
  std::int64_t move_time_ms = 0;
  std::int64_t base_ms = 0, increment_ms = 0;  // --tc base+inc (seconds)
  long long nodes = 0;                         // --nodes: `go nodes N` (deterministic self-play)
  int depth = 0;                               // --depth: `go depth N`
  int games = 2;
  int first_game = 1;  // --first-game: continues a match stopped after game first_game - 1
  int concurrency = 1;
  std::vector<std::vector<std::string>> book;  // ICCS lines
  std::string openings_file;                   // --openings: the suite the book came from
  std::string pgn_path;
  bool resume = false;  // --resume: pgn_path holds games already played
  AdjudicationRules adjudication;
  RuleSet rules = RuleSet::kAsian;  // --rules: how the referee's games end on a repetition
  bool verbose = false;
  bool games_given = false;
  std::optional<Sprt> sprt;  // --sprt ELO0 ELO1
};

std::string square_text(Square s, bool ucci) {
  char text[4];
  std::snprintf(text, sizeof text, "%c%d", 'a' + file_of(s), rank_of(s) + (ucci ? 0 : 1));
  return text;
}
std::string move_text(Move m, bool ucci) { return square_text(m.from(), ucci) + square_text(m.to(), ucci); }

std::optional<Move> parse_engine_move(const std::string& text, const Position& pos, bool ucci) {
  for (const Move m : [&] {
         MoveList moves;
         generate_legal(pos, moves);
         return moves;
       }())
    if (move_text(m, ucci) == text) return m;
  return std::nullopt;
}

// --verbose: the lines exchanged with every engine, on stderr, one writer at a time.
class EngineTranscript {
 public:
  explicit EngineTranscript(bool on) : on_(on) {}
  void line(const std::string& who, char direction, const std::string& text) {
    if (!on_) return;
    std::lock_guard guard(lock_);
    std::fprintf(stderr, "%s%c %s\n", who.c_str(), direction, text.c_str());
  }

 private:
  bool on_;
  std::mutex lock_;
};

// One engine process, kept for the whole match.
class Engine {
 public:
  Engine(const EngineSpec& spec, std::string name, EngineTranscript& transcript)
      : spec_(spec), name_(std::move(name)), who_(name_), transcript_(transcript), process_(spec.command) {}

  // Starts the engine with its options, and the match's repetition rules
  // when the engine lists the option and the options leave it unset.
  bool start(RuleSet rules) {
    if (!process_.running()) return false;
    send(spec_.ucci ? "ucci" : "uci");
    bool lists_rules = false;
    const auto listed = [&](const std::string& line) {
      lists_rules |= line.rfind(spec_.ucci ? "option repetitionrules " : "option name Repetition Rules ", 0) == 0;
    };
    if (!wait_for(spec_.ucci ? "ucciok" : "uciok", 10000, listed)) return false;
    bool rules_set = false;
    for (const auto& [name, value] : spec_.options) {
      send(spec_.ucci ? "setoption " + name + " " + value : "setoption name " + name + " value " + value);
      rules_set |= option_key(name) == "repetitionrules";
    }
    if (lists_rules && !rules_set) {
      const std::string code(rule_set_code(rules));
      send(spec_.ucci ? "setoption repetitionrules " + code : "setoption name Repetition Rules value " + code);
      told_rules_ = true;
    }
    return ready();
  }
  // start() set the engine's repetition rules to the match's.
  bool told_rules() const { return told_rules_; }

  // Game numbers count from 1, as the game lines do.
  bool new_game(int number) {
    who_ = "game " + std::to_string(number) + " " + name_;
    if (!spec_.ucci) send("ucinewgame");
    return ready();
  }

  struct Reply {
    std::optional<std::string> move;
    std::int64_t ms = 0;
    int depth = 0;
    std::optional<ReportedScore> score;  // the last one the engine gave
  };

  // Sends the game so far and waits for the engine's move (nullopt: no reply
  // in time, or the process died).
  Reply think(const Position& start, const std::vector<Move>& moves, const std::string& go, std::int64_t timeout_ms) {
    std::string line = start.fen() == kStartFen ? "position startpos" : "position fen " + start.fen();
    if (!moves.empty()) {
      line += " moves";
      for (Move m : moves) line.append(" ").append(move_text(m, spec_.ucci));
    }
    send(line);
    Stopwatch watch;
    send(go);
    Reply reply;
    for (;;) {
      const std::int64_t left = timeout_ms - watch.elapsed_ms();
      auto text = read_line(std::max<std::int64_t>(left, 0));
      if (!text) break;
      std::istringstream in(*text);
      std::string word;
      in >> word;
      if (word == "info") {
        for (std::string w; in >> w;) {
          if (w == "depth") in >> reply.depth;
          if (w == "score") {
            // UCI: "score cp N" or "score mate N"; UCCI: "score N".
            std::string kind;
            ReportedScore score;
            if (in >> kind &&
                (kind == "cp" || kind == "mate" ? bool(in >> score.value) : parse_int(kind, score.value))) {
              score.mate = kind == "mate";
              reply.score = score;
            }
          }
        }
      } else if (word == "bestmove") {
        std::string m;
        in >> m;
        reply.move = m;
        break;
      } else if (word == "nobestmove") {
        reply.move = std::string();
        break;
      }
    }
    reply.ms = watch.elapsed_ms();
    return reply;
  }

  bool ucci() const { return spec_.ucci; }
  void quit() {
    send("quit");
    process_.stop();
  }

 private:
  void send(const std::string& line) {
    transcript_.line(who_, '>', line);
    process_.send(line);
  }
  std::optional<std::string> read_line(std::int64_t timeout_ms) {
    auto line = process_.read_line(timeout_ms);
    if (line) transcript_.line(who_, '<', *line);
    return line;
  }
  bool ready() {
    send("isready");
    return wait_for("readyok", 10000);
  }
  // Reads lines until one starts with `word`; `seen` is shown each line before it.
  bool wait_for(const std::string& word, std::int64_t timeout_ms,
                const std::function<void(const std::string&)>& seen = {}) {
    Stopwatch watch;
    while (watch.elapsed_ms() < timeout_ms) {
      auto line = read_line(timeout_ms - watch.elapsed_ms());
      if (!line) return false;
      if (line->rfind(word, 0) == 0) return true;
      if (seen) seen(*line);
    }
    return false;
  }
  // An option's name as engines compare them: "Repetition Rules" and
  // "repetitionrules" alike.
  static std::string option_key(const std::string& name) {
    std::string key;
    for (char c : name)
      if (c != ' ' && c != '_') key += char(std::tolower(static_cast<unsigned char>(c)));
    return key;
  }

  static bool parse_int(const std::string& text, int& value) {
    long long n = 0;
    if (!parse_integer(text, -1000000000, 1000000000, n)) return false;
    value = int(n);
    return true;
  }

  EngineSpec spec_;
  std::string name_;  // A or B
  std::string who_;   // the transcript's prefix: the name, and the game once one starts
  EngineTranscript& transcript_;
  ChildProcess process_;
  bool told_rules_ = false;
};

struct GameOutcome {
  int result_for_a = 0;  // +1 A won, 0 draw, -1 A lost
  std::string reason;    // the engine's status code, or "time" / "illegal" / "crash"
  int plies = 0;
  std::vector<Move> moves;
  // What the engine said of each move after the book (score/depth and
  // seconds, as cutechess writes them), for the PGN; empty for book moves.
  std::vector<std::string> comments;
  bool a_red = true;
};

// Plays one game; `engines[0]` is A. Records time and depth per side.
GameOutcome play_game(Engine* engines[2], const std::vector<std::string>& opening, bool a_red, const Settings& s,
                      SideFigures figures[2]) {
  GameOutcome out;
  out.a_red = a_red;
  RuleOptions rules;
  rules.rules = s.rules;
  Game game(Position::start(), rules);  // our rules: the referee's
  for (const std::string& text : opening) {
    auto m = parse_iccs_move(game.position(), text);
    if (!m || !game.play(*m)) break;
  }
  const int book_plies = game.ply();
  std::int64_t clocks[2] = {s.base_ms, s.base_ms};
  Adjudicator adjudicator(s.adjudication);
  while (!game.over()) {
    const Color side = game.position().side_to_move();
    const int who = (side == kRed) == a_red ? 0 : 1;  // 0 = A
    std::string go;
    std::int64_t timeout;
    if (s.nodes > 0 || s.depth > 0) {
      go = s.nodes > 0 ? "go nodes " + std::to_string(s.nodes) : "go depth " + std::to_string(s.depth);
      timeout = 600000;
    } else if (s.move_time_ms > 0) {
      go = "go movetime " + std::to_string(s.move_time_ms);
      timeout = s.move_time_ms * 3 + 2000;
    } else {
      const std::int64_t red_clock = clocks[a_red ? 0 : 1], black_clock = clocks[a_red ? 1 : 0];
      go = engines[who]->ucci()
               ? "go time " + std::to_string(clocks[who]) + " increment " + std::to_string(s.increment_ms)
               : "go wtime " + std::to_string(red_clock) + " btime " + std::to_string(black_clock) + " winc " +
                     std::to_string(s.increment_ms) + " binc " + std::to_string(s.increment_ms);
      timeout = clocks[who] + 1000;
    }
    const Engine::Reply reply = engines[who]->think(game.start_position(), game.moves(), go, timeout);
    const MoveNote note{reply.score, reply.depth, reply.ms};
    figures[who].add(note);
    if (s.move_time_ms == 0 && s.base_ms > 0) {
      clocks[who] -= reply.ms;
      if (clocks[who] < 0) {
        out.result_for_a = who == 0 ? -1 : 1;
        out.reason = "time";
        break;
      }
      clocks[who] += s.increment_ms;
    }
    std::optional<Move> move;
    if (reply.move) move = parse_engine_move(*reply.move, game.position(), engines[who]->ucci());
    if (!move) {
      out.result_for_a = who == 0 ? -1 : 1;
      out.reason = !reply.move ? "no reply" : "illegal move " + *reply.move;
      break;
    }
    (void)game.play(*move);
    out.comments.resize(std::size_t(game.ply() - 1));
    out.comments.push_back(move_comment(note));
    // Adjudication names the sides as red 0, black 1.
    if (const auto verdict = adjudicator.after_move(who, side == kRed ? 0 : 1, reply.score, game.ply() / 2)) {
      if (*verdict == Verdict::kDraw) {
        out.result_for_a = 0;
        out.reason = "adjudicated_draw";
      } else {
        const bool red_won = *verdict == Verdict::kFirstSideWins;
        out.result_for_a = red_won == a_red ? 1 : -1;
        out.reason = "adjudicated_win";
      }
      break;
    }
  }
  if (game.over()) {
    const auto winner = game.status().winner();
    out.result_for_a = !winner ? 0 : (*winner == kRed) == a_red ? 1 : -1;
    out.reason = std::string(game.status().code());
  }
  out.plies = game.ply() - book_plies;
  out.moves = game.moves();
  return out;
}

// Reads the command line into `s`: "" or the first mistake, as a sentence.
std::string parse_settings(const Args& args, Settings& s) {
  const auto engine = [](EngineSpec& e) {
    return [&e](const std::vector<std::string>& words) {
      const std::string& text = words[0];
      if (text.rfind("uci:", 0) == 0) e.command = text.substr(4), e.ucci = false;
      else if (text.rfind("ucci:", 0) == 0) e.command = text.substr(5), e.ucci = true;
      else e.command.clear();
      return e.command.empty() ? "takes uci:COMMAND or ucci:COMMAND, not '" + text + "'" : std::string();
    };
  };
  const auto engine_option = [](EngineSpec& e) {
    return [&e](const std::vector<std::string>& words) {
      const std::size_t eq = words[0].find('=');
      if (eq == std::string::npos) return "takes NAME=VALUE, not '" + words[0] + "'";
      e.options.emplace_back(words[0].substr(0, eq), words[0].substr(eq + 1));
      return std::string();
    };
  };
  const auto record = [&s](bool resume) {
    return [&s, resume](const std::vector<std::string>& words) {
      if (!s.pgn_path.empty()) return std::string("is one file too many: --pgn or --resume, once");
      s.pgn_path = words[0];
      s.resume = resume;
      return std::string();
    };
  };
  CommandFlags flags;
  flags.option("--a", 1, engine(s.engines[0])).option("--b", 1, engine(s.engines[1]));
  flags.option("--a-option", 1, engine_option(s.engines[0])).option("--b-option", 1, engine_option(s.engines[1]));
  flags.integer("--movetime", 1, 3600000, s.move_time_ms).integer("--nodes", 1, 1LL << 40, s.nodes);
  flags.integer("--depth", 1, 64, s.depth).integer("--games", 1, 100000, s.games);
  flags.integer("--first-game", 1, 100000, s.first_game).integer("--concurrency", 1, 16, s.concurrency);
  flags.option("--tc", 1, [&s](const std::vector<std::string>& words) {
    const std::size_t plus = words[0].find('+');
    double base = 0, increment = 0;
    if (!CommandFlags::parse_decimal(words[0].substr(0, plus), 0.001, 1e6, base) ||
        (plus != std::string::npos && !CommandFlags::parse_decimal(words[0].substr(plus + 1), 0, 1e6, increment)))
      return "takes BASE or BASE+INCREMENT in seconds (60+0.5), not '" + words[0] + "'";
    s.base_ms = std::int64_t(base * 1000), s.increment_ms = std::int64_t(increment * 1000);
    return std::string();
  });
  flags.option("--book", 1, [&s](const std::vector<std::string>& words) {
    std::ifstream in(words[0]);
    if (!in) return "cannot read '" + words[0] + "'";
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream text(line.substr(0, line.find('#')));
      std::vector<std::string> moves;
      for (std::string w; text >> w;) moves.push_back(w);
      if (!moves.empty()) s.book.push_back(moves);
    }
    return std::string();
  });
  // The held-out suite (xiangqi_suite.h): each entry's line from the start.
  flags.option("--openings", 1, [&s](const std::vector<std::string>& words) {
    const OpeningSuite suite = read_opening_suite(words[0]);
    if (!suite.error.empty()) return "cannot be read: " + suite.error;
    for (const SuiteOpening& opening : suite.openings) s.book.push_back(opening.moves);
    s.openings_file = words[0];
    return std::string();
  });
  flags.option("--pgn", 1, record(false)).option("--resume", 1, record(true));
  flags.option("--resign", 2, adjudication_resign(s.adjudication));
  flags.option("--draw", 3, adjudication_draw(s.adjudication));
  flags.option("--sprt", 2, sprt_bounds(s.sprt)).toggle("--verbose", s.verbose);
  flags.option("--rules", 1, [&s](const std::vector<std::string>& words) {
    const auto rules = parse_rule_set(words[0]);
    if (!rules) return "takes asian, chinese or simple, not '" + words[0] + "'";
    s.rules = *rules;
    return std::string();
  });
  if (std::string error = flags.read(args); !error.empty()) return error;
  if (s.engines[0].command.empty() || s.engines[1].command.empty()) return "--a and --b are both needed";
  s.games_given = flags.given("--games");
  if (s.move_time_ms == 0 && s.base_ms == 0 && s.nodes == 0 && s.depth == 0) s.move_time_ms = 300;
  if (s.sprt && !s.games_given) s.games = kSprtMaxGames;
  if (s.book.empty()) s.book = builtin_xiangqi_openings();
  return "";
}

}  // namespace
#endif

int xiangqi_engine_match_command(const Args& args) {
#ifdef __EMSCRIPTEN__
  (void)args;
  std::fprintf(stderr, "qipan-lab match xiangqi with engines needs the native build (it starts processes)\n");
  return 2;
#else
  Settings s;
  if (const std::string error = parse_settings(args, s); !error.empty()) {
    std::fprintf(
        stderr,
        "qipan-lab match: %s\n"
        "usage: qipan-lab match xiangqi --a uci:CMD|ucci:CMD --b uci:CMD|ucci:CMD [--a-option N=V] [--b-option N=V]\n"
        "           [--movetime MS | --tc BASE+INC | --nodes N | --depth D] [--games G] [--first-game N] [--concurrency K]\n"
        "           [--resign MOVES CP] [--draw FROM_MOVE MOVES CP] [--book FILE | --openings FILE]\n"
        "           [--pgn FILE | --resume FILE] [--rules asian|chinese|simple]\n"
        "           [--sprt ELO0 ELO1] [--verbose]\n"
        "  --rules: the repetition rules games end by (default asian), told to an engine that lists\n"
        "          the option (Repetition Rules, UCCI repetitionrules)\n"
        "  --openings FILE: the held-out suite (lab/openings/xiangqi-heldout.txt), each opening in order,\n"
        "          twice (colours swapped); --book FILE: ICCS lines; neither: the lab's built-in book\n"
        "  --sprt: stop when the pentanomial SPRT (alpha = beta = 0.05) accepts H0 (A - B = ELO0) or H1\n"
        "          (A - B = ELO1); --games (default then 20000) is the most it plays\n"
        "  --verbose: every line sent to and read from the engines, on stderr ('game 6 B> go depth 2')\n",
        error.c_str());
    return 2;
  }
  std::mutex lock;
  MatchProgress progress(s.sprt);
  RuleLosses rule_losses;
  const std::string rules_code(rule_set_code(s.rules));
  SideFigures totals[2];
  std::atomic<std::size_t> next{0};
  // The match is games first_game .. first_game + games - 1; a resumed one
  // counts the games its file holds and plays the others.
  std::vector<bool> played(std::size_t(s.games), false);
  if (s.resume) {
    const MatchRecords records = read_match_records(s.pgn_path);
    if (!records.error.empty()) {
      std::fprintf(stderr, "match: %s\n", records.error.c_str());
      return 2;
    }
    for (const MatchGameRecord& g : records.games) {
      const int k = g.number - s.first_game;
      if (k < 0 || k >= s.games) continue;
      if (!g.rules.empty() && g.rules != rules_code) {
        std::fprintf(stderr, "match: %s holds game %d played under the %s rules, not %s (--rules)\n",
                     s.pgn_path.c_str(), g.number, g.rules.c_str(), rules_code.c_str());
        return 2;
      }
      played[std::size_t(k)] = true;
      progress.record(g.number - 1, g.a_red, g.result_for_a);
      rule_losses.add(g.reason, g.result_for_a);
      add_recorded_figures(g, totals);  // the match's time and depth figures cover every game
    }
  }
  std::vector<int> to_play;  // game numbers from 0: they pick the opening and colours
  for (int k = 0; k < s.games; ++k)
    if (!played[std::size_t(k)]) to_play.push_back(s.first_game - 1 + k);
  // A new match starts its PGN afresh; a continued one (--first-game, --resume) appends.
  if (!s.pgn_path.empty() &&
      !std::ofstream(s.pgn_path, s.first_game == 1 && !s.resume ? std::ios::trunc : std::ios::app)) {
    std::fprintf(stderr, "match: cannot write the PGN file %s\n", s.pgn_path.c_str());
    return 2;
  }
  bool failed = false;
  const std::string limit = s.nodes   ? std::to_string(s.nodes) + " nodes per move"
                            : s.depth ? "depth " + std::to_string(s.depth)
                            : s.move_time_ms
                                ? std::to_string(s.move_time_ms) + " ms per move"
                                : "clock " + std::to_string(s.base_ms) + "+" + std::to_string(s.increment_ms) + " ms";
  std::printf("match: %s%d games from game %d, %s, %zu openings%s%s, %s rules\n", s.sprt ? "at most " : "", s.games,
              s.first_game, limit.c_str(), s.book.size(), s.openings_file.empty() ? "" : " from ",
              s.openings_file.c_str(), rules_code.c_str());
  progress.print_sprt_header();
  if (s.resume) {
    const MatchScore& score = progress.total();
    std::printf(
        "resumed from %s: %d games played (A %d-%d-%d), %zu to play; so far A %.0f ms/move depth %.1f, B %.0f "
        "ms/move depth %.1f\n",
        s.pgn_path.c_str(), score.games(), score.wins, score.draws, score.losses, to_play.size(),
        totals[0].ms_per_move(), totals[0].depth_per_move(), totals[1].ms_per_move(), totals[1].depth_per_move());
  }
  const AdjudicationRules& adj = s.adjudication;
  if (adj.resign_moves)
    std::printf("adjudication: a win when both engines give one side %d or more for %d moves each\n", adj.resign_cp,
                adj.resign_moves);
  if (adj.draw_moves)
    std::printf("adjudication: a draw when, from move %d, both engines stay within +-%d for %d moves each\n",
                adj.draw_from_move, adj.draw_cp, adj.draw_moves);
  std::fflush(stdout);  // a log file shows the match's settings before its first game ends
  EngineTranscript transcript(s.verbose);
  std::once_flag said_rules;
  auto slot = [&] {
    Engine a(s.engines[0], "A", transcript), b(s.engines[1], "B", transcript);
    if (!a.start(s.rules) || !b.start(s.rules)) {
      std::lock_guard guard(lock);
      std::fprintf(stderr, "match: an engine did not start (no uciok/readyok)\n");
      failed = true;
      return;
    }
    std::call_once(said_rules, [&] {
      std::lock_guard guard(lock);
      for (const Engine* e : {&a, &b}) {
        const std::string rules = e->told_rules()
                                      ? "told the " + rules_code + " repetition rules"
                                      : "its own repetition rules (no option listed, or set by its options)";
        std::printf("%s: %s\n", e == &a ? "A" : "B", rules.c_str());
      }
      std::fflush(stdout);
    });
    Engine* engines[2] = {&a, &b};
    for (std::size_t k; (k = next++) < to_play.size();) {
      {
        std::lock_guard guard(lock);
        if (progress.decided()) break;
      }
      const int g = to_play[k];
      const auto& opening = s.book[std::size_t(g / 2) % s.book.size()];
      const bool a_red = g % 2 == 0;
      SideFigures figures[2];
      if (!a.new_game(g + 1) || !b.new_game(g + 1)) {
        std::lock_guard guard(lock);
        failed = true;
        return;
      }
      const GameOutcome out = play_game(engines, opening, a_red, s, figures);
      std::lock_guard guard(lock);
      progress.record(g, a_red, out.result_for_a);
      rule_losses.add(out.reason, out.result_for_a);
      const MatchScore& score = progress.total();
      for (int k = 0; k < 2; ++k) totals[k].add(figures[k]);
      std::printf(
          "game %d: A %s, %s (%s), %d plies after the book; score %d-%d-%d; so far A %.0f ms/move depth %.1f, "
          "B %.0f ms/move depth %.1f\n",
          g + 1, a_red ? "red" : "black", pgn_result(out.a_red, out.result_for_a).c_str(), out.reason.c_str(),
          out.plies, score.wins, score.draws, score.losses, totals[0].ms_per_move(), totals[0].depth_per_move(),
          totals[1].ms_per_move(), totals[1].depth_per_move());
      std::fflush(stdout);
      if (!s.pgn_path.empty()) {
        MatchGameRecord record{g + 1, a_red, out.result_for_a, out.reason, rules_code, {}, out.comments};
        for (Move m : out.moves) record.moves.push_back(move_text(m, true));
        // Appended game by game: a long match stopped early keeps its records.
        std::ofstream(s.pgn_path, std::ios::app) << match_game_pgn(record);
      }
    }
    a.quit();
    b.quit();
  };
  std::vector<std::thread> threads;
  // No engine starts when every game is already recorded.
  for (std::size_t k = 0; k < std::min(std::size_t(s.concurrency), to_play.size()); ++k) threads.emplace_back(slot);
  for (auto& t : threads) t.join();
  std::printf("A: %.0f ms per move, depth %.1f; B: %.0f ms per move, depth %.1f\n", totals[0].ms_per_move(),
              totals[0].depth_per_move(), totals[1].ms_per_move(), totals[1].depth_per_move());
  std::printf("%s\n", rule_losses.line().c_str());
  progress.print_summary("red", "black");
  return failed ? 1 : 0;
#endif
}

}  // namespace qipan::lab
