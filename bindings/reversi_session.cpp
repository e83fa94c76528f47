#include "reversi_session.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "engine/reversi/notation.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::reversi;

namespace {

// JS colours: 0 empty, 1 black, 2 white.
int js_color(Color c) { return c == kBlack ? 1 : 2; }

// The flipped discs ordered from the placed disc outward, for the animation.
val flips_outward(Square from, Bitboard flipped) {
  std::vector<Square> squares;
  for (Bitboard b = flipped; b; b &= b - 1) squares.push_back(first_square(b));
  auto distance = [from](Square s) {
    return std::max(std::abs(column_of(s) - column_of(from)), std::abs(row_of(s) - row_of(from)));
  };
  std::stable_sort(squares.begin(), squares.end(), [&](Square a, Square b) { return distance(a) < distance(b); });
  val out = val::array();
  for (Square s : squares) out.call<void>("push", s);
  return out;
}

}  // namespace

val ReversiSession::loadBoard(const std::string& board) {
  auto game = Game::from_board(board);
  if (!game) return failed("error", game.error());
  game_ = std::move(*game);
  return outcome_object(true, "error", "");
}

val ReversiSession::play(int square) {
  auto status = game_.play(square);
  if (!status) return failed("reason", status.error());
  return ok_result();
}

val ReversiSession::importRecord(const std::string& text) {
  auto game = Game::from_record(text);
  if (!game) return failed("error", game.error());
  game_ = std::move(*game);
  return outcome_object(true, "error", "");
}

std::string ReversiSession::exportGgf() const {
  std::vector<Square> squares;
  for (const Ply& ply : game_.plies()) squares.push_back(ply.square);
  return format_ggf(game_.start_position(), squares);
}

std::string ReversiSession::boardString() const { return board_string(game_.position()); }

val ReversiSession::searchRequest() const {
  val out = val::object();
  out.set("board", board_string(game_.position()));
  return out;
}

val ReversiSession::snapshotAt(int ply) const {
  const int plies = int(game_.plies().size());
  return snapshot_at(ply < 0 || ply > plies ? plies : ply);
}

val ReversiSession::snapshot_at(int ply) const {
  const auto& plies = game_.plies();
  const bool live = ply == int(plies.size());
  const Position pos = live ? game_.position() : game_.position_at(ply);
  val out = val::object();
  val board = val::array();
  for (Square s = 0; s < kSquares; ++s) {
    const int c = pos.color_at(s);
    board.call<void>("push", c < 0 ? 0 : js_color(Color(c)));
  }
  out.set("board", board);
  out.set("boardString", board_string(pos));
  out.set("side", js_color(pos.side_to_move()));
  out.set("ply", ply);
  out.set("plies", int(plies.size()));
  out.set("live", live);

  // The last real move, and a pass that followed it (the notice the page shows).
  int last = ply - 1;
  int passed = 0;
  if (last >= 0 && plies[last].square == kPass) {
    passed = js_color(plies[last].mover);
    --last;
  }
  out.set("passed", passed);
  if (last >= 0) {
    out.set("lastMove", plies[last].square);
    out.set("lastFlips", flips_outward(plies[last].square, plies[last].flipped));
  } else {
    out.set("lastMove", -1);
    out.set("lastFlips", val::array());
  }

  val legal = val::array();
  for (Bitboard b = pos.legal_moves(); b; b &= b - 1) legal.call<void>("push", first_square(b));
  out.set("legal", legal);

  val counts = val::object();
  counts.set("black", popcount(pos.discs(kBlack)));
  counts.set("white", popcount(pos.discs(kWhite)));
  out.set("counts", counts);

  val status = val::object();
  const bool over = pos.game_over();
  status.set("over", over);
  const int score = over ? pos.final_score_for_black() : 0;
  status.set("winner", !over ? -1 : score > 0 ? 1 : score < 0 ? 2 : 0);
  status.set("blackScore", score);
  // The final count as announced: empty squares go to the winner.
  const int black = popcount(pos.discs(kBlack)), white = popcount(pos.discs(kWhite));
  const int empties = 64 - black - white;
  status.set("finalBlack", black + (score > 0 ? empties : 0));
  status.set("finalWhite", white + (score < 0 ? empties : 0));
  status.set("reason", over ? "score" : "");
  status.set("text", live ? game_.status().description : std::string());
  out.set("status", status);

  val moves = val::array();
  for (const Ply& p : plies) {
    val move = val::object();
    move.set("square", p.square == kPass ? -1 : p.square);
    move.set("name", square_name(p.square));
    move.set("color", js_color(p.mover));
    moves.call<void>("push", move);
  }
  out.set("moves", moves);
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());
  return out;
}

}  // namespace qipan::bindings
