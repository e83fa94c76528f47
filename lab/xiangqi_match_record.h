// The engine match's PGN file: each game's record is appended as the game
// ends, so a long match stopped early keeps what it played, and `--resume`
// reads the records back to play only the games still missing (with several
// games at once, games end out of order: a stopped match has gaps).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "adjudication.h"

namespace qipan::lab {

struct MatchGameRecord {
  int number = 0;                  // 1-based; it chose the opening and the colours
  bool a_red = true;               // engine A played red
  int result_for_a = 0;            // +1 A won, 0 draw, -1 A lost
  std::string reason;              // the Termination tag
  std::string rules;               // the Rules tag: the repetition rules played ("asian"; empty: not recorded)
  std::vector<std::string> moves;  // ICCS, from the start position
  // A comment after each move (none where empty or missing): what the
  // engine said of it.
  std::vector<std::string> comments;
};

// What an engine said of its move, as the record's comment writes it:
// "+0.37/18 1.99s" (the mover's score in pawns, the depth, the time), "+M3"
// a mate in 3 for the mover, "-M3" against it, "?" no score.
struct MoveNote {
  std::optional<ReportedScore> score;
  int depth = 0;
  std::int64_t ms = 0;  // read back to the comment's hundredths of a second
};
std::string move_comment(const MoveNote& note);
// The note a comment holds; none for a comment not in that form.
std::optional<MoveNote> read_move_comment(const std::string& comment);

// A side's thinking over a match: its moves, their time and depth summed.
struct SideFigures {
  std::int64_t ms = 0;
  long long moves = 0;
  long long depth = 0;

  void add(const MoveNote& note) { ms += note.ms, depth += note.depth, moves += 1; }
  void add(const SideFigures& other) { ms += other.ms, depth += other.depth, moves += other.moves; }
  double ms_per_move() const { return moves ? double(ms) / double(moves) : 0.0; }
  double depth_per_move() const { return moves ? double(depth) / double(moves) : 0.0; }
};
// Adds the notes of a recorded game's moves to A's figures (figures[0]) and
// B's (figures[1]); book moves carry none.
void add_recorded_figures(const MatchGameRecord& game, SideFigures figures[2]);

// The result as PGN writes it, from red's side: "1-0", "0-1" or "1/2-1/2".
std::string pgn_result(bool a_red, int result_for_a);

// The record as PGN text (tags, the moves in ICCS with their comments in
// braces, the result), ending in a blank line. A game lost by the repetition
// rules says so in its Termination tag ("perpetual_chase"; the loser is the
// side the Result names) and the rules it was played under in its Rules tag;
// `qipan rule xiangqi --rules R startpos MOVES` prints the cycle.
std::string match_game_pgn(const MatchGameRecord& game);

// The games recorded in a match PGN file, in file order, a game number seen
// twice counted once (the first record); none when there is no such file.
// The tags are read and checked (a record without a game number, colours or
// result is an error, with its line), and the movetext's moves and comments
// as written (a resumed match counts each side's time and depth from them).
struct MatchRecords {
  std::vector<MatchGameRecord> games;
  std::string error;  // empty when the file was read
};
MatchRecords read_match_records(const std::string& path);

}  // namespace qipan::lab
