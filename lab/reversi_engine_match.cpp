// `qipan-lab match reversi --a nboard:CMD --b nboard:CMD ...`: the referee of
// Reversi engine matches. Both players are programs spoken to over NBoard
// (docs/protocols.md): `qipan nboard` natively or in wasm, Edax, or
// Egaroucid's browser engine behind lab/egaroucid_nboard.mjs. The rules are
// ours (engine/reversi/position.h): a reply that is not a legal move loses
// the game. Every opening of --openings FILE (the held-out suite,
// lab/reversi_suite.h) is played twice, colours swapped, in order.
//
// Each engine gets `set game` with the opening at the start of a game, then
// `move` for every move (its own too, as NBoard GUIs do) and `go` when it is
// to move; a forced pass is sent as `move PA` without asking. --a-set/--b-set
// "WORDS" sends `set WORDS` after the greeting (`level 8` for `qipan nboard`
// plays as the page's level 8; Egaroucid's level is its adapter's --level).
// Prints each game, the match score with its Elo error, each side's time per
// move (measured here, from `go` to its answer) and the disc difference;
// --sprt ELO0 ELO1 the sequential test on the pairs (match_progress.h);
// --ggf FILE appends every game as one GGF line.
//
//   qipan-lab match reversi --a "nboard:node --no-experimental-fetch build/wasm/qipan.js nboard" --a-set "level 8"
//       --b "nboard:node --no-experimental-fetch lab/egaroucid_nboard.mjs --ai /scratch/egaroucid/ai.js --level 15"
//       --openings lab/openings/reversi-heldout.txt --games 100
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "child_process.h"
#include "commands.h"
#include "engine/core/clock.h"
#include "engine/reversi/game/ggf.h"
#include "engine/reversi/game/notation.h"
#include "engine/tools/parse_integer.h"
#include "match_progress.h"
#include "reversi_suite.h"

