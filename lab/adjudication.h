// Ending an engine game early when both engines agree on how it ends, as
// engine testers do to save the hours a long game spends converting a won
// position or shuffling in a dead draw (at 2 s a move a xiangqi game against
// Fairy-Stockfish runs 250-370 plies).
//
// The referee (xiangqi_engine_match.cpp) reports every engine move with the
// score the engine gave for it. A side wins by adjudication when, for the
// last `resign_moves` moves of each engine, both engines said that side was
// ahead by at least `resign_cp` (a mate for it counts as beyond any score).
// A game is drawn by adjudication when, from full move `draw_from_move` on,
// both engines gave scores within +-`draw_cp` for their last `draw_moves`
// moves. A move with no score (a book move) breaks every streak. Each engine
// is read in its own units: the rule asks for agreement, not for a scale.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "engine/tools/command_flags.h"

namespace qipan::lab {

struct AdjudicationRules {
  int resign_moves = 0;  // 0: no win adjudication
  int resign_cp = 0;
  int draw_from_move = 0;
  int draw_moves = 0;  // 0: no draw adjudication
  int draw_cp = 0;
};

// The readers (CommandFlags) of `--resign N CP`: a win after N moves each at
// CP or more; and of `--draw FROM N CP`: a draw from move FROM after N moves
// each within +-CP.
inline tools::CommandFlags::Reader adjudication_resign(AdjudicationRules& rules) {
  return [&rules](const std::vector<std::string>& words) {
    long long moves = 0, cp = 0;
    if (!tools::parse_integer(words[0], 1, 1000, moves) || !tools::parse_integer(words[1], 1, 1000000, cp))
      return "takes N CP (N 1-1000 moves, CP 1-1000000), not '" + words[0] + " " + words[1] + "'";
    rules.resign_moves = int(moves), rules.resign_cp = int(cp);
    return std::string();
  };
}

inline tools::CommandFlags::Reader adjudication_draw(AdjudicationRules& rules) {
  return [&rules](const std::vector<std::string>& words) {
    long long from = 0, moves = 0, cp = 0;
    if (!tools::parse_integer(words[0], 0, 10000, from) || !tools::parse_integer(words[1], 1, 1000, moves) ||
        !tools::parse_integer(words[2], 0, 1000000, cp))
      return "takes FROM N CP (FROM 0-10000, N 1-1000 moves, CP 0-1000000), not '" + words[0] + " " + words[1] + " " +
             words[2] + "'";
    rules.draw_from_move = int(from), rules.draw_moves = int(moves), rules.draw_cp = int(cp);
    return std::string();
  };
}

// A score as an engine reports it (`score cp N` or `score mate N`), from the
// point of view of the side it moved for.
struct ReportedScore {
  bool mate = false;
  int value = 0;  // centipawns, or moves to mate (negative: being mated)
};

enum class Verdict { kFirstSideWins, kSecondSideWins, kDraw };

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

  // After a move by `engine` (0 or 1) for side `mover` (0 or 1: which side of
  // the board; the verdict names the winner the same way), with the score
  // the engine reported, when `full_moves` full moves have been played.
  std::optional<Verdict> after_move(int engine, int mover, const std::optional<ReportedScore>& score, int full_moves) {
    Streaks& s = streaks_[std::size_t(engine)];
    if (!score) {
      s = {};
      return std::nullopt;
    }
    // The first side's view; a mate is beyond any threshold.
    const long long own = score->mate ? (score->value > 0 ? kMateWeight : -kMateWeight) : score->value;
    const long long first_view = mover == 0 ? own : -own;
    s.first_ahead = first_view >= rules_.resign_cp ? s.first_ahead + 1 : 0;
    s.second_ahead = -first_view >= rules_.resign_cp ? s.second_ahead + 1 : 0;
    s.level = full_moves >= rules_.draw_from_move && std::llabs(first_view) <= rules_.draw_cp ? s.level + 1 : 0;
    const auto both = [&](int Streaks::*streak, int needed) {
      return needed > 0 && std::min(streaks_[0].*streak, streaks_[1].*streak) >= needed;
    };
    if (both(&Streaks::first_ahead, rules_.resign_moves)) return Verdict::kFirstSideWins;
    if (both(&Streaks::second_ahead, rules_.resign_moves)) return Verdict::kSecondSideWins;
    if (both(&Streaks::level, rules_.draw_moves)) return Verdict::kDraw;
    return std::nullopt;
  }

 private:
  static constexpr long long kMateWeight = 1LL << 40;
  struct Streaks {
    int first_ahead = 0, second_ahead = 0, level = 0;
  };
  AdjudicationRules rules_;
  std::array<Streaks, 2> streaks_{};
};

}  // namespace qipan::lab
