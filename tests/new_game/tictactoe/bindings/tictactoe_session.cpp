#include "tictactoe_session.h"

#include <bit>

#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::tictactoe;

val TictactoeSession::startGame(val options) {
  auto kept = two_seat_options(options, "tic-tac-toe");
  if (!kept) return refused(kept.failure());
  auto position = position_option(options);
  if (!position) return refused(position.failure());
  if (!*position) {
    newGame();
  } else {
    // A position is named by the moves that reach it: a record.
    auto game = Game::from_record(**position);
    if (!game) return refused(game.failure());
    game_ = std::move(*game);
  }
  val out = ok_result();
  out.set("options", *kept);
  return out;
}

val TictactoeSession::play(int square) {
  const auto played = game_.play(square);
  return played ? ok_result() : refused(played.failure());
}

val TictactoeSession::truncate(int ply) {
  if (!game_.truncate(ply))
    return refused(make_error(tictactoe::code::bad_argument, "no such ply")
                       .with("name", "ply")
                       .with("expected", "0.." + std::to_string(game_.plies().size())));
  return ok_result();
}

val TictactoeSession::importRecord(const std::string& text) {
  auto game = Game::from_record(text);
  if (!game) return refused(game.failure());
  game_ = std::move(*game);
  return ok_result();
}

val TictactoeSession::snapshotAt(int ply) const {
  const int plies = int(game_.plies().size());
  if (ply < 0 || ply > plies) ply = plies;
  const bool live = ply == plies;
  const Position pos = *game_.position_at(ply);
  val out = val::object();
  val board = val::array();
  for (Square s = 0; s < kSquares; ++s) {
    const auto side = pos.at(s);
    board.call<void>("push", side ? int(*side) + 1 : 0);
  }
  out.set("board", board);
  out.set("positionText", Game::position_text(pos));
  out.set("side", int(pos.side_to_move()));
  out.set("ply", ply);
  out.set("plies", plies);
  out.set("live", live);
  out.set("lastMove", ply > 0 ? game_.plies()[std::size_t(ply - 1)].square : -1);
  val legal = val::array();
  if (!live || !game_.over())
    for (Mask m = pos.over() ? Mask(0) : pos.empty(); m; m &= Mask(m - 1))
      legal.call<void>("push", std::countr_zero(unsigned(m)));
  out.set("legal", legal);
  val moves = val::array();
  for (const Ply& p : game_.plies()) {
    val move = val::object();
    move.set("square", p.square);
    move.set("name", square_name(p.square));
    move.set("seat", int(p.mover));
    moves.call<void>("push", move);
  }
  out.set("moves", moves);
  if (live) {
    out.set("status", status());
  } else {
    Game browsing;
    for (int i = 0; i < ply; ++i) (void)browsing.play(game_.plies()[std::size_t(i)].square);
    out.set("status", status_value(browsing.play_status()));
  }
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());
  return out;
}

val TictactoeSession::search_request(int ply) const {
  val out = val::object();
  out.set("position", Game::position_text(*game_.position_at(ply)));
  return out;
}

}  // namespace qipan::bindings
