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

namespace {

std::string_view color_name(Color c) { return c == kBlack ? "black" : "white"; }

EndReason reason_of(EndingKind kind) {
  switch (kind) {
    case EndingKind::kResignation: return EndReason::kResignation;
    case EndingKind::kAgreement: return EndReason::kAgreement;
    case EndingKind::kAbandonment: return EndReason::kAbandonment;
    case EndingKind::kTimeout: return EndReason::kTimeout;
    case EndingKind::kTimeoutDraw: return EndReason::kTimeoutDraw;
    case EndingKind::kRecorded: return EndReason::kRecorded;
    case EndingKind::kAborted: return EndReason::kAborted;
  }
  return EndReason::kRecorded;
}

// The ending a GGF RE[] value gives to a game the board has not ended:
// "+64.000:r" (the loser resigned), ":t" (its time ran out), ":s" (a score
// both agreed: a draw by agreement when even), a bare score the result as
// recorded; nullopt for "?" or no value.
std::optional<Ending> ending_of_ggf_result(std::string_view result) {
  const std::size_t colon = result.find(':');
  const std::string_view score_text = result.substr(0, colon);
  const std::string_view flag = colon == std::string_view::npos ? std::string_view{} : result.substr(colon + 1);
  // Only the sign matters: "+18.000", "-4", "0.00" (GGS writes the digits
  // after an optional sign); anything else is no result.
  std::string_view digits = score_text;
  const char sign = !digits.empty() && (digits[0] == '+' || digits[0] == '-') ? digits[0] : '+';
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) digits.remove_prefix(1);
  if (digits.empty() || digits.find_first_not_of("0123456789.") != std::string_view::npos ||
      digits.find_first_of("0123456789") == std::string_view::npos)
    return std::nullopt;
  const bool zero = digits.find_first_of("123456789") == std::string_view::npos;
  const int winner = zero ? -1 : sign == '+' ? int(kBlack) : int(kWhite);
  if (winner >= 0 && (flag == "r" || flag == "R")) return Ending{EndingKind::kResignation, 1 - winner};
  if (winner >= 0 && (flag == "t" || flag == "T")) return Ending{EndingKind::kTimeout, 1 - winner};
  if (winner < 0 && (flag == "s" || flag == "S")) return Ending{EndingKind::kAgreement, -1};
  return Ending{EndingKind::kRecorded, winner};
}

// "<code> <seat>" for an `ending:` line; "" for a malformed one.
std::optional<Ending> ending_of_line(const EndingLine& line) {
  const std::string& seat = line.seat_name;
  const int side = seat == "black" ? int(kBlack) : seat == "white" ? int(kWhite) : -1;
  switch (line.kind) {
    case EndingKind::kAgreement:
    case EndingKind::kAborted: return seat.empty() ? std::optional<Ending>(Ending{line.kind, -1}) : std::nullopt;
    case EndingKind::kRecorded:
      if (side >= 0 || seat == "draw") return Ending{line.kind, side};
      return std::nullopt;
    default: return side >= 0 ? std::optional<Ending>(Ending{line.kind, side}) : std::nullopt;
  }
}

}  // namespace

