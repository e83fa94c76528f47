#include "repetition_rules.h"

#include "movegen.h"

namespace qipan::xiangqi {
namespace {

// Can the side to move of `pos` legally capture on `square`? A protector that
// is pinned, or whose recapture would face the generals, is no protector (a
// "false root").
bool can_recapture(const Position& pos, Square square) {
  MoveList captures;
  generate_legal(pos, captures, GenKind::kCaptures);
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
ChaseList new_threats(const Position& before, Move move, const Position& after, const Position& after_reply) {
  ChaseList old = threats(before);
  for (Chase& c : old)
    if (c.attacker == move.from()) c.attacker = move.to();
  const ChaseList now = threats(passed(after));
  const ChaseList still = threats(after_reply);
  ChaseList out;
  for (Chase c : now)
    if (!contains(old, c) && !contains(still, c)) out.push(c);
  return out;
}

struct SideTally {
  int moves = 0;
  int checks = 0;
  int chases = 0;   // moves that chase, checking or not
  int attacks = 0;  // moves that check or chase
};

Violation violation_of(RuleSet rules, const SideTally& t) {
  if (t.moves == 0) return Violation::kNone;
  if (t.checks == t.moves) return Violation::kPerpetualCheck;
  if (rules == RuleSet::kSimple) return Violation::kNone;
  if (t.chases == t.moves) return Violation::kPerpetualChase;
  if (t.attacks == t.moves && rules == RuleSet::kChinese) return Violation::kOneCheckOneChase;
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
  generate_legal(pos, captures, GenKind::kCaptures);
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
      // A move out of check only answers the check: its attacks are no chase.
      // A checking move may chase as well (what it would win once the check
      // is answered).
      if (!before.in_check() && rules != RuleSet::kSimple) {
        Position reply = after;
        if (k + 1 < n) reply.make(cycle[k + 1], undo);
        c.chases = new_threats(before, cycle[k], after, k + 1 < n ? reply : first_reply);
        if (!c.chases.empty() && c.kind == MoveKind::kIdle) c.kind = MoveKind::kChase;
      }
      t.checks += c.kind == MoveKind::kCheck;
      t.chases += !c.chases.empty();
      t.attacks += c.kind != MoveKind::kIdle;
      if (details) moves[k] = c;
    }
    before = after;
  }
  for (Color side : {kRed, kBlack}) out.violation[side] = violation_of(rules, tally[side]);
  const bool red = out.violation[kRed] != Violation::kNone, black = out.violation[kBlack] != Violation::kNone;
  if (red != black) out.loser = red ? kRed : kBlack;
  return out;
}

}  // namespace qipan::xiangqi
