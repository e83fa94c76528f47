// `qipan perft <game> "<position>" <depth> [--divide]`: the leaf count of the
// legal move tree as the last line; --divide first prints one line per move.
//   xiangqi: the position is a FEN.
//   reversi: the position is an Edax/OBF board string, "<64 squares> <X|O>";
//            a forced pass is a ply, a finished game one leaf (reversi/perft.h).
//   checkers: the position is "<121 holes> <side> <players>" (checkers/position.h);
//            a node where somebody has finished has no children, a forced
//            pass is a ply (checkers/perft.h). Rule flags: --strict-win,
//            --no-goal-lock, --no-parking (pass-through only), --long-jumps.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "command_flags.h"
#include "commands.h"
#include "engine/checkers/game/notation.h"
#include "engine/checkers/perft.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/perft.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"

namespace qipan::tools {
namespace {

int perft_xiangqi(const std::string& fen, int depth, bool divide) {
  auto parsed = xiangqi::Position::from_fen(fen);
  if (!parsed) {
    std::fprintf(stderr, "qipan perft: bad FEN: %s\n", parsed.error().c_str());
    return 2;
  }
  xiangqi::Position pos = *parsed;
  std::uint64_t total = 0;
  if (divide && depth > 0) {
    xiangqi::MoveList moves;
    xiangqi::generate_legal(pos, moves);
    for (xiangqi::Move m : moves) {
      xiangqi::Undo undo;
      pos.make(m, undo);
      const std::uint64_t n = xiangqi::perft(pos, depth - 1);
      pos.unmake(m, undo);
      std::printf("%s: %llu\n", xiangqi::to_iccs(m).c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
  } else {
    total = xiangqi::perft(pos, depth);
  }
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  return 0;
}

int perft_reversi(const std::string& board, int depth, bool divide) {
  auto parsed = reversi::parse_board(board);
  if (!parsed) {
    std::fprintf(stderr, "qipan perft: bad board string: %s\n", parsed.error().c_str());
    return 2;
  }
  reversi::Position pos = *parsed;
  std::uint64_t total = 0;
  reversi::MoveList moves;
  pos.generate_moves(moves);
  // A finished game is one leaf however deep: nothing to divide.
  if (divide && depth > 0 && !moves.empty()) {
    for (reversi::Square s : moves) {
      reversi::Undo undo;
      pos.make(s, undo);
      const std::uint64_t n = reversi::perft(pos, depth - 1);
      pos.unmake(s, undo);
      std::printf("%s: %llu\n", reversi::square_name(s).c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
  } else {
    total = reversi::perft(pos, depth);
  }
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  return 0;
}

int perft_checkers(const std::string& text, int depth, bool divide, const checkers::RuleOptions& flags) {
  auto parsed = checkers::Position::from_string(text);
  if (!parsed) {
    std::fprintf(stderr, "qipan perft: bad position string: %s\n", parsed.error().c_str());
    return 2;
  }
  checkers::RuleOptions rules = flags;
  rules.players = parsed->players();
  std::uint64_t total = 0;
  if (divide && depth > 0) {
    for (const checkers::PerftDivide& entry : checkers::perft_divide(*parsed, rules, depth)) {
      const std::string name = entry.move.is_pass()
                                   ? std::string("pass")
                                   : checkers::cell_name(entry.move.from) + "-" + checkers::cell_name(entry.move.to);
      std::printf("%s: %llu\n", name.c_str(), static_cast<unsigned long long>(entry.leaves));
      total += entry.leaves;
    }
  } else {
    total = checkers::perft(*parsed, rules, depth);
  }
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  return 0;
}

}  // namespace

int perft_command(const Args& args) {
  bool divide = false, strict_win = false, no_goal_lock = false, no_parking = false, long_jumps = false;
  Args positional;  // the game, the position, the depth
  CommandFlags flags;
  flags.toggle("--divide", divide).toggle("--strict-win", strict_win).toggle("--no-goal-lock", no_goal_lock);
  flags.toggle("--no-parking", no_parking).toggle("--long-jumps", long_jumps);
  flags.loose_words([&positional](const std::string& word) {
    if (CommandFlags::looks_like_option(word)) return std::string("is an unknown option");
    positional.push_back(word);
    return std::string();
  });
  std::string error = flags.read(args, 0);
  if (error.empty() && positional.size() != 3) error = "takes a game, a position and a depth";
  if (!error.empty()) {
    std::fprintf(stderr,
                 "qipan perft: %s\n"
                 "usage: qipan perft xiangqi \"<fen>\" <depth> [--divide]\n"
                 "       qipan perft reversi \"<64-char board> <X|O>\" <depth> [--divide]\n"
                 "       qipan perft checkers \"<121 holes> <side> <players>\" <depth> [--divide]\n"
                 "                  [--strict-win] [--no-goal-lock] [--no-parking] [--long-jumps]\n",
                 error.c_str());
    return 2;
  }
  checkers::RuleOptions checkers_rules;
  if (strict_win) checkers_rules.win_rule = checkers::WinRule::strict;
  if (no_goal_lock) checkers_rules.goal_lock = false;
  if (no_parking) checkers_rules.parking = checkers::Parking::pass_through;
  if (long_jumps) checkers_rules.long_jumps = true;
  const bool checkers_flags = strict_win || no_goal_lock || no_parking || long_jumps;
  const std::string& game = positional[0];
  if (game != "xiangqi" && game != "reversi" && game != "checkers") {
    std::fprintf(stderr, "qipan perft: unknown game '%s' (known: xiangqi, reversi, checkers)\n", game.c_str());
    return 2;
  }
  if (checkers_flags && game != "checkers") {
    std::fprintf(stderr, "qipan perft: rule flags apply to checkers only\n");
    return 2;
  }
  const int max_depth = game == "xiangqi" ? 12 : game == "checkers" ? 10 : 20;
  char* end = nullptr;
  const long depth = std::strtol(positional[2].c_str(), &end, 10);
  if (positional[2].empty() || *end != '\0' || depth < 0 || depth > max_depth) {
    std::fprintf(stderr, "qipan perft: depth must be a number from 0 to %d\n", max_depth);
    return 2;
  }
  if (game == "checkers") return perft_checkers(positional[1], int(depth), divide, checkers_rules);
  return game == "xiangqi" ? perft_xiangqi(positional[1], int(depth), divide)
                           : perft_reversi(positional[1], int(depth), divide);
}

}  // namespace qipan::tools
