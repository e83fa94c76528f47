// Hands the searcher its moves one at a time, best guess first, generating
// them in stages so that a node cut off by its first move never generates the
// rest: the table move, then captures that do not lose material (static
// exchange, see.h) ordered by victim and capture history, the two killers and
// the counter move, the quiet moves ordered by butterfly and continuation
// history, and last the losing captures. In check every move is an evasion
// and all of them are scored at once; the quiescence search asks only for
// captures (or every evasion in check).
//
// Moves are pseudo-legal: the searcher still filters them for legality.
#pragma once

#include <array>

#include "history.h"
#include "movegen.h"

namespace qipan::xiangqi {

class MovePicker {
 public:
  // For the main search. cont[i] is the continuation table of the move i+1
  // plies back (index 2 = 3 plies back is unused).
  void start_main(const Position& pos, Move tt_move, const HistoryTables& history,
                  const std::array<const PieceToHistory*, 4>& cont, Move killer0, Move killer1, Move counter,
                  bool in_check);
  // For the quiescence search: captures only (every evasion in check).
  void start_quiescence(const Position& pos, Move tt_move, const HistoryTables& history,
                        const std::array<const PieceToHistory*, 4>& cont, bool in_check);

  // The next move, or none at the end. With skip_quiets the quiet stages
  // (killers, counter move, quiets) are passed over.
  Move next(bool skip_quiets = false);

  // Score of the move next() returned last (history-based for quiets).
  int last_score() const { return last_score_; }

 private:
  enum Stage : std::uint8_t {
    kMainTT,
    kGenCaptures,
    kGoodCaptures,
    kKiller0,
    kKiller1,
    kCounter,
    kGenQuiets,
    kQuiets,
    kBadCaptures,
    kEvasionTT,
    kGenEvasions,
    kEvasions,
    kQsTT,
    kQsGenCaptures,
    kQsCaptures,
    kDone,
  };

  void score_captures(std::size_t begin);
  void score_quiets(std::size_t begin);
  std::size_t pick_best(std::size_t begin, std::size_t end);
  bool special(Move m) const { return m == tt_move_ || m == killers_[0] || m == killers_[1] || m == counter_; }

  const Position* pos_ = nullptr;
  const HistoryTables* history_ = nullptr;
  std::array<const PieceToHistory*, 4> cont_{};
  Move tt_move_, counter_;
  std::array<Move, 2> killers_{};
  Stage stage_ = kDone;
  MoveList moves_;
  std::array<int, kMaxMoves> scores_{};
  std::size_t cur_ = 0, end_ = 0;
  std::size_t bad_end_ = 0;  // losing captures kept at the front, [0, bad_end_)
  std::size_t bad_cur_ = 0;
  int last_score_ = 0;
};

}  // namespace qipan::xiangqi
