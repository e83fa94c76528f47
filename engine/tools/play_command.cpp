// `qipan play xiangqi`: a game in the terminal against the first AI (or
// between two humans, or two AIs). Reads one line per move or command from
// stdin, so scripts can pipe a game in; end of input ends the game cleanly.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include <unistd.h>

#include "command_flags.h"
#include "commands.h"
#include "engine/xiangqi/ai_levels.h"
#include "engine/xiangqi/game/chinese.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/search.h"

namespace qipan::tools {
namespace {

using namespace xiangqi;

constexpr int kDefaultLevel = 4;

struct Options {
  int level = kDefaultLevel;
  long long seed = -1;         // the AI's variety (book, near-best choice); -1: from the clock
  bool ai[2] = {false, true};  // indexed by Color
  std::string fen{kStartFen};
  bool think = false;  // print every iteration of the AI's search
};

void usage() {
  std::fputs(
      "usage: qipan play xiangqi [--level 1-8] [--red human|ai] [--black human|ai] [--fen FEN] [--seed S] [--think]\n"
      "  the AI levels of engine/xiangqi/ai_levels.h (the page's); --seed repeats a game's choices\n",
      stderr);
  for (const LevelSpec& spec : level_table()) {
    std::fprintf(stderr, "  level %d %-12s", spec.level, spec.name);
    if (spec.depth) std::fprintf(stderr, " depth %d", spec.depth);
    if (spec.nodes) std::fprintf(stderr, " %llu nodes", static_cast<unsigned long long>(spec.nodes));
    if (spec.margin) std::fprintf(stderr, ", varies within %d", spec.margin);
    std::fputc('\n', stderr);
  }
}

std::optional<Options> parse_options(const Args& args) {
  Options o;
  if (args.empty() || args[0] != "xiangqi") {
    std::fputs("play: only xiangqi can be played so far\n", stderr);
    return std::nullopt;
  }
  const auto side = [](bool& ai) {
    return [&ai](const std::vector<std::string>& words) {
      if (words[0] != "human" && words[0] != "ai") return "takes human or ai, not '" + words[0] + "'";
      ai = words[0] == "ai";
      return std::string();
    };
  };
  CommandFlags flags;
  flags.toggle("--think", o.think).integer("--level", kMinLevel, kMaxLevel, o.level);
  flags.integer("--seed", 0, 1LL << 62, o.seed).text("--fen", o.fen);
  flags.option("--red", 1, side(o.ai[kRed])).option("--black", 1, side(o.ai[kBlack]));
  if (const std::string error = flags.read(args); !error.empty()) {
    std::fprintf(stderr, "play: %s\n", error.c_str());
    return std::nullopt;
  }
  return o;
}

const char* side_name(Color c) { return c == kRed ? "red" : "black"; }

// Red at the bottom, files a-i and ranks 0-9 on the edges, the river between
// ranks 4 and 5. Uppercase is red, lowercase black (FEN letters).
void print_board(const Position& pos, std::optional<Move> last) {
  std::string out = "\n    a b c d e f g h i\n";
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    out += "  ";
    out += std::to_string(rank);
    out += ' ';
    for (int file = 0; file < kFiles; ++file) {
      const Square s = make_square(file, rank);
      const Piece p = pos.at(s);
      char c = '.';
      if (p != kEmpty) {
        c = " KABNRCP"[type_of(p)];
        if (color_of(p) == kBlack) c = char(c - 'A' + 'a');
      }
      out += c;
      // Brackets around the last move's squares would shift the grid; a
      // trailing mark is enough.
      const bool marked = last && (last->from() == s || last->to() == s);
      out += marked ? '*' : ' ';
    }
    out += std::to_string(rank) + "\n";
    if (rank == 5) out += "    ~~~~~~~~~~~~~~~~~~\n";
  }
  out += "    a b c d e f g h i\n";
  std::fputs(out.c_str(), stdout);
}

void print_help() {
  std::puts(
      "Type a move in ICCS coordinates (h2e2: from-square to-square, files a-i,\n"
      "ranks 0-9 from red's side) or in Chinese notation (炮二平五, 马8进7);\n"
      "WXF (C2.5) works too. Commands:\n"
      "  undo   take back your last move (and the AI's reply)\n"
      "  moves  list the legal moves\n"
      "  fen    print the position as FEN\n"
      "  help   this text\n"
      "  quit   leave the game");
}

std::string trim(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  const auto end = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(begin, end - begin + 1));
}

Result<Move> parse_move(const Position& pos, const std::string& text) {
  bool ascii = true;
  for (char c : text) ascii &= static_cast<unsigned char>(c) < 0x80;
  if (!ascii) return parse_chinese(pos, text);
  // ICCS first (its errors explain illegal moves), then WXF.
  auto iccs = parse_iccs(text);
  if (iccs) return parse_iccs_move(pos, text);
  return parse_any_move(pos, text);
}

std::string describe(const Position& before, Move m) { return to_iccs(m) + " (" + to_chinese(before, m) + ")"; }

