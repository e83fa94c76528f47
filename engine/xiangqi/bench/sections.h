// The xiangqi sections of `qipan bench` (engine/tools/bench_command.cpp):
// perft from the start and the search bench, with the hand-made evaluation
// and with the network.
#pragma once

#include "engine/tools/bench_section.h"

namespace qipan::xiangqi {

tools::BenchSections bench_sections();

}  // namespace qipan::xiangqi
