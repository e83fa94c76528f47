#include "reversi_session.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "engine/reversi/codes.h"
#include "engine/reversi/game/ggf.h"
#include "engine/reversi/game/notation.h"
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

// The final counts a status adds to the shared fields.
void add_counts(val& out, const GameStatus& s) {
  out.set("blackScore", s.black_score);
  out.set("finalBlack", s.final_black);
  out.set("finalWhite", s.final_white);
}

}  // namespace

val ReversiSession::startGame(val options) {
  auto kept = two_seat_options(options, "Reversi");
  if (!kept) return refused(kept.failure());
  auto position = position_option(options);
  if (!position) return refused(position.failure());
  if (!*position) {
    newGame();
  } else {
    auto game = Game::from_board(**position);
    if (!game) return refused(game.failure());
    game_ = std::move(*game);
  }
  val out = ok_result();
  out.set("options", *kept);
  return out;
}

void ReversiSession::status_fields(val& out) const { add_counts(out, game_.status()); }

val ReversiSession::play(int square) {
  auto status = game_.play(square);
  if (!status) return refused(status.failure());
  return ok_result();
}

val ReversiSession::truncate(int ply) {
  if (!game_.truncate(ply))
    return refused(
        make_error(reversi::code::bad_argument, "truncate: ply " + std::to_string(ply) + " is not in the game")
            .with("name", "ply")
            .with("expected", "0.." + std::to_string(game_.plies().size())));
  return ok_result();
}

val ReversiSession::importRecord(const std::string& text) {
  GgfInfo info;
  info.black = info.white = "";
  auto game = Game::from_record(text, &info);
  if (!game) return refused(game.failure());
  game_ = std::move(*game);
  val out = ok_result();
  out.set("format", looks_like_ggf(text) ? "ggf" : "transcript");
  out.set("black", info.black);
  out.set("white", info.white);
  out.set("date", info.date);
  return out;
}

std::string ReversiSession::exportGgf(val info) const {
  GgfInfo ggf;
  if (info.isUndefined() || info.isNull()) return game_.ggf(ggf);
  const auto text = [&](const char* key, std::string& out) {
    const val v = info[key];
    if (v.isString()) out = v.as<std::string>();
  };
  text("black", ggf.black);
  text("white", ggf.white);
  text("date", ggf.date);
  return game_.ggf(ggf);
}

val ReversiSession::positions() const {
  val out = val::array();
  Position pos = game_.start_position();
  out.call<void>("push", board_string(pos));
  for (const Ply& ply : game_.plies()) {
    Undo undo;
    pos.make(ply.square, undo);
    out.call<void>("push", board_string(pos));
  }
  return out;
}

val ReversiSession::search_request(int ply) const {
  val out = val::object();
  out.set("board", board_string(*game_.position_at(ply)));
  return out;
}

val ReversiSession::snapshotAt(int ply) const {
  const int plies = int(game_.plies().size());
  return snapshot_at(ply < 0 || ply > plies ? plies : ply);
}

val ReversiSession::snapshot_at(int ply) const {
  const auto& plies = game_.plies();
  const bool live = ply == int(plies.size());
  const Position pos = live ? game_.position() : *game_.position_at(ply);
  val out = val::object();
  val board = val::array();
  for (Square s = 0; s < kSquares; ++s) {
    const int c = pos.color_at(s);
    board.call<void>("push", c < 0 ? 0 : js_color(Color(c)));
  }
  out.set("board", board);
  out.set("positionText", board_string(pos));
  out.set("side", int(pos.side_to_move()));  // a seat: 0 black, 1 white
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

  // The live game's status (its endings included); an earlier position is
  // shown as still going on.
  if (live) {
    out.set("status", this->status());
  } else {
    const GameStatus browsing = status_of(pos);
    val status = status_value(play_status_of(browsing, pos, int(plies.size())));
    add_counts(status, browsing);
    out.set("status", status);
  }

  sync_moves();
  out.set("moves", moves_.call<val>("slice"));
  out.set("canUndo", game_.can_undo());
  out.set("canRedo", game_.can_redo());
  return out;
}

void ReversiSession::sync_moves() const {
  const auto& plies = game_.plies();
  std::size_t same = 0;
  while (same < plies.size() && same < cached_plies_.size() && plies[same].square == cached_plies_[same].square &&
         plies[same].mover == cached_plies_[same].mover)
    ++same;
  if (same < cached_plies_.size()) {
    cached_plies_.resize(same);
    moves_.set("length", int(same));
  }
  for (std::size_t i = same; i < plies.size(); ++i) {
    const Ply& p = plies[i];
    val move = val::object();
    move.set("square", p.square == kPass ? -1 : p.square);
    move.set("name", square_name(p.square));
    move.set("color", js_color(p.mover));
    moves_.call<void>("push", move);
    cached_plies_.push_back(p);
  }
}

}  // namespace qipan::bindings
