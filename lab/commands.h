// One function per `qipan-lab` sub-command; each returns the process exit code.
#pragma once

#include <string>
#include <vector>

#include "engine/tools/command_flags.h"
#include "engine/tools/parse_integer.h"

namespace qipan::lab {

using Args = std::vector<std::string>;
using tools::CommandFlags;
using tools::parse_integer;

// Reversi: AI strength matches (reversi_match.cpp), and the evaluation
// weights and ProbCut fits (reversi_tune.cpp).
int reversi_match_command(const Args& args);
// Engine against engine over NBoard (reversi_engine_match.cpp).
int reversi_engine_match_command(const Args& args);
int reversi_tune_command(const Args& args);
// Xiangqi AI strength matches (xiangqi_match.cpp).
int xiangqi_match_command(const Args& args);
// Engine against engine over UCI/UCCI, refereed by our rules (native only).
int xiangqi_engine_match_command(const Args& args);
// Sums up a record of the engine match (xiangqi_match_summary.cpp).
int xiangqi_summary_command(const Args& args);
// Writes the match opening book (xiangqi_openings.cpp) to stdout.
int xiangqi_book_command(const Args& args);
// Makes or checks the held-out opening suite (xiangqi_suite.h).
int xiangqi_openings_command(const Args& args);
// Makes or checks the held-out Reversi opening suite (reversi_suite.h).
int reversi_openings_command(const Args& args);
// Self-play games for the evaluation fit, and the fit itself (xiangqi_selfplay.cpp, xiangqi_tune.cpp).
int xiangqi_selfplay_command(const Args& args);
int xiangqi_tune_command(const Args& args);
// Trains the xiangqi evaluation network on self-play (xiangqi_network_train.cpp).
int xiangqi_network_train_command(const Args& args);
// Chinese checkers AI tools (checkers_match.cpp, checkers_race.cpp).
int checkers_match_command(const Args& args);
int checkers_race_command(const Args& args);
// The FFO benchmark with each solve split at the root among workers that
// share no table (reversi_root_split/solve_split_command.cpp).
int reversi_root_split_command(const Args& args);

}  // namespace qipan::lab
