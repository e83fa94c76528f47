#include "repetition_rules.h"

#include "bits90.h"
#include "movegen.h"

namespace qipan::xiangqi {
namespace {

// The legal moves of the side to move, less captures of the other general.
// The rules ask what a side threatens after its own move, the opponent
// passing, so the position may have the other general in check: taking it is
// no threat, and making that move would leave a position without a general.
void legal_moves(const Position& pos, MoveList& out, GenKind kind = GenKind::kAll) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo, kind);
  const LegalityFilter filter(pos);
  Position scratch = pos;
  for (Move m : pseudo)
    if (type_of(pos.at(m.to())) != kKing && filter.legal(scratch, m)) out.push(m);
}

// Can the side to move of `pos` legally capture on `square`? A protector that
// is pinned, or whose recapture would face the generals, is no protector (a
// "false root").
bool can_recapture(const Position& pos, Square square) {
  MoveList captures;
  legal_moves(pos, captures, GenKind::kCaptures);
  for (Move m : captures)
    if (m.to() == square) return true;
  return false;
}

// After `capture` (the attacker takes the target), can the target's side take back?
bool protected_against(const Position& pos, Move capture) {
  Position after = pos;
  Undo undo;
  after.make(capture, undo);
  return can_recapture(after, capture.to());
}

// Could the target, were it its side's turn, take the attacker back at once?
// Between equal pieces that is an offer to exchange, not a chase.
bool mutual_attack(const Position& pos, Move capture) {
  Position flipped = pos;
  Undo undo;
  flipped.make_null(undo);
  return is_legal(flipped, Move(capture.to(), capture.from()));
}

// Is the attacker held in place by the horse it attacks: can it make no legal
// move but the capture? A chariot that cannot move because it blocks the
// horse's leg towards its general does not chase that horse when another
// piece's move, answering an attack on the chariot, opens it (Asian rules,
// rule 19; WXF diagrams 39-41); it does when it moves there itself (WXF
// diagram 50).
bool held_by_horse(const Position& before, const Position& pos, Chase c) {
  if (type_of(pos.at(c.target)) != kHorse) return false;
  // The excuse is for a chariot that was itself attacked before the move
  // (diagrams 39-41: the move answers a chase); one left in peace chases the
  // horse it holds as any piece does (the appendix example: a pawn keeps the
  // horse unprotected).
  if (!before.attacked(c.attacker, color_of(pos.at(c.target)))) return false;
  MoveList legal;
  legal_moves(pos, legal);
  for (Move m : legal)
    if (m.from() == c.attacker && m.to() != c.target) return false;
  return true;
}

// The position with the other side to move (the mover of the last move asks
// what it now threatens). Never called on a position in check.
Position passed(const Position& pos) {
  Position out = pos;
  Undo undo;
  out.make_null(undo);
  return out;
}

bool contains(const ChaseList& list, Chase c) { return list.contains(c); }

// The new threats a quiet, non-checking move makes: those of the position
// after it that did not exist before it (the moved piece followed to its new
// square) and that the opponent's reply answered (a threat left standing after
// the reply was not one the mover pressed).
ChaseList new_threats(RuleSet rules, const Position& before, Move move, const Position& after,
                      const Position& after_reply) {
  ChaseList old = threats(before);
  for (Chase& c : old)
    if (c.attacker == move.from()) c.attacker = move.to();
  const Position attacking = passed(after);
  const ChaseList now = threats(attacking);
  const ChaseList still = threats(after_reply);
  ChaseList out;
  for (Chase c : now) {
    if (contains(old, c) || (rules != RuleSet::kChinese && contains(still, c))) continue;
    if (c.attacker != move.to() && held_by_horse(before, attacking, c)) continue;
    out.push(c);
  }
  return out;
}

// The pieces a side has chased so far in a cycle, followed as they move:
// those chased by every one of its moves (a perpetual chase under the Asian
// rules is of one piece, or the same pieces; chasing two in turn is allowed,
// rules 16, 32, 33), or by any of them (the Chinese rules).
class ChasedPieces {
 public:
  enum Mode { kEvery, kAny };
  explicit ChasedPieces(Mode mode) : mode_(mode) {}
  void chased(const ChaseList& chases) {
    SquareSet targets;
    for (const Chase& c : chases) targets.insert(c.target);
    if (mode_ == kAny) set_ |= targets;
    else set_ = started_ ? set_ & targets : targets;
    started_ = true;
  }
  void moved(Move m) {
    if (!set_.contains(m.from())) return;
    set_.erase(m.from());
    set_.insert(m.to());
  }
  bool any() const { return started_ && !set_.empty(); }
  const SquareSet& squares() const { return set_; }

 private:
  Mode mode_;
  SquareSet set_;
  bool started_ = false;
};

struct SideTally {
  int moves = 0;
  int checks = 0;
  int chasing = 0;                                // moves that chase, checking or not
  int attacks = 0;                                // moves that check or chase
  ChasedPieces every_move{ChasedPieces::kEvery};  // empty once a move chases nothing
  ChasedPieces any_move{ChasedPieces::kAny};
};

