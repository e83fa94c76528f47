// A Reversi game: a start position, the plies played (forced passes are
// recorded automatically, as the rules make them), undo/redo by whole moves,
// and the result. This is what a player-facing session and the server use;
// search works on Position directly.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../core/result.h"
#include "position.h"

namespace qipan::reversi {

struct Ply {
  Square square = kNoSquare;  // or kPass
  Color mover = kBlack;
  Bitboard flipped = 0;       // 0 for a pass
};

struct GameStatus {
  bool over = false;
  // The winner once over; nullopt for a draw or an unfinished game.
  std::optional<Color> winner;
  int black_discs = 0;
  int white_discs = 0;
  // Black's final score with empties to the winner (meaningful once over).
  int black_score = 0;
  std::string description;  // English, e.g. "black wins 40-24"
};

class Game {
 public:
  explicit Game(Position start = Position::start());
  // A board string (64 squares and X/O). A side that must pass at the start
  // passes at once, so the game always waits for a real move or is over.
  static Result<Game> from_board(std::string_view board);
  // A transcript (`f5d6c3...`) played from `start`.
  static Result<Game> from_transcript(std::string_view transcript, Position start = Position::start());
  // A record as exported by record(): an optional board-string line for a
  // set-up start, then the transcript.
  static Result<Game> from_record(std::string_view record);
  std::string record() const;

  const Position& start_position() const { return start_; }
  const Position& position() const { return position_; }
  const std::vector<Ply>& plies() const { return plies_; }
  GameStatus status() const;

  // Why playing `square` now is illegal, or nullopt when it is legal.
  std::optional<std::string> illegal_reason(Square square) const;
  // Plays a legal square; when the opponent then has no move but the game
  // goes on, its pass is recorded too. Refuses with the reason otherwise.
  Result<GameStatus> play(Square square);

  // Take back or replay one real move (with the pass that followed it).
  bool undo();
  bool redo();
  bool can_undo() const;
  bool can_redo() const { return !redo_.empty(); }

  // The moves as a transcript (`f5d6...`, passes implicit).
  std::string transcript() const;
  // The position after the first `ply` plies.
  Position position_at(int ply) const;

 private:
  void push(Square square);
  void pass_if_forced();

  Position start_;
  Position position_;
  std::vector<Ply> plies_;
  std::vector<Square> redo_;  // undone real moves, most recent at the back
};

}  // namespace qipan::reversi
