// `qipan rule xiangqi [--rules asian|chinese|simple] FEN MOVE...`: an
// arbiter's answer. Plays the moves (ICCS, `h2e2`) from the FEN (or
// `startpos`) under the rule set and prints the result as one JSON line
// (ruling_record.h): the outcome, the reason, the side that loses, the rule
// applied, the chased pieces and the repeating cycle. A bad FEN, an unknown
// rule set, an illegal move or a move after the game ended is an error on
// stderr and exit status 2: a ruling is never given on part of the moves.
#include <cstdio>
#include <string>

#include "commands.h"
#include "engine/xiangqi/game/game.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/ruling_record.h"

namespace qipan::tools {
namespace {

bool looks_like_iccs(const std::string& w) {
  return w.size() == 4 && w[0] >= 'a' && w[0] <= 'i' && w[1] >= '0' && w[1] <= '9' && w[2] >= 'a' && w[2] <= 'i' &&
         w[3] >= '0' && w[3] <= '9';
}

int fail(const std::string& message) {
  std::fprintf(stderr, "qipan rule: %s\n", message.c_str());
  return 2;
}

}  // namespace

int rule_command(const Args& args) {
  using namespace xiangqi;
  if (args.empty() || args[0] != "xiangqi")
    return fail("usage: qipan rule xiangqi [--rules asian|chinese|simple] FEN|startpos MOVE...");
  RuleOptions options;
  std::size_t i = 1;
  if (i < args.size() && args[i] == "--rules") {
    if (i + 1 >= args.size()) return fail("--rules needs asian, chinese or simple");
    const auto rules = parse_rule_set(args[i + 1]);
    if (!rules) return fail("unknown rule set '" + args[i + 1] + "' (asian, chinese or simple)");
    options.rules = *rules;
    i += 2;
  }
  // The FEN is one quoted argument or its fields as separate words: it ends
  // where the first move begins.
  std::string fen;
  for (; i < args.size() && !looks_like_iccs(args[i]); ++i) fen += (fen.empty() ? "" : " ") + args[i];
  if (fen.empty()) return fail("no FEN given (or startpos)");
  if (fen == "startpos") fen = std::string(kStartFen);
  auto game = Game::from_fen(fen, options);
  if (!game) return fail("bad FEN: " + game.error());
  for (int ply = 1; i < args.size(); ++i, ++ply) {
    if (!looks_like_iccs(args[i])) return fail("move " + std::to_string(ply) + " '" + args[i] + "' is not ICCS (h2e2)");
    auto move = parse_iccs(args[i]);
    if (!move) return fail("move " + std::to_string(ply) + " '" + args[i] + "': " + move.error());
    auto played = game->play(*move);
    if (!played) return fail("move " + std::to_string(ply) + " '" + args[i] + "' cannot be played: " + played.error());
  }
  std::printf("%s\n", ruling_json(*game).c_str());
  return 0;
}

}  // namespace qipan::tools