class TerminalGame {
 public:
  TerminalGame(Options options, Game game) : options_(std::move(options)), game_(std::move(game)) {
    ai_options_.seed = options_.seed >= 0 ? std::uint64_t(options_.seed)
                                          : std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    if (options_.think)
      ai_options_.on_info = [](const SearchInfo& info) {
        std::string pv;
        for (Move m : *info.pv) {
          pv += ' ';
          pv += to_iccs(m);
        }
        std::printf("  depth %d  score %s  nodes %llu  %lld ms  pv%s\n", info.depth, format_score(info.score).c_str(),
                    static_cast<unsigned long long>(info.nodes), static_cast<long long>(info.time_ms), pv.c_str());
        std::fflush(stdout);
      };
  }

  int run() {
    std::printf("qipan xiangqi: red %s, black %s, level %d (%s). Type help for commands.\n",
                options_.ai[kRed] ? "AI" : "human", options_.ai[kBlack] ? "AI" : "human", options_.level,
                level_spec(options_.level).name);
    print_position();
    while (!game_.over()) {
      const Color side = game_.position().side_to_move();
      if (options_.ai[side]) {
        ai_move();
      } else if (!human_turn()) {
        return 0;  // quit or end of input
      }
    }
    return 0;
  }

 private:
  void print_position() {
    print_board(game_.position(), game_.last_move());
    const Status& status = game_.status();
    if (status.over()) {
      std::printf("Game over: %s.\n", status.description.c_str());
    } else {
      const Color side = game_.position().side_to_move();
      std::printf("%s to move%s\n", side_name(side), status.in_check ? " - check!" : "");
    }
    std::fflush(stdout);
  }

  void play(Move m) {
    auto status = game_.play(m);
    if (!status) {  // cannot happen for a parsed legal move; report rather than loop
      std::printf("internal error: %s\n", status.error().c_str());
      std::exit(1);
    }
    print_position();
  }

  void ai_move() {
    const Position& pos = game_.position();
    const AiMove r = ai_.choose_move(game_, options_.level, ai_options_);
    if (r.book) std::printf("%s (AI) plays %s   book\n", side_name(pos.side_to_move()), describe(pos, r.move).c_str());
    else
      std::printf("%s (AI) plays %s   depth %d  score %s  nodes %llu  %.2f s\n", side_name(pos.side_to_move()),
                  describe(pos, r.move).c_str(), r.depth, format_score(r.score).c_str(),
                  static_cast<unsigned long long>(r.nodes), double(r.time_ms) / 1000.0);
    play(r.move);
  }

  // Returns false when the player quits or the input ends.
  bool human_turn() {
    const Position& pos = game_.position();
    for (;;) {
      std::printf("%s> ", side_name(pos.side_to_move()));
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) {
        std::puts("\n(end of input)");
        return false;
      }
      const std::string text = trim(line);
      if (echo_) std::puts(text.c_str());  // piped input: keep the transcript readable
      if (text.empty()) continue;
      if (text == "quit" || text == "exit") return false;
      if (text == "help" || text == "?") {
        print_help();
        continue;
      }
      if (text == "fen") {
        std::puts(pos.fen().c_str());
        continue;
      }
      if (text == "moves") {
        MoveList moves;
        generate_legal(pos, moves);
        std::string list;
        for (Move m : moves) list += to_iccs(m) + " ";
        std::puts(list.c_str());
        continue;
      }
      if (text == "undo") {
        undo();
        return true;
      }
      auto move = parse_move(pos, text);
      if (!move) {
        std::printf("Illegal: %s (type a move like h2e2 or 炮二平五, or help)\n", move.error().c_str());
        continue;
      }
      std::printf("%s plays %s\n", side_name(pos.side_to_move()), describe(pos, *move).c_str());
      play(*move);
      return true;
    }
  }

  // Takes back moves until a human is to move again, having undone at least
  // one human move (so against the AI, the AI's reply goes too).
  void undo() {
    bool human_moved = false;
    for (const PlyRecord& r : game_.plies()) human_moved |= !options_.ai[r.mover];
    if (!human_moved) {
      std::puts("Nothing to undo.");
      return;
    }
    while (game_.undo())
      if (!options_.ai[game_.position().side_to_move()]) break;
    print_position();
  }

  Options options_;
  Game game_;
  XiangqiAi ai_{16, &xiangqi::network::kWeights};  // as the page plays
  AiOptions ai_options_;
  const bool echo_ = !isatty(STDIN_FILENO);
};

}  // namespace

int play_command(const Args& args) {
  auto options = parse_options(args);
  if (!options) {
    usage();
    return 2;
  }
  auto game = Game::from_fen(options->fen);
  if (!game) {
    std::fprintf(stderr, "play: bad --fen: %s\n", game.error().c_str());
    return 2;
  }
  TerminalGame terminal(std::move(*options), std::move(*game));
  return terminal.run();
}

}  // namespace qipan::tools
