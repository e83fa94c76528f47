// The page's handle on one Chinese checkers game. Holds no rules: moves,
// chains, passes, finishing, places, results and records come from
// engine/checkers (Game, path.h, notation). Every call returns plain JS data
// and never throws; a refused call returns {ok: false, code, params, reason,
// cause?} (engine/checkers/codes.h) and changes nothing.
//
// Snapshots are cheap: legal moves come without paths (pathFor asks for one),
// and the move list's objects are made once per ply and kept.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/checkers/game/game.h"
#include "session.h"

namespace qipan::bindings {

// The face every session shares (status, steps, hashes, endings,
// searchRequest) is Session's; seat i is player i + 1.
class CheckersSession : public Session<checkers::Game, CheckersSession> {
 public:
  CheckersSession() = default;

  // options: the rule options (checkers_values.h; fields left out take their
  // defaults; no options at all keeps the current rules) plus `first` (the seat to
  // start, 1..players; else the rules' first-player option decides with
  // `seed` and `gameIndex`, by default the session's own game count).
  emscripten::val newGame(emscripten::val options);
  // The room's start (session_face.h): {players?: 2|3|4|6, rules?: {the rule
  // options below but players and firstPlayer}, position?}; seat 0 moves
  // first, or the side the position names: a position string `<121 chars>
  // <side> <players>`, whose player count decides. {ok, options: {players,
  // rules}} with every rule in force, or a refusal.
  emscripten::val startGame(emscripten::val options);

  // A (from, to) move along its shortest path, an exact path [from, h1, ...,
  // to], a move in notation, or the pass (only when forced).
  emscripten::val play(int from, int to);
  emscripten::val playPath(emscripten::val cells);
  emscripten::val pass();
  // Hop-by-hop input: for a partial chain [from, h1, ..., hk] of the side to
  // move, {ok, hops: [landings of one more hop], steps: [step holes, k = 0],
  // canStop, stopProblem: refusal | null} or a refusal.
  emscripten::val chainOptions(emscripten::val cells) const;
  // {ok: true} when from -> to is legal now, else the refusal.
  emscripten::val reasonFor(int from, int to) const;
  // The shortest path of a legal move [from, ..., to], [] when it is not legal.
  emscripten::val pathFor(int from, int to) const;

  bool undo();
  bool redo();
  // "Continue from here": drops the plies after `ply` and the redo list.
  emscripten::val truncate(int ply);

  emscripten::val snapshot() const { return snapshot_at(int(game_.plies().size())); }
  emscripten::val snapshotAt(int ply) const;
  // The room's `position`: the position string.
  std::string position() const { return positionText(); }
  // The 121 holes: [{index, name, x, y, z, arm (0..5, -1 hexagon), row, column2}].
  emscripten::val geometry() const;
  emscripten::val rules() const;

  // The position line and the numbered moves (game.h). importRecord takes the
  // same (or bare moves from the start) under `options` (as for newGame: the
  // current rules when undefined); atomic.
  std::string exportRecord() const { return game_.record(); }
  std::string record() const { return game_.record(); }
  // The record of the game up to `ply` (the position shown while browsing).
  std::string recordAt(int ply) const;
  emscripten::val importRecord(const std::string& text, emscripten::val options);

 private:
  friend class Session<checkers::Game, CheckersSession>;
  // The live status's own fields: kind, places (per seat, 1 = best) and
  // finishOrder.
  void status_fields(emscripten::val& out) const;
  // {record (the first `ply` plies), rules}: what the worker's searcher takes.
  emscripten::val search_request(int ply) const;
  emscripten::val snapshot_at(int ply) const;
  emscripten::val played(const Result<checkers::GameStatus>& result);
  // Starts the game from a position string under the rules in force.
  emscripten::val load_position(const std::string& text);
  // Drops cached move objects of plies that are gone (after any change).
  void trim_moves();

  std::uint64_t seed_ = 0x5eed;
  int games_started_ = 0;
  // One frozen {text, player, pass, from, to, path} per ply played, in order.
  mutable std::vector<emscripten::val> move_objects_;
};

}  // namespace qipan::bindings
