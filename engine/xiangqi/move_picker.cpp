#include "move_picker.h"

#include "move_check.h"
#include "see.h"

namespace qipan::xiangqi {

void MovePicker::start_main(const Position& pos, Move tt_move, const HistoryTables& history,
                            const std::array<const PieceToHistory*, 4>& cont, Move killer0, Move killer1, Move counter,
                            bool in_check) {
  pos_ = &pos;
  history_ = &history;
  cont_ = cont;
  tt_move_ = tt_move.is_none() || !pseudo_legal(pos, tt_move) ? Move() : tt_move;
  killers_ = {killer0, killer1};
  counter_ = counter == killer0 || counter == killer1 ? Move() : counter;
  stage_ = in_check ? kEvasionTT : kMainTT;
  if (tt_move_.is_none()) stage_ = Stage(stage_ + 1);
  moves_.clear();
  cur_ = end_ = bad_end_ = bad_cur_ = 0;
}

void MovePicker::start_quiescence(const Position& pos, Move tt_move, const HistoryTables& history,
                                  const std::array<const PieceToHistory*, 4>& cont, bool in_check) {
  pos_ = &pos;
  history_ = &history;
  cont_ = cont;
  const bool usable = !tt_move.is_none() && pseudo_legal(pos, tt_move) && (in_check || pos.at(tt_move.to()) != kEmpty);
  tt_move_ = usable ? tt_move : Move();
  killers_ = {};
  counter_ = Move();
  stage_ = in_check ? kEvasionTT : kQsTT;
  if (tt_move_.is_none()) stage_ = Stage(stage_ + 1);
  moves_.clear();
  cur_ = end_ = bad_end_ = bad_cur_ = 0;
}

void MovePicker::score_captures(std::size_t begin) {
  const Position& pos = *pos_;
  for (std::size_t i = begin; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    const Piece moving = pos.at(m.from()), victim = pos.at(m.to());
    scores_[i] = 16 * see_value(victim) + history_->capture[moving][m.to()][type_of(victim)];
  }
}

void MovePicker::score_quiets(std::size_t begin) {
  const Position& pos = *pos_;
  const Color us = pos.side_to_move();
  for (std::size_t i = begin; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    const Piece moving = pos.at(m.from());
    const Square to = m.to();
    scores_[i] = 2 * history_->butterfly[us][m.from()][to] + 2 * (*cont_[0])[moving][to] + (*cont_[1])[moving][to] +
                 (*cont_[3])[moving][to];
  }
}

std::size_t MovePicker::pick_best(std::size_t begin, std::size_t end) {
  std::size_t best = begin;
  for (std::size_t j = begin + 1; j < end; ++j)
    if (scores_[j] > scores_[best]) best = j;
  std::swap(moves_[begin], moves_[best]);
  std::swap(scores_[begin], scores_[best]);
  return begin;
}

Move MovePicker::next(bool skip_quiets) {
  const Position& pos = *pos_;
  for (;;) {
    switch (stage_) {
      case kMainTT:
      case kEvasionTT:
      case kQsTT:
        stage_ = Stage(stage_ + 1);
        last_score_ = 1 << 30;
        return tt_move_;

      case kGenCaptures:
      case kQsGenCaptures: {
        moves_.clear();
        generate_pseudo_legal(pos, moves_, GenKind::kCaptures);
        // Drop the table move (already tried) by swapping in the last move.
        for (std::size_t i = 0; i < moves_.size(); ++i)
          if (moves_[i] == tt_move_) {
            moves_[i] = moves_[moves_.size() - 1];
            moves_.truncate(moves_.size() - 1);
            break;
          }
        score_captures(0);
        cur_ = bad_end_ = 0;
        end_ = moves_.size();
        stage_ = Stage(stage_ + 1);
        break;
      }

      case kGoodCaptures:
        while (cur_ < end_) {
          const std::size_t i = pick_best(cur_++, end_);
          const Move m = moves_[i];
          if (see_ge(pos, m, -scores_[i] / 20)) {
            last_score_ = scores_[i];
            return m;
          }
          // A losing capture waits for the end, in order, at the front.
          std::swap(moves_[bad_end_], moves_[i]);
          std::swap(scores_[bad_end_], scores_[i]);
          ++bad_end_;
        }
        stage_ = kKiller0;
        break;

      case kKiller0:
      case kKiller1:
      case kCounter: {
        const Move m = stage_ == kCounter ? counter_ : killers_[stage_ - kKiller0];
        stage_ = Stage(stage_ + 1);
        if (skip_quiets || m.is_none() || m == tt_move_ || (stage_ == kKiller1 + 1 && m == killers_[0])) break;
        if (!pseudo_legal(pos, m) || pos.at(m.to()) != kEmpty) break;
        last_score_ = 1 << 20;
        return m;
      }

      case kGenQuiets: {
        stage_ = kQuiets;
        if (skip_quiets) break;
        // Quiets go after the captures (kept for the losing ones).
        moves_.truncate(bad_end_);
        MoveList quiets;
        generate_pseudo_legal(pos, quiets, GenKind::kQuiets);
        for (Move m : quiets)
          if (!special(m)) moves_.push(m);
        score_quiets(bad_end_);
        cur_ = bad_end_;
        end_ = moves_.size();
        // Sorted once (insertion sort: the lists are short), then handed out in order.
        for (std::size_t i = cur_ + 1; i < end_; ++i) {
          const Move m = moves_[i];
          const int score = scores_[i];
          std::size_t j = i;
          for (; j > cur_ && scores_[j - 1] < score; --j) {
            moves_[j] = moves_[j - 1];
            scores_[j] = scores_[j - 1];
          }
          moves_[j] = m;
          scores_[j] = score;
        }
        break;
      }

      case kQuiets:
        if (!skip_quiets && cur_ < end_) {
          last_score_ = scores_[cur_];
          return moves_[cur_++];
        }
        stage_ = kBadCaptures;
        bad_cur_ = 0;
        break;

      case kBadCaptures:
        if (bad_cur_ < bad_end_) {
          last_score_ = scores_[bad_cur_];
          return moves_[bad_cur_++];
        }
        stage_ = kDone;
        break;

      case kGenEvasions: {
        moves_.clear();
        generate_pseudo_legal(pos, moves_, GenKind::kAll);
        const Color us = pos.side_to_move();
        for (std::size_t i = 0; i < moves_.size(); ++i) {
          const Move m = moves_[i];
          const Piece moving = pos.at(m.from()), victim = pos.at(m.to());
          if (m == tt_move_) scores_[i] = -(1 << 30);  // already tried: sorts last, skipped below
          else if (victim != kEmpty) scores_[i] = (1 << 26) + 16 * see_value(victim) - see_value(moving) / 16;
          else scores_[i] = history_->butterfly[us][m.from()][m.to()] + (*cont_[0])[moving][m.to()];
        }
        cur_ = 0;
        end_ = moves_.size();
        stage_ = kEvasions;
        break;
      }

      case kEvasions:
        while (cur_ < end_) {
          const std::size_t i = pick_best(cur_++, end_);
          if (moves_[i] == tt_move_) continue;
          last_score_ = scores_[i];
          return moves_[i];
        }
        stage_ = kDone;
        break;

      case kQsCaptures:
        if (cur_ < end_) {
          const std::size_t i = pick_best(cur_++, end_);
          last_score_ = scores_[i];
          return moves_[i];
        }
        stage_ = kDone;
        break;

      case kDone: return Move();
    }
  }
}

}  // namespace qipan::xiangqi
