#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "commands.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/iccs.h"

namespace qipan::tools {

int perft_command(const Args& args) {
  bool divide = false;
  Args positional;
  for (const std::string& a : args) {
    if (a == "--divide")
      divide = true;
    else
      positional.push_back(a);
  }
  if (positional.size() != 3) {
    std::fprintf(stderr, "usage: qipan perft xiangqi \"<fen>\" <depth> [--divide]\n");
    return 2;
  }
  if (positional[0] != "xiangqi") {
    std::fprintf(stderr, "qipan perft: unknown game '%s' (known: xiangqi)\n", positional[0].c_str());
    return 2;
  }
  auto parsed = xiangqi::Position::from_fen(positional[1]);
  if (!parsed) {
    std::fprintf(stderr, "qipan perft: bad FEN: %s\n", parsed.error().c_str());
    return 2;
  }
  char* end = nullptr;
  const long depth = std::strtol(positional[2].c_str(), &end, 10);
  if (*end != '\0' || depth < 0 || depth > 12) {
    std::fprintf(stderr, "qipan perft: depth must be a number from 0 to 12\n");
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
      const std::uint64_t n = xiangqi::perft(pos, int(depth) - 1);
      pos.unmake(m, undo);
      std::printf("%s: %llu\n", xiangqi::to_iccs(m).c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
  } else {
    total = xiangqi::perft(pos, int(depth));
  }
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  return 0;
}

}  // namespace qipan::tools
