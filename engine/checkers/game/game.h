// A Chinese checkers game: rule options, a start position, the plies played
// (with their paths, for the move list and animation), undo/redo of single
// plies, and the result (rules spec §2.3, §2.4). This is what a player-facing
// session and the server use; search works on Position directly.
//
// Endings beyond the board (engine/core/ending.h): a two-player game ends
// by agreement or on time like the other games, a game of any seat count
// aborted (no seat moved in time; no result); a seat that resigns,
// abandons, or (with more than two seats) runs out of time is taken over
// instead: the game goes on and the AI plays that seat. Records carry both
// (`ending: timeout p2`, `takeover: p3@12`: the AI took seat 3 over after 12 plies).
//
// Passes: the game never passes by itself. When the side to move has no move,
// legal_moves() is a lone pass and play(Move::pass()) records it as a ply.
// Play-on games skip finished seats without recording anything.
//
// Records (record() / from_record()): the start position string on the first
// line, a rules line when the options differ from the defaults
// (rules_text.h), then the moves, one round of N plies per line with a move
// number:
//   2222222222.....1111111111 1 2
//   rules: goal-lock=off
//   1. 99-88 10-23
//   2. 100:76 ...
// On input the position line is optional (missing: the start position for
// rules.players with seat 0 to move; present: its player count replaces
// rules.players), a rules line overrides the caller's options, move numbers (`12.`, `12...`) are optional, and moves
// may be separated by any whitespace. Import is all or nothing: the first bad move is refused as checkers_record_move
// with its number (1 = the first written move), its text, and the move's own refusal as the cause (codes.h).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/ending.h"
#include "../../core/playable_game.h"
#include "../../core/result.h"
#include "../codes.h"
#include "../position.h"
#include "../rules.h"
#include "notation.h"

namespace qipan::checkers {

struct PlyRecord {
  Move move;
  Player mover = 0;
  std::vector<Cell> path;  // empty for a pass
};

enum class DrawReason : std::uint8_t {
  none,
  repetition,   // the same board and side to move for the third time (2 players)
  turn_cap,     // rules.turn_cap turns per player without a result
  equal_turns,  // 2p equal turns: the second seat could finish on its reply
};

// What kind of result a finished game has (stable names for the page and the
// server: result_kind_name).
enum class ResultKind : std::uint8_t {
  playing,  // not over: ""
  win,      // "win": the first seat to finish wins and the game ends
  places,   // "places": play on: every seat but the last finished, in order
  draw,     // "draw": ended by a draw rule (DrawReason); finished seats keep their places
};
// Why a game ended (stable names: end_reason_name).
enum class EndReason : std::uint8_t {
  none,         // "" (not over)
  finished,     // "finished": a win, or the places all decided
  repetition,   // "repetition"
  turn_cap,     // "turn_cap"
  equal_turns,  // "equal_turns"
  // The shared endings (engine/core/ending.h), in its order; two players only.
  resignation,
  agreement,
  abandonment,
  timeout,
  timeout_draw,
  recorded,
  aborted,  // any seat count: over with no winner; only places already won stand
};
std::string_view result_kind_name(ResultKind kind);
std::string_view end_reason_name(EndReason reason);

struct GameStatus {
  bool over = false;
  ResultKind kind = ResultKind::playing;
  EndReason reason = EndReason::none;
  Player to_move = 0;                  // meaningful while !over
  std::optional<Player> winner;        // first place once decided (play-on: the first finisher)
  DrawReason draw = DrawReason::none;  // why the game ended without (a full set of) places
  std::vector<Player> finish_order;    // seats that have finished, in order
  // Per seat, once over: 1 = best; equal numbers share a place (a draw gives
  // every unfinished seat the same place). 0 while undecided.
  std::vector<int> places;
  std::string description;  // English, e.g. "player 2 wins", "draw by threefold repetition"
};

class Game {
 public:
  // The start position for rules.players, `first` to move. `rules` must be
  // valid (RuleOptions::problem()); invalid player counts fall back to 2.
  explicit Game(const RuleOptions& rules = {}, Player first = 0);
  // Any position; its player count replaces rules.players.
  static Result<Game> from_position(const Position& start, RuleOptions rules = {});
  static Result<Game> from_record(std::string_view record, RuleOptions rules = {});
  std::string record() const;

  const RuleOptions& rules() const { return rules_; }
  const Position& start_position() const { return start_; }
  const Position& position() const { return position_; }
  const std::vector<PlyRecord>& plies() const { return plies_; }
  const GameStatus& status() const { return status_; }
  bool over() const { return status_.over; }
  // Seat p has finished (sticky: a later move cannot take it back).
  bool has_finished(Player p) const;
  // The position after the first `ply` plies (0 = the start);
  // checkers_ply_out_of_range outside 0..plies().size().
  Result<Position> position_at(int ply) const;

