#include "game.h"

#include "notation.h"

namespace qipan::reversi {

Game::Game(Position start) : start_(start), position_(start) {
  // A forced pass at the start belongs to the set-up, not to the players.
  if (start_.must_pass()) {
    start_.pass();
    position_ = start_;
  }
}

Result<Game> Game::from_board(std::string_view board) {
  auto pos = parse_board(board);
  if (!pos) return make_error(pos.error());
  return Game(*pos);
}

Result<Game> Game::from_transcript(std::string_view transcript, Position start) {
  Game game(start);
  auto parsed = parse_transcript(transcript, game.start_);
  if (!parsed) return make_error(parsed.error());
  for (Square s : parsed->plies)
    if (s != kPass) {
      auto played = game.play(s);
      if (!played) return make_error(played.error());  // cannot happen after parse_transcript
    }
  return game;
}

Result<Game> Game::from_record(std::string_view record) {
  const std::size_t first = record.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return Game();
  record.remove_prefix(first);
  const std::size_t line_end = record.find('\n');
  const std::string_view first_line = record.substr(0, line_end);
  // A board line is long (64 squares and the side); a transcript line may be
  // longer still, but never holds X, O or '-'.
  if (first_line.find_first_of("XO-*.") != std::string_view::npos) {
    auto start = parse_board(first_line);
    if (!start) return make_error("bad board line: " + start.error());
    const std::string_view rest = line_end == std::string_view::npos ? std::string_view{} : record.substr(line_end + 1);
    return from_transcript(rest, *start);
  }
  return from_transcript(record);
}

std::string Game::record() const {
  std::string out;
  if (!(start_ == Position::start())) out = board_string(start_) + "\n";
  return out + transcript();
}

GameStatus Game::status() const {
  GameStatus status;
  status.over = position_.game_over();
  status.black_discs = popcount(position_.discs(kBlack));
  status.white_discs = popcount(position_.discs(kWhite));
  const std::string count = std::to_string(status.black_discs) + "-" + std::to_string(status.white_discs);
  if (!status.over) {
    status.description = std::string(position_.side_to_move() == kBlack ? "black" : "white") + " to move";
    return status;
  }
  status.black_score = position_.final_score_for_black();
  if (status.black_score > 0) {
    status.winner = kBlack;
    status.description = "black wins " + count;
  } else if (status.black_score < 0) {
    status.winner = kWhite;
    status.description = "white wins " + count;
  } else {
    status.description = "draw " + count;
  }
  return status;
}

std::optional<std::string> Game::illegal_reason(Square square) const {
  if (position_.game_over()) return "the game is over";
  if (square < 0 || square >= kSquares) return "square off the board";
  if (position_.occupied() & square_bit(square)) return "that square is taken";
  if (!position_.is_legal(square)) return "a disc must flip at least one of the opponent's discs";
  return std::nullopt;
}

void Game::push(Square square) {
  Undo undo;
  const Color mover = position_.side_to_move();
  position_.make(square, undo);
  plies_.push_back(Ply{square, mover, undo.flipped});
}

void Game::pass_if_forced() {
  if (position_.must_pass()) push(kPass);
}

Result<GameStatus> Game::play(Square square) {
  if (auto reason = illegal_reason(square)) return make_error(*reason);
  push(square);
  pass_if_forced();
  redo_.clear();
  return status();
}

bool Game::can_undo() const {
  for (const Ply& ply : plies_)
    if (ply.square != kPass) return true;
  return false;
}

bool Game::undo() {
  if (!can_undo()) return false;
  // Drop a trailing forced pass, then the move before it.
  while (!plies_.empty()) {
    const Ply ply = plies_.back();
    plies_.pop_back();
    Undo undo{ply.flipped};
    position_.unmake(ply.square, undo);
    if (ply.square != kPass) {
      redo_.push_back(ply.square);
      return true;
    }
  }
  return true;
}

bool Game::redo() {
  if (redo_.empty()) return false;
  const Square square = redo_.back();
  redo_.pop_back();
  push(square);
  pass_if_forced();
  return true;
}

std::string Game::transcript() const {
  std::vector<Square> squares;
  for (const Ply& ply : plies_) squares.push_back(ply.square);
  return format_transcript(squares);
}

Position Game::position_at(int ply) const {
  Position pos = start_;
  for (int i = 0; i < ply && i < int(plies_.size()); ++i) {
    Undo undo;
    pos.make(plies_[i].square, undo);
  }
  return pos;
}

}  // namespace qipan::reversi
