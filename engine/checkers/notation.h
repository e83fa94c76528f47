// Chinese checkers move notation. Holes are named by their index 0..120
// (rules spec §5.2: rows from the top, left to right).
//
//   step        `from-to`                 e.g. `111-99`
//   hop chain   `from:h1:h2:...:to`       every landing in order, e.g. `100:78:56`
//   pass        `pass`                    only when the side has no move
//
// Output writes a chain as its shortest path (path.h). Input accepts:
//   - `a-b` for ANY legal move from a to b (a step or a chain; the engine
//     picks the shortest chain);
//   - `a:b:...` for an exact path, validated hop by hop; the error names the
//     reason ("a chain may not land on the same hole twice", ...);
//   - `pass` (case-insensitive).
// Surrounding whitespace is ignored. Game records (start line, move numbers)
// are read and written by Game::from_record / Game::record (game.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/result.h"
#include "position.h"
#include "rules.h"

namespace qipan::checkers {

std::string cell_name(Cell c);                 // "0" .. "120"
Result<Cell> parse_cell(std::string_view text);  // decimal 0..120, nothing else

// A move with the path it was (or will be) played along; path is empty for a
// pass, [from, to] for a step, [from, h1, ..., to] for a chain.
struct WrittenMove {
  Move move;
  std::vector<Cell> path;
};

// "a-b" for a step ([a, b] with b adjacent), "a:h1:...:hk" for a chain,
// "pass" for an empty path.
std::string format_path(std::span<const Cell> path);
// A legal move of the side to move, written along its shortest path.
std::string format_move(const Position& pos, const RuleOptions& rules, Move m);
// A move of the side to move in any accepted form; errors say why.
Result<WrittenMove> parse_move(const Position& pos, const RuleOptions& rules, std::string_view text);

}  // namespace qipan::checkers
