// A tic-tac-toe game: the plies played from the empty board, undo/redo, the
// result (three in a row, a full board) and the endings every game shares
// (engine/core/ending.h), which the record carries and undo takes back.
// Seats are sides: 0 X (moves first), 1 O. The face is PlayableGame's
// (engine/core/playable_game.h).
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

namespace qipan::tictactoe {

struct Ply {
  Square square = -1;
  Side mover = kX;
};

// Why a game ended: "three_in_row", "board_full" (a draw), or one of the
// shared endings' codes; "" while it goes on.
std::string_view end_reason(const Position& pos, const std::optional<Ending>& ending);

class Game {
 public:
  Game() = default;
  // A record as record() writes it: the moves (`b2 a1 ...`) and an optional
  // last line `ending: <code> <x|o|draw>`. All or nothing.
  static Result<Game> from_record(std::string_view record);
  std::string record() const;

  const Position& position() const { return position_; }
  const std::vector<Ply>& plies() const { return plies_; }
  bool over() const { return ending_.has_value() || position_.over(); }
  const std::optional<Ending>& ending() const { return ending_; }

  // The face every game shares.
  int seats() const { return 2; }
  PlayStatus play_status() const;
  static Capabilities capabilities() { return {}; }
  Result<Side> valid_seat(int seat) const;
  static bool about_no_seat(const Ending& ending) { return qipan::about_no_seat(ending); }
  static constexpr const auto& move_text_codes = code::move_text_codes;
  std::string move_text(int ply) const { return square_name(plies_[std::size_t(ply)].square); }
  std::string position_text() const { return position_string(position_); }
  static std::string position_text(const Position& pos) { return position_string(pos); }
  Result<Square> parse_move(std::string_view text) const { return parse_square(text); }
  Result<PlayStatus> play_text(std::string_view text);

  // Refused with game_over or tictactoe_square_taken.
  Result<PlayStatus> play(Square square);
  Result<PlayStatus> resign(Side side) { return restore({EndingKind::kResignation, int(side)}); }
  Result<PlayStatus> abandon(Side side) { return restore({EndingKind::kAbandonment, int(side)}); }
  Result<PlayStatus> flag(Side side) { return restore({EndingKind::kTimeout, int(side)}); }
  Result<PlayStatus> agree_draw() { return restore({EndingKind::kAgreement, -1}); }
  Result<PlayStatus> restore(Ending ending);

  // Takes back the ending if there is one, else the last move.
  bool undo();
  bool redo();
  bool can_undo() const { return ending_.has_value() || !plies_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // Keeps the first `ply` plies, forgets the redo list and an ending; false
  // (nothing changed) when `ply` is out of range.
  bool truncate(int ply);
  // The position after `ply` plies; bad_argument outside 0..plies().size().
  Result<Position> position_at(int ply) const;

 private:
  Position position_;
  std::vector<Ply> plies_;
  std::vector<Square> redo_;
  std::optional<Ending> ending_;
};

}  // namespace qipan::tictactoe
