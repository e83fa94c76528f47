// A Reversi game: a start position, the plies played (forced passes are
// recorded automatically, as the rules make them), undo/redo by whole moves,
// the result, and the endings every game shares (engine/core/ending.h:
// resignation, agreement, abandonment, timeout, a recorded result, an aborted
// game), which records carry and undo takes back. This is what a
// player-facing session and the server use; search works on Position
// directly. Seats are colours: 0 black, 1 white.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/ending.h"
#include "../../core/playable_game.h"
#include "../../core/result.h"
#include "../codes.h"
#include "../position.h"
#include "ggf.h"

namespace qipan::reversi {

struct Ply {
  Square square = kNoSquare;  // or kPass
  Color mover = kBlack;
  Bitboard flipped = 0;  // 0 for a pass
};

// Why a game ended, as a stable code the page words (strings/reversi.js
// reason_<code>): the board is full, or neither side can move, or one of the
// shared endings (in engine/core/ending.h's order).
enum class EndReason : std::uint8_t {
  kNone,
  kBoardFull,
  kNoMoves,
  kResignation,
  kAgreement,
  kAbandonment,
  kTimeout,
  kTimeoutDraw,
  kRecorded,
  kAborted,  // ended before both sides moved: over, no winner, not a draw
};
// "" (not over), "board_full", "no_moves", or ending_code()'s codes.
std::string_view end_reason_code(EndReason reason);

struct GameStatus {
  bool over = false;
  EndReason reason = EndReason::kNone;
  // The winner once over; nullopt for a draw or an unfinished game.
  std::optional<Color> winner;
  int black_discs = 0;  // on the board now
  int white_discs = 0;
  // Once over, the final count as announced: the empty squares go to the
  // winner (shared on a draw they are none of the counts); black_score is
  // final_black - final_white. Before the end they equal the discs on board.
  int final_black = 0;
  int final_white = 0;
  int black_score = 0;
  std::string description;  // English, e.g. "black wins 40-24"
};
// The status of a position (as Game::status() gives it for the live one).
GameStatus status_of(const Position& pos);
// The fields every game shares (engine/core/playable_game.h) of a status of
// `pos`, after `steps` plies.
PlayStatus play_status_of(const GameStatus& status, const Position& pos, int steps);

class Game {
 public:
  explicit Game(Position start = Position::start());
  // A board string (64 squares and X/O). A side that must pass at the start
  // passes at once, so the game always waits for a real move or is over.
  static Result<Game> from_board(std::string_view board);
  // A transcript (`f5d6c3...`, notation.h) played from `start`.
  static Result<Game> from_transcript(std::string_view transcript, Position start = Position::start());
  // A GGF record (ggf.h); its players and date are in `info` if given.
  static Result<Game> from_ggf(std::string_view text, GgfInfo* info = nullptr);
  // A record as exported by record() (an optional board-string line for a
  // set-up start, the transcript, and an `ending: <code> <side>` line for a
  // shared ending), or a GGF record (RE[] with :r is a resignation, :t a
  // timeout, :s an agreement; a result on a board the rules do not end is
  // the recorded result). GGF has no word for an aborted game: ggf() writes
  // it as RE[?], and it reads back as a game still going on. Refusals:
  // record_bad_board_line, record_bad_ending, transcript_bad_move, the GGF
  // codes.
  static Result<Game> from_record(std::string_view record, GgfInfo* info = nullptr);
  std::string record() const;
  // The game as GGF with the players, place and date of `info`.
  std::string ggf(const GgfInfo& info = {}) const;

  const Position& start_position() const { return start_; }
  const Position& position() const { return position_; }
  const std::vector<Ply>& plies() const { return plies_; }
  GameStatus status() const;
  bool over() const { return ending_.has_value() || position_.game_over(); }

  // The face every game shares (engine/core/playable_game.h): seats 0
  // black, 1 white; a ply's canonical text is its square (`f5`, `pass`); a
  // position is named by its board string.
  int seats() const { return 2; }
  PlayStatus play_status() const { return play_status_of(status(), position_, int(plies_.size())); }
  static Capabilities capabilities() { return {}; }
  // The colour of a seat, or bad_argument.
  Result<Color> valid_seat(int seat) const;
  static bool about_no_seat(const Ending& ending) { return qipan::about_no_seat(ending); }
  static constexpr const auto& move_text_codes = code::move_text_codes;
  std::string move_text(int ply) const;
  std::string position_text() const { return position_text(position_); }
  static std::string position_text(const Position& pos);
  // A square by name (`f5`, either case), or the pass (`pass`, `pa`, `ps`).
  Result<Square> parse_move(std::string_view text) const;
  // The same, played (a pass is refused: the game passes by itself).
  Result<GameStatus> play_text(std::string_view text);

  // The shared endings (engine/core/ending.h), refused with game_over once
  // the game is over. `side` resigns, abandons (its opponent claims the
  // game) or runs out of time: in Reversi a flag always loses, since the
  // other side could still win whatever the board.
  Result<GameStatus> resign(Color side);
  Result<GameStatus> agree_draw();
  Result<GameStatus> abandon(Color side);
  Result<GameStatus> flag(Color side);
  // Ends the game as a record says it ended, taken as written.
  Result<GameStatus> restore(Ending ending);
  const std::optional<Ending>& ending() const { return ending_; }

  // Why playing `square` now is illegal (game_over, square_out_of_range,
  // square_taken, flips_nothing, pass_not_allowed for kPass: the game
  // passes by itself when a side must), or nullopt when it is legal.
  std::optional<Error> illegal_reason(Square square) const;
  // Plays a legal square; when the opponent then has no move but the game
  // goes on, its pass is recorded too. Refuses with the reason otherwise.
  Result<GameStatus> play(Square square);
  // Keeps the first `ply` plies (a forced pass after them stays with its
  // move) and forgets the redo list and an ending: "continue from here". Returns false
  // (and changes nothing) when `ply` is out of range.
  bool truncate(int ply);

  // Take back an ending if there is one, else one real move (with the pass
  // that followed it); replay a move.
  bool undo();
  bool redo();
  bool can_undo() const;
  bool can_redo() const { return !redo_.empty(); }

  // The moves as a transcript (`f5d6...`, passes implicit).
  std::string transcript() const;
  // The position after the first `ply` plies; bad_argument outside
  // 0..plies().size().
  Result<Position> position_at(int ply) const;

 private:
  void push(Square square);
  static Result<Game> with_ending(std::string_view record, Position start);
  void pass_if_forced();

  Position start_;
  Position position_;
  std::vector<Ply> plies_;
  std::vector<Square> redo_;  // undone real moves, most recent at the back
  std::optional<Ending> ending_;
  std::string recorded_result_;  // a GGF RE[] value behind a recorded ending, written back as read
};

}  // namespace qipan::reversi
