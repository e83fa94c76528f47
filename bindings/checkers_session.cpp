#include "checkers_session.h"

#include <cmath>

#include "checkers_values.h"
#include "engine/checkers/codes.h"
#include "engine/checkers/game/notation.h"
#include "engine/checkers/game/path.h"
#include "engine/checkers/movegen.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::checkers;

namespace {

// JS numbers players 1..N (as the position string does); the engine 0..N-1.
int js_player(Player p) { return p == kNoPlayer ? 0 : p + 1; }

val frozen(val object) { return val::global("Object").call<val>("freeze", object); }

val move_object(const PlyRecord& ply) {
  val move = val::object();
  move.set("text", format_path(ply.path));
  move.set("player", js_player(ply.mover));
  move.set("pass", ply.move.is_pass());
  move.set("from", ply.move.is_pass() ? -1 : int(ply.move.from));
  move.set("to", ply.move.is_pass() ? -1 : int(ply.move.to));
  move.set("path", frozen(cells_to_js(ply.path)));
  return frozen(move);
}

// The fields a checkers status adds to the shared ones: kind, places and
// finishOrder (seats from 0); every field is the engine's (game.h).
void add_places(val& out, const GameStatus& s) {
  out.set("kind", std::string(result_kind_name(s.kind)));
  val places = val::array();
  for (int p : s.places) places.call<void>("push", p);
  out.set("places", places);
  val order = val::array();
  for (Player p : s.finish_order) order.call<void>("push", int(p));
  out.set("finishOrder", order);
}

// The rule options a room keeps: all but players (the room's seats) and the
// first player (a room always starts with seat 0).
val room_rules(const RuleOptions& rules) {
  val all = rules_to_js(rules);
  val out = val::object();
  for (const char* key :
       {"winRule", "goalLock", "parking", "multiplayerEnd", "equalTurns", "drawRules", "longJumps", "turnCap"})
    out.set(key, all[key]);
  return out;
}

val bad_hole(int c) {
  return refused(make_error(checkers::code::no_such_hole, "no such hole: holes are numbered 0 to 120")
                     .with("hole", hole_param(c)));
}

}  // namespace

val CheckersSession::newGame(val options) {
  auto rules = rules_from_js(options, is_object(options) ? RuleOptions{} : game_.rules());
  if (!rules) return refused(rules.failure());
  Player first = kNoPlayer;
  if (is_object(options)) {
    const val f = options["first"];
    if (f.isNumber()) {
      const double d = f.as<double>();
      if (!(d >= 1 && d <= rules->players) || d != std::floor(d))
        return refused(make_error(checkers::code::checkers_first_seat, "first must be a seat 1..players")
                           .with("first", std::isfinite(d) && std::fabs(d) < 1e9 ? std::to_string(std::int64_t(d))
                                                                                 : std::string("?"))
                           .with("players", rules->players));
      first = Player(d) - 1;
    }
    const val index = options["gameIndex"];
    if (index.isNumber() && index.as<double>() >= 0 && index.as<double>() < 1e9)
      games_started_ = int(index.as<double>());
    const val seed = options["seed"];
    if (seed.isNumber() && std::isfinite(seed.as<double>())) seed_ = std::uint64_t(std::fabs(seed.as<double>()));
  }
  if (first == kNoPlayer) first = first_player_for(*rules, seed_, games_started_);
  ++games_started_;
  game_ = Game(*rules, first);
  move_objects_.clear();
  return ok_result();
}

val CheckersSession::startGame(val options) {
  auto checked = check_option_keys(options, {"players", "rules", "ai", "takeoverLevel", "position"});
  if (!checked) return refused(checked.failure());
  auto position = position_option(options);
  if (!position) return refused(position.failure());
  val settings = val::object();
  if (is_object(options) && is_object(options["rules"])) {
    auto rule_keys = check_option_keys(options["rules"], {"winRule", "goalLock", "parking", "multiplayerEnd",
                                                          "equalTurns", "drawRules", "longJumps", "turnCap"});
    if (!rule_keys) return refused(rule_keys.failure());
    settings = val::global("Object").call<val>("assign", val::object(), options["rules"]);
  } else if (is_object(options) && !options["rules"].isUndefined() && !options["rules"].isNull()) {
    return refused(make_error(checkers::code::checkers_options_not_object, "options.rules must be an object"));
  }
  const val players = is_object(options) ? options["players"] : val::undefined();
  settings.set("players", players.isUndefined() || players.isNull() ? val(2) : players);
  settings.set("firstPlayer", std::string("p1"));
  settings.set("first", 1);
  const Game before = game_;
  val started = newGame(settings);
  if (!started["ok"].as<bool>()) return started;
  if (*position) {
    val loaded = load_position(**position);
    if (!loaded["ok"].as<bool>()) {
      game_ = before;  // a refused start changes nothing
      move_objects_.clear();
      return loaded;
    }
  }
  val kept = val::object();
  kept.set("players", game_.rules().players);
  auto seats = seat_options(options, game_.rules().players, true, kept);
  if (!seats) {
    game_ = before;  // a refused start changes nothing
    move_objects_.clear();
    return refused(seats.failure());
  }
  kept.set("rules", room_rules(game_.rules()));
  val out = ok_result();
  out.set("options", kept);
  return out;
}

