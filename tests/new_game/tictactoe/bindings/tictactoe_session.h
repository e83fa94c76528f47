// The page's and the rooms' handle on one tic-tac-toe game (the test game of
// scripts/prove-new-game). The face every session shares is Session's; this
// class adds the snapshot the page draws and the record it saves. Seats are
// sides: 0 X, 1 O.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/tictactoe/game/game.h"
#include "session.h"

namespace qipan::bindings {

class TictactoeSession : public Session<tictactoe::Game, TictactoeSession> {
 public:
  // The room's start (session_face.h): {players?: 2, ai?}.
  emscripten::val startGame(emscripten::val options);
  void newGame() { game_ = tictactoe::Game(); }
  emscripten::val play(int square);
  bool undo() { return game_.undo(); }
  bool redo() { return game_.redo(); }
  emscripten::val truncate(int ply);
  std::string position() const { return game_.position_text(); }
  std::string record() const { return game_.record(); }
  // A record as record() writes it; all or nothing.
  emscripten::val importRecord(const std::string& text);

  // {board: [0 empty | 1 X | 2 O] x9, side (the seat to move), ply, plies,
  // live, lastMove, legal, moves: [{square, name, seat}], status, canUndo,
  // canRedo}.
  emscripten::val snapshot() const { return snapshotAt(int(game_.plies().size())); }
  emscripten::val snapshotAt(int ply) const;

 private:
  friend class Session<tictactoe::Game, TictactoeSession>;
  void status_fields(emscripten::val&) const {}
  // {position}: the position after `ply` plies, for the searcher.
  emscripten::val search_request(int ply) const;
};

}  // namespace qipan::bindings
