// Chinese checkers move notation. Holes are named by a row letter and a
// position in the row (hole_names.h: `a1` the bottom tip, `i5` the centre,
// `q1` the top tip); their numbers 0..120 (rules spec §5.2) are accepted on
// input too.
//
//   step        `from-to`                 e.g. `d1-e2` (111-99)
//   hop chain   `from:h1:h2:...:to`       every landing in order, e.g. `e3:g3:i3` (100:78:56)
//   pass        `pass`                    only when the side has no move
//
// Output writes names, and a chain as its shortest path (path.h). Input
// accepts:
//   - `a-b` for ANY legal move from a to b (a step or a chain; the engine
//     picks the shortest chain);
//   - `a:b:...` for an exact path, validated hop by hop; the refusal names the
//     rule (codes.h: chain_revisits, nothing_to_hop, ...);
//   - `pass` (case-insensitive);
//   - holes as names (either case) or numbers, mixed as you like (`111-e2`).
// Surrounding whitespace is ignored. Game records (start line, move numbers)
// are read and written by Game::from_record / Game::record (game.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/result.h"
#include "../position.h"
#include "../rules.h"
#include "hole_names.h"

namespace qipan::checkers {

// The longest move text read (a chain through every hole fits).
constexpr std::size_t kMaxMoveText = 600;

// A move with the path it was (or will be) played along; path is empty for a
// pass, [from, to] for a step, [from, h1, ..., to] for a chain.
struct WrittenMove {
  Move move;
  std::vector<Cell> path;
};

// "a-b" for a step ([a, b] with b adjacent), "a:h1:...:hk" for a chain,
// "pass" for an empty path; holes by name.
std::string format_path(std::span<const Cell> path);
// A legal move of the side to move, written along its shortest path.
std::string format_move(const Position& pos, const RuleOptions& rules, Move m);
// A move of the side to move in any accepted form. Refusals: empty_move,
// pass_not_allowed, hole_missing, bad_hole_name, no_such_hole, checkers_not_a_move,
// path_too_long, and path.h's reasons for an illegal move or path.
Result<WrittenMove> parse_move(const Position& pos, const RuleOptions& rules, std::string_view text);

}  // namespace qipan::checkers
