// How a game ends other than on the board, in every game alike: by the
// players (a resignation, a draw agreed), by absence (abandonment: the
// opponent claimed the game after the absent seat's grace ran out), by the
// clock (timeout; timeout_draw when the other side could not possibly win,
// a rule each game decides), by a seat that never moved (aborted: an online
// game that ended before every seat made its first move; no winner, nothing
// lost), or as a record says (recorded: an imported result whose cause the
// record does not give). Each game's Game owns these beside its board
// endings, records them and takes them back with undo; the codes are the
// ones its status reports (`reason`) and the page words.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qipan {

enum class EndingKind : std::uint8_t {
  kResignation,
  kAgreement,
  kAbandonment,
  kTimeout,
  kTimeoutDraw,
  kRecorded,
  kAborted,
};

// `seat` is the seat the ending is about: the one that resigned, abandoned
// or ran out of time; for a recorded result, the winner (-1: a draw); unused
// for an agreement and an aborted game (about no seat: -1).
struct Ending {
  EndingKind kind = EndingKind::kResignation;
  int seat = -1;

  bool operator==(const Ending&) const = default;
};

inline constexpr EndingKind kEndingKinds[] = {
    EndingKind::kResignation, EndingKind::kAgreement, EndingKind::kAbandonment, EndingKind::kTimeout,
    EndingKind::kTimeoutDraw, EndingKind::kRecorded,  EndingKind::kAborted};

// "resignation", "agreement", "abandonment", "timeout", "timeout_draw",
// "recorded", "aborted": the status codes of these endings in every game.
constexpr std::string_view ending_code(EndingKind kind) {
  switch (kind) {
    case EndingKind::kResignation: return "resignation";
    case EndingKind::kAgreement: return "agreement";
    case EndingKind::kAbandonment: return "abandonment";
    case EndingKind::kTimeout: return "timeout";
    case EndingKind::kTimeoutDraw: return "timeout_draw";
    case EndingKind::kRecorded: return "recorded";
    case EndingKind::kAborted: return "aborted";
  }
  return "resignation";
}

constexpr std::optional<EndingKind> ending_kind(std::string_view code) {
  for (EndingKind kind : kEndingKinds)
    if (ending_code(kind) == code) return kind;
  return std::nullopt;
}

// The winner of a two-seat game that ended so (nullopt: a draw, or no
// result at all for an aborted game).
constexpr std::optional<int> two_seat_winner(const Ending& ending) {
  switch (ending.kind) {
    case EndingKind::kResignation:
    case EndingKind::kAbandonment:
    case EndingKind::kTimeout: return 1 - ending.seat;
    case EndingKind::kRecorded: return ending.seat < 0 ? std::nullopt : std::optional<int>(ending.seat);
    case EndingKind::kAgreement:
    case EndingKind::kTimeoutDraw:
    case EndingKind::kAborted: return std::nullopt;
  }
  return std::nullopt;
}

// Whether an ending is about no seat in every game: an agreement or an
// aborted game (any seat given is ignored), or a draw recorded or on time
// without the seat named (seat < 0).
constexpr bool about_no_seat(const Ending& ending) {
  return ending.kind == EndingKind::kAgreement || ending.kind == EndingKind::kAborted ||
         (ending.seat < 0 && (ending.kind == EndingKind::kRecorded || ending.kind == EndingKind::kTimeoutDraw));
}

// The line a game record carries for a shared ending (Reversi and Chinese
// checkers records; xiangqi writes PGN's [Termination]): `ending: <code>`,
// then the name of the seat it is about in the game's own words ("black",
// "p2"; a recorded draw names "draw"; an agreement and an aborted game name
// none), e.g. `ending: resignation white`, `ending: aborted`.
std::string ending_line(EndingKind kind, std::string_view seat_name);
struct EndingLine {
  EndingKind kind;
  std::string seat_name;  // as written ("" when none)
};
// Whether `line` is such a line (leading and trailing blanks allowed); a
// line that starts with `ending:` but names no known code is refused as
// nullopt too: the caller tells the two apart with is_ending_line().
std::optional<EndingLine> parse_ending_line(std::string_view line);
bool is_ending_line(std::string_view line);

}  // namespace qipan
