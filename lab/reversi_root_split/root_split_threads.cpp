#include "root_split_threads.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "root_split.h"

namespace qipan::lab {

using reversi::endgame::Limits;
using reversi::endgame::RootJob;
using reversi::endgame::RootSplit;
using reversi::endgame::Solver;

namespace {

std::vector<std::unique_ptr<Solver>> make_solvers(int workers, std::size_t table_megabytes) {
  std::vector<std::unique_ptr<Solver>> solvers;
  for (int w = 0; w < workers; ++w) solvers.push_back(std::make_unique<Solver>(table_megabytes));
  return solvers;
}

}  // namespace

RootSplitRun solve_root_split(const reversi::Position& pos, int workers, std::size_t table_megabytes) {
  const auto solvers = make_solvers(workers, table_megabytes);
  // The first worker plans, as the page's first worker does.
  RootSplit split(pos, solvers[0]->plan_root(pos));
  RootSplitRun run;
  std::mutex lock;
  std::condition_variable changed;
  // Jobs still out when the solve finishes are void: stop them (a page's
  // worker cannot be stopped; it finishes and its report is ignored).
  std::atomic<bool> finished{split.finished()};
  Limits limits;
  limits.stop = &finished;
  std::vector<std::thread> threads;
  for (int w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      std::unique_lock<std::mutex> guard(lock);
      while (!split.finished()) {
        const std::optional<RootJob> job = split.next_job(w);
        if (!job) {
          changed.wait(guard);
          continue;
        }
        ++run.jobs;
        guard.unlock();
        const auto s = solvers[w]->solve_window(job->position, job->alpha, job->beta, limits);
        guard.lock();
        if (s.stopped) break;
        split.report(job->id, s.score, s.nodes);
        if (split.finished()) finished.store(true);
        changed.notify_all();
      }
    });
  for (std::thread& t : threads) t.join();
  run.solution = split.solution();
  run.passes = split.passes();
  return run;
}

RootSplitRun simulate_root_split(const reversi::Position& pos, int workers, std::size_t table_megabytes) {
  const auto solvers = make_solvers(workers, table_megabytes);
  const auto plan = solvers[0]->plan_root(pos);
  RootSplit split(pos, plan);
  RootSplitRun run;
  std::uint64_t now = plan.nodes;
  struct Finish {
    std::uint64_t at;
    int worker, job_id, score;
    std::uint64_t nodes;
  };
  std::vector<Finish> pending;
  std::vector<bool> busy(workers, false);
  while (!split.finished()) {
    for (int w = 0; w < workers; ++w) {
      if (busy[w]) continue;
      const std::optional<RootJob> job = split.next_job(w);
      if (!job) continue;
      ++run.jobs;
      const auto s = solvers[w]->solve_window(job->position, job->alpha, job->beta);
      pending.push_back({now + s.nodes, w, job->id, s.score, s.nodes});
      busy[w] = true;
    }
    if (pending.empty()) break;  // nothing out and nothing to do: cannot happen; never spin
    const auto first =
        std::min_element(pending.begin(), pending.end(), [](const Finish& a, const Finish& b) { return a.at < b.at; });
    const Finish f = *first;
    pending.erase(first);
    now = f.at;
    busy[f.worker] = false;
    split.report(f.job_id, f.score, f.nodes);
  }
  run.solution = split.solution();
  run.passes = split.passes();
  run.makespan = now;
  return run;
}

}  // namespace qipan::lab
