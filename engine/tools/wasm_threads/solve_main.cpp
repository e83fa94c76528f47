// build/wasm/qipan_solve_threads.js: `qipan solve reversi ...` (solve_command.cpp)
// built for wasm with threads (Emscripten pthreads: Node worker threads
// sharing one wasm memory), so `--threads N` and `--workers N` run in wasm as
// they do natively:
//   node --no-experimental-fetch build/wasm/qipan_solve_threads.js reversi --ffo 40-49 --threads 2
// Its own program, not a mode of build/wasm/qipan.js: code built for shared
// memory cannot be linked into the single-threaded modules, and the page,
// opened from disk, cannot share memory between workers (docs/platform.md).
#include <string>

#include "../commands.h"

int main(int argc, char** argv) {
  qipan::tools::Args args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return qipan::tools::solve_command(args);
}
