// The value objects of the face every session shows the same way (the "one
// face" of bindings/README.md, written once in session.h): steps `{seat,
// move, pos}`, the capabilities a room reads, the shared endings by their
// codes, the status fields every game fills alike, and the room's start
// options. Nothing here knows a game's rules.
#pragma once

#include <emscripten/val.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/codes.h"
#include "engine/core/ending.h"
#include "engine/core/playable_game.h"
#include "engine/core/result.h"
#include "engine/core/sha256.h"
#include "value_objects.h"

namespace qipan::bindings {

// One step of a game as a room counts them (a move, or a forced pass):
// the seat that played it, its canonical text, and the hash of the
// position after it.
inline val step_value(int seat, const std::string& move, std::string_view position_text) {
  val out = val::object();
  out.set("seat", seat);
  out.set("move", move);
  out.set("pos", position_hash(position_text));
  return out;
}

// What a room may do with a game (engine/core/playable_game.h):
// {seats, playerCounts, drawOffers, resign, absence, flag}, the last three
// 'ends' or 'takeover'.
inline val capabilities_value(const Capabilities& c) {
  val out = val::object();
  out.set("seats", c.seats);
  val counts = val::array();
  for (int n : c.player_counts) counts.call<void>("push", n);
  out.set("playerCounts", counts);
  out.set("drawOffers", c.draw_offers);
  out.set("resign", std::string(seat_loss_code(c.resign)));
  out.set("absence", std::string(seat_loss_code(c.absence)));
  out.set("flag", std::string(seat_loss_code(c.flag)));
  return out;
}

// The fields every status has (engine/core/playable_game.h's PlayStatus):
// over, toMove (a seat; null once over), mustPass, winner (a seat, or null:
// a draw or not over), reason (the engine's code, "" while playing), text
// (English, for logs), steps (the live game's steps: moves and forced
// passes). finishOrder (seats in finishing order) is null for games without
// places.
inline val status_value(const PlayStatus& status) {
  const bool over = status.over;
  val out = val::object();
  out.set("steps", status.steps);
  out.set("over", over);
  out.set("toMove", over ? val::null() : val(status.to_move));
  out.set("mustPass", !over && status.must_pass);
  out.set("winner", over && status.winner ? val(*status.winner) : val::null());
  out.set("reason", over ? std::string(status.reason) : std::string());
  out.set("text", status.text);
  out.set("finishOrder", val::null());
  return out;
}

// The refusal of a move text: `unreadable: true` when the text is no move in
// any notation the game reads (a move-text code of its list), so a room can
// answer a malformed request apart from an illegal move.
template <std::size_t N>
val refused_move(const Error& error, const std::string_view (&move_text_codes)[N]) {
  val out = refused(error);
  if (code::is_listed(error.code, move_text_codes)) out.set("unreadable", true);
  return out;
}

// A seat number from JS: a whole number in [0, seats), else the refusal.
Result<int> seat_argument(const val& seat, int seats, const char* name = "seat");

// An ending code from JS ("resignation", ...), else bad_argument.
Result<EndingKind> ending_argument(const std::string& code);

// The ending a record or a room's log names, as Game::restore takes it: the
// code read by ending_argument, and the seat checked by `read_seat` (the
// game's valid_seat, whose refusal is returned) unless the ending is about
// no seat (`about_no_seat`, the game's rule), when the seat is -1.
template <typename ReadSeat, typename AboutNoSeat>
Result<Ending> restored_ending(const std::string& code, int seat, ReadSeat read_seat, AboutNoSeat about_no_seat) {
  auto kind = ending_argument(code);
  if (!kind) return kind.failure();
  const Ending named{*kind, seat};
  if (about_no_seat(named)) return Ending{*kind, -1};
  if (auto checked = read_seat(seat); !checked) return checked.failure();
  return named;
}

// The room's part of a start: {players?} checked against the game's seat
// counts, and no key the game does not know (the rest is the game's own:
// `allowed` lists its keys). A refusal names the key.
Result<bool> check_option_keys(const val& options, std::initializer_list<const char*> allowed);

// The seats' part of a start, every game alike: `ai` (an AI level 1..8 or
// null per seat, as many as the game has seats) and, for a game that hands
// seats to the AI, `takeoverLevel` (1..8, default 3). Written into `out`
// (the options in force), or refused with bad_argument naming the field.
Result<bool> seat_options(const val& options, int seats, bool takes_over, val& out);

// The position a start begins from, `options.position` (the text
// positionText() writes; the game reads it): none when the key is absent,
// bad_argument naming the key when it is no string.
Result<std::optional<std::string>> position_option(const val& options);

// The options of a room's two-seat game: {players?: 2, ai?, position?}, as
// in force (the position is not an option kept), or the refusal. `own_key`
// names the one rule option the game reads itself (xiangqi's `rules`), if any.
Result<val> two_seat_options(const val& options, const std::string& game_name, const char* own_key = nullptr);

// The result of an ending call: {ok: true, over, takenOver} (takenOver: the
// AI now plays the seat and the game goes on), or the refusal.
template <typename T>
val ending_result(const Result<T>& result, bool over, bool taken_over = false) {
  if (!result) return refused(result.failure());
  val out = ok_result();
  out.set("over", over);
  out.set("takenOver", taken_over);
  return out;
}

}  // namespace qipan::bindings
