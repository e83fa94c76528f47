// The opening book for xiangqi engine matches: short, varied lines, each
// about equal for both sides by our own search, written by `qipan-lab book
// xiangqi` into xiangqi_openings.cpp (regenerate it after the evaluation
// changes much). Each line is a list of ICCS moves from the start position.
#pragma once

#include <string>
#include <vector>

namespace qipan::lab {

std::vector<std::vector<std::string>> builtin_xiangqi_openings();

}  // namespace qipan::lab
