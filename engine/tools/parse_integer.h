// Reads a whole command-line argument as a decimal integer in [min, max].
#pragma once

#include <cstdlib>
#include <string>

namespace qipan::tools {

inline bool parse_integer(const std::string& text, long long min, long long max, long long& out) {
  char* end = nullptr;
  out = std::strtoll(text.c_str(), &end, 10);
  return !text.empty() && *end == '\0' && out >= min && out <= max;
}

}  // namespace qipan::tools
