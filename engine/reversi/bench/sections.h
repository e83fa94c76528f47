// The Reversi sections of `qipan bench` (engine/tools/bench_command.cpp):
// perft from the start, the search bench and, on request, the FFO endgames.
#pragma once

#include "engine/tools/bench_section.h"

namespace qipan::reversi {

tools::BenchSections bench_sections();

}  // namespace qipan::reversi
