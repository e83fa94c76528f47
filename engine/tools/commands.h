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

}  // namespace qipan::tools
