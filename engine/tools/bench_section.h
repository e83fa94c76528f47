// One section of `qipan bench` (bench_command.cpp): a named run that reports
// a depth, a node count and its time. Each game declares its own sections in
// engine/<game>/bench/sections.h; bench_command.cpp lists the games.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace qipan::tools {

// The options of `qipan bench` that the sections read.
struct BenchOptions {
  int perft_depth = 5;           // xiangqi perft (--depth)
  int search_depth = 11;         // the xiangqi search bench (--search-depth): about a second natively
  int reversi_perft_depth = 11;  // --reversi-depth
  bool verbose = false;          // one line per position where a section has them
};

struct BenchResult {
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct BenchSection {
  std::string_view name;
  BenchResult (*run)(const BenchOptions&);
  bool on_request = false;  // only with --only <name>
};

// A game's sections, in the order they run.
using BenchSections = std::span<const BenchSection>;

}  // namespace qipan::tools
