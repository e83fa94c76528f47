#include "reversi_searcher.h"

#include <optional>

#include "engine/reversi/codes.h"
#include "engine/reversi/game/notation.h"
#include "search_limits.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::reversi;

namespace {

// true, false or absent; anything else refused.
Result<bool> flag_field(const val& limits, const char* name) {
  const val v = limits[name];
  if (v.isUndefined() || v.isNull() || v.isFalse()) return false;
  if (v.isTrue()) return true;
  return bad_limit(std::string("limits.") + name, "true or false");
}

// The limits as a level spec: a level's; the page's help ({hint: strength},
// {analyse: true}, {graph: true}: ai_levels.h decides their searches); or an
// explicit search's, with Reversi's own exactEmpties (search_limits.h reads
// the rest).
Result<LevelSpec> spec_of(const val& limits, std::optional<std::uint64_t>* seed = nullptr) {
  auto read = read_search_limits(limits, kMaxSearchDepth, {"hint", "analyse", "graph"});
  if (!read) return read.failure();
  auto exact = whole_field(limits, "exactEmpties", 0, 60, "0..60 empties");
  if (!exact) return exact.failure();
  auto hint = whole_field(limits, "hint", kMinLevel, kMaxLevel, "a hint strength 1..8");
  if (!hint) return hint.failure();
  auto analyse = flag_field(limits, "analyse");
  if (!analyse) return analyse.failure();
  auto graph = flag_field(limits, "graph");
  if (!graph) return graph.failure();
  if (seed) *seed = read->seed;
  if (read->level) return level_spec(read->level);
  if (*hint) return hint_spec(int(**hint));
  if (*analyse) return analysis_spec();
  if (*graph) return graph_spec();
  if (!read->depth && !read->nodes && !read->time_ms) return no_search_chosen();  // {analyse: false} alone
  return custom_spec(read->depth, read->nodes, read->time_ms, int(exact->value_or(0)));
}

// The position a request names: {board} (ReversiSession.searchRequest()).
Result<Position> position_of(const val& request) {
  if (!is_object(request) || !request["board"].isString())
    return make_error(reversi::code::bad_argument, "the request is {board}")
        .with("name", "request")
        .with("expected", "{board}");
  return parse_board(request["board"].as<std::string>());
}

std::string score_text(int score) { return (score > 0 ? "+" : "") + std::to_string(score); }

val pv_names(const std::vector<Square>& pv) {
  val out = val::array();
  for (Square s : pv) out.call<void>("push", square_name(s));
  return out;
}

val info_object(const SearchInfo& info) {
  val out = val::object();
  out.set("depth", info.depth);
  out.set("score", info.score);
  out.set("scoreText", score_text(info.score) + (info.exact ? " =" : ""));
  out.set("exact", info.exact);
  out.set("nodes", double(info.nodes));
  out.set("timeMs", double(info.time_ms));
  std::vector<Square> pv;
  if (info.pv)
    for (Square s : *info.pv) pv.push_back(s);
  out.set("pv", pv_names(pv));
  return out;
}

AiOptions options_with_info(val& onInfo) {
  AiOptions options;
  if (onInfo.typeOf().as<std::string>() == "function")
    options.on_info = [&onInfo](const SearchInfo& info) { onInfo(info_object(info)); };
  return options;
}

}  // namespace

ReversiAi& ReversiSearcher::ai() {
  if (!ai_) ai_ = std::make_unique<ReversiAi>(16);
  return *ai_;
}

ReversiAi& ReversiSearcher::evaluator() {
  if (!evaluator_) evaluator_ = std::make_unique<ReversiAi>(2);
  return *evaluator_;
}

val ReversiSearcher::search(val request, val limits, val onInfo) {
  auto pos = position_of(request);
  if (!pos) return refused(pos.failure());
  if (pos->game_over()) return refused(make_error(reversi::code::game_over, "the game is over"));
  std::optional<std::uint64_t> seed;
  auto spec = spec_of(limits, &seed);
  if (!spec) return refused(spec.failure());
  AiOptions options = options_with_info(onInfo);
  options.seed = seed ? *seed : games_seed_++;
  options.reuse_tables = true;
  const AiMove move = ai().choose_move(*pos, *spec, options);
  if (move.move == kNoSquare) return refused(make_error(reversi::code::no_legal_move, "no move"));
  val out = ok_result();
  out.set("square", move.move == kPass ? -1 : move.move);
  out.set("name", square_name(move.move));
  out.set("move", square_name(move.move));
  out.set("searched", move.searched);
  out.set("score", move.score);
  out.set("scoreText", move.searched ? score_text(move.score) : std::string("-"));
  out.set("exact", move.exact);
  out.set("depth", move.depth);
  out.set("nodes", double(move.nodes));
  out.set("timeMs", double(move.time_ms));
  out.set("pv", pv_names(move.pv));
  return out;
}

val ReversiSearcher::hints(val request, val limits, val onInfo) {
  auto pos = position_of(request);
  if (!pos) return refused(pos.failure());
  auto spec = spec_of(limits);
  if (!spec) return refused(spec.failure());
  AiOptions options = options_with_info(onInfo);
  options.reuse_tables = true;
  val moves = val::array();
  for (const HintValue& hint : ai().hints(*pos, *spec, options)) {
    if (hint.move == kPass || hint.move == kNoSquare) continue;
    val move = val::object();
    move.set("square", hint.move);
    move.set("value", hint.score);
    move.set("exact", hint.exact);
    moves.call<void>("push", move);
  }
  val out = ok_result();
  out.set("moves", moves);
  return out;
}

val ReversiSearcher::evaluate(val request, val limits) {
  auto pos = position_of(request);
  if (!pos) return refused(pos.failure());
  auto spec = spec_of(limits);
  if (!spec) return refused(spec.failure());
  const LevelSpec searching = spec->kind == LevelKind::kSearch ? *spec : level_spec(3);
  // A level's value stays a pure function of the position (no ceiling);
  // explicit limits are honoured as given, timeMs included.
  const ReversiAi::Evaluation e = evaluator().evaluate(*pos, searching, /*use_time=*/spec->level == 0);
  val out = ok_result();
  out.set("score", e.black_score);
  out.set("exact", e.exact);
  out.set("depth", e.depth);
  return out;
}

}  // namespace qipan::bindings
