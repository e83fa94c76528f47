#include "game.h"

#include <algorithm>

#include "../codes.h"
#include "../movegen.h"
#include "iccs.h"
#include "move_reason.h"
#include "record.h"

namespace qipan::xiangqi {
namespace {

std::string side_name(Color c) { return c == kRed ? "red" : "black"; }

Outcome win_for(Color winner) { return winner == kRed ? Outcome::kRedWins : Outcome::kBlackWins; }

// Only rooks, horses, cannons and soldiers can ever give mate; generals,
// advisors and elephants never leave their own half.
bool has_mating_material(const Position& pos, Color c) {
  return pos.count(c, kRook) + pos.count(c, kHorse) + pos.count(c, kCannon) + pos.count(c, kPawn) > 0;
}

Error game_over(const Status& status) {
  return make_error(code::game_over, "the game is over: " + status.description)
      .with("reason", std::string(status.code()));
}

RuleOptions normalized(RuleOptions options) {
  options.repetition_count = std::max(options.repetition_count, 2);
  // Keeps 2 * limit far from overflow; the FEN clock stops at 1000 anyway.
  options.move_limit = std::clamp(options.move_limit, 0, 10000);
  return options;
}

}  // namespace

std::string_view reason_code(Reason reason) {
  switch (reason) {
    case Reason::kNone: return "none";
    case Reason::kCheckmate: return "checkmate";
    case Reason::kStalemate: return "stalemate";
    case Reason::kPerpetualCheck: return "perpetual_check";
    case Reason::kPerpetualChase: return "perpetual_chase";
    case Reason::kOneCheckOneChase: return "one_check_one_chase";
    case Reason::kRepetition: return "repetition";
    case Reason::kMoveLimit: return "move_limit";
    case Reason::kInsufficientMaterial: return "insufficient_material";
    case Reason::kResignation: return ending_code(EndingKind::kResignation);
    case Reason::kAgreement: return ending_code(EndingKind::kAgreement);
    case Reason::kAbandonment: return ending_code(EndingKind::kAbandonment);
    case Reason::kTimeout: return ending_code(EndingKind::kTimeout);
    case Reason::kTimeoutDraw: return ending_code(EndingKind::kTimeoutDraw);
    case Reason::kRecorded: return ending_code(EndingKind::kRecorded);
    case Reason::kAborted: return ending_code(EndingKind::kAborted);
  }
  return "none";
}

std::string_view outcome_code(Outcome outcome) {
  switch (outcome) {
    case Outcome::kOngoing: return "ongoing";
    case Outcome::kRedWins: return "red_wins";
    case Outcome::kBlackWins: return "black_wins";
    case Outcome::kDraw: return "draw";
  }
  return "ongoing";
}

std::optional<Color> Status::winner() const {
  if (outcome == Outcome::kRedWins) return kRed;
  if (outcome == Outcome::kBlackWins) return kBlack;
  return std::nullopt;
}

PlayStatus Game::play_status() const {
  const auto winner = status_.winner();
  return {.over = over(),
          .to_move = int(position_.side_to_move()),
          .must_pass = false,
          .winner = winner ? std::optional<int>(int(*winner)) : std::nullopt,
          .reason = status_.code(),
          .text = over() ? status_.description : std::string(),
          .steps = ply()};
}

Result<Color> Game::valid_seat(int seat) const {
  if (seat == kRed || seat == kBlack) return Color(seat);
  return make_error(code::bad_argument, "a seat is 0 (red) or 1 (black)")
      .with("name", "seat")
      .with("expected", "0 or 1");
}

std::string Game::move_text(int ply) const { return to_iccs(records_[std::size_t(ply)].move); }

std::string Game::position_text(const Position& pos) {
  const std::string fen = pos.fen();
  const std::size_t first = fen.find(' ');
  return fen.substr(0, fen.find(' ', first + 1));
}

Result<Move> Game::parse_move(std::string_view text) const { return parse_any_move(position_, text); }

Result<Status> Game::play_text(std::string_view text) {
  if (over()) return game_over(status_);  // before reading the text
  auto move = parse_move(text);
  if (!move) return move.failure();
  return play(*move);
}

Game::Game(Position start, RuleOptions options)
    : start_(start), position_(start), options_(normalized(options)), keys_{start.key()} {
  refresh_status();
}

Result<Game> Game::from_fen(std::string_view fen, RuleOptions options) {
  auto pos = Position::from_fen(fen);
  if (!pos) return pos.failure();
  return Game(*pos, options);
}

std::vector<Move> Game::moves() const {
  std::vector<Move> out;
  out.reserve(records_.size());
  for (const PlyRecord& r : records_) out.push_back(r.move);
  return out;
}

std::optional<Move> Game::last_move() const {
  if (records_.empty()) return std::nullopt;
  return records_.back().move;
}

Result<Position> Game::position_at(int ply) const {
  if (ply < 0 || ply > this->ply())
    return make_error(code::ply_out_of_range, "no position after " + std::to_string(ply) + " moves")
        .with("ply", ply)
        .with("plies", this->ply());
  // Walk back from the current position with the undo records (no replay and
  // no move generation): the cost is the number of plies undone.
  Position pos = position_;
  for (int i = this->ply() - 1; i >= ply; --i) pos.unmake(records_[i].move, records_[i].undo);
  return pos;
}

Result<Status> Game::play(Move m) {
  if (status_.over()) return game_over(status_);
  if (m.from() >= kSquares || m.to() >= kSquares) return make_error(code::square_off_board, "no such square");
  if (!is_legal(position_, m)) {
    // illegal_reason explains it in the player's words; the fallback only
    // guards against the two disagreeing.
    if (auto why = illegal_reason(position_, m.from(), m.to())) return *why;
    return make_error(code::illegal_move, "illegal move").with("text", to_iccs(m));
  }
  redo_.clear();
  push_move(m);
  refresh_status();
  return status_;
}

Result<Status> Game::restore(Ending ending) {
  if (status_.over()) return game_over(status_);
  if (ending.kind == EndingKind::kAborted) ending.seat = -1;  // about no seat
  ending_ = ending;
  refresh_status();
  return status_;
}

Result<Status> Game::resign(Color loser) { return restore({EndingKind::kResignation, int(loser)}); }

Result<Status> Game::agree_draw() { return restore({EndingKind::kAgreement, -1}); }

Result<Status> Game::abandon(Color absent) { return restore({EndingKind::kAbandonment, int(absent)}); }

Result<Status> Game::flag(Color flagged) {
  const bool can_win = has_mating_material(position_, opposite(flagged));
  return restore({can_win ? EndingKind::kTimeout : EndingKind::kTimeoutDraw, int(flagged)});
}

Result<Status> Game::record_result(std::optional<Color> winner) {
  return restore({EndingKind::kRecorded, winner ? int(*winner) : -1});
}

Result<Status> Game::truncate(int ply) {
  if (ply < 0 || ply > this->ply())
    return make_error(code::ply_out_of_range,
                      "cannot continue from move " + std::to_string(ply) + " of " + std::to_string(this->ply()))
        .with("ply", ply)
        .with("plies", this->ply());
  while (this->ply() > ply) {
    const PlyRecord& last = records_.back();
    position_.unmake(last.move, last.undo);
    records_.pop_back();
    keys_.pop_back();
  }
  redo_.clear();
  ending_.reset();
  refresh_status();
  return status_;
}

void Game::push_move(Move m) {
  PlyRecord record;
  record.move = m;
  record.mover = position_.side_to_move();
  position_.make(m, record.undo);
  record.captured = record.undo.captured;
  record.gave_check = position_.in_check();
  record.key = position_.key();
  records_.push_back(record);
  keys_.push_back(record.key);
}

bool Game::undo() {
  if (ending_) {
    ending_.reset();
  } else {
    if (records_.empty()) return false;
    const PlyRecord& last = records_.back();
    position_.unmake(last.move, last.undo);
    redo_.push_back(last.move);
    records_.pop_back();
    keys_.pop_back();
  }
  refresh_status();
  return true;
}

bool Game::redo() {
  // A resignation or agreement is not redoable; nor is anything once the game is over.
  if (redo_.empty() || status_.over()) return false;
  const Move m = redo_.back();
  redo_.pop_back();
  push_move(m);  // legal: it was played from this very position
  refresh_status();
  return true;
}

// The repetition rule. When the current position has occurred
// `repetition_count` times (counting the current one), the plies from the
// earliest of those occurrences up to now form the repeating cycle, and the
// rule set judges it (repetition_rules.h): the side whose every move followed
// a forbidden pattern loses; when both or neither did, it is a draw.
// Positions before the last capture cannot recur (material differs), so the
// scan stops there: the no-capture clock bounds it, which keeps it cheap.
std::optional<RepetitionRuling> Game::repetition_ruling() const {
  const int n = ply();
  const int window = std::min(n, position_.quiet_plies());
  const std::uint64_t now = keys_[n];
  int occurrences = 1;
  int earliest = n;
  // Only positions with the same side to move can be equal: step by 2.
  for (int j = n - 2; j >= n - window && occurrences < options_.repetition_count; j -= 2) {
    if (keys_[j] == now) {
      ++occurrences;
      earliest = j;
    }
  }
  if (occurrences < options_.repetition_count) return std::nullopt;

  RepetitionRuling ruling;
  ruling.rules = options_.rules;
  ruling.first_ply = earliest;
  std::vector<Move> cycle;
  for (int i = earliest; i < n; ++i) cycle.push_back(records_[i].move);
  ruling.cycle.resize(cycle.size());
  const CycleJudgement judged = judge_cycle(options_.rules, position_, cycle, ruling.cycle);
  ruling.violations = judged.violation;
  ruling.loser = judged.loser;
  if (!judged.loser) return ruling;  // kRepetition
  const Violation v = judged.violation[*judged.loser];
  ruling.reason = v == Violation::kPerpetualCheck   ? Reason::kPerpetualCheck
                  : v == Violation::kPerpetualChase ? Reason::kPerpetualChase
                                                    : Reason::kOneCheckOneChase;
  // The chases of the pieces chased throughout, each followed to the end of
  // the cycle: a chased piece that moved on (that is how a chase is answered)
  // is named where it stands now.
  const SquareSet chased = judged.chased[*judged.loser];
  for (std::size_t k = 0; k < ruling.cycle.size(); ++k) {
    if (ruling.cycle[k].mover != *judged.loser) continue;
    for (Chase c : ruling.cycle[k].chases) {
      for (std::size_t later = k + 1; later < ruling.cycle.size(); ++later) {
        const Move m = ruling.cycle[later].move;
        if (m.from() == c.attacker) c.attacker = m.to();
        if (m.from() == c.target) c.target = m.to();
      }
      if (chased.contains(c.target) && std::find(ruling.chases.begin(), ruling.chases.end(), c) == ruling.chases.end())
        ruling.chases.push_back(c);
    }
  }
  return ruling;
}

std::vector<Move> Game::losing_repetitions() const {
  std::vector<Move> out;
  if (over()) return out;
  const Color us = position_.side_to_move();
  MoveList legal;
  generate_legal(position_, legal, GenKind::kQuiets);  // a capture never repeats
  for (Move m : legal) {
    Position next = position_;
    Undo undo;
    next.make(m, undo);
    // Cheap test first: would this be the rule's count of the position?
    int occurrences = 1;
    for (int j = ply() - 1; j >= 0 && j >= ply() - 1 - position_.quiet_plies(); j -= 2)
      occurrences += keys_[j] == next.key();
    if (occurrences < options_.repetition_count) continue;
    Game trial = *this;
    trial.redo_.clear();
    trial.push_move(m);
    trial.refresh_status();
    if (trial.ruling_ && trial.ruling_->loser == us) out.push_back(m);
  }
  return out;
}

void Game::refresh_status() {
  Status s;
  ruling_.reset();
  const Color us = position_.side_to_move();
  s.in_check = position_.in_check();

  if (ending_) {
    const auto winner = two_seat_winner(*ending_);
    s.outcome = winner ? win_for(Color(*winner)) : Outcome::kDraw;
    const std::string side = ending_->seat >= 0 ? side_name(Color(ending_->seat)) : "";
    switch (ending_->kind) {
      case EndingKind::kResignation:
        s.reason = Reason::kResignation;
        s.description = side + " resigns";
        break;
      case EndingKind::kAgreement:
        s.reason = Reason::kAgreement;
        s.description = "draw by agreement";
        break;
      case EndingKind::kAbandonment:
        s.reason = Reason::kAbandonment;
        s.description = side + " abandoned the game";
        break;
      case EndingKind::kTimeout:
        s.reason = Reason::kTimeout;
        s.description = side + " lost on time";
        break;
      case EndingKind::kTimeoutDraw:
        s.reason = Reason::kTimeoutDraw;
        s.description = ending_->seat >= 0
                            ? "draw: " + side + " ran out of time, but " + side_name(opposite(Color(ending_->seat))) +
                                  " has nothing left to mate with"
                            : std::string("draw on time: the other side could not have won");
        break;
      case EndingKind::kRecorded:
        s.reason = Reason::kRecorded;
        s.description = winner ? side + " wins, as recorded" : std::string("draw, as recorded");
        break;
      case EndingKind::kAborted:
        // Over with nobody winning, but not a draw either: the reason says so.
        s.reason = Reason::kAborted;
        s.description = "game aborted";
        break;
    }
    status_ = std::move(s);
    return;
  }

  // Checkmate and stalemate come first: they end the game even on a ply
  // that would also complete a repetition or reach the move limit.
  if (!has_legal_move(position_)) {
    s.outcome = win_for(opposite(us));
    if (s.in_check) {
      s.reason = Reason::kCheckmate;
      s.description = side_name(us) + " is checkmated";
    } else {
      s.reason = Reason::kStalemate;
      s.description = side_name(us) + " has no legal move and loses (stalemate)";
    }
    status_ = std::move(s);
    return;
  }

  // Then the repetition ruling (a loss outranks the draws), the move limit,
  // and insufficient material.
  if (auto ruling = repetition_ruling()) {
    const std::string book = options_.rules == RuleSet::kAsian     ? "Asian"
                             : options_.rules == RuleSet::kChinese ? "Chinese"
                                                                   : "simple";
    s.reason = ruling->reason;
    if (ruling->loser) {
      s.outcome = win_for(opposite(*ruling->loser));
      const std::string pattern = ruling->reason == Reason::kPerpetualCheck   ? "perpetual check"
                                  : ruling->reason == Reason::kPerpetualChase ? "perpetual chase"
                                                                              : "one check, one chase";
      s.description = side_name(*ruling->loser) + " loses by " + pattern + " (" + book + " rules)";
    } else {
      s.outcome = Outcome::kDraw;
      s.description =
          "draw by repetition (the same position occurred " + std::to_string(options_.repetition_count) + " times)";
    }
    ruling_ = std::move(ruling);
  } else if (options_.move_limit > 0 && position_.quiet_plies() >= 2 * options_.move_limit) {
    s.outcome = Outcome::kDraw;
    s.reason = Reason::kMoveLimit;
    s.description = "draw: " + std::to_string(options_.move_limit) + " moves by each side without a capture";
  } else if (options_.insufficient_material_draw && !has_mating_material(position_, kRed) &&
             !has_mating_material(position_, kBlack)) {
    s.outcome = Outcome::kDraw;
    s.reason = Reason::kInsufficientMaterial;
    s.description = "draw: neither side has a rook, horse, cannon or soldier left";
  } else {
    s.description = side_name(us) + (s.in_check ? " to move, in check" : " to move");
  }
  status_ = std::move(s);
}

}  // namespace qipan::xiangqi