  // The face every game shares (engine/core/playable_game.h): seat i is
  // player i + 1 of the board; a ply's canonical text is its path in hole
  // names (`d1-e5`, `e3:g3:i3`) or `pass`; a position is named by its
  // position string.
  int seats() const { return position_.players(); }
  PlayStatus play_status() const;
  // Resigning and absence hand the seat to the AI in every game, and so
  // does a flag with more than two seats (see the endings below).
  Capabilities capabilities() const;
  // The seat itself when the game has it, or bad_argument.
  Result<Player> valid_seat(int seat) const;
  // The shared seatless endings, and an abandonment by nobody in particular.
  static bool about_no_seat(const Ending& ending) { return qipan::about_no_seat(ending) || nobody_left(ending); }
  static constexpr const auto& move_text_codes = code::move_text_codes;
  std::string move_text(int ply) const;
  std::string position_text() const { return position_.to_string(); }
  static std::string position_text(const Position& pos) { return pos.to_string(); }
  // A move written in notation.h's forms, read against the live position.
  Result<WrittenMove> parse_move(std::string_view text) const;

  // The plies the side to move may play: a lone pass when it has no move;
  // empty once the game is over.
  MoveList legal_moves() const;
  bool must_pass() const;
  // Why `m` may not be played now (codes.h; game_over once over), or nullopt.
  std::optional<Error> illegal_reason(Move m) const;
  // Plays a legal move along its shortest path; refuses with the reason.
  Result<GameStatus> play(Move m);
  // Plays an exact path ([from, to] step or [from, h1, ..., to] chain).
  Result<GameStatus> play_path(std::span<const Cell> path);
  // Plays a move written in notation.h's forms.
  Result<GameStatus> play_text(std::string_view text);

  // Take back an ending (if any), else one ply (with the takeovers made
  // after it); replay one ply. play() clears the redo list.
  bool undo();
  bool redo();
  bool can_undo() const { return ending_.has_value() || !plies_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // "Continue from here": drops the plies after the first `ply` and the redo
  // list. False (and nothing changes) when ply is not 0..plies().size().
  bool truncate(int ply);
  // The seats that have finished, as a bit set (bit p = seat p): what a
  // play-on search treats as retired (ai_levels.h).
  std::uint8_t finished_seats() const;

  // Endings. A two-player game ends by agreement, on time (`flag`: the
  // flagged seat loses; either side could still win, so no flag is a draw),
  // or as a record says (`restore`); more seats have no such endings
  // (checkers_two_players_only). `take_over` hands a seat to the AI: the
  // game goes on; resigning and abandoning a seat do that in every game,
  // and so does a flag with more than two seats. One ending takes any
  // number of seats: abandonment by nobody in particular (seat -1, see
  // nobody_left), a game every player has left to the AI: the places won
  // stand and the rest share the next (record line `ending: abandonment`);
  // and an aborted game (aborted(): seat -1, `ending: aborted`), over before
  // every seat moved: no winner, and no place beyond those already won.
  // All refused with game_over once the game is over; `take_over` with
  // checkers_seat_taken_over for a seat the AI plays already.
  static bool nobody_left(const Ending& ending) { return ending.kind == EndingKind::kAbandonment && ending.seat < 0; }
  static bool aborted(const Ending& ending) { return ending.kind == EndingKind::kAborted; }
  Result<GameStatus> agree_draw();
  Result<GameStatus> flag(Player p);
  Result<GameStatus> take_over(Player p);
  // A seat that resigns, or that a room finds absent past its grace, is
  // taken over (take_over): Chinese checkers goes on without that player
  // rather than ending for everyone, with two seats as with six.
  Result<GameStatus> resign(Player p) { return take_over(p); }
  Result<GameStatus> abandon(Player p) { return take_over(p); }
  Result<GameStatus> restore(Ending ending);
  const std::optional<Ending>& ending() const { return ending_; }
  // Whether the AI has taken the seat over.
  bool is_taken_over(Player p) const;
  // Each takeover: the seat and the plies played before it.
  struct Takeover {
    Player player;
    int ply;
  };
  const std::vector<Takeover>& takeovers() const { return takeovers_; }

 private:
  void reset(const Position& start);
  void push(const WrittenMove& written);
  bool second_can_equalize(Player first) const;
  void refresh_status();
  Result<bool> check_seat(Player p) const;

  RuleOptions rules_;
  Position start_;
  Position position_;
  std::vector<PlyRecord> plies_;
  std::vector<std::uint64_t> keys_;            // keys_[i] = key after i plies
  std::vector<Player> finish_order_;           // sticky, in finishing order
  std::vector<std::uint8_t> finished_by_ply_;  // how many seats each ply finished
  std::vector<WrittenMove> redo_;              // most recent undone ply at the back
  std::optional<Ending> ending_;
  std::vector<Takeover> takeovers_;  // in the order they happened
  GameStatus status_;
};

}  // namespace qipan::checkers
