#include "movegen.h"

namespace qipan::xiangqi {
namespace {

inline bool can_land(Piece target, Color us) { return target == kEmpty || color_of(target) != us; }

template <GenKind Kind>
inline void add_if(const Position& pos, MoveList& out, Square from, Square to, Color us) {
  const Piece target = pos.at(to);
  const bool land = Kind == GenKind::kCaptures ? target != kEmpty && color_of(target) != us
                    : Kind == GenKind::kQuiets ? target == kEmpty
                                               : can_land(target, us);
  if (land) out.push(Move(from, to));
}

template <GenKind Kind>
inline void add_steps(const Position& pos, MoveList& out, Square from, const StepList& steps, Color us) {
  for (const Step& st : steps)
    if (st.via < 0 || pos.at(st.via) == kEmpty) add_if<Kind>(pos, out, from, st.to, us);
}

template <GenKind Kind>
inline void add_slider(const Position& pos, MoveList& out, Square from, Color us, bool cannon) {
  for (const Ray& ray : kGeometry.rays[from]) {
    const std::int8_t* it = ray.begin();
    const std::int8_t* end = ray.end();
    for (; it != end && pos.at(*it) == kEmpty; ++it)
      if (Kind != GenKind::kCaptures) out.push(Move(from, *it));
    if (it == end || Kind == GenKind::kQuiets) continue;
    if (!cannon) {
      if (color_of(pos.at(*it)) != us) out.push(Move(from, *it));
      continue;
    }
    // A cannon captures the first piece beyond exactly one screen.
    for (++it; it != end; ++it) {
      const Piece p = pos.at(*it);
      if (p == kEmpty) continue;
      if (color_of(p) != us) out.push(Move(from, *it));
      break;
    }
  }
}

template <GenKind Kind>
void generate(const Position& pos, MoveList& out) {
  const Color us = pos.side_to_move();
  pos.pieces(us).for_each([&](Square from) {
    switch (type_of(pos.at(from))) {
      case kRook: add_slider<Kind>(pos, out, from, us, false); break;
      case kCannon: add_slider<Kind>(pos, out, from, us, true); break;
      case kHorse: add_steps<Kind>(pos, out, from, kGeometry.horse_moves[from], us); break;
      case kElephant: add_steps<Kind>(pos, out, from, kGeometry.elephant_moves[us][from], us); break;
      case kAdvisor: add_steps<Kind>(pos, out, from, kGeometry.advisor_moves[us][from], us); break;
      case kKing: add_steps<Kind>(pos, out, from, kGeometry.king_moves[us][from], us); break;
      case kPawn: add_steps<Kind>(pos, out, from, kGeometry.pawn_moves[us][from], us); break;
      default: break;
    }
  });
}

}  // namespace

void generate_pseudo_legal(const Position& pos, MoveList& out, GenKind kind) {
  switch (kind) {
    case GenKind::kAll: generate<GenKind::kAll>(pos, out); break;
    case GenKind::kCaptures: generate<GenKind::kCaptures>(pos, out); break;
    case GenKind::kQuiets: generate<GenKind::kQuiets>(pos, out); break;
  }
}

LegalityFilter::LegalityFilter(const Position& pos)
    : king_(pos.king_square(pos.side_to_move())), in_check_(pos.in_check()) {}

bool LegalityFilter::legal(Position& pos, Move m) const {
  const Square from = m.from(), to = m.to();
  // Out of check, a move can only expose our general if it leaves or enters
  // the general's rank or file (rook, cannon screen, flying general) or
  // leaves a square diagonal to it (the leg of an attacking horse).
  if (!in_check_ && from != king_) {
    const bool touches_lines = file_of(from) == file_of(king_) || rank_of(from) == rank_of(king_) ||
                               file_of(to) == file_of(king_) || rank_of(to) == rank_of(king_);
    if (!touches_lines && !diagonal_neighbours(from, king_)) return true;
  }
  const Color us = pos.side_to_move();
  Undo undo;
  pos.make(m, undo);
  const bool ok = !pos.king_exposed(us);
  pos.unmake(m, undo);
  return ok;
}

void generate_legal(const Position& pos, MoveList& out, GenKind kind) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo, kind);
  Position& scratch = const_cast<Position&>(pos);  // make/unmake restores it exactly
  const LegalityFilter filter(pos);
  for (Move m : pseudo)
    if (filter.legal(scratch, m)) out.push(m);
}

bool has_legal_move(const Position& pos) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  Position& scratch = const_cast<Position&>(pos);
  const LegalityFilter filter(pos);
  for (Move m : pseudo)
    if (filter.legal(scratch, m)) return true;
  return false;
}

int count_legal(const Position& pos) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  Position& scratch = const_cast<Position&>(pos);
  const LegalityFilter filter(pos);
  int n = 0;
  for (Move m : pseudo) n += filter.legal(scratch, m);
  return n;
}

bool is_legal(const Position& pos, Move m) {
  if (m.from() < 0 || m.from() >= kSquares || m.to() < 0 || m.to() >= kSquares) return false;
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  if (!pseudo.contains(m)) return false;
  return LegalityFilter(pos).legal(const_cast<Position&>(pos), m);
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  const LegalityFilter filter(pos);
  std::uint64_t nodes = 0;
  if (depth == 1) {
    for (Move m : pseudo) nodes += filter.legal(pos, m);
    return nodes;
  }
  for (Move m : pseudo) {
    if (!filter.legal(pos, m)) continue;
    Undo undo;
    pos.make(m, undo);
    nodes += perft(pos, depth - 1);
    pos.unmake(m, undo);
  }
  return nodes;
}

}  // namespace qipan::xiangqi
