// `qipan bench`: speed and determinism figures, one line per section:
//
//   bench <section> depth=<d> nodes=<n> seconds=<s> nps=<n/s>
//
// scripts/bench parses these lines (key=value, order free) to put the native
// and wasm figures side by side; `nodes` doubles as the section's signature,
// which must be identical in both builds (bench-signature.txt). Each game
// declares its sections in engine/<game>/bench/sections.h (perft from the
// start: move generation speed; a fixed-depth search bench: search speed and
// the determinism signature); kGames lists the games in the order they run.
// Sections marked on_request (the FFO endgame sets: about a minute; movetime,
// time figures rather than a signature) run only when named with --only.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "bench_section.h"
#include "command_flags.h"
#include "commands.h"
#include "engine/checkers/bench/sections.h"
#include "engine/reversi/bench/sections.h"
#include "engine/xiangqi/bench/sections.h"
#include "engine/xiangqi/search.h"

namespace qipan::tools {
namespace {

constexpr BenchSections (*kGames[])() = {
    xiangqi::bench_sections,
    reversi::bench_sections,
    checkers::bench_sections,
};

// The time a search given a fixed time for its move spends (movetime_bench.cpp:
// one `movetime ...` line per game, path and budget); its own line reports only
// the seconds it took.
BenchResult movetime(const BenchOptions&) { return BenchResult{0, 0, run_movetime_bench().seconds}; }

constexpr BenchSection kToolSections[] = {
    {"movetime", movetime, true},
};

// Every section: the games' in kGames order, then the tool's own.
std::vector<BenchSection> all_sections() {
  std::vector<BenchSection> sections;
  for (BenchSections (*game)() : kGames)
    for (const BenchSection& s : game()) sections.push_back(s);
  for (const BenchSection& s : kToolSections) sections.push_back(s);
  return sections;
}

void print(std::string_view name, const BenchResult& r) {
  const double nps = r.seconds > 0 ? double(r.nodes) / r.seconds : 0.0;
  std::printf("bench %.*s depth=%d nodes=%llu seconds=%.3f nps=%.0f\n", int(name.size()), name.data(), r.depth,
              static_cast<unsigned long long>(r.nodes), r.seconds, nps);
  std::fflush(stdout);
}

// Lists the sections that run by default first, then those run on request.
void usage(const std::vector<BenchSection>& sections) {
  std::fprintf(stderr,
               "usage: qipan bench [--depth N] [--search-depth N] [--reversi-depth N] [--only SECTION] [--verbose]\n"
               "  --depth: xiangqi perft depth (default %d); --search-depth: search bench depth (default %d);\n"
               "  --reversi-depth: reversi perft depth (default %d)\n"
               "sections:",
               BenchOptions{}.perft_depth, BenchOptions{}.search_depth, BenchOptions{}.reversi_perft_depth);
  for (const bool on_request : {false, true})
    for (const BenchSection& s : sections)
      if (s.on_request == on_request) std::fprintf(stderr, " %.*s", int(s.name.size()), s.name.data());
  std::fprintf(stderr, "\n");
}

}  // namespace

int bench_command(const Args& args) {
  BenchOptions options;
  std::string only;
  CommandFlags flags;
  flags.integer("--reversi-depth", 1, 14, options.reversi_perft_depth).integer("--depth", 1, 12, options.perft_depth);
  flags.integer("--search-depth", 1, xiangqi::kMaxSearchDepth, options.search_depth);
  flags.toggle("--verbose", options.verbose).text("--only", only);
  const std::vector<BenchSection> sections = all_sections();
  if (const std::string error = flags.read(args, 0); !error.empty()) {
    std::fprintf(stderr, "qipan bench: %s\n", error.c_str());
    usage(sections);
    return 2;
  }
  bool ran = false;
  for (const BenchSection& s : sections) {
    if (only.empty() ? s.on_request : s.name != only) continue;
    print(s.name, s.run(options));
    ran = true;
  }
  if (!ran) {
    std::fprintf(stderr, "qipan bench: no section named '%s'\n", only.c_str());
    usage(sections);
    return 2;
  }
  return 0;
}

}  // namespace qipan::tools
