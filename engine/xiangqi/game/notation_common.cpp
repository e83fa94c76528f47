#include "notation_common.h"

#include <cstdlib>
#include <utility>

#include "../codes.h"
#include "move_reason.h"

namespace qipan::xiangqi::notation {
namespace {

// The mover's pieces of one type on one board file, front (nearest the enemy)
// first. A side never has more than five pieces of a type.
struct Roster {
  Square squares[kRanks] = {};
  int count = 0;
};

Roster roster(const Position& pos, Color us, PieceType type, int board_file) {
  Roster r;
  const Piece wanted = make_piece(us, type);
  for (int i = 0; i < kRanks; ++i) {
    const int rank = us == kRed ? kRanks - 1 - i : i;
    const Square s = make_square(board_file, rank);
    if (pos.at(s) == wanted) r.squares[r.count++] = s;
  }
  return r;
}

int files_with_two_pawns(const Position& pos, Color us) {
  int files = 0;
  for (int f = 0; f < kFiles; ++f) files += roster(pos, us, kPawn, f).count >= 2;
  return files;
}

std::string piece_name(Color us, PieceType t) { return std::string(side_name(us)) + " " + std::string(type_name(t)); }

std::string plural(int n, Color us, PieceType t) {
  return std::to_string(n) + " " + piece_name(us, t) + (n == 1 ? "" : "s");
}

std::string place_word(Place p, int ordinal) {
  switch (p) {
    case Place::kFront: return "front";
    case Place::kRear: return "rear";
    case Place::kMiddle: return "middle";
    case Place::kOrdinal: return "number " + std::to_string(ordinal);
    case Place::kWxfPlus: return "+";
    case Place::kWxfMinus: return "-";
    case Place::kWxfFrontmost: return "++";
    case Place::kWxfRearmost: return "--";
    case Place::kAny: break;
  }
  return "";
}

// Fewest pieces on a file for which `p` selects one (for error messages).
int fewest_for(Place p, int ordinal) {
  switch (p) {
    case Place::kMiddle: return 3;
    case Place::kOrdinal: return ordinal < 2 ? 2 : ordinal;
    case Place::kWxfFrontmost:
    case Place::kWxfRearmost: return 4;
    default: return 2;
  }
}

// Where the described move would land, or the reason it cannot be made by
// the piece on `from` whatever the rest of the board.
Result<Square> destination(Color us, PieceType type, Square from, Motion dir, int number) {
  const int ahead = us == kRed ? 1 : -1;
  const int file = file_of(from), rank = rank_of(from);
  // Built only for an error: this runs for every candidate of every parse.
  const auto who = [&] { return "the " + piece_name(us, type) + " on file " + std::to_string(own_file(us, file)); };
  if (moves_straight(type)) {
    if (dir == Motion::kTraverse) {
      const int to_file = board_file(us, number);
      if (to_file == file)
        return make_error(code::notation_same_file, who() + " is already on file " + std::to_string(number))
            .with("side", std::string(side_name(us)))
            .with("piece", std::string(type_name(type)))
            .with("file", number);
      return make_square(to_file, rank);
    }
    if (type == kPawn && dir == Motion::kBackward)
      return make_error(code::soldier_backward, "a soldier cannot move backward");
    const int to_rank = rank + (dir == Motion::kForward ? number : -number) * ahead;
    if (to_rank < 0 || to_rank >= kRanks)
      return make_error(code::notation_off_board,
                        who() + " cannot go " + (dir == Motion::kForward ? "forward " : "back ") +
                            std::to_string(number) + (number == 1 ? " rank" : " ranks") + " (off the board)")
          .with("side", std::string(side_name(us)))
          .with("piece", std::string(type_name(type)))
          .with("file", own_file(us, file))
          .with("steps", dir == Motion::kForward ? number : -number);
    return make_square(file, to_rank);
  }
  if (dir == Motion::kTraverse)
    return make_error(code::notation_diagonal_sideways, std::string(type == kHorse ? "a " : "an ") +
                                                            std::string(type_name(type)) +
                                                            " cannot move sideways: it moves diagonally")
        .with("piece", std::string(type_name(type)));
  const int to_file = board_file(us, number);
  const int df = std::abs(to_file - file);
  int dr = 0;
  if (type == kHorse) dr = df == 1 ? 2 : df == 2 ? 1 : 0;
  if (type == kElephant) dr = df == 2 ? 2 : 0;
  if (type == kAdvisor) dr = df == 1 ? 1 : 0;
  const int to_rank = rank + (dir == Motion::kForward ? dr : -dr) * ahead;
  if (dr == 0 || to_rank < 0 || to_rank >= kRanks)
    return make_error(code::notation_bad_destination, who() + " cannot move " +
                                                          (dir == Motion::kForward ? "forward" : "back") + " to file " +
                                                          std::to_string(number))
        .with("side", std::string(side_name(us)))
        .with("piece", std::string(type_name(type)))
        .with("file", own_file(us, file))
        .with("to_file", number);
  return make_square(to_file, to_rank);
}

}  // namespace

std::string_view type_name(PieceType t) {
  constexpr std::string_view kNames[] = {"piece", "general", "advisor", "elephant",
                                         "horse", "rook",    "cannon",  "soldier"};
  return kNames[t < kPieceTypeCount ? t : 0];
}

std::string_view side_name(Color c) { return c == kRed ? "red" : "black"; }

std::optional<Description> describe(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  if (m.is_none() || from >= kSquares || to >= kSquares) return std::nullopt;
  const Piece piece = pos.at(from);
  const Color us = pos.side_to_move();
  if (piece == kEmpty || color_of(piece) != us) return std::nullopt;
  // illegal_reason checks one move directly, far cheaper than generating all.
  if (illegal_reason(pos, from, to)) return std::nullopt;

  Description d;
  d.side = us;
  d.type = type_of(piece);
  d.file = own_file(us, file_of(from));
  const Roster r = roster(pos, us, d.type, file_of(from));
  d.count = r.count;
  for (int i = 0; i < r.count; ++i)
    if (r.squares[i] == from) d.index = i;
  d.tandem = r.count >= 2 && d.type != kAdvisor && d.type != kElephant;
  d.pawn_files = d.tandem && d.type == kPawn && files_with_two_pawns(pos, us) >= 2;

  const int ahead = (rank_of(to) - rank_of(from)) * (us == kRed ? 1 : -1);
  if (ahead == 0) {
    d.dir = Motion::kTraverse;
    d.number = own_file(us, file_of(to));
  } else {
    d.dir = ahead > 0 ? Motion::kForward : Motion::kBackward;
    d.number = file_of(to) == file_of(from) ? std::abs(ahead) : own_file(us, file_of(to));
  }
  return d;
}

int place_index(Place place, int ordinal, int count) {
  if (count < 2) return -1;
  switch (place) {
    case Place::kFront: return 0;
    case Place::kRear: return count - 1;
    case Place::kMiddle: return count % 2 == 1 ? count / 2 : -1;
    case Place::kOrdinal: return ordinal >= 1 && ordinal <= count ? ordinal - 1 : -1;
    case Place::kWxfPlus: return count <= 3 ? 0 : 1;
    case Place::kWxfMinus: return count <= 3 ? count - 1 : count - 2;
    case Place::kWxfFrontmost: return count >= 4 ? 0 : -1;
    case Place::kWxfRearmost: return count >= 4 ? count - 1 : -1;
    case Place::kAny: break;
  }
  return -1;
}

Result<Move> resolve(const Position& pos, const Query& q, const Hints& hints) {
  const Color us = pos.side_to_move();
  if (q.type == kNoType || q.type >= kPieceTypeCount || q.file < 0 || q.file > 9 || q.number < 1 || q.number > 9)
    return make_error(code::notation_malformed, "malformed move");  // the parsers never build such a query
  if (q.file == 0 && q.place == Place::kAny)
    return make_error(code::notation_no_file_or_place, "the move names neither a file nor a place");

  Square candidates[kRanks] = {};  // at most one per rank, or one per file
  int n = 0;
  if (q.file != 0) {
    const Roster r = roster(pos, us, q.type, board_file(us, q.file));
    if (r.count == 0)
      return make_error(code::notation_no_piece_on_file,
                        "no " + piece_name(us, q.type) + " on file " + std::to_string(q.file))
          .with("side", std::string(side_name(us)))
          .with("piece", std::string(type_name(q.type)))
          .with("file", q.file);
    if (q.place == Place::kAny) {
      // WXF: the middle one of three or five soldiers is written like a lone one.
      if (q.type == kPawn && r.count >= 3 && r.count % 2 == 1) {
        candidates[n++] = r.squares[r.count / 2];
      } else {
        for (int i = 0; i < r.count; ++i) candidates[n++] = r.squares[i];
      }
    } else {
      const int index = place_index(q.place, q.ordinal, r.count);
      if (index < 0)
        return make_error(code::notation_place_picks_none, "file " + std::to_string(q.file) + " holds " +
                                                               plural(r.count, us, q.type) + ", so '" +
                                                               place_word(q.place, q.ordinal) + "' picks none of them")
            .with("side", std::string(side_name(us)))
            .with("piece", std::string(type_name(q.type)))
            .with("file", q.file)
            .with("count", r.count)
            .with("place", place_word(q.place, q.ordinal));
      candidates[n++] = r.squares[index];
    }
  } else {
    for (int f = 0; f < kFiles; ++f) {
      const Roster r = roster(pos, us, q.type, f);
      const int index = place_index(q.place, q.ordinal, r.count);
      if (index >= 0) candidates[n++] = r.squares[index];
    }
    if (n == 0)
      return make_error(code::notation_no_tandem, "no file holds " + std::to_string(fewest_for(q.place, q.ordinal)) +
                                                      " or more " + piece_name(us, q.type) + "s")
          .with("side", std::string(side_name(us)))
          .with("piece", std::string(type_name(q.type)))
          .with("count", fewest_for(q.place, q.ordinal));
  }

  std::optional<Error> reason;
  Move found;
  int matches = 0;
  bool one_file = true;
  for (int i = 0; i < n; ++i) {
    auto to = destination(us, q.type, candidates[i], q.dir, q.number);
    if (!to) {
      if (!reason) reason = to.failure();
      continue;
    }
    auto why = illegal_reason(pos, candidates[i], *to);
    if (!why) {
      if (matches++ == 0) found = Move(candidates[i], *to);
      else one_file = one_file && file_of(found.from()) == file_of(candidates[i]);
    } else if (!reason) {
      reason = std::move(why);
    }
  }
  if (matches == 1) return found;
  if (matches > 1)
    return make_error(code::notation_ambiguous, "ambiguous: " + plural(matches, us, q.type) + " can make that move (" +
                                                    std::string(one_file ? hints.same_file : hints.other_files) + ")")
        .with("side", std::string(side_name(us)))
        .with("piece", std::string(type_name(q.type)))
        .with("count", matches)
        .with("hint", one_file ? "place" : "file")
        .with("notation", std::string(hints.notation));
  return *reason;
}

}  // namespace qipan::xiangqi::notation
