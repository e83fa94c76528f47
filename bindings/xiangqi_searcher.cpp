#include "xiangqi_searcher.h"

#include <vector>

#include "engine/xiangqi/iccs.h"
#include "engine/xiangqi/movegen.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::xiangqi;

namespace {

val pv_array(const Line& pv) {
  val out = val::array();
  for (Move m : pv) out.call<void>("push", to_iccs(m));
  return out;
}

template <typename Info>
void fill_common(val& out, const Info& info) {
  out.set("depth", info.depth);
  out.set("score", info.score);
  out.set("scoreText", format_score(info.score));
  out.set("nodes", double(info.nodes));
  out.set("timeMs", double(info.time_ms));
}

std::int64_t number_field(const val& object, const char* name) {
  const val field = object[name];
  return field.isNumber() ? std::int64_t(field.as<double>()) : 0;
}

}  // namespace

val XiangqiSearcher::search(const std::string& fen, val history, val limits, val onInfo) {
  auto start = Position::from_fen(fen);
  if (!start) return failed("error", start.error());
  Position pos = *start;
  std::vector<PastPosition> past;
  const int length = history["length"].as<int>();
  for (int i = 0; i < length; ++i) {
    const std::string text = history[i].as<std::string>();
    auto move = parse_iccs_move(pos, text);
    if (!move) return failed("error", "history move " + std::to_string(i + 1) + " (" + text + "): " + move.error());
    past.push_back(PastPosition{pos.key(), pos.in_check()});
    Undo undo;
    pos.make(*move, undo);
  }

  SearchLimits search_limits;
  search_limits.depth = int(number_field(limits, "depth"));
  search_limits.nodes = std::uint64_t(number_field(limits, "nodes"));
  search_limits.time_ms = number_field(limits, "timeMs");
  search_limits.reuse_tables = !limits["reuseTables"].isFalse();
  if (search_limits.unlimited()) search_limits.depth = 6;

  const bool report = onInfo.typeOf().as<std::string>() == "function";
  searcher_.set_info_callback([&](const SearchInfo& info) {
    if (!report) return;
    val out = val::object();
    fill_common(out, info);
    out.set("pv", info.pv ? pv_array(*info.pv) : val::array());
    onInfo(out);
  });
  const SearchResult result = searcher_.search(pos, past, search_limits);
  searcher_.set_info_callback(nullptr);

  val out = val::object();
  out.set("ok", !result.best.is_none());
  if (result.best.is_none()) {
    out.set("error", "no legal move");
    return out;
  }
  fill_common(out, result);
  out.set("from", result.best.from());
  out.set("to", result.best.to());
  out.set("bestIccs", to_iccs(result.best));
  out.set("pv", pv_array(result.pv));
  return out;
}

}  // namespace qipan::bindings
