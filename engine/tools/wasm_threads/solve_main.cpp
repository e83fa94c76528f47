// build/wasm/qipan_solve_threads.js: `qipan solve reversi ...` (solve_command.cpp)
// built for wasm with threads (Emscripten pthreads: Node worker threads
// sharing one wasm memory), so `--threads N` runs in wasm as it does
// natively:
//   node --no-experimental-fetch build/wasm/qipan_solve_threads.js reversi --ffo 40-49 --threads 2
// Its own program, not a mode of build/wasm/qipan.js: code built for shared
// memory cannot be linked into the single-threaded modules, and the page,
// opened from disk, cannot share memory between workers (docs/platform.md).
// It is also the one wasm build with 128-bit SIMD (the move generator's
// fills, engine/reversi/movegen.h), so it takes `perft "<board>" <depth>`
// too: the leaf count that checks those fills against the published figures.
#include <cstdio>
#include <string>

#include "../commands.h"
#include "../parse_integer.h"
#include "engine/reversi/game/notation.h"
#include "engine/reversi/perft.h"

namespace {

int perft(const qipan::tools::Args& args) {
  long long depth = 0;
  if (args.size() != 3 || !qipan::tools::parse_integer(args[2], 0, 20, depth)) {
    std::fputs("usage: qipan_solve_threads perft \"<64-char board> <X|O>\" <depth 0-20>\n", stderr);
    return 2;
  }
  const auto position = qipan::reversi::parse_board(args[1]);
  if (!position) {
    std::fprintf(stderr, "qipan_solve_threads perft: bad board: %s\n", position.error().c_str());
    return 2;
  }
  std::printf("%llu\n", static_cast<unsigned long long>(qipan::reversi::perft(*position, int(depth))));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  qipan::tools::Args args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  if (!args.empty() && args[0] == "perft") return perft(args);
  return qipan::tools::solve_command(args);
}
