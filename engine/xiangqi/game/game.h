// A game of xiangqi: a start position, the rule options and the moves played,
// with undo/redo and the game status (checkmate, stalemate, perpetual check,
// repetition, move limit, insufficient material, and the endings every game
// shares, engine/core/ending.h: resignation, agreement, abandonment, timeout,
// a result as recorded, an aborted game). Those endings are part of the game
// like its moves: records carry them (record.h, pgn.h) and undo takes them
// back.
//
// The status is recomputed once per move and cached, so the UI, the bindings
// and the server can ask for it as often as they like.
#pragma once

#include <array>
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
#include "../repetition_rules.h"

namespace qipan::xiangqi {

struct RuleOptions {
  // A position occurring this many times (counting the current one) ends the
  // game: a draw, or a loss for the side whose moves followed a forbidden
  // pattern throughout (repetition_rules.h). Values below 2 are treated as 2.
  int repetition_count = 3;
  // The book that rules a repetition: perpetual check, and under the Asian
  // and Chinese rules perpetual chase, lose.
  RuleSet rules = RuleSet::kAsian;
  // Moves by EACH side without a capture before the game is drawn
  // (60 moves = 120 plies). 0 disables the rule.
  int move_limit = 60;
  // Neither side has a rook, horse, cannon or soldier: nobody can mate.
  bool insufficient_material_draw = true;
};

enum class Outcome : std::uint8_t { kOngoing, kRedWins, kBlackWins, kDraw };

enum class Reason : std::uint8_t {
  kNone,
  kCheckmate,
  kStalemate,  // 困毙: no legal move loses for the side to move
  kPerpetualCheck,
  kPerpetualChase,
  kOneCheckOneChase,  // checks alternating with chases (Chinese rules)
  kRepetition,
  kMoveLimit,
  kInsufficientMaterial,
  // The endings of engine/core/ending.h, in its order.
  kResignation,
  kAgreement,  // a draw both sides agreed to (an accepted draw offer)
  kAbandonment,
  kTimeout,
  kTimeoutDraw,  // a flag against a side left without a piece that can cross the river
  kRecorded,     // the result a record gives, without its cause
  kAborted,      // ended before both sides moved: no result (outcome kDraw, no winner)
};

// Stable short codes for the bindings: "none", "checkmate", "stalemate",
// "perpetual_check", "perpetual_chase", "one_check_one_chase", "repetition",
// "move_limit", "insufficient_material",
// and ending_code()'s codes for the shared endings.
std::string_view reason_code(Reason reason);
// "ongoing", "red_wins", "black_wins", "draw".
std::string_view outcome_code(Outcome outcome);

struct Status {
  Outcome outcome = Outcome::kOngoing;
  Reason reason = Reason::kNone;
  bool in_check = false;    // the side to move is in check
  std::string description;  // English, e.g. "black is checkmated"

  bool over() const { return outcome != Outcome::kOngoing; }
  std::optional<Color> winner() const;
  std::string_view code() const { return reason_code(reason); }
};

// One played move and what the rules need to know about it.
struct PlyRecord {
  Move move;
  Color mover = kRed;
  Piece captured = kEmpty;  // kEmpty if the move captured nothing
  bool gave_check = false;  // the opponent was in check after the move
  std::uint64_t key = 0;    // Zobrist key of the position after the move
  Undo undo;                // restores the position before the move
};

// Why a repetition ended the game: the whole repeating cycle, each of its
// moves classified, and the side that loses (none for a draw).
struct RepetitionRuling {
  RuleSet rules = RuleSet::kAsian;
  Reason reason = Reason::kRepetition;  // kPerpetualCheck, kPerpetualChase, kOneCheckOneChase or kRepetition
  std::optional<Color> loser;
  std::array<Violation, 2> violations{Violation::kNone, Violation::kNone};
  int first_ply = 0;                  // the cycle is plies first_ply .. ply() - 1
  std::vector<ClassifiedMove> cycle;  // one per ply of the cycle
  // The loser's chases (perpetual chase, one check one chase): the chasing
  // and chased pieces, on their squares in the final position, each once.
  std::vector<Chase> chases;
};

class Game {
 public:
  explicit Game(Position start = Position::start(), RuleOptions options = {});
  static Result<Game> from_fen(std::string_view fen, RuleOptions options = {});

