// The shared search budget: where a node limit stops a search under each
// policy, when the stop request and an embedder's poll are read, and that a
// new search clears what stopped the last one.
#include <doctest/doctest.h>

#include <cstdint>

#include "engine/core/search_budget.h"

using namespace qipan;

namespace {

// Counts nodes one by one until the budget says stop (or `cap` is reached).
std::uint64_t run_until_exhausted(SearchBudget& budget, std::uint64_t from = 0, std::uint64_t cap = 1'000'000) {
  std::uint64_t nodes = from;
  while (nodes < cap)
    if (budget.exhausted(++nodes)) break;
  return nodes;
}

SearchLimits node_limit(std::uint64_t nodes) {
  SearchLimits limits;
  limits.nodes = nodes;
  return limits;
}

}  // namespace

TEST_CASE("a node limit checked at every node stops on the node that reaches it") {
  SearchBudget budget(1024, NodeLimitCheck::kEveryNode);
  budget.start(node_limit(1500));
  CHECK(run_until_exhausted(budget) == 1500);
  CHECK(budget.stopped());
}

TEST_CASE("a node limit checked when polling stops on the first poll past it") {
  SearchBudget budget(1024, NodeLimitCheck::kWhenPolling);
  budget.start(node_limit(1500));
  CHECK(run_until_exhausted(budget) == 2048);
}

TEST_CASE("after nodes counted elsewhere, polls stay on multiples of the interval") {
  SearchBudget budget(1024, NodeLimitCheck::kWhenPolling);
  budget.start(node_limit(100));
  budget.skip_polls_to(1500);
  CHECK(run_until_exhausted(budget, 1500) == 2048);
}

TEST_CASE("the embedder's poll is read once per interval, counted from the last poll") {
  SearchBudget budget(4096, NodeLimitCheck::kEveryNode);
  int polls = 0;
  budget.set_stop_poll([&] { return ++polls >= 2; });
  budget.start(SearchLimits{});
  // Nodes counted between checks (as Reversi's leaves are) delay a poll, and
  // the next one comes a whole interval after it.
  CHECK_FALSE(budget.exhausted(4000));
  CHECK(polls == 0);
  CHECK_FALSE(budget.exhausted(4100));
  CHECK(polls == 1);
  CHECK_FALSE(budget.exhausted(8195));
  CHECK(polls == 1);
  CHECK(budget.exhausted(8196));
  CHECK(polls == 2);
}

TEST_CASE("a stop request ends the search at the next poll, and start() clears it") {
  SearchBudget budget(1024, NodeLimitCheck::kEveryNode);
  budget.start(SearchLimits{});
  budget.request_stop();
  CHECK(budget.stop_flag().load());
  CHECK(run_until_exhausted(budget) == 1024);
  budget.start(SearchLimits{});
  CHECK_FALSE(budget.stopped());
  CHECK_FALSE(budget.stop_flag().load());
  CHECK(run_until_exhausted(budget, 0, 5000) == 5000);
}

TEST_CASE("stop() ends the search at once, until the next start()") {
  SearchBudget budget(1024, NodeLimitCheck::kEveryNode);
  budget.start(SearchLimits{});
  budget.stop();
  CHECK(budget.exhausted(1));
  budget.start(SearchLimits{});
  CHECK_FALSE(budget.exhausted(1));
}
