// The shared core of the file-based notations, WXF (`H8+7`) and Chinese
// (`马8进7`). Both name a move by the moving piece's type, the file it stands
// on (counted from the mover's own right), a direction and a number, and both
// single out one of several same-type pieces on a file by its place from the
// front. Only the spelling differs, so the two notations share the description
// of a move (for output) and the resolver of a query (for input): they can
// never disagree about which move a text means.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::xiangqi::notation {

// 进 / + , 退 / -, 平 / . (the word "direction" is taken by geometry.h).
enum class Motion : std::uint8_t { kForward, kBackward, kTraverse };

// Files as each player counts them: 1..9 from the player's own right, so red's
// file 1 is board file i and black's file 1 is board file a.
constexpr int own_file(Color c, int board_file) { return c == kRed ? 9 - board_file : board_file + 1; }
constexpr int board_file(Color c, int own) { return c == kRed ? 9 - own : own - 1; }

// Straight movers (general, rook, cannon, soldier) move along a file by a
// number of ranks; the diagonal movers (horse, elephant, advisor) always change
// file, so their number is the destination file.
constexpr bool moves_straight(PieceType t) { return t == kKing || t == kRook || t == kCannon || t == kPawn; }

// English names used in error messages ("no red horse on file 8").
std::string_view type_name(PieceType t);
std::string_view side_name(Color c);

// How a legal move is described, before spelling.
struct Description {
  Color side = kRed;
  PieceType type = kNoType;
  int file = 0;   // own file of the from square, 1..9
  int index = 0;  // place among the same-type pieces on that file, 0 = front
  int count = 1;  // same-type pieces of the mover on that file
  // The place must be spelled out. Advisors and elephants never need it: of
  // two on one file the front one can only retreat and the rear one only
  // advance, so the file and the direction already tell them apart (the
  // convention of Chinese records, which we follow in WXF as well).
  bool tandem = false;
  // Soldiers stand two or more on each of two files: the place alone does not
  // say which file, so both notations write the file in place of the piece
  // name (WXF `7+.6`, Chinese `前七平六`).
  bool pawn_files = false;
  Motion dir = Motion::kForward;
  int number = 0;  // ranks moved, or the destination own file; 1..9
};

// std::nullopt unless `m` is legal in `pos`.
std::optional<Description> describe(const Position& pos, Move m);

// Which of the same-type pieces on a file a text names. WXF and Chinese count
// differently when four or five soldiers share a file, so each spelling has
// its own selector and the count decides the index (see place_index).
enum class Place : std::uint8_t {
  kAny,           // only the file is named (on a file of 3 or 5 soldiers: the middle one)
  kFront,         // 前 / WXF `+` with 2-3 pieces
  kRear,          // 后
  kMiddle,        // 中: the middle one of 3 or 5
  kOrdinal,       // 一二三四五 counted from the front (Query::ordinal)
  kWxfPlus,       // WXF `+`: the front one of 2-3, the second one of 4-5
  kWxfMinus,      // WXF `-`: the rear one of 2-3, the second-rearmost of 4-5
  kWxfFrontmost,  // WXF `++` (4-5 soldiers)
  kWxfRearmost,   // WXF `--`
};

// Index from the front (0-based) that `place` selects among `count` pieces,
// or -1 when the place makes no sense for that many pieces.
int place_index(Place place, int ordinal, int count);

// What a parsed text asks for; resolve() finds the move it means.
struct Query {
  PieceType type = kNoType;
  int file = 0;  // own file 1..9, or 0 when the text names none
  Place place = Place::kAny;
  int ordinal = 0;
  Motion dir = Motion::kForward;
  int number = 0;  // 1..9
};

// How to resolve an ambiguity in the notation at hand, for error messages.
struct Hints {
  std::string_view notation;     // "wxf" or "chinese": the refusal's `notation` parameter
  std::string_view same_file;    // several pieces on one file could move
  std::string_view other_files;  // the place given fits a piece on several files
};

// The unique legal move the query describes, or an error saying why there is
// none ("no red horse on file 8", "horse cannot move to file 7") or why there
// are several (with the matching hint).
Result<Move> resolve(const Position& pos, const Query& q, const Hints& hints);

}  // namespace qipan::xiangqi::notation
