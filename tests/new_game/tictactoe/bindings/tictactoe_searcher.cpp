#include "tictactoe_searcher.h"

#include <optional>
#include <string>

#include "engine/tictactoe/ai_levels.h"
#include "engine/tictactoe/codes.h"
#include "search_limits.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::tictactoe;

namespace {

// A level's spec, the page's help ({hint}, {analyse}), or an explicit depth.
Result<LevelSpec> spec_of(const val& limits, std::optional<std::uint64_t>& seed) {
  auto read = read_search_limits(limits, kMaxSearchDepth, {"hint", "analyse"});
  if (!read) return read.failure();
  auto hint = whole_field(limits, "hint", kMinLevel, kMaxLevel, "a hint strength 1..8");
  if (!hint) return hint.failure();
  seed = read->seed;
  if (read->level) return level_spec(read->level);
  if (*hint) return hint_spec(int(**hint));
  if (limits["analyse"].isTrue()) return analysis_spec();
  if (read->depth) return LevelSpec{0, read->depth};
  return no_search_chosen();
}

std::string score_text(int score) {
  if (score > 0) return "+" + std::to_string(kWin - score);  // a win in n plies
  if (score < 0) return "-" + std::to_string(kWin + score);
  return "=";
}

}  // namespace

val TictactoeSearcher::search(val request, val limits, val) {
  if (!is_object(request) || !request["position"].isString())
    return refused(make_error(tictactoe::code::bad_argument, "the request is {position}")
                       .with("name", "request")
                       .with("expected", "{position}"));
  const auto pos = parse_position(request["position"].as<std::string>());
  if (!pos) return refused(pos.failure());
  if (pos->over()) return refused(make_error(tictactoe::code::game_over, "the game is over"));
  std::optional<std::uint64_t> seed;
  const auto spec = spec_of(limits, seed);
  if (!spec) return refused(spec.failure());
  const AiMove move = choose_move(*pos, *spec, seed ? *seed : games_seed_++);
  val out = ok_result();
  out.set("move", square_name(move.square));
  out.set("square", move.square);
  out.set("name", square_name(move.square));
  out.set("searched", move.searched);
  out.set("score", move.score);
  out.set("scoreText", move.searched ? score_text(move.score) : std::string("-"));
  out.set("depth", move.depth);
  out.set("nodes", double(move.nodes));
  out.set("timeMs", 0);
  val pv = val::array();
  pv.call<void>("push", square_name(move.square));
  out.set("pv", pv);
  return out;
}

}  // namespace qipan::bindings
