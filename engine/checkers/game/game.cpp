#include "game.h"

#include <algorithm>

#include "../codes.h"
#include "../movegen.h"
#include "path.h"
#include "rules_text.h"

namespace qipan::checkers {
namespace {

std::string seat_name(Player p) { return "player " + std::to_string(p + 1); }

// Records name seats p1..p6 (ending and takeover lines).
std::string record_seat(Player p) { return std::string(1, 'p').append(std::to_string(p + 1)); }
std::optional<Player> record_seat_of(std::string_view text, int players) {
  if (text.size() != 2 || text[0] != 'p' || text[1] < '1' || text[1] > '0' + players) return std::nullopt;
  return Player(text[1] - '1');
}

EndReason reason_of(EndingKind kind) {
  switch (kind) {
    case EndingKind::kResignation: return EndReason::resignation;
    case EndingKind::kAgreement: return EndReason::agreement;
    case EndingKind::kAbandonment: return EndReason::abandonment;
    case EndingKind::kTimeout: return EndReason::timeout;
    case EndingKind::kTimeoutDraw: return EndReason::timeout_draw;
    case EndingKind::kRecorded: return EndReason::recorded;
    case EndingKind::kAborted: return EndReason::aborted;
  }
  return EndReason::recorded;
}

constexpr std::string_view kTakeoverPrefix = "takeover:";

bool is_move_number(std::string_view token) {
  std::size_t digits = 0;
  while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
  if (digits == 0 || digits == token.size()) return false;
  for (std::size_t i = digits; i < token.size(); ++i)
    if (token[i] != '.') return false;
  return true;
}

std::vector<std::string_view> split_whitespace(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < text.size()) {
    while (i < text.size() && space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !space(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

}  // namespace

std::string_view result_kind_name(ResultKind kind) {
  switch (kind) {
    case ResultKind::win: return "win";
    case ResultKind::places: return "places";
    case ResultKind::draw: return "draw";
    case ResultKind::playing: break;
  }
  return "";
}

std::string_view end_reason_name(EndReason reason) {
  switch (reason) {
    case EndReason::finished: return "finished";
    case EndReason::repetition: return "repetition";
    case EndReason::turn_cap: return "turn_cap";
    case EndReason::equal_turns: return "equal_turns";
    case EndReason::resignation: return ending_code(EndingKind::kResignation);
    case EndReason::agreement: return ending_code(EndingKind::kAgreement);
    case EndReason::abandonment: return ending_code(EndingKind::kAbandonment);
    case EndReason::timeout: return ending_code(EndingKind::kTimeout);
    case EndReason::timeout_draw: return ending_code(EndingKind::kTimeoutDraw);
    case EndReason::recorded: return ending_code(EndingKind::kRecorded);
    case EndReason::aborted: return ending_code(EndingKind::kAborted);
    case EndReason::none: break;
  }
  return "";
}

Game::Game(const RuleOptions& rules, Player first) : rules_(rules) {
  if (!valid_player_count(rules_.players)) rules_.players = 2;
  if (first < 0 || first >= rules_.players) first = 0;
  reset(Position::start(rules_.players, first));
}

Result<Game> Game::from_position(const Position& start, RuleOptions rules) {
  rules.players = start.players();
  if (auto why = rules.problem()) return *why;
  if (!start.invariants_hold()) return make_error(code::checkers_position_inconsistent, "the position is inconsistent");
  Game game(rules, 0);
  game.reset(start);
  return game;
}

void Game::reset(const Position& start) {
  start_ = start;
  plies_.clear();
  redo_.clear();
  ending_.reset();
  takeovers_.clear();
  finished_by_ply_.clear();
  finish_order_.clear();
  // Seats already finished in a set-up start keep that, in turn order.
  for (int i = 0; i < start_.players(); ++i) {
    const Player p = (start_.side_to_move() + i) % start_.players();
    if (start_.finished(p, rules_.win_rule)) finish_order_.push_back(p);
  }
  const bool play_on = rules_.multiplayer_end == MultiplayerEnd::play_on && start_.players() >= 3;
  if (play_on && int(finish_order_.size()) < start_.players() - 1)
    while (has_finished(start_.side_to_move())) start_.set_side_to_move(start_.next_seat(start_.side_to_move()));
  position_ = start_;
  keys_.assign(1, position_.key());
  refresh_status();
}

bool Game::has_finished(Player p) const {
  return std::find(finish_order_.begin(), finish_order_.end(), p) != finish_order_.end();
}

Result<Position> Game::position_at(int ply) const {
  if (ply < 0 || ply > int(plies_.size()))
    return make_error(code::checkers_ply_out_of_range, "no such ply in this game")
        .with("ply", ply)
        .with("plies", plies_.size());
  // Replaying through make() alone would lose play-on seat skips; unmaking
  // from the current position restores each recorded mover exactly.
  Position pos = position_;
  for (int i = int(plies_.size()) - 1; i >= ply; --i) pos.unmake(plies_[i].move, Undo{plies_[i].mover});
  return pos;
}

PlayStatus Game::play_status() const {
  return {.over = status_.over,
          .to_move = int(status_.to_move),
          .must_pass = must_pass(),
          .winner = status_.winner ? std::optional<int>(int(*status_.winner)) : std::nullopt,
          .reason = end_reason_name(status_.reason),
          .text = status_.description,
          .steps = int(plies_.size())};
}

Capabilities Game::capabilities() const {
  const int n = position_.players();
  return {.seats = n,
          .player_counts = {2, 3, 4, 6},
          .draw_offers = n == 2,
          .resign = SeatLoss::kTakeover,
          .absence = SeatLoss::kTakeover,
          .flag = n == 2 ? SeatLoss::kEnds : SeatLoss::kTakeover};
}

Result<Player> Game::valid_seat(int seat) const {
  const int n = position_.players();
  if (seat >= 0 && seat < n) return Player(seat);
  return make_error(code::bad_argument, "no such seat")
      .with("name", "seat")
      .with("expected", "0.." + std::to_string(n - 1));
}

std::string Game::move_text(int ply) const {
  const PlyRecord& p = plies_[std::size_t(ply)];
  return p.move.is_pass() ? std::string("pass") : format_path(p.path);
}

Result<WrittenMove> Game::parse_move(std::string_view text) const {
  return checkers::parse_move(position_, rules_, text);
}

MoveList Game::legal_moves() const {
  MoveList moves;
  if (!status_.over) generate_moves(position_, rules_, moves);
  return moves;
}

bool Game::must_pass() const { return !status_.over && !has_move(position_, rules_, position_.side_to_move()); }

std::optional<Error> Game::illegal_reason(Move m) const {
  if (status_.over) return make_error(code::game_over, "the game is over");
  if (m.is_pass()) {
    if (has_move(position_, rules_, position_.side_to_move()))
      return make_error(code::pass_not_allowed, "a pass is allowed only when no move is possible");
    return std::nullopt;
  }
  return checkers::illegal_reason(position_, rules_, m.from, m.to);
}

Result<GameStatus> Game::play(Move m) {
  if (auto why = illegal_reason(m)) return *why;
  push(WrittenMove{m, shortest_path(position_, rules_, m)});
  redo_.clear();
  return status_;
}

Result<GameStatus> Game::play_path(std::span<const Cell> path) {
  if (status_.over) return make_error(code::game_over, "the game is over");
  if (path.empty()) return play(Move::pass());
  if (auto why = path_problem(position_, rules_, path)) return *why;
  push(WrittenMove{Move::of(path.front(), path.back()), std::vector<Cell>(path.begin(), path.end())});
  redo_.clear();
  return status_;
}

Result<GameStatus> Game::play_text(std::string_view text) {
  if (status_.over) return make_error(code::game_over, "the game is over");
  auto written = parse_move(text);
  if (!written) return written.failure();
  push(*written);
  redo_.clear();
  return status_;
}

void Game::push(const WrittenMove& written) {
  const Player mover = position_.side_to_move();
  Undo undo;
  position_.make(written.move, undo);
  plies_.push_back(PlyRecord{written.move, mover, written.path});
  // §2.3: the mover first, then the others in turn order.
  std::uint8_t finished = 0;
  for (int i = 0; i < position_.players(); ++i) {
    const Player p = (mover + i) % position_.players();
    if (!has_finished(p) && position_.finished(p, rules_.win_rule)) {
      finish_order_.push_back(p);
      ++finished;
    }
  }
  finished_by_ply_.push_back(finished);
  const bool play_on = rules_.multiplayer_end == MultiplayerEnd::play_on && position_.players() >= 3;
  if (play_on && int(finish_order_.size()) < position_.players() - 1)
    while (has_finished(position_.side_to_move()))
      position_.set_side_to_move(position_.next_seat(position_.side_to_move()));
  keys_.push_back(position_.key());
  refresh_status();
}

bool Game::undo() {
  if (ending_) {
    ending_.reset();
    refresh_status();
    return true;
  }
  if (plies_.empty()) return false;
  PlyRecord last = std::move(plies_.back());
  plies_.pop_back();
  finish_order_.resize(finish_order_.size() - finished_by_ply_.back());
  finished_by_ply_.pop_back();
  keys_.pop_back();
  position_.unmake(last.move, Undo{last.mover});
  redo_.push_back(WrittenMove{last.move, std::move(last.path)});
  // A seat taken over after this ply comes back with it.
  while (!takeovers_.empty() && takeovers_.back().ply > int(plies_.size())) takeovers_.pop_back();
  refresh_status();
  return true;
}

bool Game::redo() {
  if (redo_.empty() || status_.over) return false;
  WrittenMove w = std::move(redo_.back());
  redo_.pop_back();
  push(w);
  return true;
}

bool Game::truncate(int ply) {
  if (ply < 0 || std::size_t(ply) > plies_.size()) return false;
  ending_.reset();
  while (plies_.size() > std::size_t(ply)) undo();
  redo_.clear();
  refresh_status();
  return true;
}

Result<bool> Game::check_seat(Player p) const {
  if (status_.over) return make_error(code::game_over, "the game is over");
  if (p < 0 || p >= position_.players())
    return make_error(code::checkers_no_such_seat, "no such seat")
        .with("seat", p + 1)
        .with("players", position_.players());
  return true;
}

Result<GameStatus> Game::restore(Ending ending) {
  if (status_.over) return make_error(code::game_over, "the game is over");
  // An aborted game is about no seat, whatever the seat count.
  if (aborted(ending)) ending.seat = -1;
  if (position_.players() != 2 && !nobody_left(ending) && !aborted(ending))
    return make_error(code::checkers_two_players_only, "only a two-player game ends so")
        .with("ending", std::string(ending_code(ending.kind)));
  ending_ = ending;
  redo_.clear();
  refresh_status();
  return status_;
}

Result<GameStatus> Game::agree_draw() { return restore({EndingKind::kAgreement, -1}); }

Result<GameStatus> Game::flag(Player p) {
  if (auto ok = check_seat(p); !ok) return ok.failure();
  if (position_.players() > 2) return take_over(p);
  return restore({EndingKind::kTimeout, p});
}

Result<GameStatus> Game::take_over(Player p) {
  if (auto ok = check_seat(p); !ok) return ok.failure();
  if (is_taken_over(p))
    return make_error(code::checkers_seat_taken_over, "the AI plays that seat already").with("seat", p + 1);
  takeovers_.push_back({p, int(plies_.size())});
  return status_;
}

bool Game::is_taken_over(Player p) const {
  return std::any_of(takeovers_.begin(), takeovers_.end(), [p](const Takeover& r) { return r.player == p; });
}

std::uint8_t Game::finished_seats() const {
  std::uint8_t out = 0;
  for (Player p : finish_order_) out |= std::uint8_t(1u << p);
  return out;
}

bool Game::second_can_equalize(Player first) const {
  const Player second = 1 - first;
  if (has_finished(second)) return true;
  if (position_.side_to_move() != second) return false;
  MoveList moves;
  generate_moves(position_, rules_, second, moves);
  Position pos = position_;
  for (Move m : moves) {
    Undo undo;
    pos.make(m, undo);
    const bool done = pos.finished(second, rules_.win_rule);
    pos.unmake(m, undo);
    if (done) return true;
  }
  return false;
}

void Game::refresh_status() {
  const int n = position_.players();
  GameStatus s;
  s.to_move = position_.side_to_move();
  s.finish_order = finish_order_;
  s.places.assign(n, 0);
  if (ending_ && nobody_left(*ending_)) {
    // Abandoned by every player: the places already won stand, the rest share the next.
    s.over = true;
    s.reason = EndReason::abandonment;
    for (std::size_t i = 0; i < finish_order_.size(); ++i) s.places[finish_order_[i]] = int(i) + 1;
    const int shared = int(finish_order_.size()) + 1;
    for (Player p = 0; p < n; ++p)
      if (s.places[p] == 0) s.places[p] = shared;
    s.kind = finish_order_.empty() ? ResultKind::draw : ResultKind::places;
    if (finish_order_.empty()) s.winner.reset();
    s.description = "abandoned: no player left";
    status_ = std::move(s);
    return;
  }
  if (ending_ && aborted(*ending_)) {
    // No result: places already won stand (a set-up start), no other seat
    // gets one (0), and nobody wins.
    s.over = true;
    s.reason = EndReason::aborted;
    for (std::size_t i = 0; i < finish_order_.size(); ++i) s.places[finish_order_[i]] = int(i) + 1;
    s.kind = finish_order_.empty() ? ResultKind::draw : ResultKind::places;
    s.description = "game aborted";
    status_ = std::move(s);
    return;
  }
  if (ending_) {
    // Two players (restore() refuses more).
    s.over = true;
    s.reason = reason_of(ending_->kind);
    const auto winner = two_seat_winner(*ending_);
    const std::string side = ending_->seat >= 0 ? seat_name(Player(ending_->seat)) : "";
    if (winner) {
      s.kind = ResultKind::win;
      s.winner = Player(*winner);
      for (Player p = 0; p < n; ++p) s.places[p] = p == *winner ? 1 : 2;
    } else {
      s.kind = ResultKind::draw;
      s.winner.reset();
      s.places.assign(n, 1);
    }
    switch (ending_->kind) {
      case EndingKind::kResignation: s.description = side + " resigns"; break;
      case EndingKind::kAgreement: s.description = "draw by agreement"; break;
      case EndingKind::kAbandonment: s.description = side + " abandoned the game"; break;
      case EndingKind::kTimeout: s.description = side + " lost on time"; break;
      case EndingKind::kTimeoutDraw: s.description = "draw on time"; break;
      case EndingKind::kRecorded:
        s.description = winner ? seat_name(Player(*winner)) + " wins, as recorded" : std::string("draw, as recorded");
        break;
      case EndingKind::kAborted: break;  // above
    }
    status_ = std::move(s);
    return;
  }
  const bool play_on = rules_.multiplayer_end == MultiplayerEnd::play_on && n >= 3;
  if (!finish_order_.empty()) s.winner = finish_order_.front();

  if (!finish_order_.empty() && !play_on) {
    const Player w = finish_order_.front();
    s.over = true;
    if (n == 2 && rules_.equal_turns && w == start_.side_to_move() && !plies_.empty() && plies_.back().mover == w &&
        second_can_equalize(w)) {
      s.winner.reset();
      s.kind = ResultKind::draw;
      s.reason = EndReason::equal_turns;
      s.draw = DrawReason::equal_turns;
      s.places.assign(n, 1);
      s.description = "draw by equal turns: " + seat_name(1 - w) + " can finish on the reply";
    } else {
      for (Player p = 0; p < n; ++p) s.places[p] = p == w ? 1 : 2;
      s.kind = ResultKind::win;
      s.reason = EndReason::finished;
      s.description = seat_name(w) + " wins";
    }
    status_ = std::move(s);
    return;
  }
  for (std::size_t i = 0; i < finish_order_.size(); ++i) s.places[finish_order_[i]] = int(i) + 1;
  const int unfinished = n - int(finish_order_.size());
  if (play_on && unfinished <= 1) {
    s.over = true;
    s.kind = ResultKind::places;
    s.reason = EndReason::finished;
    for (Player p = 0; p < n; ++p)
      if (s.places[p] == 0) s.places[p] = n;
    std::string order;
    for (Player p : finish_order_) order += (order.empty() ? "" : ", ") + std::to_string(p + 1);
    s.description = "finishing order: " + order;
    status_ = std::move(s);
    return;
  }
  if (rules_.repetition_draws() && std::count(keys_.begin(), keys_.end(), keys_.back()) >= 3) {
    s.draw = DrawReason::repetition;
    s.description = "draw by threefold repetition";
  } else if (rules_.turn_cap > 0 && plies_.size() >= std::size_t(rules_.turn_cap) * std::size_t(n)) {
    s.draw = DrawReason::turn_cap;
    s.description = "draw: " + std::to_string(rules_.turn_cap) + " turns per player without a result";
  }
  if (s.draw != DrawReason::none) {
    s.over = true;
    s.kind = ResultKind::draw;
    s.reason = s.draw == DrawReason::repetition ? EndReason::repetition : EndReason::turn_cap;
    s.winner = finish_order_.empty() ? std::nullopt : s.winner;
    const int shared = int(finish_order_.size()) + 1;
    for (Player p = 0; p < n; ++p)
      if (s.places[p] == 0) s.places[p] = shared;
  } else {
    s.description = seat_name(s.to_move) + " to move";
    if (!finish_order_.empty()) s.description = seat_name(finish_order_.front()) + " finished first; " + s.description;
  }
  status_ = std::move(s);
}

std::string Game::record() const {
  std::string out = start_.to_string();
  if (const std::string rules = format_rule_tokens(rules_); !rules.empty())
    out.append("\n").append(kRulesPrefix).append(" ").append(rules);
  const int n = start_.players();
  for (std::size_t i = 0; i < plies_.size(); ++i) {
    if (i % std::size_t(n) == 0) out.append("\n").append(std::to_string(i / std::size_t(n) + 1)).append(".");
    out.append(" ").append(format_path(plies_[i].path));
  }
  if (!takeovers_.empty()) {
    out.append("\n").append(kTakeoverPrefix);
    for (const Takeover& r : takeovers_)
      out.append(" ").append(record_seat(r.player)).append("@").append(std::to_string(r.ply));
  }
  if (ending_) {
    const int seat = ending_->seat;
    const bool seatless = ending_->kind == EndingKind::kAgreement || nobody_left(*ending_) || aborted(*ending_);
    const std::string name = seatless ? "" : seat < 0 ? "draw" : record_seat(Player(seat));
    out.append("\n").append(ending_line(ending_->kind, name));
  }
  return out + "\n";
}

Result<Game> Game::from_record(std::string_view record, RuleOptions rules) {
  std::size_t first = record.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) first = record.size();
  std::string_view rest = record.substr(first);
  const std::size_t line_end = rest.find('\n');
  const std::string_view first_line = rest.substr(0, line_end);
  const std::string_view first_token = first_line.substr(0, first_line.find_first_of(" \t\r"));
  // A board field is 121 characters without '-' or ':'; no move looks like it.
  std::optional<Position> start;
  if (first_token.size() > 20 && first_token.find_first_of("-:") == std::string_view::npos) {
    auto parsed = Position::from_string(first_line);
    if (!parsed)
      return make_error(code::checkers_record_position, "bad position line: " + parsed.error())
          .because(parsed.failure());
    start = *parsed;
    rules.players = start->players();
    rest = line_end == std::string_view::npos ? std::string_view{} : rest.substr(line_end + 1);
  }
  // An optional rules line (rules_text.h) overrides the caller's options.
  const std::size_t rules_at = rest.find_first_not_of(" \t\r\n");
  if (rules_at != std::string_view::npos && rest.substr(rules_at).starts_with(kRulesPrefix)) {
    rest = rest.substr(rules_at + kRulesPrefix.size());
    const std::size_t rules_end = rest.find('\n');
    auto parsed = parse_rule_tokens(rest.substr(0, rules_end), rules);
    if (!parsed)
      return make_error(code::checkers_record_rules, "bad rules line: " + parsed.error()).because(parsed.failure());
    rules = *parsed;
    rest = rules_end == std::string_view::npos ? std::string_view{} : rest.substr(rules_end + 1);
  }
  if (auto why = rules.problem()) return *why;
  Game game(rules, 0);
  if (start) game.reset(*start);
  // The `takeover:` and `ending:` lines follow the moves.
  std::vector<Takeover> taken;
  std::optional<Ending> ending;
  const int players = game.position().players();
  const auto bad_line = [](std::string_view line) {
    const std::string text(line.substr(0, 60));
    return make_error(code::checkers_record_ending, "bad line: " + text).with("text", text);
  };
  for (;;) {
    const std::size_t last = rest.find_last_not_of(" \t\r\n");
    if (last == std::string_view::npos) break;
    const std::size_t begin = rest.rfind('\n', last);
    const std::string_view line = rest.substr(begin == std::string_view::npos ? 0 : begin + 1,
                                              last + 1 - (begin == std::string_view::npos ? 0 : begin + 1));
    if (is_ending_line(line)) {
      const auto parsed = parse_ending_line(line);
      if (!parsed || ending) return bad_line(line);
      const auto seat = record_seat_of(parsed->seat_name, players);
      // An agreement and an aborted game never name a seat; an abandonment may.
      const bool never_named = parsed->kind == EndingKind::kAgreement || parsed->kind == EndingKind::kAborted;
      const bool seatless = never_named || parsed->kind == EndingKind::kAbandonment;
      if (seatless && parsed->seat_name.empty()) {
        ending = Ending{parsed->kind, -1};
      } else if (never_named                   ? !parsed->seat_name.empty()
                 : parsed->seat_name == "draw" ? parsed->kind != EndingKind::kRecorded
                                               : !seat) {
        return bad_line(line);
      } else {
        ending = Ending{parsed->kind, seat ? int(*seat) : -1};
      }
    } else if (line.substr(0, kTakeoverPrefix.size()) == kTakeoverPrefix) {
      for (std::string_view token : split_whitespace(line.substr(kTakeoverPrefix.size()))) {
        const std::size_t at = token.find('@');
        const auto seat = record_seat_of(token.substr(0, at), players);
        int ply = -1;
        if (at != std::string_view::npos && at + 1 < token.size() && token.size() - at <= 7) {
          ply = 0;
          for (char c : token.substr(at + 1)) ply = c >= '0' && c <= '9' && ply >= 0 ? ply * 10 + (c - '0') : -1;
        }
        if (!seat || ply < 0) return bad_line(line);
        taken.push_back({*seat, ply});
      }
    } else {
      break;
    }
    rest = rest.substr(0, begin == std::string_view::npos ? 0 : begin);
  }
  int number = 0;
  std::size_t next_takeover = 0;
  const auto takeover_due = [&]() -> Result<bool> {
    for (; next_takeover < taken.size() && taken[next_takeover].ply <= int(game.plies().size()); ++next_takeover) {
      const Takeover& r = taken[next_takeover];
      if (r.ply != int(game.plies().size()))
        return bad_line(std::string(kTakeoverPrefix) + " " + record_seat(r.player));
      auto done = game.take_over(r.player);
      if (!done) return done.failure();
    }
    return true;
  };
  for (std::string_view token : split_whitespace(rest)) {
    if (auto due = takeover_due(); !due) return due.failure();
    if (is_move_number(token)) continue;
    ++number;
    auto played = game.play_text(token);
    if (!played)
      return make_error(code::checkers_record_move,
                        "move " + std::to_string(number) + " (" + std::string(token) + "): " + played.error())
          .with("number", number)
          .with("move", std::string(token))
          .because(played.failure());
  }
  if (auto due = takeover_due(); !due) return due.failure();
  if (next_takeover < taken.size())
    return bad_line(std::string(kTakeoverPrefix) + " " + record_seat(taken[next_takeover].player));
  if (ending) {
    auto ended = game.restore(*ending);
    if (!ended) return ended.failure();
  }
  return game;
}

}  // namespace qipan::checkers
