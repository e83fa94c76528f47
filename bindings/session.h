// The session of any PlayableGame (engine/core/playable_game.h), written
// once: the face of bindings/README.md ("One face") that the room server,
// the page's online client and the workers drive every game through. Each
// game's session derives from it (XiangqiSession : Session<xiangqi::Game,
// XiangqiSession>) and adds only its extras; it gives this class two
// things: `status_fields(out)`, its own fields of the live status, and
// `search_request(ply)`, what its searcher takes for the game's first `ply`
// plies.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/core/playable_game.h"
#include "session_face.h"
#include "value_objects.h"

namespace qipan::bindings {

template <PlayableGame G, typename Derived>
class Session {
 public:
  // The live status: the shared fields (session_face.h) and the game's own.
  val status() const {
    val out = status_value(game_.play_status());
    derived().status_fields(out);
    return out;
  }
  // Steps `from`.. of the live game, forced passes included: [{seat, move,
  // pos}], the move as the game writes it canonically.
  val steps(int from) const {
    val out = val::array();
    const int plies = int(game_.plies().size());
    for (int i = from < 0 ? 0 : from; i < plies; ++i)
      out.call<void>("push", step_value(int(game_.plies()[std::size_t(i)].mover), game_.move_text(i),
                                        G::position_text(*game_.position_at(i + 1))));
    return out;
  }
  std::string positionText() const { return game_.position_text(); }
  std::string positionHash() const { return position_hash(positionText()); }
  // The hash of the position after `step` steps (0: the start; the live
  // position when out of range).
  std::string positionHashAt(int step) const {
    if (step < 0 || step >= int(game_.plies().size())) return positionHash();
    return position_hash(G::position_text(*game_.position_at(step)));
  }

  // A move in any notation the game reads; a text that is no move at all is
  // refused with `unreadable: true`.
  val playText(const std::string& text) {
    const auto played = game_.play_text(text);
    return played ? ok_result() : refused_move(played.failure(), G::move_text_codes);
  }

  // The shared endings (engine/core/ending.h) by seat: {ok, over, takenOver}
  // or a refusal; `takenOver` when the game goes on with the AI in the seat.
  val resign(int seat) {
    return by_seat(seat, [this](auto side) { return game_.resign(side); });
  }
  val abandon(int seat) {
    return by_seat(seat, [this](auto side) { return game_.abandon(side); });
  }
  val flag(int seat) {
    return by_seat(seat, [this](auto side) { return game_.flag(side); });
  }
  val agreeDraw() { return ending_result(game_.agree_draw(), game_.over()); }
  // An ending replayed by its code as a record or a room's log has it.
  val restoreEnding(const std::string& code_name, int seat) {
    auto ending = restored_ending(
        code_name, seat, [this](int s) { return game_.valid_seat(s); }, G::about_no_seat);
    if (!ending) return refused(ending.failure());
    return ending_result(game_.restore(*ending), game_.over());
  }
  val capabilities() const { return capabilities_value(game_.capabilities()); }

  // What the game's searcher takes for the game's first `ply` plies (all of
  // them when out of range).
  val searchRequest(int ply) const {
    const int plies = int(game_.plies().size());
    return derived().search_request(ply < 0 || ply > plies ? plies : ply);
  }

 protected:
  G game_;

 private:
  const Derived& derived() const { return static_cast<const Derived&>(*this); }

  template <typename End>
  val by_seat(int seat, End end) {
    auto side = game_.valid_seat(seat);
    if (!side) return refused(side.failure());
    const auto ended = end(*side);
    return ending_result(ended, game_.over(), ended && !game_.over());
  }
};

}  // namespace qipan::bindings
