#include "xiangqi_session.h"

#include "engine/xiangqi/codes.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/move_reason.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/game/ruling_record.h"
#include "engine/xiangqi/movegen.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::xiangqi;
namespace code = xiangqi::code;  // the xiangqi list (which includes the shared codes)

namespace {

Notation notation_or_chinese(const std::string& name) {
  auto parsed = parse_notation_name(name);
  return parsed ? *parsed : Notation::kChinese;
}

template <typename T>
val ok_or_refused(const Result<T>& result) {
  return result ? ok_result() : refused(result.failure());
}

// A position before the live one, shown as still going on: the shared
// fields, result "*" and inCheck.
val browsing_status(const Position& pos, int steps) {
  val out = status_value({.to_move = int(pos.side_to_move()), .steps = steps});
  out.set("result", std::string("*"));
  out.set("inCheck", pos.in_check());
  return out;
}

// The rule set that rules repetitions, `options.rules`: 'asian' (also when
// absent), 'chinese' or 'simple'; anything else is refused naming the key.
Result<RuleSet> rules_option(const val& options, RuleSet fallback = RuleSet::kAsian) {
  const val rules = is_object(options) ? options["rules"] : val::undefined();
  if (rules.isUndefined()) return fallback;
  const auto parsed = rules.isString() ? parse_rule_set(rules.as<std::string>()) : std::nullopt;
  if (!parsed)
    return make_error(code::bad_argument, "options.rules must be asian, chinese or simple")
        .with("name", "options.rules")
        .with("expected", "asian, chinese or simple");
  return *parsed;
}

}  // namespace

XiangqiSession::XiangqiSession() = default;

val XiangqiSession::startGame(val options) {
  auto kept = two_seat_options(options, "xiangqi", "rules");
  if (!kept) return refused(kept.failure());
  auto rules = rules_option(options);
  if (!rules) return refused(rules.failure());
  auto position = position_option(options);
  if (!position) return refused(position.failure());
  RuleOptions game_options;
  game_options.rules = *rules;
  if (!*position) {
    replace(Game(Position::start(), game_options));
  } else {
    // A FEN: the two fields positionText() writes, or all six.
    auto game = Game::from_fen(**position, game_options);
    if (!game) return refused(game.failure());
    replace(std::move(*game));
  }
  kept->set("rules", std::string(rule_set_code(*rules)));
  val out = ok_result();
  out.set("options", *kept);
  return out;
}

void XiangqiSession::status_fields(val& out) const {
  const Status& status = game_.status();
  out.set("result", status.over() ? std::string(result_token(status)) : std::string("*"));
  out.set("inCheck", game_.position().in_check());
}

void XiangqiSession::replace(Game game, PgnTags tags) {
  game_ = std::move(game);
  tags_ = std::move(tags);
  moves_.clear();
}

void XiangqiSession::sync_moves() const {
  // The cache keeps the longest prefix that is still the game's (an undo
  // followed by another move changes the last entry without changing the
  // count); the rest is described again.
  const auto& records = game_.plies();
  std::size_t same = 0;
  while (same < moves_.size() && same < records.size() && moves_[same].from == records[same].move.from() &&
         moves_[same].to == records[same].move.to())
    ++same;
  moves_.resize(same);
  const int plies = game_.ply();
  if (int(same) == plies) return;
  // Only the new plies are described: from the position before the first of
  // them (position_at walks back from the live position, one unmake a ply).
  Position pos = *game_.position_at(int(same));
  for (int i = int(moves_.size()); i < plies; ++i) {
    const PlyRecord& r = records[std::size_t(i)];
    MoveTexts t;
    t.from = r.move.from();
    t.to = r.move.to();
    t.iccs = to_iccs(r.move);
    t.wxf = format_move(pos, r.move, Notation::kWxf);
    t.chinese = format_move(pos, r.move, Notation::kChinese);
    t.captured = int(r.captured);
    t.check = r.gave_check;
    moves_.push_back(std::move(t));
    Undo undo;
    pos.make(r.move, undo);
  }
}

// A new game keeps the rule options of the one before (its rule set).
void XiangqiSession::newGame() { replace(Game(Position::start(), game_.options())); }

val XiangqiSession::apply(Move move) { return ok_or_refused(game_.play(move)); }

val XiangqiSession::play(int from, int to) {
  // Game::play refuses any move of a finished game (game_over) first.
  if (game_.over()) return apply(Move());
  if (auto reason = illegal_reason(game_.position(), from, to)) return refused(*reason);
  return apply(Move(from, to));
}

bool XiangqiSession::undo() { return game_.undo(); }

bool XiangqiSession::redo() { return game_.redo(); }

val XiangqiSession::truncate(int ply) { return ok_or_refused(game_.truncate(ply)); }

val XiangqiSession::snapshot() const { return snapshot_of(game_.position(), game_.ply()); }

val XiangqiSession::snapshotAt(int ply) const {
  if (ply < 0 || ply >= game_.ply()) return snapshot();
  return snapshot_of(*game_.position_at(ply), ply);
}

