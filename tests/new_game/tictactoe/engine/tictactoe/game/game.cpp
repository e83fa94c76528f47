#include "game.h"

#include <sstream>

namespace qipan::tictactoe {

std::string_view end_reason(const Position& pos, const std::optional<Ending>& ending) {
  if (ending) return ending_code(ending->kind);
  if (pos.winner()) return "three_in_row";
  if (pos.full()) return "board_full";
  return "";
}

PlayStatus Game::play_status() const {
  PlayStatus status;
  status.over = over();
  status.to_move = int(position_.side_to_move());
  status.steps = int(plies_.size());
  status.reason = end_reason(position_, ending_);
  if (ending_) {
    status.winner = two_seat_winner(*ending_);
  } else if (const auto winner = position_.winner()) {
    status.winner = int(*winner);
  }
  if (!status.over) status.text = std::string(side_name(position_.side_to_move())) + " to move";
  else if (status.winner) status.text = std::string(side_name(Side(*status.winner))) + " wins";
  else status.text = ending_ && ending_->kind == EndingKind::kAborted ? "game aborted" : "draw";
  return status;
}

Result<Side> Game::valid_seat(int seat) const {
  if (seat == kX || seat == kO) return Side(seat);
  return make_error(code::bad_argument, "a seat is 0 (x) or 1 (o)").with("name", "seat").with("expected", "0 or 1");
}

Result<PlayStatus> Game::play_text(std::string_view text) {
  auto square = parse_move(text);
  if (!square) return square.failure();
  return play(*square);
}

Result<PlayStatus> Game::play(Square square) {
  if (over()) return make_error(code::game_over, "the game is over");
  if (square < 0 || square >= kSquares)
    return make_error(code::bad_argument, "a square is 0..8").with("name", "square").with("expected", "0..8");
  if (position_.at(square))
    return make_error(code::tictactoe_square_taken, "the square is taken").with("square", square_name(square));
  plies_.push_back({square, position_.side_to_move()});
  position_.make(square);
  redo_.clear();
  return play_status();
}

Result<PlayStatus> Game::restore(Ending ending) {
  if (over()) return make_error(code::game_over, "the game is over");
  if (about_no_seat(ending)) ending.seat = -1;
  ending_ = ending;
  redo_.clear();
  return play_status();
}

bool Game::undo() {
  if (ending_) {
    ending_.reset();
    return true;
  }
  if (plies_.empty()) return false;
  const Square square = plies_.back().square;
  position_.unmake(square);
  plies_.pop_back();
  redo_.push_back(square);
  return true;
}

bool Game::redo() {
  if (redo_.empty() || over()) return false;
  const Square square = redo_.back();
  redo_.pop_back();
  plies_.push_back({square, position_.side_to_move()});
  position_.make(square);
  return true;
}

bool Game::truncate(int ply) {
  if (ply < 0 || ply > int(plies_.size())) return false;
  while (int(plies_.size()) > ply) {
    position_.unmake(plies_.back().square);
    plies_.pop_back();
  }
  redo_.clear();
  ending_.reset();
  return true;
}

Result<Position> Game::position_at(int ply) const {
  if (ply < 0 || ply > int(plies_.size()))
    return make_error(code::bad_argument, "no such ply")
        .with("name", "ply")
        .with("expected", "0.." + std::to_string(plies_.size()));
  Position pos;
  for (int i = 0; i < ply; ++i) pos.make(plies_[std::size_t(i)].square);
  return pos;
}

std::string Game::record() const {
  std::string out;
  for (const Ply& ply : plies_) {
    if (!out.empty()) out += ' ';
    out += square_name(ply.square);
  }
  if (ending_) {
    std::string seat;
    if (ending_->seat >= 0) seat = side_name(Side(ending_->seat));
    else if (ending_->kind == EndingKind::kRecorded || ending_->kind == EndingKind::kTimeoutDraw) seat = "draw";
    if (!out.empty()) out += '\n';
    out += ending_line(ending_->kind, seat);
  }
  return out;
}

Result<Game> Game::from_record(std::string_view record) {
  Game game;
  std::istringstream lines{std::string(record)};
  std::string line;
  int index = 0;
  while (std::getline(lines, line)) {
    if (is_ending_line(line)) {
      const auto parsed = parse_ending_line(line);
      const bool no_seat = parsed && (parsed->seat_name.empty() || parsed->seat_name == "draw");
      if (!parsed || !(no_seat || parsed->seat_name == "x" || parsed->seat_name == "o"))
        return make_error(code::tictactoe_record_bad_ending, "bad ending line").with("text", line);
      const int seat = no_seat ? -1 : (parsed->seat_name == "x" ? 0 : 1);
      auto ended = game.restore({parsed->kind, seat});
      if (!ended) return make_error(code::tictactoe_record_bad_ending, "bad ending line").with("text", line);
      continue;
    }
    std::istringstream words(line);
    std::string word;
    while (words >> word) {
      ++index;
      auto played = game.play_text(word);
      if (!played)
        return make_error(code::tictactoe_record_bad_move, "move " + std::to_string(index) + ": " + played.error())
            .with("index", index)
            .with("text", word)
            .because(played.failure());
    }
  }
  return game;
}

static_assert(PlayableGame<Game>);

}  // namespace qipan::tictactoe
