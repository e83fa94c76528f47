// What one search may still spend: its limits (search_limits.h), the stop
// request another thread may set, and how often the clock and that request are
// read. The xiangqi, Reversi and checkers searches each own one, count their
// nodes themselves and ask exhausted() after a counted node.
//
// Reading the clock costs more than a node, so it is read once per poll
// interval. Each game picks that interval and whether the node limit is checked
// at every node or only when polling: both decide where a node-limited search
// stops, so a game's node counts (and the bench signature) depend on them and
// each game keeps the values it was measured with.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "clock.h"
#include "search_limits.h"

namespace qipan {

enum class NodeLimitCheck {
  kEveryNode,    // the search stops on the node that reaches the limit
  kWhenPolling,  // on the first poll at or past it (a little over)
};

class SearchBudget {
 public:
  // An embedder's own stop signal, read at every poll: true stops the search.
  using StopPoll = std::function<bool()>;

  SearchBudget(std::uint64_t poll_interval, NodeLimitCheck node_limit_check)
      : poll_interval_(poll_interval), node_limit_check_(node_limit_check) {}
  SearchBudget(const SearchBudget&) = delete;
  SearchBudget& operator=(const SearchBudget&) = delete;

  void set_stop_poll(StopPoll poll) { stop_poll_ = std::move(poll); }
  // Safe from another thread: the running search stops at its next poll.
  // Cleared when the next search starts.
  void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }
  // The flag request_stop() sets, for solvers that read it themselves.
  const std::atomic<bool>& stop_flag() const { return stop_requested_; }

  // A new search under `limits`: the clock restarts, the stop request and the
  // verdict clear, and the first poll comes after one interval.
  void start(const SearchLimits& limits) {
    limits_ = limits;
    stop_requested_.store(false, std::memory_order_relaxed);
    stopped_ = false;
    next_poll_ = poll_interval_;
    clock_.restart();
  }

  // After counting a node, `nodes` being the search's count so far: true once
  // the search must unwind (it stays true until the next start()).
  bool exhausted(std::uint64_t nodes) {
    if (node_limit_check_ == NodeLimitCheck::kEveryNode && over_node_limit(nodes)) stopped_ = true;
    if (nodes >= next_poll_) poll(nodes);
    return stopped_;
  }
  // Nodes counted by a solver under its own cap, not node by node: the next
  // poll comes at the first multiple of the interval past them.
  void skip_polls_to(std::uint64_t nodes) { next_poll_ = (nodes / poll_interval_ + 1) * poll_interval_; }
  // Ends the search now (a solver run inside it was itself stopped).
  void stop() { stopped_ = true; }

  bool stopped() const { return stopped_; }
  // No new iteration should start: the soft share of the time limit is gone.
  bool soft_time_over() const {
    return limits_.time_ms > 0 && clock_.elapsed_ms() * 100 >= limits_.time_ms * limits_.soft_time_percent;
  }
  std::int64_t elapsed_ms() const { return clock_.elapsed_ms(); }
  const SearchLimits& limits() const { return limits_; }

 private:
  bool over_node_limit(std::uint64_t nodes) const { return limits_.nodes && nodes >= limits_.nodes; }

  void poll(std::uint64_t nodes) {
    next_poll_ = nodes + poll_interval_;
    if (node_limit_check_ == NodeLimitCheck::kWhenPolling && over_node_limit(nodes)) stopped_ = true;
    if (stop_requested_.load(std::memory_order_relaxed) ||
        (limits_.time_ms > 0 && clock_.elapsed_ms() >= limits_.time_ms) || (stop_poll_ && stop_poll_()))
      stopped_ = true;
  }

  const std::uint64_t poll_interval_;
  const NodeLimitCheck node_limit_check_;
  StopPoll stop_poll_;
  std::atomic<bool> stop_requested_{false};
  SearchLimits limits_;
  std::uint64_t next_poll_ = 0;
  bool stopped_ = false;
  Stopwatch clock_;
};

}  // namespace qipan