val XiangqiSession::snapshot_of(const Position& pos, int ply) const {
  sync_moves();
  const bool live = ply == game_.ply();
  val out = val::object();
  out.set("positionText", Game::position_text(pos));
  out.set("fen", pos.fen());  // the whole FEN: positionText and the move counters
  val board = val::array();
  for (Square s = 0; s < kSquares; ++s) board.call<void>("push", int(pos.at(s)));
  out.set("board", board);
  out.set("side", int(pos.side_to_move()));
  out.set("ply", ply);
  out.set("plies", game_.ply());
  out.set("live", live);
  const bool check = pos.in_check();
  out.set("inCheck", check);
  out.set("checkedKing", check ? pos.king_square(pos.side_to_move()) : -1);

  if (ply > 0) {
    val last = val::object();
    last.set("from", moves_[std::size_t(ply - 1)].from);
    last.set("to", moves_[std::size_t(ply - 1)].to);
    out.set("lastMove", last);
  } else {
    out.set("lastMove", val::null());
  }

  // Legal moves only for the live position of a game still going on.
  val legal = val::array();
  const Status& status = game_.status();
  if (live && !status.over()) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      val move = val::object();
      move.set("from", m.from());
      move.set("to", m.to());
      legal.call<void>("push", move);
    }
  }
  out.set("legal", legal);

  out.set("status", live ? this->status() : browsing_status(pos, game_.ply()));

  // The whole move list (the move panel), from the cache; and the pieces each
  // side has taken up to the position shown (the player cards).
  val moves = val::array();
  val captures = val::array();
  captures.call<void>("push", val::array());
  captures.call<void>("push", val::array());
  const Color first = game_.start_position().side_to_move();
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    const MoveTexts& t = moves_[i];
    val move = val::object();
    move.set("from", t.from);
    move.set("to", t.to);
    move.set("iccs", t.iccs);
    move.set("wxf", t.wxf);
    move.set("chinese", t.chinese);
    move.set("captured", t.captured);
    move.set("check", t.check);
    moves.call<void>("push", move);
    if (t.captured && int(i) < ply) {
      const int mover = (int(first) + int(i)) % 2;
      captures[mover].call<void>("push", t.captured);
    }
  }
  out.set("moves", moves);
  out.set("captures", captures);
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());

  out.set("rules", std::string(rule_set_code(game_.options().rules)));
  // The game's repetition ruling, as ruling_record.h writes it (one shape for
  // the arbiter's command, the page and the room), also while browsing.
  out.set("ruling", game_.ruling() ? val::global("JSON").call<val>("parse", ruling_json(game_)) : val::null());
  out.set("repetitionWarning", live ? repetition_warning() : val::null());
  return out;
}

val XiangqiSession::repetition_warning() const {
  const std::vector<Move> losing = game_.losing_repetitions();
  if (losing.empty()) return val::null();
  // Each move's reason: what the ruling would be if it were played.
  val moves = val::array(), reasons = val::array();
  for (Move m : losing) {
    Game trial = game_;
    if (!trial.play(m) || !trial.ruling()) continue;  // never: the move is legal and ends the game
    moves.call<void>("push", to_iccs(m));
    reasons.call<void>("push", std::string(reason_code(trial.ruling()->reason)));
  }
  val out = val::object();
  out.set("moves", moves);
  out.set("reasons", reasons);
  return out;
}

std::string XiangqiSession::exportRecord(const std::string& notation) const {
  return format_record(game_, notation_or_chinese(notation));
}

std::string XiangqiSession::exportPgn(const std::string& notation, val tags) const {
  PgnTags merged = tags_;
  if (tags.typeOf().as<std::string>() == "object" && !tags.isNull()) {
    const val keys = val::global("Object").call<val>("keys", tags);
    const int n = keys["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      const std::string key = keys[i].as<std::string>();
      const val value = tags[key];
      if (value.isString()) merged.set(key, value.as<std::string>());
    }
  }
  return format_pgn(game_, notation_or_chinese(notation), merged);
}

val XiangqiSession::importRecord(const std::string& text, val options) {
  // The rule set the record plays under unless it names one: options.rules,
  // or the current game's.
  auto rules = rules_option(options, game_.options().rules);
  if (!rules) return refused(rules.failure());
  RuleOptions game_options;
  game_options.rules = *rules;
  auto pgn = parse_pgn(text, game_options);
  if (!pgn) return refused(pgn.failure());
  replace(std::move(pgn->game), std::move(pgn->tags));
  return ok_result();
}

val XiangqiSession::tags() const {
  val out = val::array();
  for (const PgnTag& tag : tags_.tags) {
    val pair = val::array();
    pair.call<void>("push", tag.name);
    pair.call<void>("push", tag.value);
    out.call<void>("push", pair);
  }
  return out;
}

std::string XiangqiSession::moveText(int from, int to, const std::string& notation) const {
  if (illegal_reason(game_.position(), from, to)) return "";
  return format_move(game_.position(), Move(from, to), notation_or_chinese(notation));
}

val XiangqiSession::search_request(int ply) const {
  val out = val::object();
  out.set("fen", game_.start_position().fen());
  val moves = val::array();
  for (int i = 0; i < ply; ++i) moves.call<void>("push", to_iccs(game_.plies()[std::size_t(i)].move));
  out.set("moves", moves);
  out.set("rules", std::string(rule_set_code(game_.options().rules)));
  return out;
}

}  // namespace qipan::bindings
