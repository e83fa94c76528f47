// The Chinese checkers sections of `qipan bench`
// (engine/tools/bench_command.cpp): perft from the 2-player start and the
// search bench.
#pragma once

#include "engine/tools/bench_section.h"

namespace qipan::checkers {

tools::BenchSections bench_sections();

}  // namespace qipan::checkers
