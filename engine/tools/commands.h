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
// `qipan rule xiangqi`: the repetition ruling of a move list, as JSON.
int rule_command(const Args& args);
// The xiangqi engine protocols: UCI (Fairy-Stockfish style) or UCCI.
int protocol_command(const Args& args, bool ucci);
// The Reversi engine over the NBoard protocol (reversi_nboard.cpp).
int nboard_command(const Args& args);

// The movetime bench section (movetime_bench.cpp): prints, for each game, the
// time a search given 100, 300 and 1000 ms for its move spends.
struct MovetimeBenchFigures {
  double seconds = 0;
};
MovetimeBenchFigures run_movetime_bench();

}  // namespace qipan::tools
