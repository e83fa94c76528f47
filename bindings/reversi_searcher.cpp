#include "reversi_searcher.h"

#include <cmath>
#include <optional>

#include "engine/reversi/codes.h"
#include "engine/reversi/notation.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::reversi;

namespace {

Error bad_limit(const char* name, const char* expected) {
  return make_error(reversi::code::bad_argument, std::string("limits.") + name + " must be " + expected)
      .with("name", std::string("limits.") + name)
      .with("expected", expected);
}

// A whole number in [low, high] at limits[name]; nullopt when absent.
Result<std::optional<double>> whole(const val& limits, const char* name, double low, double high,
                                    const char* expected) {
  const val v = limits[name];
  if (v.isUndefined() || v.isNull()) return std::optional<double>();
  if (!v.isNumber()) return bad_limit(name, expected);
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::floor(d) || d < low || d > high) return bad_limit(name, expected);
  return std::optional<double>(d);
}

// The limits as a level spec: a level's, or an explicit search's.
Result<LevelSpec> spec_of(const val& limits) {
  if (limits.typeOf().as<std::string>() != "object" || limits.isNull()) return bad_limit("level", "an object {level} or {depth, nodes, timeMs}");
  auto level = whole(limits, "level", kMinLevel, kMaxLevel, "a level 1..8");
  if (!level) return level.failure();
  if (*level) return level_spec(int(**level));
  auto depth = whole(limits, "depth", 1, kMaxSearchDepth, "a depth 1..60");
  auto nodes = whole(limits, "nodes", 0, 1e15, "a node count >= 0");
  auto time = whole(limits, "timeMs", 0, 1e9, "milliseconds >= 0");
  auto exact = whole(limits, "exactEmpties", 0, 60, "0..60 empties");
  for (const auto* r : {&depth, &nodes, &time, &exact})
    if (!*r) return r->failure();
  if (!*depth && !*nodes && !*time) return bad_limit("level", "given, or one of depth, nodes, timeMs");
  return custom_spec(depth->value_or(0), std::uint64_t(nodes->value_or(0)), std::int64_t(time->value_or(0)),
                     int(exact->value_or(0)));
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

val ReversiSearcher::search(const std::string& board, val limits, val onInfo) {
  auto pos = parse_board(board);
  if (!pos) return refused(pos.failure());
  if (pos->game_over()) return refused(make_error(reversi::code::game_over, "the game is over"));
  auto spec = spec_of(limits);
  if (!spec) return refused(spec.failure());
  auto seed = whole(limits, "seed", 0, 9007199254740991.0, "a whole number >= 0");
  if (!seed) return refused(seed.failure());
  AiOptions options = options_with_info(onInfo);
  options.seed = *seed ? std::uint64_t(**seed) : games_seed_++;
  options.reuse_tables = true;
  const AiMove move = ai().choose_move(*pos, *spec, options);
  if (move.move == kNoSquare) return refused(make_error(reversi::code::no_legal_move, "no move"));
  val out = ok_result();
  out.set("square", move.move == kPass ? -1 : move.move);
  out.set("name", square_name(move.move));
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

val ReversiSearcher::hints(const std::string& board, val limits, val onInfo) {
  auto pos = parse_board(board);
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

val ReversiSearcher::evaluate(const std::string& board, val limits) {
  auto pos = parse_board(board);
  if (!pos) return refused(pos.failure());
  auto spec = spec_of(limits);
  if (!spec) return refused(spec.failure());
  const LevelSpec searching = spec->kind == LevelKind::kSearch ? *spec : level_spec(3);
  const ReversiAi::Evaluation e = evaluator().evaluate(*pos, searching);
  val out = ok_result();
  out.set("score", e.black_score);
  out.set("exact", e.exact);
  out.set("depth", e.depth);
  return out;
}

}  // namespace qipan::bindings