void CheckersSession::status_fields(val& out) const { add_places(out, game_.status()); }

val CheckersSession::search_request(int ply) const {
  val out = val::object();
  out.set("record", recordAt(ply));
  out.set("rules", rules_to_js(game_.rules()));
  return out;
}

val CheckersSession::load_position(const std::string& text) {
  if (text.size() > 4096)
    return refused(make_error(checkers::code::text_too_long, "a position string is not that long").with("max", 4096));
  auto pos = Position::from_string(text);
  if (!pos) return refused(pos.failure());
  auto game = Game::from_position(*pos, game_.rules());
  if (!game) return refused(game.failure());
  game_ = std::move(*game);
  move_objects_.clear();
  return ok_result();
}

void CheckersSession::trim_moves() {
  const std::size_t n = game_.plies().size();
  if (move_objects_.size() > n) move_objects_.erase(move_objects_.begin() + std::ptrdiff_t(n), move_objects_.end());
}

val CheckersSession::played(const Result<GameStatus>& result) {
  if (!result) return refused(result.failure());
  return ok_result();
}

val CheckersSession::play(int from, int to) {
  if (!valid_cell(from)) return bad_hole(from);
  if (!valid_cell(to)) return bad_hole(to);
  return played(game_.play(Move::of(from, to)));
}

val CheckersSession::playPath(val cells) {
  auto path = cells_from_js(cells);
  if (!path) return refused(path.failure());
  if (path->size() < 2) return refused(make_error(checkers::code::path_too_short, "a move needs a start and an end"));
  return played(game_.play_path(*path));
}

val CheckersSession::pass() { return played(game_.play(Move::pass())); }

bool CheckersSession::undo() {
  const bool changed = game_.undo();
  trim_moves();
  return changed;
}

bool CheckersSession::redo() { return game_.redo(); }

val CheckersSession::truncate(int ply) {
  if (!game_.truncate(ply))
    return refused(make_error(checkers::code::checkers_ply_out_of_range, "no such ply in this game")
                       .with("ply", ply)
                       .with("plies", game_.plies().size()));
  trim_moves();
  return ok_result();
}

val CheckersSession::chainOptions(val cells) const {
  auto chain = cells_from_js(cells);
  if (!chain) return refused(chain.failure());
  if (game_.over()) return refused(make_error(checkers::code::game_over, "the game is over"));
  auto choices = next_hops(game_.position(), game_.rules(), *chain);
  if (!choices) return refused(choices.failure());
  val out = ok_result();
  out.set("hops", cells_to_js(choices->next));
  out.set("steps", cells_to_js(choices->steps));
  out.set("canStop", choices->can_stop);
  out.set("stopProblem", choices->stop_problem ? refusal_value(*choices->stop_problem) : val::null());
  return out;
}

val CheckersSession::reasonFor(int from, int to) const {
  if (!valid_cell(from)) return bad_hole(from);
  if (!valid_cell(to)) return bad_hole(to);
  if (auto why = game_.illegal_reason(Move::of(from, to))) return refused(*why);
  return ok_result();
}

val CheckersSession::pathFor(int from, int to) const {
  if (!valid_cell(from) || !valid_cell(to) || game_.over()) return val::array();
  return cells_to_js(shortest_path(game_.position(), game_.rules(), Move::of(from, to)));
}

std::string CheckersSession::recordAt(int ply) const {
  if (ply < 0 || std::size_t(ply) >= game_.plies().size()) return game_.record();
  Game copy = game_;
  copy.truncate(ply);
  return copy.record();
}