  const Position& position() const { return position_; }
  const Position& start_position() const { return start_; }
  const RuleOptions& options() const { return options_; }
  const Status& status() const { return status_; }
  // Set while the game is over by a repetition ruling (any of its reasons).
  const std::optional<RepetitionRuling>& ruling() const { return ruling_; }
  // The legal moves of the side to move that would complete a repetition it
  // loses: what the page warns about before the player repeats a chase.
  std::vector<Move> losing_repetitions() const;
  bool over() const { return status_.over(); }

  // The face every game shares (engine/core/playable_game.h): seats 0 red,
  // 1 black; a ply's canonical text is ICCS (`h2e2`); a position is named
  // by the FEN's first two fields (`<board> <side>`).
  int seats() const { return 2; }
  PlayStatus play_status() const;
  static Capabilities capabilities() { return {}; }
  // The side of a seat, or bad_argument.
  Result<Color> valid_seat(int seat) const;
  static bool about_no_seat(const Ending& ending) { return qipan::about_no_seat(ending); }
  static constexpr const auto& move_text_codes = code::move_text_codes;
  std::string move_text(int ply) const;
  std::string position_text() const { return position_text(position_); }
  static std::string position_text(const Position& pos);
  // A move of the current position in any notation (ICCS, WXF, Chinese).
  Result<Move> parse_move(std::string_view text) const;
  // The same, played: game_over first once the game is over.
  Result<Status> play_text(std::string_view text);

  // Plies played so far (the redo stack not included).
  int ply() const { return int(records_.size()); }
  std::vector<Move> moves() const;
  const std::vector<PlyRecord>& plies() const { return records_; }
  // keys()[i] is the Zobrist key after i plies; keys()[0] is the start.
  const std::vector<std::uint64_t>& keys() const { return keys_; }
  std::optional<Move> last_move() const;
  // The position after `ply` moves (0 = the start), without changing the
  // game; refused (ply_out_of_range) outside 0..ply().
  Result<Position> position_at(int ply) const;

  // Plays a legal move and returns the new status. An illegal move, or any
  // move once the game is over, returns an error and changes nothing.
  // A new move clears the redo stack.
  Result<Status> play(Move m);
  // The given side resigns (at any time, on either side's turn), unless the
  // game is already over.
  Result<Status> resign(Color loser);
  // Both sides agree to a draw (an accepted offer; whether to accept is the
  // player's or the AI's decision, see draw_offer.h), unless the game is over.
  Result<Status> agree_draw();
  // The opponent of `absent` claims the game after the absent side's grace
  // ran out (the online rooms decide when).
  Result<Status> abandon(Color absent);
  // `flagged` ran out of time: a loss, or a draw (timeout_draw) when the
  // other side has no rook, horse, cannon or soldier left, so that it could
  // not possibly mate.
  Result<Status> flag(Color flagged);
  // The result a record gives (a win for `winner`, or a draw when nullopt)
  // on a position the rules do not end, when the record does not say why.
  Result<Status> record_result(std::optional<Color> winner);
  // Ends the game as a record says it ended (pgn.h), taken as written.
  Result<Status> restore(Ending ending);
  // The shared ending that ended the game (engine/core/ending.h), if that is
  // how it ended.
  const std::optional<Ending>& ending() const { return ending_; }

  // undo() takes back an ending if there is one, otherwise the last move.
  // Both return false when there is nothing to undo / redo.
  bool undo();
  bool redo();
  bool can_undo() const { return ending_.has_value() || !records_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // "Continue from here": keeps the first `ply` moves and drops the rest, the
  // redo list and an ending. Refused (ply_out_of_range)
  // outside 0..ply().
  Result<Status> truncate(int ply);

 private:
  void push_move(Move m);
  void refresh_status();
  std::optional<RepetitionRuling> repetition_ruling() const;

  Position start_;
  Position position_;
  RuleOptions options_;
  std::vector<PlyRecord> records_;
  std::vector<std::uint64_t> keys_;
  std::vector<Move> redo_;  // the most recently undone move is at the back
  std::optional<Ending> ending_;
  Status status_;
  std::optional<RepetitionRuling> ruling_;
};

}  // namespace qipan::xiangqi