namespace qipan::lab {
#ifndef __EMSCRIPTEN__
namespace {

using namespace qipan::reversi;

struct EngineSpec {
  std::string command;
  std::vector<std::string> settings;  // --a-set / --b-set: sent as `set WORDS`
};

struct Settings {
  EngineSpec engines[2];
  std::vector<ReversiOpening> openings;
  std::string openings_file;
  int games = 2;
  bool games_given = false;
  int first_game = 1;
  int concurrency = 1;
  std::int64_t move_timeout_ms = 120000;
  std::string ggf_path;
  std::optional<Sprt> sprt;
};

// "F5" / "PA" as NBoard writes moves.
std::string nboard_text(Square s) {
  if (s == kPass) return "PA";
  std::string text = square_name(s);
  for (char& c : text) c = char(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// One engine process, kept for the whole match.
class Engine {
 public:
  explicit Engine(const EngineSpec& spec) : spec_(spec), process_(spec.command) {}

  bool start() {
    if (!process_.running()) return false;
    process_.send("nboard 2");
    for (;;) {
      auto line = process_.read_line(30000);
      if (!line) return false;
      if (line->rfind("set myname ", 0) == 0) {
        name_ = line->substr(11);
        break;
      }
    }
    for (const std::string& words : spec_.settings) process_.send("set " + words);
    return ping();
  }

  bool new_game(const Position& start, const std::vector<Square>& plies) {
    process_.send("set game " + format_ggf(start, plies));
    return ping();
  }

  void tell(Square move) { process_.send("move " + nboard_text(move)); }

  struct Reply {
    std::optional<Square> move;  // nullopt: no answer in time, or not a square
    std::string text;            // the move as the engine wrote it
    std::int64_t ms = 0;
  };

  Reply think(std::int64_t timeout_ms) {
    Stopwatch watch;
    process_.send("go");
    Reply reply;
    for (;;) {
      auto line = process_.read_line(std::max<std::int64_t>(timeout_ms - watch.elapsed_ms(), 0));
      if (!line) break;
      if (line->rfind("=== ", 0) != 0) continue;  // status, nodestats
      reply.text = line->substr(4);
      reply.text = reply.text.substr(0, reply.text.find('/'));  // the move, before /eval/time
      std::string lower = reply.text;
      for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
      if (lower == "pa" || lower == "pass") reply.move = kPass;
      else if (auto square = parse_square(lower)) reply.move = *square;
      break;
    }
    reply.ms = watch.elapsed_ms();
    return reply;
  }

  const std::string& name() const { return name_; }
  void quit() {
    process_.send("quit");
    process_.stop();
  }

 private:
  // The engine has read everything before: `ping N` is answered `pong N` in order.
  bool ping() {
    const std::string n = std::to_string(++pings_);
    process_.send("ping " + n);
    for (;;) {
      auto line = process_.read_line(30000);
      if (!line) return false;
      if (*line == "pong " + n) return true;
    }
  }

  EngineSpec spec_;
  ChildProcess process_;
  std::string name_ = "?";
  int pings_ = 0;
};

struct SideFigures {
  std::int64_t ms = 0;
  long long moves = 0;
  std::int64_t max_ms = 0;
};

struct GameOutcome {
  int result_for_a = 0;       // +1 A won, 0 draw, -1 A lost
  int discs_for_a = 0;        // the final disc difference, empties to the winner
  std::string reason;         // "end", or how A or B forfeited
  bool aborted = false;       // an engine did not take the game: the match stops
  std::vector<Square> plies;  // from the start, the opening's included
};

GameOutcome play_game(Engine* engines[2], const ReversiOpening& opening, bool a_black, const Settings& s,
                      SideFigures figures[2]) {
  GameOutcome out;
  Position pos = Position::start();
  for (Square sq : opening.plies) {
    Undo undo;
    pos.make(sq, undo);
  }
  out.plies = opening.plies;
  for (Engine* e : {engines[0], engines[1]})
    if (!e->new_game(Position::start(), opening.plies)) {
      out.aborted = true;
      return out;
    }
  while (!pos.game_over()) {
    Undo undo;
    if (pos.must_pass()) {
      pos.make(kPass, undo);
      out.plies.push_back(kPass);
      for (Engine* e : {engines[0], engines[1]}) e->tell(kPass);
      continue;
    }
    const int who = (pos.side_to_move() == kBlack) == a_black ? 0 : 1;  // 0 = A
    const Engine::Reply reply = engines[who]->think(s.move_timeout_ms);
    figures[who].ms += reply.ms;
    figures[who].moves += 1;
    figures[who].max_ms = std::max(figures[who].max_ms, reply.ms);
    std::optional<Square> legal;
    if (reply.move) {
      if (auto ply = read_ply(pos, *reply.move); ply && *ply != kPass) legal = *ply;
    }
    if (!legal) {
      out.result_for_a = who == 0 ? -1 : 1;
      out.reason = std::string(who == 0 ? "A" : "B") +
                   (reply.text.empty() ? " gave no move in time" : " played the illegal move " + reply.text);
      return out;
    }
    pos.make(*legal, undo);
    out.plies.push_back(*legal);
    for (Engine* e : {engines[0], engines[1]}) e->tell(*legal);
  }
  const int black_discs = pos.final_score_for_black();
  out.discs_for_a = a_black ? black_discs : -black_discs;
  out.result_for_a = out.discs_for_a > 0 ? 1 : out.discs_for_a < 0 ? -1 : 0;
  out.reason = "end";
  return out;
}

// Reads the command line into `s`: "" or the first mistake, as a sentence.
std::string parse_settings(const Args& args, Settings& s) {
  const auto engine = [](EngineSpec& e) {
    return [&e](const std::vector<std::string>& words) {
      if (words[0].rfind("nboard:", 0) != 0 || words[0].size() == 7)
        return "takes nboard:COMMAND, not '" + words[0] + "'";
      e.command = words[0].substr(7);
      return std::string();
    };
  };
  long long move_timeout_s = 0;
  CommandFlags flags;
  flags.option("--a", 1, engine(s.engines[0])).option("--b", 1, engine(s.engines[1]));
  flags.texts("--a-set", s.engines[0].settings).texts("--b-set", s.engines[1].settings);
  flags.option("--openings", 1, [&s](const std::vector<std::string>& words) {
    ReversiSuite suite = read_reversi_suite(words[0]);
    if (!suite.error.empty()) return "cannot be read: " + suite.error;
    s.openings = std::move(suite.openings);
    s.openings_file = words[0];
    return std::string();
  });
  flags.integer("--games", 1, 100000, s.games).integer("--first-game", 1, 100000, s.first_game);
  flags.integer("--concurrency", 1, 16, s.concurrency).integer("--move-timeout", 1, 3600, move_timeout_s);
  flags.text("--ggf", s.ggf_path).option("--sprt", 2, sprt_bounds(s.sprt));
  if (std::string error = flags.read(args); !error.empty()) return error;
  if (s.engines[0].command.empty() || s.engines[1].command.empty()) return "--a and --b are both needed";
  if (s.openings.empty()) return "--openings is needed";
  if (move_timeout_s) s.move_timeout_ms = move_timeout_s * 1000;
  s.games_given = flags.given("--games");
  if (s.sprt && !s.games_given) s.games = kSprtMaxGames;
  return "";
}

}  // namespace
#endif

int reversi_engine_match_command(const Args& args) {
#ifdef __EMSCRIPTEN__
  (void)args;
  std::fprintf(stderr, "qipan-lab match reversi with engines needs the native build (it starts processes)\n");
  return 2;
#else
  Settings s;
  if (const std::string error = parse_settings(args, s); !error.empty()) {
    std::fprintf(stderr,
                 "qipan-lab match: %s\n"
                 "usage: qipan-lab match reversi --a nboard:CMD --b nboard:CMD --openings FILE [--a-set WORDS]\n"
                 "           [--b-set WORDS] [--games G] [--first-game N] [--concurrency K] [--move-timeout S]\n"
                 "           [--ggf FILE] [--sprt ELO0 ELO1]\n"
                 "  --openings FILE: the held-out suite (lab/openings/reversi-heldout.txt), each opening in order,\n"
                 "          twice (colours swapped); --a-set \"level 8\" sends `set level 8` to A after the greeting\n"
                 "  --sprt: stop when the pentanomial SPRT (alpha = beta = 0.05) accepts H0 (A - B = ELO0) or H1\n"
                 "          (A - B = ELO1); --games (default then 20000) is the most it plays\n",
                 error.c_str());
    return 2;
  }
  if (!s.ggf_path.empty() && !std::ofstream(s.ggf_path, s.first_game == 1 ? std::ios::trunc : std::ios::app)) {
    std::fprintf(stderr, "match: cannot write the GGF file %s\n", s.ggf_path.c_str());
    return 2;
  }
  std::printf("match: %s%d games from game %d, %zu openings from %s\n", s.sprt ? "at most " : "", s.games, s.first_game,
              s.openings.size(), s.openings_file.c_str());
  MatchProgress progress(s.sprt);
  progress.print_sprt_header();
  std::fflush(stdout);
  std::mutex lock;
  SideFigures totals[2];
  long long discs_for_a = 0;
  bool failed = false;
  std::atomic<int> next{0};
  const auto per_move = [](const SideFigures& f) { return f.moves ? double(f.ms) / double(f.moves) : 0.0; };
  auto slot = [&] {
    Engine a(s.engines[0]), b(s.engines[1]);
    if (!a.start() || !b.start()) {
      std::lock_guard guard(lock);
      std::fprintf(stderr, "match: an engine did not start (no `set myname` or `pong`)\n");
      failed = true;
      return;
    }
    Engine* engines[2] = {&a, &b};
    for (int k; (k = next++) < s.games;) {
      {
        std::lock_guard guard(lock);
        if (progress.decided() || failed) break;
      }
      const int g = s.first_game - 1 + k;  // from 0: picks the opening and colours
      const ReversiOpening& opening = s.openings[std::size_t(g / 2) % s.openings.size()];
      const bool a_black = g % 2 == 0;
      SideFigures figures[2];
      const GameOutcome out = play_game(engines, opening, a_black, s, figures);
      std::lock_guard guard(lock);
      if (out.aborted) {
        std::fprintf(stderr, "match: game %d: an engine did not answer `set game`\n", g + 1);
        failed = true;
        break;
      }
      progress.record(g, a_black, out.result_for_a);
      discs_for_a += out.discs_for_a;
      for (int side = 0; side < 2; ++side) {
        totals[side].ms += figures[side].ms;
        totals[side].moves += figures[side].moves;
        totals[side].max_ms = std::max(totals[side].max_ms, figures[side].max_ms);
      }
      const MatchScore& score = progress.total();
      std::printf(
          "game %d: A %s, opening %s, A %+d discs (%s); score %d-%d-%d; so far A %.0f ms/move, B %.0f ms/move\n", g + 1,
          a_black ? "black" : "white", opening.text.c_str(), out.discs_for_a, out.reason.c_str(), score.wins,
          score.draws, score.losses, per_move(totals[0]), per_move(totals[1]));
      std::fflush(stdout);
      if (!s.ggf_path.empty()) {
        GgfInfo info;
        info.black = a_black ? "A " + a.name() : "B " + b.name();
        info.white = a_black ? "B " + b.name() : "A " + a.name();
        std::ofstream(s.ggf_path, std::ios::app) << format_ggf(Position::start(), out.plies, info) << '\n';
      }
    }
    a.quit();
    b.quit();
  };
  std::vector<std::thread> threads;
  for (int k = 0; k < s.concurrency; ++k) threads.emplace_back(slot);
  for (auto& t : threads) t.join();
  const int games = progress.total().games();
  std::printf("A: %.0f ms per move (longest %.1f s); B: %.0f ms per move (longest %.1f s); A's discs per game %+.1f\n",
              per_move(totals[0]), double(totals[0].max_ms) / 1000, per_move(totals[1]),
              double(totals[1].max_ms) / 1000, games ? double(discs_for_a) / games : 0.0);
  progress.print_summary("black", "white");
  return failed ? 1 : 0;
#endif
}

}  // namespace qipan::lab
