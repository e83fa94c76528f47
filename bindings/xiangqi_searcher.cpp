#include "xiangqi_searcher.h"

#include <string>

#include "engine/xiangqi/codes.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/game/record.h"
#include "engine/xiangqi/movegen.h"
#include "search_limits.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::xiangqi;
namespace code = xiangqi::code;  // the xiangqi list (which includes the shared codes)

namespace {

// The line in the three notations, each move written in the position it is
// played from.
val pv_texts(const Position& root, const Line& line) {
  val iccs = val::array(), wxf = val::array(), chinese = val::array();
  Position pos = root;
  for (Move m : line) {
    if (!is_legal(pos, m)) break;  // a stale table move cannot be written
    iccs.call<void>("push", to_iccs(m));
    wxf.call<void>("push", format_move(pos, m, Notation::kWxf));
    chinese.call<void>("push", format_move(pos, m, Notation::kChinese));
    Undo undo;
    pos.make(m, undo);
  }
  val out = val::object();
  out.set("iccs", iccs);
  out.set("wxf", wxf);
  out.set("chinese", chinese);
  return out;
}

// Score fields: the side to move's score, red's, and a mate distance from
// red's view (the page words "Red +1.2" or "Red mates in 3" from these).
void set_score(val& out, const Position& pos, int score) {
  const int red = pos.side_to_move() == kRed ? score : -score;
  out.set("score", score);
  out.set("scoreText", format_score(score));
  out.set("redScore", red);
  out.set("mate", is_mate_score(red) ? mate_in_moves(red) : 0);
}

double number_or(const val& object, const char* name, double fallback) {
  const val field = object[name];
  return field.isNumber() ? field.as<double>() : fallback;
}

// The game the worker was sent: {fen, moves, rules?} (rules 'asian' when
// absent), so the search rules repetitions as the game does.
Result<Game> game_of(const val& request) {
  if (request.typeOf().as<std::string>() != "object" || request.isNull() || !request["fen"].isString())
    return make_error(code::bad_argument, "the game is {fen, moves, rules}")
        .with("name", "game")
        .with("expected", "{fen, moves, rules}");
  RuleOptions options;
  const val rules = request["rules"];
  if (!rules.isUndefined()) {
    const auto parsed = rules.isString() ? parse_rule_set(rules.as<std::string>()) : std::nullopt;
    if (!parsed)
      return make_error(code::bad_argument, "game.rules must be asian, chinese or simple")
          .with("name", "game.rules")
          .with("expected", "asian, chinese or simple");
    options.rules = *parsed;
  }
  auto game = Game::from_fen(request["fen"].as<std::string>(), options);
  if (!game) return game.failure();
  const val moves = request["moves"];
  const int n = moves.isUndefined() || moves.isNull() ? 0 : moves["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string text = moves[i].isString() ? moves[i].as<std::string>() : std::string();
    auto move = parse_iccs_move(game->position(), text);
    auto played = move ? game->play(*move) : Result<Status>(move.failure());
    if (!played)
      return make_error(code::search_bad_history,
                        "game move " + std::to_string(i + 1) + " (" + text + "): " + played.error())
          .with("index", i + 1)
          .with("text", text)
          .because(played.failure());
  }
  return game;
}

}  // namespace

val XiangqiSearcher::search(val request, val limits, val onInfo) {
  auto game = game_of(request);
  if (!game) return refused(game.failure());
  if (game->over())
    return refused(make_error(code::game_over, "the game is over: " + game->status().description)
                       .with("reason", std::string(game->status().code())));
  // {level}, {hint: level}, {analyse: true} or explicit limits (search_limits.h).
  auto read = read_search_limits(limits, kMaxSearchDepth, {"hint", "analyse"});
  if (!read) return refused(read.failure());
  auto hint = whole_field(limits, "hint", kMinLevel, kMaxLevel, "a level 1..8");
  if (!hint) return refused(hint.failure());
  const val analyse = limits["analyse"];
  if (!analyse.isUndefined() && !analyse.isNull() && !analyse.isTrue() && !analyse.isFalse())
    return refused(bad_limit("limits.analyse", "true or false"));

  const Position& root = game->position();
  AiOptions options;
  options.seed = read->seed.value_or(0);
  if (onInfo.typeOf().as<std::string>() == "function") {
    options.on_info = [&onInfo, &root](const SearchInfo& info) {
      val out = val::object();
      out.set("depth", info.depth);
      set_score(out, root, info.score);
      out.set("nodes", double(info.nodes));
      out.set("timeMs", double(info.time_ms));
      out.set("pv", info.pv ? pv_texts(root, *info.pv) : pv_texts(root, Line()));
      onInfo(out);
    };
  }

  AiMove move;
  if (read->level) {
    move = ai_.choose_move(*game, read->level, options);
  } else if (*hint) {
    move = ai_.hint(*game, int(**hint), options);
  } else if (analyse.isTrue()) {
    move = ai_.search(*game, analysis_limits(), options);
  } else if (read->depth || read->nodes || read->time_ms) {
    move = ai_.search(*game, explicit_limits(read->depth, read->nodes, read->time_ms), options);
  } else {
    return refused(no_search_chosen());  // {analyse: false} alone
  }
  if (move.move.is_none()) return refused(make_error(code::no_legal_move, "no legal move"));

  val out = ok_result();
  out.set("from", move.move.from());
  out.set("to", move.move.to());
  out.set("bestIccs", to_iccs(move.move));
  out.set("move", to_iccs(move.move));
  out.set("book", move.book);
  out.set("candidates", move.candidates);
  out.set("depth", move.depth);
  set_score(out, root, move.score);
  out.set("nodes", double(move.nodes));
  out.set("timeMs", double(move.time_ms));
  out.set("pv", pv_texts(root, move.pv));
  return out;
}

val XiangqiSearcher::answerDrawOffer(val request, val options) {
  auto game = game_of(request);
  if (!game) return refused(game.failure());
  if (game->over())
    return refused(make_error(code::game_over, "the game is over: " + game->status().description)
                       .with("reason", std::string(game->status().code())));
  if (options.typeOf().as<std::string>() != "object" || options.isNull()) options = val::object();
  const int answering = int(number_or(options, "answering", -1));
  if (answering != kRed && answering != kBlack)
    return refused(make_error(code::bad_argument, "the side answering a draw offer is 0 (red) or 1 (black)")
                       .with("name", "answering")
                       .with("expected", "0 or 1"));
  const DrawOfferAnswer answer =
      ai_.answer_draw_offer(*game, Color(answering), int(number_or(options, "level", 3)), AiOptions{});
  val out = ok_result();
  out.set("answer", std::string(draw_answer_code(answer.answer)));
  out.set("accepted", answer.answer == DrawAnswer::kAccept);
  out.set("depth", answer.depth);
  // The answering side's score, and red's view for the page.
  const int red = answering == kRed ? answer.score : -answer.score;
  out.set("score", answer.score);
  out.set("redScore", red);
  out.set("mate", is_mate_score(red) ? mate_in_moves(red) : 0);
  return out;
}

val xiangqi_levels() {
  val out = val::array();
  for (const LevelSpec& spec : level_table()) {
    val level = val::object();
    level.set("level", spec.level);
    level.set("name", std::string(spec.name));
    level.set("depth", spec.depth);
    level.set("nodes", double(spec.nodes));
    level.set("timeMs", double(spec.time_ms));
    level.set("margin", spec.margin);
    level.set("marginPlies", spec.margin_plies);
    out.call<void>("push", level);
  }
  return out;
}

}  // namespace qipan::bindings
