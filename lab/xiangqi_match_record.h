// The engine match's PGN file: each game's record is appended as the game
// ends, so a long match stopped early keeps what it played, and `--resume`
// reads the records back to play only the games still missing (with several
// games at once, games end out of order: a stopped match has gaps).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace qipan::lab {

struct MatchGameRecord {
  int number = 0;                  // 1-based; it chose the opening and the colours
  bool a_red = true;               // engine A played red
  int result_for_a = 0;            // +1 A won, 0 draw, -1 A lost
  std::string reason;              // the Termination tag
  std::vector<std::string> moves;  // ICCS, from the start position
  // A comment after each move (none where empty or missing): what the
  // engine said of it.
  std::vector<std::string> comments;
};

// The result as PGN writes it, from red's side: "1-0", "0-1" or "1/2-1/2".
std::string pgn_result(bool a_red, int result_for_a);

// The record as PGN text (tags, the moves in ICCS with their comments in
// braces, the result), ending in a blank line.
std::string match_game_pgn(const MatchGameRecord& game);

// The games recorded in a match PGN file, in file order, a game number seen
// twice counted once (the first record); none when there is no such file.
// Only the tags are read (`moves` stays empty); a record without a game
// number, colours or result is an error, with its line.
struct MatchRecords {
  std::vector<MatchGameRecord> games;
  std::string error;  // empty when the file was read
};
MatchRecords read_match_records(const std::string& path);

}  // namespace qipan::lab