val CheckersSession::importRecord(const std::string& text, val options) {
  auto rules = rules_from_js(options, is_object(options) ? RuleOptions{} : game_.rules());
  if (!rules) return refused(rules.failure());
  auto game = Game::from_record(text, *rules);
  if (!game) return refused(game.failure());
  game_ = std::move(*game);
  move_objects_.clear();
  return ok_result();
}

val CheckersSession::rules() const { return rules_to_js(game_.rules()); }

val CheckersSession::geometry() const {
  val out = val::array();
  for (Cell c = 0; c < kCells; ++c) {
    const Cube q = cube_of(c);
    val cell = val::object();
    cell.set("index", c);
    cell.set("name", cell_name(c));
    cell.set("x", q.x);
    cell.set("y", q.y);
    cell.set("z", q.z);
    cell.set("arm", arm_of(c) == kHexagon ? -1 : arm_of(c));
    cell.set("row", row_of(c));
    cell.set("column2", column2_of(c));
    out.call<void>("push", cell);
  }
  return out;
}

val CheckersSession::snapshotAt(int ply) const {
  const int plies = int(game_.plies().size());
  return snapshot_at(ply < 0 || ply > plies ? plies : ply);
}

val CheckersSession::snapshot_at(int ply) const {
  const auto& plies = game_.plies();
  const bool live = ply == int(plies.size());
  const Position pos = live ? game_.position() : *game_.position_at(ply);
  const RuleOptions& rules = game_.rules();
  const int n = pos.players();
  const GameStatus& status = game_.status();

  val out = val::object();
  out.set("players", n);
  out.set("side", int(pos.side_to_move()));  // a seat: player side + 1 on the board
  out.set("ply", ply);
  out.set("plies", int(plies.size()));
  out.set("live", live);
  out.set("positionText", pos.to_string());
  val board = val::array();
  for (Cell c = 0; c < kCells; ++c) board.call<void>("push", js_player(pos.owner(c)));
  out.set("board", board);

  // Seats; finishing while browsing is read from the board shown.
  val seats = val::array();
  for (Player p = 0; p < n; ++p) {
    val seat = val::object();
    seat.set("player", js_player(p));
    seat.set("homeArm", home_arm(n, p));
    seat.set("targetArm", target_arm(n, p));
    const bool finished = live ? game_.has_finished(p) : pos.finished(p, rules.win_rule);
    seat.set("finished", finished);
    seat.set("takenOver", live && game_.is_taken_over(p));
    int place = 0;
    if (live && finished) place = status.places[std::size_t(p)];
    seat.set("place", place);
    seats.call<void>("push", seat);
  }
  out.set("seats", seats);

  // Legal moves (live only), without paths: pathFor(from, to) gives one.
  val legal = val::array();
  bool must_pass = false;
  if (live && !game_.over()) {
    for (Move m : game_.legal_moves()) {
      if (m.is_pass()) {
        must_pass = true;
        continue;
      }
      val move = val::object();
      move.set("from", int(m.from));
      move.set("to", int(m.to));
      legal.call<void>("push", move);
    }
  }
  out.set("legal", legal);
  out.set("mustPass", must_pass);

  // The last move shown, and a pass right after it (the notice the page shows).
  int last = ply - 1;
  int passed = 0;
  if (last >= 0 && plies[std::size_t(last)].move.is_pass()) {
    passed = js_player(plies[std::size_t(last)].mover);
    --last;
  }
  out.set("passed", passed);
  if (last >= 0) {
    const PlyRecord& p = plies[std::size_t(last)];
    val move = val::object();
    move.set("from", int(p.move.from));
    move.set("to", int(p.move.to));
    move.set("path", cells_to_js(p.path));
    move.set("player", js_player(p.mover));
    out.set("lastMove", move);
  } else {
    out.set("lastMove", val::null());
  }

  if (live) {
    out.set("status", this->status());
  } else {
    // A position before the live one, shown as still going on.
    val browsing = status_value({.to_move = int(pos.side_to_move()), .steps = int(plies.size())});
    add_places(browsing, GameStatus{.places = std::vector<int>(std::size_t(n), 0)});
    out.set("status", browsing);
  }

  // The move list: each ply's object is made once and kept.
  for (std::size_t i = move_objects_.size(); i < plies.size(); ++i) move_objects_.push_back(move_object(plies[i]));
  val moves = val::array();
  for (const val& m : move_objects_) moves.call<void>("push", m);
  out.set("moves", moves);
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());
  out.set("rules", rules_to_js(rules));
  return out;
}

}  // namespace qipan::bindings
