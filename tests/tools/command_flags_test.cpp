// The command-line reader of `qipan` and `qipan-lab` (engine/tools/command_flags.h):
// every word is read or refused with a sentence naming the option and the word.
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "engine/tools/command_flags.h"

using qipan::tools::CommandFlags;
using qipan::tools::joined_words;
using Words = std::vector<std::string>;

TEST_CASE("CommandFlags reads every kind of option, in any order, and says which were given") {
  long long games = 100;
  int depth = 0;
  double rate = 1.0;
  bool verbose = false;
  std::string out = "default.txt";
  std::vector<std::string> excludes, data;
  std::optional<std::pair<int, int>> window;
  CommandFlags flags;
  flags.integer("--games", 2, 1000, games).integer("--depth", 1, 64, depth).decimal("--rate", 0, HUGE_VAL, rate);
  flags.toggle("--verbose", verbose).text("--out", out).texts("--exclude", excludes).list("--data", data);
  flags.option("--window", 2, [&window](const Words& words) {
    window.emplace(std::stoi(words[0]), std::stoi(words[1]));
    return std::string();
  });
  const Words args = {"xiangqi", "--depth",     "7",      "--exclude", "a.pgn",    "--verbose",
                      "--data",  "x.txt,y.txt", "--rate", "0.25",      "--window", "-3",
                      "5",       "--exclude",   "b.pgn",  "--out",     "o.txt"};
  CHECK(flags.read(args) == "");
  CHECK(depth == 7);
  CHECK(games == 100);
  CHECK(rate == 0.25);
  CHECK(verbose);
  CHECK(out == "o.txt");
  CHECK(excludes == Words{"a.pgn", "b.pgn"});
  CHECK(data == Words{"x.txt", "y.txt"});
  CHECK(window == std::pair{-3, 5});
  CHECK(flags.given("--depth"));
  CHECK(flags.given("--window"));
  CHECK_FALSE(flags.given("--games"));
  CHECK(joined_words(args).rfind("xiangqi --depth 7 --exclude a.pgn", 0) == 0);
}

TEST_CASE("CommandFlags refuses each mistake with a sentence naming the option and the word") {
  long long games = 100;
  double wdl = 0.3;
  std::vector<std::string> data;
  const auto read = [&](const Words& args) {
    CommandFlags flags;
    flags.integer("--games", 2, 1000, games).decimal("--wdl", 0, 1, wdl).list("--data", data);
    flags.option("--resign", 2, [](const Words& words) {
      return words[0] == words[1] ? std::string() : "takes two equal words, not '" + words[0] + " " + words[1] + "'";
    });
    return flags.read(args, 0);
  };
  CHECK(read({"--games", "x"}) == "--games takes a whole number from 2 to 1000, not 'x'");
  CHECK(read({"--games", "1"}) == "--games takes a whole number from 2 to 1000, not '1'");
  CHECK(read({"--games", "12abc"}) == "--games takes a whole number from 2 to 1000, not '12abc'");
  CHECK(read({"--games", ""}) == "--games takes a whole number from 2 to 1000, not ''");
  CHECK(read({"--games"}) == "--games takes a value");
  CHECK(read({"--resign", "4"}) == "--resign takes 2 values");
  CHECK(read({"--resign", "4", "5"}) == "--resign takes two equal words, not '4 5'");
  CHECK(read({"--wdl", "1.5"}) == "--wdl takes a number from 0 to 1, not '1.5'");
  CHECK(read({"--wdl", "nan"}) == "--wdl takes a number from 0 to 1, not 'nan'");
  CHECK(read({"--data", "a,,b"}) == "--data has an empty item in 'a,,b'");
  CHECK(read({"--gmaes", "10"}) == "unknown option '--gmaes'");
  CHECK(read({"10"}) == "unknown option '10'");
  // A refused word leaves its option's value as it was.
  CHECK(games == 100);
  CHECK(wdl == 0.3);
  CHECK(data.empty());
  CHECK(read({"--games", "1000", "--wdl", "1"}) == "");
  CHECK(games == 1000);
  CHECK(wdl == 1);
}

TEST_CASE("CommandFlags hands words no option claims to the loose-word reader, options first") {
  std::string board;
  bool all = false;
  CommandFlags flags;
  flags.toggle("--all", all).loose_words([&board](const std::string& word) {
    if (!board.empty()) return std::string("is a second board");
    if (word.size() < 5) return std::string("is too short for a board");
    board = word;
    return std::string();
  });
  CHECK(flags.read({"reversi", "--all", "--x-o-x"}) == "");
  CHECK(all);
  CHECK(board == "--x-o-x");
  CHECK(flags.read({"reversi", "--second"}) == "'--second' is a second board");
  board.clear();
  CHECK(flags.read({"reversi", "abc"}) == "'abc' is too short for a board");
  // A short word of dashes is a mistyped option; a 64-square board may start with dashes.
  CHECK(CommandFlags::looks_like_option("--divde"));
  CHECK_FALSE(CommandFlags::looks_like_option("-1"));
  CHECK_FALSE(CommandFlags::looks_like_option(std::string(64, '-') + " X"));
  CommandFlags strict;
  CHECK(strict.read({"reversi", "abc"}) == "unknown option 'abc'");
}
