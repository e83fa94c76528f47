// Test helper: a xiangqi FEN seen from the other side.
#pragma once

#include <cctype>
#include <string>
#include <vector>

namespace qipan::xiangqi::testing {

// The same position seen from the other side: ranks reversed, colours swapped.
inline std::string mirrored_fen(const std::string& text) {
  const std::size_t space = text.find(' ');
  const std::string board = text.substr(0, space);
  std::vector<std::string> ranks;
  std::size_t start = 0;
  for (std::size_t slash; (slash = board.find('/', start)) != std::string::npos; start = slash + 1)
    ranks.push_back(board.substr(start, slash - start));
  ranks.push_back(board.substr(start));
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
    if (!out.empty()) out += '/';
    for (char c : *it)
      out += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  }
  const char side = text[space + 1] == 'w' ? 'b' : 'w';
  return out + ' ' + side + text.substr(space + 2);
}

}  // namespace qipan::xiangqi::testing