std::string_view end_reason_code(EndReason reason) {
  switch (reason) {
    case EndReason::kBoardFull: return "board_full";
    case EndReason::kNoMoves: return "no_moves";
    case EndReason::kResignation: return ending_code(EndingKind::kResignation);
    case EndReason::kAgreement: return ending_code(EndingKind::kAgreement);
    case EndReason::kAbandonment: return ending_code(EndingKind::kAbandonment);
    case EndReason::kTimeout: return ending_code(EndingKind::kTimeout);
    case EndReason::kTimeoutDraw: return ending_code(EndingKind::kTimeoutDraw);
    case EndReason::kRecorded: return ending_code(EndingKind::kRecorded);
    case EndReason::kAborted: return ending_code(EndingKind::kAborted);
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
  if (!game.over()) {
    if (auto ending = ending_of_ggf_result(parsed->info.result)) {
      game.ending_ = ending;
      if (ending->kind == EndingKind::kRecorded) game.recorded_result_ = parsed->info.result;
    }
  }
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
  // A record of no moves may start with its `ending:` line (an aborted game).
  if (!is_ending_line(first_line) && board_part.find_first_of("0123456789") == std::string_view::npos &&
      board_part.find_first_of("XxOo-*.") != std::string_view::npos) {
    auto start = parse_board(first_line);
    if (!start)
      return make_error(code::record_bad_board_line, "bad board line: " + start.error()).because(start.failure());
    const std::string_view rest = line_end == std::string_view::npos ? std::string_view{} : record.substr(line_end + 1);
    return with_ending(rest, *start);
  }
  return with_ending(record, Position::start());
}

// The transcript, and the `ending:` line after it if there is one.
Result<Game> Game::with_ending(std::string_view record, Position start) {
  std::string_view transcript = record;
  std::optional<Ending> ending;
  const std::size_t last_start = record.find_last_not_of(" \t\r\n");
  if (last_start != std::string_view::npos) {
    const std::size_t line_begin = record.rfind('\n', last_start);
    const std::string_view last = record.substr(line_begin == std::string_view::npos ? 0 : line_begin + 1);
    if (is_ending_line(last)) {
      const auto line = parse_ending_line(last);
      ending = line ? ending_of_line(*line) : std::nullopt;
      if (!ending)
        return make_error(code::record_bad_ending, "bad ending line: " + printable(last, 60))
            .with("text", printable(last, 60));
      transcript = record.substr(0, line_begin == std::string_view::npos ? 0 : line_begin);
    }
  }
  auto game = from_transcript(transcript, start);
  if (!game) return game;
  if (ending) {
    auto ended = game->restore(*ending);
    if (!ended) return ended.failure();
  }
  return game;
}

std::string Game::record() const {
  std::string out;
  if (!(start_ == Position::start())) out = board_string(start_) + "\n";
  out += transcript();
  if (ending_) {
    const int seat = ending_->seat;
    const bool seatless = ending_->kind == EndingKind::kAgreement || ending_->kind == EndingKind::kAborted;
    const std::string_view name = seatless ? "" : seat < 0 ? "draw" : color_name(Color(seat));
    if (!out.empty()) out.append("\n");
    out.append(ending_line(ending_->kind, name));
  }
  return out;
}

std::string Game::ggf(const GgfInfo& info) const {
  std::vector<Square> squares;
  for (const Ply& ply : plies_) squares.push_back(ply.square);
  GgfInfo out = info;
  out.result.clear();
  if (ending_) {
    // GGS writes a lost game as the whole board to the winner, with the
    // flag of how it was lost.
    const auto winner = two_seat_winner(*ending_);
    const char* score = !winner ? "+0.000" : *winner == kBlack ? "+64.000" : "-64.000";
    switch (ending_->kind) {
      case EndingKind::kResignation:
      case EndingKind::kAbandonment: out.result = std::string(score) + ":r"; break;
      case EndingKind::kTimeout:
      case EndingKind::kTimeoutDraw: out.result = std::string(score) + ":t"; break;
      case EndingKind::kAgreement: out.result = "+0.000:s"; break;
      case EndingKind::kRecorded: out.result = recorded_result_.empty() ? score : recorded_result_; break;
      case EndingKind::kAborted: break;  // no result: RE[?]
    }
  }
  return format_ggf(start_, squares, out);
}

Result<GameStatus> Game::restore(Ending ending) {
  if (over()) return make_error(code::game_over, "the game is over");
  if (ending.kind == EndingKind::kAborted) ending.seat = -1;  // about no seat
  ending_ = ending;
  redo_.clear();
  return status();
}

Result<GameStatus> Game::resign(Color side) { return restore({EndingKind::kResignation, int(side)}); }
Result<GameStatus> Game::agree_draw() { return restore({EndingKind::kAgreement, -1}); }
Result<GameStatus> Game::abandon(Color side) { return restore({EndingKind::kAbandonment, int(side)}); }
Result<GameStatus> Game::flag(Color side) { return restore({EndingKind::kTimeout, int(side)}); }

GameStatus Game::status() const {
  GameStatus status = status_of(position_);
  if (!ending_) return status;
  // The discs stay as they are on the board; the ending decides the winner.
  status.over = true;
  status.reason = reason_of(ending_->kind);
  const auto winner = two_seat_winner(*ending_);
  status.winner = winner ? std::optional<Color>(Color(*winner)) : std::nullopt;
  status.final_black = status.black_discs;
  status.final_white = status.white_discs;
  status.black_score = status.black_discs - status.white_discs;
  const std::string side = ending_->seat >= 0 ? std::string(color_name(Color(ending_->seat))) : "";
  switch (ending_->kind) {
    case EndingKind::kResignation: status.description = side + " resigns"; break;
    case EndingKind::kAgreement: status.description = "draw by agreement"; break;
    case EndingKind::kAbandonment: status.description = side + " abandoned the game"; break;
    case EndingKind::kTimeout: status.description = side + " lost on time"; break;
    case EndingKind::kTimeoutDraw: status.description = "draw on time"; break;
    case EndingKind::kRecorded:
      status.description = winner ? side + " wins, as recorded" : std::string("draw, as recorded");
      break;
    case EndingKind::kAborted: status.description = "game aborted"; break;
  }
  return status;
}

PlayStatus play_status_of(const GameStatus& status, const Position& pos, int steps) {
  return {.over = status.over,
          .to_move = int(pos.side_to_move()),
          .must_pass = pos.must_pass(),
          .winner = status.winner ? std::optional<int>(int(*status.winner)) : std::nullopt,
          .reason = end_reason_code(status.reason),
          .text = status.description,
          .steps = steps};
}

Result<Color> Game::valid_seat(int seat) const {
  if (seat == kBlack || seat == kWhite) return Color(seat);
  return make_error(code::bad_argument, "a seat is 0 (black) or 1 (white)")
      .with("name", "seat")
      .with("expected", "0 or 1");
}

std::string Game::move_text(int ply) const { return square_name(plies_[std::size_t(ply)].square); }

std::string Game::position_text(const Position& pos) { return board_string(pos); }

Result<Square> Game::parse_move(std::string_view text) const {
  std::string lower;
  for (char c : text) lower += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (lower == "pass" || lower == "pa" || lower == "ps") return kPass;
  return parse_square(text);
}

Result<GameStatus> Game::play_text(std::string_view text) {
  auto square = parse_move(text);
  if (!square) return square.failure();
  return play(*square);
}

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
  if (over()) return make_error(code::game_over, "the game is over");
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
  if (ending_) return true;
  for (const Ply& ply : plies_)
    if (ply.square != kPass) return true;
  return false;
}

bool Game::undo() {
  if (ending_) {
    ending_.reset();
    recorded_result_.clear();
    return true;
  }
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
  if (redo_.empty() || over()) return false;
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
  ending_.reset();
  recorded_result_.clear();
  return true;
}

std::string Game::transcript() const {
  std::vector<Square> squares;
  for (const Ply& ply : plies_) squares.push_back(ply.square);
  return format_transcript(squares);
}

Result<Position> Game::position_at(int ply) const {
  if (ply < 0 || ply > int(plies_.size()))
    return make_error(code::bad_argument, "no position after " + std::to_string(ply) + " plies")
        .with("name", "ply")
        .with("expected", "0.." + std::to_string(plies_.size()));
  Position pos = start_;
  for (int i = 0; i < ply; ++i) {
    Undo undo;
    pos.make(plies_[i].square, undo);
  }
  return pos;
}

}  // namespace qipan::reversi
