#include "root_split.h"

#include <algorithm>

namespace qipan::reversi::endgame {
namespace {

// An idle worker searches the moves out a rung or two up, rungs of this
// many discs: the climb from the first guess usually goes further than one
// step of 2 (on FFO #40-#49, simulated in nodes, 4 beat 2 by 4%).
constexpr int kSpeculativeStep = 4;
constexpr int kSpeculativeRungs = 2;

int window_alpha(int guess) { return std::max(guess - 1, -64); }
int window_beta(int guess) { return std::min(guess + 1, 64); }

}  // namespace

RootSplit::RootSplit(const Position& root, const RootPlan& plan) : nodes_(plan.nodes) {
  for (const Square square : plan.moves) {
    Move m;
    m.square = square;
    m.child = root;
    Undo undo;
    m.child.make(square, undo);
    order_.push_back(int(moves_.size()));
    moves_.push_back(m);
  }
  if (moves_.empty()) {  // the game is over: the plan's guess is the score
    root_.lower = root_.upper = plan.first_guess;
    return;
  }
  best_move_ = moves_.front().square;
  start_pass(plan.first_guess);
}

void RootSplit::start_pass(int guess) {
  ++passes_;
  guess_ = guess;
  // The best move so far goes first (Engine::root puts the table's move first).
  std::stable_partition(order_.begin(), order_.end(), [&](int i) { return moves_[i].square == best_move_; });
}

void RootSplit::advance() {
  while (true) {
    // The root's value is the best of its moves' values, negated; a best
    // move is one proved worth at least the root's lower bound (with none
    // above -64, every move reaches it).
    int lower = -65, upper = -65;
    for (const int i : order_) {
      if (-moves_[i].upper > lower) {
        lower = -moves_[i].upper;
        best_move_ = moves_[i].square;
      }
      upper = std::max(upper, -moves_[i].lower);
    }
    root_.lower = std::max(root_.lower, lower);
    root_.upper = std::min(root_.upper, upper);
    if (finished()) return;
    // As Solver::solve's aspiration loop follows a fail-soft bound.
    if (root_.lower >= window_beta(guess_)) {
      start_pass(root_.lower);
    } else if (root_.upper <= window_alpha(guess_)) {
      start_pass(root_.upper);
    } else {
      return;
    }
  }
}

void RootSplit::collect(int guess, std::vector<Candidate>& out) const {
  // Like Engine::root: once a move has proved more than alpha, the others
  // only have to be shown no better.
  const int alpha = std::max(window_alpha(guess), root_.lower), beta = window_beta(guess);
  if (alpha >= beta) return;
  for (const int i : order_) {
    const Move& m = moves_[i];
    // The child's window is (-beta, -alpha); decided when its bounds lie
    // outside it or meet.
    if (m.upper <= -beta || m.lower >= -alpha || m.lower >= m.upper || covered(i, -beta, -alpha)) continue;
    out.push_back({i, -beta, -alpha});
  }
}

bool RootSplit::covered(int move, int alpha, int beta) const {
  for (const Flight& f : flights_)
    if (f.searched.move == move && f.searched.alpha <= alpha && f.searched.beta >= beta) return true;
  return false;
}

RootJob RootSplit::dispatch(int worker, const Candidate& c) {
  moves_[c.move].owner = worker;
  flights_.push_back({next_id_, c});
  RootJob job;
  job.id = next_id_++;
  job.position = moves_[c.move].child;
  job.alpha = c.alpha;
  job.beta = c.beta;
  return job;
}

std::optional<RootJob> RootSplit::next_job(int worker) {
  if (finished()) return std::nullopt;
  // This pass's moves first; with none left, a rung or two up.
  std::vector<Candidate> candidates;
  for (int rung = 0; rung <= kSpeculativeRungs && candidates.empty(); ++rung) {
    const int guess = guess_ + kSpeculativeStep * rung;
    if (rung > 0 && guess > root_.upper) break;
    collect(guess, candidates);
  }
  // The worker's own move first (its table knows the subtree), then one
  // nobody has searched, then any.
  for (int preference = 0; preference < 3; ++preference)
    for (const Candidate& c : candidates) {
      const int owner = moves_[c.move].owner;
      if (preference == 0 ? owner == worker : preference == 1 ? owner < 0 : true) return dispatch(worker, c);
    }
  return std::nullopt;
}

bool RootSplit::report(int job_id, int score, std::uint64_t nodes) {
  const auto it = std::find_if(flights_.begin(), flights_.end(), [&](const Flight& f) { return f.id == job_id; });
  if (it == flights_.end()) return false;
  const Candidate f = it->searched;
  flights_.erase(it);
  nodes_ += nodes;
  if (finished()) return true;
  // A fail-soft result of the window (alpha, beta): a bound beyond it, or
  // the exact value inside.
  Move& m = moves_[f.move];
  if (score < f.beta) m.upper = std::min(m.upper, score);
  if (score > f.alpha) m.lower = std::max(m.lower, score);
  advance();
  return true;
}

Solution RootSplit::solution() const {
  Solution s;
  s.score = root_.lower;
  s.best_move = best_move_;
  s.nodes = nodes_;
  return s;
}

}  // namespace qipan::reversi::endgame
