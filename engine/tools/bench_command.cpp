// `qipan bench`: speed and determinism figures, one line per section:
//
//   bench <section> depth=<d> nodes=<n> seconds=<s> nps=<n/s>
//
// scripts/bench parses these lines (key=value, order free) to put the native
// and wasm figures side by side; `nodes` doubles as the section's signature,
// which must be identical in both builds. Sections: perft from the start
// position (move generation speed) and the fixed-depth search bench (search
// speed; its node count is the determinism signature) with the hand-made
// evaluation and with the network, and Reversi perft from
// the start (bitboard move generation and flips). Add a section by
// writing a function returning a BenchResult and listing it in kSections.
// Sections marked on_request (the FFO endgame set: about a minute; movetime,
// time figures rather than a signature) run only when named with --only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "command_flags.h"
#include "commands.h"
#include "engine/checkers/perft.h"
#include "engine/core/clock.h"
#include "engine/reversi/perft.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/search.h"
#include "ffo_bench.h"
#include "reversi_search_bench.h"
#include "search_bench.h"

namespace qipan::tools {
namespace {

struct BenchOptions {
  int perft_depth = 5;
  int search_depth = kSearchBenchDepth;
  int reversi_perft_depth = 11;
  bool verbose = false;
};

struct BenchResult {
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Legal-move-generation speed: perft from the start position (depth 5 =
// 133,312,995 leaves).
BenchResult perft_xiangqi(const BenchOptions& options) {
  BenchResult r;
  r.depth = options.perft_depth;
  xiangqi::Position pos = xiangqi::Position::start();
  const Stopwatch watch;
  r.nodes = xiangqi::perft(pos, r.depth);
  r.seconds = watch.elapsed_seconds();
  return r;
}

// Search speed and the determinism signature: fixed-depth searches of a few
// fixed positions (search_bench.cpp); the total node count is the signature.
BenchResult search_xiangqi(const BenchOptions& options) {
  const SearchBenchResult s = run_search_bench(options.search_depth, options.verbose);
  return BenchResult{s.depth, s.nodes, s.seconds};
}

// The same searches evaluated by the network (engine/xiangqi/network.h):
// its speed beside the hand-made evaluation's, and its own signature (the
// network's integer arithmetic is the same in every build).
BenchResult search_xiangqi_network(const BenchOptions& options) {
  const SearchBenchResult s = run_search_bench(options.search_depth, options.verbose, &xiangqi::network::kWeights);
  return BenchResult{s.depth, s.nodes, s.seconds};
}

// Reversi bitboard move generation: perft from the start position (depth 11 =
// 212,258,800 leaves; a forced pass is a ply, a finished game one leaf).
BenchResult perft_reversi(const BenchOptions& options) {
  BenchResult r;
  r.depth = options.reversi_perft_depth;
  const reversi::Position pos = reversi::Position::start();
  const Stopwatch watch;
  r.nodes = reversi::perft(pos, r.depth);
  r.seconds = watch.elapsed_seconds();
  return r;
}

// Reversi search speed and determinism signature: fixed-depth searches with
// probcut of a few fixed positions (reversi_search_bench.cpp).
BenchResult search_reversi(const BenchOptions& options) {
  const ReversiSearchBenchResult s = run_reversi_search_bench(kReversiSearchBenchDepth, options.verbose);
  return BenchResult{s.depth, s.nodes, s.seconds};
}

// Chinese checkers move generation (steps and deduplicated hop chains):
// perft from the 2-player start, depth 6 = 87,946,884 leaves.
BenchResult perft_checkers(const BenchOptions&) {
  BenchResult r;
  r.depth = 6;
  const checkers::Position pos = checkers::Position::start(2);
  const Stopwatch watch;
  r.nodes = checkers::perft(pos, checkers::RuleOptions{}, r.depth);
  r.seconds = watch.elapsed_seconds();
  return r;
}

// Chinese checkers search speed and determinism signature: fixed-depth
// searches from a few fixed positions (checkers_search_bench.cpp).
BenchResult search_checkers(const BenchOptions& options) {
  const CheckersBenchFigures f = run_checkers_search_bench(options.verbose);
  return BenchResult{f.depth, f.nodes, f.seconds};
}

// FFO endgame positions first..last solved exactly, one line per position
// (ffo_bench.h); nodes is the sum. #40-#49 take about a minute; #50-#59 (26
// to 34 empties) about 26 minutes natively.
template <int first, int last>
BenchResult ffo_reversi(const BenchOptions&) {
  const FfoBenchResult f = run_ffo_bench({first, last});
  return BenchResult{0, f.nodes, f.seconds};
}

// The time a search given a fixed time for its move spends (movetime_bench.cpp:
// one `movetime ...` line per game, path and budget); its own line reports only
// the seconds it took.
BenchResult movetime(const BenchOptions&) { return BenchResult{0, 0, run_movetime_bench().seconds}; }

struct Section {
  std::string_view name;
  BenchResult (*run)(const BenchOptions&);
  bool on_request = false;  // only with --only <name>
};

constexpr Section kSections[] = {
    {"perft-xiangqi", perft_xiangqi},
    {"search-xiangqi", search_xiangqi},
    {"search-xiangqi-network", search_xiangqi_network},
    {"perft-reversi", perft_reversi},
    {"search-reversi", search_reversi},
    {"perft-checkers", perft_checkers},
    {"search-checkers", search_checkers},
    {"ffo", ffo_reversi<40, 49>, true},
    {"ffo-50-59", ffo_reversi<50, 59>, true},
    {"movetime", movetime, true},
};

void print(std::string_view name, const BenchResult& r) {
  const double nps = r.seconds > 0 ? double(r.nodes) / r.seconds : 0.0;
  std::printf("bench %.*s depth=%d nodes=%llu seconds=%.3f nps=%.0f\n", int(name.size()), name.data(), r.depth,
              static_cast<unsigned long long>(r.nodes), r.seconds, nps);
  std::fflush(stdout);
}

void usage() {
  std::fprintf(stderr,
               "usage: qipan bench [--depth N] [--search-depth N] [--reversi-depth N] [--only SECTION] [--verbose]\n"
               "  --depth: xiangqi perft depth (default 5); --search-depth: search bench depth (default %d);\n"
               "  --reversi-depth: reversi perft depth (default 11)\n"
               "sections:",
               kSearchBenchDepth);
  for (const Section& s : kSections) std::fprintf(stderr, " %.*s", int(s.name.size()), s.name.data());
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
  if (const std::string error = flags.read(args, 0); !error.empty()) {
    std::fprintf(stderr, "qipan bench: %s\n", error.c_str());
    usage();
    return 2;
  }
  bool ran = false;
  for (const Section& s : kSections) {
    if (only.empty() ? s.on_request : s.name != only) continue;
    print(s.name, s.run(options));
    ran = true;
  }
  if (!ran) {
    std::fprintf(stderr, "qipan bench: no section named '%s'\n", only.c_str());
    usage();
    return 2;
  }
  return 0;
}

}  // namespace qipan::tools
