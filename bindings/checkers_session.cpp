#include "checkers_session.h"

#include <cmath>

#include "checkers_values.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/path.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::checkers;

namespace {

// JS numbers players 1..N (as the position string does); the engine 0..N-1.
int js_player(Player p) { return p == kNoPlayer ? 0 : p + 1; }

const char* draw_reason(DrawReason d) {
  switch (d) {
    case DrawReason::repetition: return "repetition";
    case DrawReason::turn_cap: return "turn_cap";
    case DrawReason::equal_turns: return "equal_turns";
    case DrawReason::none: break;
  }
  return "";
}

val move_object(const PlyRecord& ply) {
  val move = val::object();
  move.set("text", format_path(ply.path));
  move.set("player", js_player(ply.mover));
  move.set("pass", ply.move.is_pass());
  move.set("from", ply.move.is_pass() ? -1 : int(ply.move.from));
  move.set("to", ply.move.is_pass() ? -1 : int(ply.move.to));
  move.set("path", cells_to_js(ply.path));
  return move;
}

// The status of the live game as the page shows it. kind: 'win' (first
// finisher wins), 'places' (play on until one is left), 'draw', '' (playing).
val status_object(const GameStatus& s, const RuleOptions& rules, int players) {
  val out = val::object();
  out.set("over", s.over);
  out.set("winner", s.winner ? js_player(*s.winner) : 0);
  const bool draw = s.draw != DrawReason::none;
  const bool play_on = rules.multiplayer_end == MultiplayerEnd::play_on && players >= 3;
  const std::string kind = !s.over ? "" : draw ? "draw" : play_on ? "places" : "win";
  out.set("kind", kind);
  out.set("reason", s.over ? std::string(draw ? draw_reason(s.draw) : "finished") : std::string());
  val places = val::array();
  for (int p : s.places) places.call<void>("push", p);
  out.set("places", places);
  val order = val::array();
  for (Player p : s.finish_order) order.call<void>("push", js_player(p));
  out.set("finishOrder", order);
  out.set("text", s.description);
  return out;
}

}  // namespace

val CheckersSession::newGame(val options) {
  auto rules = rules_from_js(options, is_object(options) ? RuleOptions{} : game_.rules());
  if (!rules) return failed("error", rules.error());
  Player first = kNoPlayer;
  if (is_object(options)) {
    const val f = options["first"];
    if (f.isNumber()) {
      const double d = f.as<double>();
      if (!(d >= 1 && d <= rules->players) || d != std::floor(d)) return failed("error", "first must be a seat 1..players");
      first = Player(d) - 1;
    }
    const val index = options["gameIndex"];
    if (index.isNumber() && index.as<double>() >= 0 && index.as<double>() < 1e9) games_started_ = int(index.as<double>());
    const val seed = options["seed"];
    if (seed.isNumber() && std::isfinite(seed.as<double>())) seed_ = std::uint64_t(std::fabs(seed.as<double>()));
  }
  if (first == kNoPlayer) first = first_player_for(*rules, seed_, games_started_);
  ++games_started_;
  game_ = Game(*rules, first);
  return outcome_object(true, "error", "");
}

val CheckersSession::loadPosition(const std::string& text) {
  auto pos = Position::from_string(text);
  if (!pos) return failed("error", pos.error());
  auto game = Game::from_position(*pos, game_.rules());
  if (!game) return failed("error", game.error());
  game_ = std::move(*game);
  return outcome_object(true, "error", "");
}

val CheckersSession::played(const Result<GameStatus>& result) {
  if (!result) return failed("reason", result.error());
  return ok_result();
}

val CheckersSession::play(int from, int to) {
  if (!valid_cell(from) || !valid_cell(to)) return failed("reason", "no such hole: holes are numbered 0 to 120");
  return played(game_.play(Move::of(from, to)));
}

val CheckersSession::playPath(val cells) {
  auto path = cells_from_js(cells);
  if (!path) return failed("reason", path.error());
  if (path->size() < 2) return failed("reason", "a move needs a start and at least one more hole");
  return played(game_.play_path(*path));
}

val CheckersSession::playText(const std::string& text) { return played(game_.play_text(text)); }

val CheckersSession::pass() { return played(game_.play(Move::pass())); }

val CheckersSession::chainOptions(val cells) const {
  auto chain = cells_from_js(cells);
  if (!chain) return failed("reason", chain.error());
  if (chain->empty()) return failed("reason", "a chain starts with the piece to move");
  if (game_.over()) return failed("reason", "the game is over");
  auto choices = next_hops(game_.position(), game_.rules(), *chain);
  if (!choices) return failed("reason", choices.error());
  val out = val::object();
  out.set("ok", true);
  out.set("reason", std::string());
  out.set("hops", cells_to_js(choices->next));
  out.set("steps", cells_to_js(choices->steps));
  out.set("canStop", choices->can_stop);
  out.set("stopProblem", choices->stop_problem);
  return out;
}

std::string CheckersSession::reasonFor(int from, int to) const {
  if (!valid_cell(from) || !valid_cell(to)) return "no such hole: holes are numbered 0 to 120";
  return game_.illegal_reason(Move::of(from, to)).value_or("");
}

val CheckersSession::importRecord(const std::string& text, val options) {
  auto rules = rules_from_js(options, is_object(options) ? RuleOptions{} : game_.rules());
  if (!rules) return failed("error", rules.error());
  auto game = Game::from_record(text, *rules);
  if (!game) return failed("error", game.error());
  game_ = std::move(*game);
  return outcome_object(true, "error", "");
}

val CheckersSession::rules() const { return rules_to_js(game_.rules()); }

val CheckersSession::geometry() const {
  val out = val::array();
  for (Cell c = 0; c < kCells; ++c) {
    const Cube q = cube_of(c);
    val cell = val::object();
    cell.set("index", c);
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
  const Position pos = live ? game_.position() : game_.position_at(ply);
  const RuleOptions& rules = game_.rules();
  const int n = pos.players();
  const GameStatus& status = game_.status();

  val out = val::object();
  out.set("players", n);
  out.set("side", js_player(pos.side_to_move()));
  out.set("ply", ply);
  out.set("plies", int(plies.size()));
  out.set("live", live);
  out.set("positionString", pos.to_string());
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
    int place = 0;
    if (live && finished) place = status.places[std::size_t(p)];
    seat.set("place", place);
    seats.call<void>("push", seat);
  }
  out.set("seats", seats);

  // Legal moves (live only), each with its shortest path for hover and animation.
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
      move.set("path", cells_to_js(shortest_path(pos, rules, m)));
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
    out.set("status", status_object(status, rules, n));
  } else {
    GameStatus browsing;
    browsing.places.assign(std::size_t(n), 0);
    out.set("status", status_object(browsing, rules, n));
  }

  val moves = val::array();
  for (const PlyRecord& p : plies) moves.call<void>("push", move_object(p));
  out.set("moves", moves);
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());
  out.set("rules", rules_to_js(rules));
  return out;
}

}  // namespace qipan::bindings
