#include "checkers_searcher.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "checkers_values.h"
#include "engine/checkers/codes.h"
#include "engine/checkers/evaluate.h"
#include "engine/checkers/game/game.h"
#include "engine/checkers/game/notation.h"
#include "engine/checkers/game/path.h"
#include "engine/checkers/rival_model.h"
#include "search_limits.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::checkers;

namespace {

// Rows ahead for people ("+3.5"), or a decided game ("win in 4").
std::string score_text(int score) {
  if (is_win_score(score)) {
    const int plies = win_distance_plies(score);
    return (score > 0 ? "win in " : "loss in ") + std::to_string(plies);
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.1f", double(score) / kDistanceUnit);
  return buffer;
}

// Plies until the game is decided: > 0 the side to move finishes first,
// < 0 a rival does, 0 not decided within the search.
int win_plies(int score) {
  if (!is_win_score(score)) return 0;
  return score > 0 ? win_distance_plies(score) : -win_distance_plies(score);
}

// A line of moves in notation, played out on a copy of `pos`. Each move is
// its piece owner's (Best-Reply Search lines skip seats); a pass hands the
// turn on, skipping retired seats.
template <typename Moves>
val line_texts(const Position& pos, const RuleOptions& rules, std::uint8_t retired, const Moves& moves) {
  val out = val::array();
  Position line = pos;
  for (Move m : moves) {
    if (!m.is_pass() && line.owner(m.from) != kNoPlayer) line.set_side_to_move(line.owner(m.from));
    std::vector<Cell> p = m.is_pass() ? std::vector<Cell>{} : shortest_path(line, rules, m);
    if (!m.is_pass() && p.empty()) break;  // not legal here (a stale table line)
    out.call<void>("push", format_path(p));
    Undo undo;
    line.make(m, undo);
    for (int i = 0; i < line.players() && (retired >> line.side_to_move() & 1); ++i)
      line.set_side_to_move(line.next_seat(line.side_to_move()));
  }
  return out;
}

val info_object(const SearchInfo& info, const Position& pos, const RuleOptions& rules, std::uint8_t retired) {
  val out = val::object();
  out.set("depth", info.depth);
  out.set("score", info.score);
  out.set("scoreText", score_text(info.score));
  out.set("winPlies", win_plies(info.score));
  out.set("race", info.race);
  out.set("nodes", double(info.nodes));
  out.set("timeMs", double(info.time_ms));
  out.set("pv", info.pv ? line_texts(pos, rules, retired, *info.pv) : val::array());
  return out;
}

// The keys of the positions before the current one, oldest first.
std::vector<std::uint64_t> history_keys(const Game& game) {
  std::vector<std::uint64_t> keys;
  Position pos = game.position();
  const auto& plies = game.plies();
  for (auto it = plies.rbegin(); it != plies.rend(); ++it) {
    pos.unmake(it->move, Undo{it->mover});
    keys.push_back(pos.key());
  }
  std::reverse(keys.begin(), keys.end());
  return keys;
}

}  // namespace

val CheckersSearcher::search(val request, val limits, val onInfo) {
  if (!is_object(request) || !request["record"].isString())
    return refused(make_error(checkers::code::bad_argument, "the request is {record, rules}")
                       .with("name", "request")
                       .with("expected", "{record, rules}"));
  auto options_in = rules_from_js(request["rules"], RuleOptions{});
  if (!options_in) return refused(options_in.failure());
  auto game = Game::from_record(request["record"].as<std::string>(), *options_in);
  if (!game) return refused(game.failure());
  if (game->over()) return refused(make_error(checkers::code::game_over, "the game is over"));
  // {level}, the page's help ({hint: strength}, {analyse: true}: ai_levels.h
  // decides them) or explicit limits (search_limits.h).
  auto read = read_search_limits(limits, kMaxSearchDepth, {"hint", "analyse"});
  if (!read) return refused(read.failure());
  auto hint = whole_field(limits, "hint", kMinLevel, kMaxLevel, "a hint strength 1..8");
  if (!hint) return refused(hint.failure());
  const val analyse = limits["analyse"];
  if (!analyse.isUndefined() && !analyse.isNull() && !analyse.isTrue() && !analyse.isFalse())
    return refused(bad_limit("limits.analyse", "true or false"));
  const Position& pos = game->position();

  const std::vector<std::uint64_t> keys = history_keys(*game);
  AiOptions options;
  options.rules = game->rules();
  // Greedy tie-breaks and the searching levels' root ties: a given seed
  // replays the same game, a new one varies it.
  options.seed = read->seed ? *read->seed * 1000003 + game->plies().size() : seed_++;
  options.reuse_tables = true;
  options.history = keys;
  options.retired = game->finished_seats();
  if (game->rules().players == 6) options.greedy_seats = observed_greedy_seats(*game);
  const std::uint8_t retired = options.retired;
  if (onInfo.typeOf().as<std::string>() == "function")
    options.on_info = [&](const SearchInfo& info) { onInfo(info_object(info, pos, game->rules(), retired)); };
  LevelSpec spec;
  if (read->level) spec = level_spec(read->level);
  else if (*hint) spec = hint_spec(int(**hint));
  else if (analyse.isTrue()) spec = analysis_spec();
  else if (read->depth || read->nodes || read->time_ms) spec = custom_spec(read->depth, read->nodes, read->time_ms);
  else return refused(no_search_chosen());  // {analyse: false} alone
  const AiMove move = ai_.choose_move(pos, spec, options);
  if (!move.has_move) return refused(make_error(checkers::code::game_over, "the game is over"));

  val out = ok_result();
  out.set("pass", move.move.is_pass());
  out.set("from", move.move.is_pass() ? -1 : int(move.move.from));
  out.set("to", move.move.is_pass() ? -1 : int(move.move.to));
  const std::vector<Cell> path =
      move.move.is_pass() ? std::vector<Cell>{} : shortest_path(pos, game->rules(), move.move);
  out.set("path", cells_to_js(path));
  out.set("text", format_path(path));
  out.set("move", move.move.is_pass() ? std::string("pass") : format_path(path));
  out.set("searched", move.searched);
  out.set("score", move.score);
  out.set("scoreText", move.searched ? score_text(move.score) : std::string("-"));
  out.set("winPlies", move.searched ? win_plies(move.score) : 0);
  out.set("depth", move.depth);
  out.set("nodes", double(move.nodes));
  out.set("timeMs", double(move.time_ms));
  // The principal variation in notation, played out on a copy.
  out.set("pv", line_texts(pos, game->rules(), retired, move.pv));
  out.set("race", move.race);
  out.set("raceMoves", move.race_moves);
  out.set("raceOpponentMoves", move.race_opponent_moves);
  return out;
}

}  // namespace qipan::bindings
