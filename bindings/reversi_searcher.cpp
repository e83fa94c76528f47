#include "reversi_searcher.h"

#include "engine/reversi/notation.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::reversi;

namespace {

int level_of(const val& limits) {
  const val level = limits["level"];
  return level.isNumber() ? int(level.as<double>()) : 3;
}

std::string score_text(int score) { return (score > 0 ? "+" : "") + std::to_string(score); }

val info_object(const SearchInfo& info) {
  val out = val::object();
  out.set("depth", info.depth);
  out.set("score", info.score);
  out.set("scoreText", score_text(info.score) + (info.exact ? " =" : ""));
  out.set("exact", info.exact);
  out.set("nodes", double(info.nodes));
  out.set("timeMs", double(info.time_ms));
  return out;
}

AiOptions options_with_info(val& onInfo) {
  AiOptions options;
  if (onInfo.typeOf().as<std::string>() == "function")
    options.on_info = [&onInfo](const SearchInfo& info) { onInfo(info_object(info)); };
  return options;
}

}  // namespace

val ReversiSearcher::search(const std::string& board, val limits, val onInfo) {
  auto pos = parse_board(board);
  if (!pos) return failed("error", pos.error());
  if (pos->game_over()) return failed("error", "the game is over");
  AiOptions options = options_with_info(onInfo);
  options.seed = games_seed_++;
  options.reuse_tables = true;
  const AiMove move = ai_.choose_move(*pos, level_of(limits), options);
  if (move.move == kNoSquare) return failed("error", "no move");
  val out = val::object();
  out.set("ok", true);
  out.set("square", move.move == kPass ? -1 : move.move);
  out.set("name", square_name(move.move));
  out.set("searched", move.searched);
  out.set("score", move.score);
  out.set("scoreText", move.searched ? score_text(move.score) : std::string("-"));
  out.set("exact", move.exact);
  out.set("depth", move.depth);
  out.set("nodes", double(move.nodes));
  out.set("timeMs", double(move.time_ms));
  val pv = val::array();
  for (Square s : move.pv) pv.call<void>("push", square_name(s));
  out.set("pv", pv);
  return out;
}

val ReversiSearcher::hints(const std::string& board, val limits, val onInfo) {
  auto pos = parse_board(board);
  if (!pos) return failed("error", pos.error());
  AiOptions options = options_with_info(onInfo);
  options.reuse_tables = true;
  val moves = val::array();
  for (const HintValue& hint : ai_.hints(*pos, level_of(limits), options)) {
    if (hint.move == kPass || hint.move == kNoSquare) continue;
    val move = val::object();
    move.set("square", hint.move);
    move.set("value", hint.score);
    move.set("exact", hint.exact);
    moves.call<void>("push", move);
  }
  val out = val::object();
  out.set("ok", true);
  out.set("moves", moves);
  return out;
}

}  // namespace qipan::bindings
