#include "game.h"

#include "../codes.h"
#include "notation.h"

namespace qipan::reversi {

Game::Game(Position start) : start_(start), position_(start) {
  // A forced pass at the start belongs to the set-up, not to the players.
  if (start_.must_pass()) {
    start_.pass();
    position_ = start_;
  }
}

std::string_view end_reason_code(EndReason reason) {
  switch (reason) {
    case EndReason::kBoardFull: return "board_full";
    case EndReason::kNoMoves: return "no_moves";
    case EndReason::kNone: break;
  }
  return "";
}

Result<Game> Game::from_board(std::string_view board) {
  auto pos = parse_board(board);
  if (!pos) return pos.failure();
  return Game(*pos);
}

Result<Game> Game::from_transcript(std::string_view transcript, Position start) {
  Game game(start);
  auto parsed = parse_transcript(transcript, game.start_);
  if (!parsed) return parsed.failure();
  for (Square s : parsed->plies)
    if (s != kPass) {
      auto played = game.play(s);
      if (!played) return played.failure();  // cannot happen after parse_transcript
    }
  return game;
}

Result<Game> Game::from_ggf(std::string_view text, GgfInfo* info) {
  auto parsed = parse_ggf(text);
  if (!parsed) return parsed.failure();
  Game game(parsed->start);
  // The game records forced passes itself; a pass the set-up start forced is
  // already part of start_.
  std::size_t first = 0;
  if (!parsed->plies.empty() && parsed->plies[0] == kPass && parsed->start.must_pass()) first = 1;
  for (std::size_t i = first; i < parsed->plies.size(); ++i)
    if (parsed->plies[i] != kPass) {
      auto played = game.play(parsed->plies[i]);
      if (!played) return played.failure();  // cannot happen after parse_ggf
    }
  if (info) *info = parsed->info;
  return game;
}

Result<Game> Game::from_record(std::string_view record, GgfInfo* info) {
  const std::size_t first = record.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return Game();
  record.remove_prefix(first);
  if (looks_like_ggf(record)) return from_ggf(record, info);
  const std::size_t line_end = record.find('\n');
  const std::string_view first_line = record.substr(0, line_end);
  // A board line holds board characters and no digit (before a `; comment`);
  // a transcript line always has digits (f5, 1.), whatever else it holds.
  const std::string_view board_part = first_line.substr(0, first_line.find(';'));
  if (board_part.find_first_of("0123456789") == std::string_view::npos &&
      board_part.find_first_of("XxOo-*.") != std::string_view::npos) {
    auto start = parse_board(first_line);
    if (!start)
      return make_error(code::record_bad_board_line, "bad board line: " + start.error()).because(start.failure());
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

std::string Game::ggf(const GgfInfo& info) const {
  std::vector<Square> squares;
  for (const Ply& ply : plies_) squares.push_back(ply.square);
  return format_ggf(start_, squares, info);
}

GameStatus Game::status() const { return status_of(position_); }

GameStatus status_of(const Position& position) {
  GameStatus status;
  status.over = position.game_over();
  status.black_discs = popcount(position.discs(kBlack));
  status.white_discs = popcount(position.discs(kWhite));
  status.final_black = status.black_discs;
  status.final_white = status.white_discs;
  if (!status.over) {
    status.description = std::string(position.side_to_move() == kBlack ? "black" : "white") + " to move";
    return status;
  }
  status.reason = position.empty_count() == 0 ? EndReason::kBoardFull : EndReason::kNoMoves;
  status.black_score = position.final_score_for_black();
  const int empties = position.empty_count();
  if (status.black_score > 0) status.final_black += empties;
  if (status.black_score < 0) status.final_white += empties;
  const std::string count = std::to_string(status.final_black) + "-" + std::to_string(status.final_white);
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

std::optional<Error> Game::illegal_reason(Square square) const {
  if (position_.game_over()) return make_error(code::game_over, "the game is over");
  if (square == kPass) {
    // The game passes by itself when a side must: a pass asked for is never due.
    return make_error(code::pass_not_allowed, "a side passes only when it has no move; it has one")
        .with("side", position_.side_to_move() == kBlack ? "black" : "white");
  }
  if (square < 0 || square >= kSquares)
    return make_error(code::square_out_of_range, "square " + std::to_string(square) + " is off the board")
        .with("index", square);
  if (position_.occupied() & square_bit(square))
    return make_error(code::square_taken, "that square is taken").with("square", square_name(square));
  if (!position_.is_legal(square))
    return make_error(code::flips_nothing, "a disc must flip at least one of the opponent's discs")
        .with("square", square_name(square));
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
  if (auto reason = illegal_reason(square)) return *reason;
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

bool Game::truncate(int ply) {
  if (ply < 0 || ply > int(plies_.size())) return false;
  // A forced pass belongs to the move before it.
  if (ply < int(plies_.size()) && plies_[ply].square == kPass) ++ply;
  while (int(plies_.size()) > ply) {
    const Ply last = plies_.back();
    plies_.pop_back();
    Undo undo{last.flipped};
    position_.unmake(last.square, undo);
  }
  redo_.clear();
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
