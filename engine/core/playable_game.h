// What every game's Game offers the rooms, the page and the bindings, in one
// vocabulary: the concept PlayableGame (a compile-time check that replaces a
// convention), the status every game reports the same way (PlayStatus), and
// what a room may do with a seat (Capabilities). A seat is an int
// 0..seats()-1 at this face; each Game turns it into its own side type with
// one function, valid_seat().
//
// bindings/session.h writes the session of any PlayableGame once; a game's
// own extras (notations, records, geometry) stay with its session.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ending.h"
#include "result.h"

namespace qipan {

// The status fields every game fills alike. `to_move` and `winner` are
// seats; `reason` is the game's stable code (any code while not over is
// ignored by readers); `text` is English for logs; `steps` counts the live
// game's plies (moves and forced passes).
struct PlayStatus {
  bool over = false;
  int to_move = 0;
  bool must_pass = false;  // the seat to move has no move and must pass
  std::optional<int> winner;
  std::string_view reason;
  std::string text;
  int steps = 0;
};

// What happens to a seat that resigns, stays away past its grace, or runs
// out of time: the game ends (the other seat wins; an absence must be
// claimed), or the AI takes the seat over and the game goes on.
enum class SeatLoss : std::uint8_t { kEnds, kTakeover };

constexpr std::string_view seat_loss_code(SeatLoss loss) { return loss == SeatLoss::kEnds ? "ends" : "takeover"; }

// What a room may do with a game: its seats (and the counts its options
// may ask for), whether draws can be offered, and each seat loss's rule.
struct Capabilities {
  int seats = 2;
  std::vector<int> player_counts = {2};
  bool draw_offers = true;
  SeatLoss resign = SeatLoss::kEnds;
  SeatLoss absence = SeatLoss::kEnds;
  SeatLoss flag = SeatLoss::kEnds;
};

// A refusable result: converts to bool and carries its refusal.
template <typename R>
concept Refusable = requires(const R& r) {
  {static_cast<bool>(r)};
  { r.failure() } -> std::convertible_to<Error>;
};

// A game the rooms and the page can drive without knowing it. `plies()[i]`
// is the i-th ply played (a forced pass included) with its `mover`;
// `position_at(ply)` the position after `ply` plies (refused outside
// 0..plies().size()); `position_text` the text a room names a position by;
// `move_text(ply)` a ply's canonical text (what play_text reads back);
// `move_text_codes` the refusals of a text that is no move at all.
template <typename G>
concept PlayableGame = requires(G game, const G& view, int seat, std::string_view text, Ending ending) {
  { view.seats() } -> std::same_as<int>;
  { view.play_status() } -> std::same_as<PlayStatus>;
  { view.over() } -> std::same_as<bool>;
  { view.capabilities() } -> std::same_as<Capabilities>;
  { view.plies().size() } -> std::convertible_to<std::size_t>;
  {int(view.plies()[0].mover)};
  { view.move_text(seat) } -> std::same_as<std::string>;
  { view.position_at(seat) } -> std::same_as<Result<std::remove_cvref_t<decltype(view.position())>>>;
  { view.position_text() } -> std::same_as<std::string>;
  { G::position_text(view.position()) } -> std::same_as<std::string>;
  { view.parse_move(text) } -> Refusable;
  { game.play_text(text) } -> Refusable;
  { G::move_text_codes[0] } -> std::convertible_to<std::string_view>;
  { view.valid_seat(seat) } -> Refusable;
  { game.resign(*view.valid_seat(seat)) } -> Refusable;
  { game.abandon(*view.valid_seat(seat)) } -> Refusable;
  { game.flag(*view.valid_seat(seat)) } -> Refusable;
  { game.agree_draw() } -> Refusable;
  { game.restore(ending) } -> Refusable;
  { G::about_no_seat(ending) } -> std::same_as<bool>;
};

}  // namespace qipan
