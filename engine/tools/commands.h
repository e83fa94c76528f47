// One function per `qipan` sub-command; each returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace qipan::tools {

using Args = std::vector<std::string>;

int perft_command(const Args& args);
int bench_command(const Args& args);
int play_command(const Args& args);
int moves_command(const Args& args);
int solve_command(const Args& args);
int tune_command(const Args& args);
int match_command(const Args& args);
// The xiangqi engine protocols: UCI (Fairy-Stockfish style) or UCCI.
int protocol_command(const Args& args, bool ucci);
// The Reversi engine over the NBoard protocol (reversi_nboard.cpp).
int nboard_command(const Args& args);
// Engine against engine over UCI/UCCI, refereed by our rules (native only).
int xiangqi_engine_match_command(const Args& args);
// Writes the match opening book (xiangqi_openings.cpp) to stdout.
int xiangqi_book_command(const Args& args);
// Xiangqi AI strength matches (xiangqi_match.cpp).
int xiangqi_match_command(const Args& args);
// Self-play games for the evaluation fit, and the fit itself (xiangqi_selfplay.cpp, xiangqi_tune.cpp).
int xiangqi_selfplay_command(const Args& args);
int xiangqi_tune_command(const Args& args);
// Chinese checkers AI tools (checkers_match.cpp, checkers_race.cpp).
int checkers_match_command(const Args& args);
int checkers_race_command(const Args& args);

// The search-checkers bench section (checkers_search_bench.cpp).
constexpr int kCheckersBenchDepth = 7;
struct CheckersBenchFigures {
  int depth = 0;
  unsigned long long nodes = 0;
  double seconds = 0;
};
CheckersBenchFigures run_checkers_search_bench(bool verbose);

}  // namespace qipan::tools