Violation violation_of(RuleSet rules, const SideTally& t) {
  if (t.moves == 0) return Violation::kNone;
  if (t.checks == t.moves) return Violation::kPerpetualCheck;
  if (rules == RuleSet::kSimple) return Violation::kNone;
  // The Chinese rules count a side that chases on every move, whichever
  // piece (CXA example 44: chasing two unprotected pieces in turn is 长捉);
  // the Asian rules only a chase of the same piece.
  if (rules == RuleSet::kChinese ? t.chasing == t.moves : t.every_move.any()) return Violation::kPerpetualChase;
  if (rules == RuleSet::kChinese && t.attacks == t.moves) return Violation::kOneCheckOneChase;
  return Violation::kNone;
}

}  // namespace

std::string_view rule_set_code(RuleSet rules) {
  switch (rules) {
    case RuleSet::kAsian: return "asian";
    case RuleSet::kChinese: return "chinese";
    case RuleSet::kSimple: return "simple";
  }
  return "asian";
}

std::optional<RuleSet> parse_rule_set(std::string_view code) {
  for (RuleSet r : {RuleSet::kAsian, RuleSet::kChinese, RuleSet::kSimple})
    if (rule_set_code(r) == code) return r;
  return std::nullopt;
}

std::string_view violation_code(Violation v) {
  switch (v) {
    case Violation::kNone: return "none";
    case Violation::kPerpetualCheck: return "perpetual_check";
    case Violation::kPerpetualChase: return "perpetual_chase";
    case Violation::kOneCheckOneChase: return "one_check_one_chase";
  }
  return "none";
}

ChaseList threats(const Position& pos) {
  ChaseList out;
  MoveList captures;
  legal_moves(pos, captures, GenKind::kCaptures);
  for (Move m : captures) {
    const PieceType attacker = type_of(pos.at(m.from()));
    const Piece target_piece = pos.at(m.to());
    const PieceType target = type_of(target_piece);
    // The general and soldiers may chase; the general is checked, not chased;
    // a soldier on its own side of the river may be chased.
    if (attacker == kKing || attacker == kPawn || target == kKing) continue;
    if (target == kPawn && !crossed_river(color_of(target_piece), m.to())) continue;
    if (attacker == target && mutual_attack(pos, m)) continue;
    const bool chariot_by_minor = target == kRook && (attacker == kHorse || attacker == kCannon);
    if (!chariot_by_minor && protected_against(pos, m)) continue;
    if (out.size() < 16) out.push({m.from(), m.to()});
  }
  return out;
}

CycleJudgement judge_cycle(RuleSet rules, const Position& start, std::span<const Move> cycle,
                           std::span<ClassifiedMove> moves) {
  CycleJudgement out;
  const std::size_t n = cycle.size();
  if (n == 0) return out;
  const bool details = moves.size() >= n;
  // The positions are made as the cycle is walked, a few at a time (the
  // search calls this too: no allocation). The cycle returns to `start`, so
  // the reply to the last move is the first move again.
  Position first_reply = start;
  Undo undo;
  first_reply.make(cycle[0], undo);
  Position before = start;
  std::array<SideTally, 2> tally{};
  for (std::size_t k = 0; k < n; ++k) {
    Position after = before;
    after.make(cycle[k], undo);
    const Color mover = before.side_to_move();
    SideTally& t = tally[mover];
    ++t.moves;
    // A side with an idle move has broken every pattern: skip its moves
    // unless the details are wanted.
    if (t.attacks == t.moves - 1 || details) {
      ClassifiedMove c{cycle[k], mover, after.in_check() ? MoveKind::kCheck : MoveKind::kIdle, {}};
      // A checking move may chase as well (what it would win once the check
      // is answered), and so may a move out of check (WXF diagram 37).
      if (rules != RuleSet::kSimple) {
        Position reply = after;
        if (k + 1 < n) reply.make(cycle[k + 1], undo);
        c.chases = new_threats(rules, before, cycle[k], after, k + 1 < n ? reply : first_reply);
        if (!c.chases.empty() && c.kind == MoveKind::kIdle) c.kind = MoveKind::kChase;
      }
      t.checks += c.kind == MoveKind::kCheck;
      t.attacks += c.kind != MoveKind::kIdle;
      t.chasing += !c.chases.empty();
      t.every_move.chased(c.chases);
      t.any_move.chased(c.chases);
      if (details) moves[k] = c;
    }
    for (SideTally& side : tally) {
      side.every_move.moved(cycle[k]);
      side.any_move.moved(cycle[k]);
    }
    before = after;
  }
  for (Color side : {kRed, kBlack}) {
    out.violation[side] = violation_of(rules, tally[side]);
    if (out.violation[side] == Violation::kPerpetualChase || out.violation[side] == Violation::kOneCheckOneChase)
      out.chased[side] = rules == RuleSet::kChinese ? tally[side].any_move.squares() : tally[side].every_move.squares();
  }
  // One side violating loses. When both do, a perpetual check is the graver:
  // against a perpetual chase (or one check one chase) the checking side must
  // change; two violations of the same weight are a draw.
  const auto weight = [](Violation v) { return v == Violation::kNone ? 0 : v == Violation::kPerpetualCheck ? 2 : 1; };
  const int red = weight(out.violation[kRed]), black = weight(out.violation[kBlack]);
  if (red != black) out.loser = red > black ? kRed : kBlack;
  return out;
}

}  // namespace qipan::xiangqi
