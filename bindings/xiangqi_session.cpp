#include "xiangqi_session.h"

#include "engine/xiangqi/iccs.h"
#include "engine/xiangqi/move_reason.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/record.h"
#include "value_objects.h"

namespace qipan::bindings {

using emscripten::val;
using namespace qipan::xiangqi;

XiangqiSession::XiangqiSession() = default;

void XiangqiSession::newGame() { game_ = Game(); }

val XiangqiSession::loadFen(const std::string& fen) {
  auto game = Game::from_fen(fen);
  if (!game) return failed("error", game.error());
  game_ = std::move(*game);
  return outcome_object(true, "error", "");
}

val XiangqiSession::apply(Move move) {
  auto status = game_.play(move);
  if (!status) return failed("reason", status.error());
  return ok_result();
}

val XiangqiSession::play(int from, int to) {
  if (game_.over()) return failed("reason", "the game is over");
  if (auto reason = illegal_reason(game_.position(), from, to)) return refused(*reason);
  return apply(Move(from, to));
}

val XiangqiSession::playText(const std::string& text) {
  if (game_.over()) return failed("reason", "the game is over");
  auto move = parse_any_move(game_.position(), text);
  if (!move) return failed("reason", move.error());
  return apply(*move);
}

bool XiangqiSession::undo() { return game_.undo(); }
bool XiangqiSession::redo() { return game_.redo(); }

void XiangqiSession::resign(int color) {
  if (color == kRed || color == kBlack) (void)game_.resign(Color(color));
}

val XiangqiSession::snapshot() const { return snapshot_of(game_.position(), game_.ply()); }

val XiangqiSession::snapshotAt(int ply) const {
  if (ply < 0 || ply >= game_.ply()) return snapshot();
  Position pos = game_.start_position();
  const auto& records = game_.records();
  for (int i = 0; i < ply; ++i) {
    Undo undo;
    pos.make(records[i].move, undo);
  }
  return snapshot_of(pos, ply);
}

val XiangqiSession::snapshot_of(const Position& pos, int ply) const {
  const bool live = ply == game_.ply();
  val out = val::object();
  out.set("fen", pos.fen());
  val board = val::array();
  for (Square s = 0; s < kSquares; ++s) board.call<void>("push", int(pos.at(s)));
  out.set("board", board);
  out.set("side", int(pos.side_to_move()));
  out.set("ply", ply);
  out.set("plies", game_.ply());
  out.set("live", live);
  const bool check = pos.in_check();
  out.set("inCheck", check);
  out.set("checkedKing", check ? pos.king_square(pos.side_to_move()) : -1);

  const auto& records = game_.records();
  if (ply > 0) {
    val last = val::object();
    last.set("from", records[ply - 1].move.from());
    last.set("to", records[ply - 1].move.to());
    out.set("lastMove", last);
  } else {
    out.set("lastMove", val::null());
  }

  val legal = val::array();
  const Status& status = game_.status();
  if (!live || !status.over()) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      val move = val::object();
      move.set("from", m.from());
      move.set("to", m.to());
      legal.call<void>("push", move);
    }
  }
  out.set("legal", legal);

  val status_object = val::object();
  const bool over = live && status.over();
  status_object.set("over", over);
  const auto winner = status.winner();
  status_object.set("winner", over && winner ? int(*winner) : -1);
  status_object.set("reason", over ? std::string(status.code()) : std::string());
  status_object.set("text", over ? status.description : std::string());
  out.set("status", status_object);

  // The full move list (for the move panel), each in all three notations.
  val moves = val::array();
  Position walk = game_.start_position();
  for (const PlyRecord& record : records) {
    val move = val::object();
    move.set("from", record.move.from());
    move.set("to", record.move.to());
    move.set("iccs", to_iccs(record.move));
    move.set("wxf", format_move(walk, record.move, Notation::kWxf));
    move.set("chinese", format_move(walk, record.move, Notation::kChinese));
    move.set("captured", int(record.captured));
    move.set("check", record.gave_check);
    moves.call<void>("push", move);
    Undo undo;
    walk.make(record.move, undo);
  }
  out.set("moves", moves);
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());
  return out;
}

std::string XiangqiSession::exportRecord(const std::string& notation) const {
  auto parsed = parse_notation_name(notation);
  return format_record(game_, parsed ? *parsed : Notation::kChinese);
}

std::string XiangqiSession::moveText(int from, int to, const std::string& notation) const {
  if (illegal_reason(game_.position(), from, to)) return "";
  auto parsed = parse_notation_name(notation);
  return format_move(game_.position(), Move(from, to), parsed ? *parsed : Notation::kChinese);
}

val XiangqiSession::importRecord(const std::string& text) {
  auto game = parse_record(text);
  if (!game) return failed("error", game.error());
  game_ = std::move(*game);
  return outcome_object(true, "error", "");
}

val XiangqiSession::searchRequest() const {
  val out = val::object();
  out.set("fen", game_.start_position().fen());
  val history = val::array();
  for (const PlyRecord& record : game_.records()) history.call<void>("push", to_iccs(record.move));
  out.set("history", history);
  return out;
}

}  // namespace qipan::bindings
