#include "reversi_root_split.h"

#include <algorithm>

#include "bindings/value_objects.h"
#include "engine/reversi/codes.h"
#include "engine/reversi/game/notation.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::reversi;

namespace {

val not_started() {
  return refused(make_error(reversi::code::bad_argument, "start(board) the solve first")
                     .with("name", "split")
                     .with("expected", "started"));
}

}  // namespace

ReversiEndgameWorker::ReversiEndgameWorker(int table_megabytes)
    : solver_(std::size_t(std::clamp(table_megabytes, 1, 1024))) {}

val ReversiEndgameWorker::solveWindow(const std::string& board, int alpha, int beta) {
  auto pos = parse_board(board);
  if (!pos) return refused(pos.failure());
  if (alpha < -64 || beta > 64 || alpha >= beta)
    return refused(make_error(reversi::code::bad_argument, "the window must be -64 <= alpha < beta <= 64")
                       .with("name", "window")
                       .with("expected", "-64 <= alpha < beta <= 64"));
  const endgame::Solution s = solver_.solve_window(*pos, alpha, beta);
  val out = ok_result();
  out.set("score", s.score);
  out.set("nodes", double(s.nodes));
  return out;
}

void ReversiEndgameWorker::clear() { solver_.clear(); }

val ReversiRootSplit::start(const std::string& board) {
  auto pos = parse_board(board);
  if (!pos) return refused(pos.failure());
  split_.emplace(*pos, planner_.plan_root(*pos));
  val out = ok_result();
  out.set("finished", split_->finished());
  return out;
}

val ReversiRootSplit::nextJob(int worker) {
  if (!split_) return not_started();
  val out = ok_result();
  out.set("finished", split_->finished());
  const auto job = split_->next_job(worker);
  if (!job) {
    out.set("job", val::null());
    return out;
  }
  val j = val::object();
  j.set("id", job->id);
  j.set("board", board_string(job->position));
  j.set("alpha", job->alpha);
  j.set("beta", job->beta);
  out.set("job", j);
  return out;
}

val ReversiRootSplit::report(int id, int score, double nodes) {
  if (!split_) return not_started();
  if (!split_->report(id, score, nodes > 0 ? std::uint64_t(nodes) : 0))
    return refused(make_error(reversi::code::bad_argument, "job " + std::to_string(id) + " is not out")
                       .with("name", "id")
                       .with("expected", "a job handed out and not reported yet"));
  val out = ok_result();
  out.set("finished", split_->finished());
  return out;
}

val ReversiRootSplit::solution() const {
  if (!split_) return not_started();
  if (!split_->finished())
    return refused(make_error(reversi::code::bad_argument, "the solve is not finished")
                       .with("name", "split")
                       .with("expected", "finished"));
  const endgame::Solution s = split_->solution();
  val out = ok_result();
  out.set("score", s.score);
  if (s.best_move == kNoSquare) out.set("square", val::null());
  else out.set("square", s.best_move == kPass ? -1 : int(s.best_move));
  out.set("name", s.best_move == kNoSquare ? std::string("none") : square_name(s.best_move));
  out.set("nodes", double(s.nodes));
  out.set("passes", split_->passes());
  return out;
}

}  // namespace qipan::bindings
