// Xiangqi premoves in an online room: while the opponent is to move the
// player may pick up a piece of their own and queue a move, which the room
// plays when the opponent's move comes (the engine checks it only then).

import { FILES } from './board/board_geometry.js';
import { colorOf } from './board/pieces.js';

// app: the xiangqi controller. True while a premove may be queued.
export function premoving(app, snap = app.current) {
  return !!app.online?.mayPremove(snap);
}

// A tap while the opponent thinks: a queued premove is cancelled by any
// tap; else the player's own piece is picked up and the next square queues
// the move. True when a piece is now held (so a drag may follow).
export function premoveAt(app, square, snap) {
  if (app.online.premove) {
    app.online.clearPremove();
    app.clearSelection();
    return false;
  }
  const code = snap.board[square];
  if (code && colorOf(code) === app.online.seat) {
    app.view.selected = square;
    app.view.targets = [];
    app.requestFrame();
    return true;
  }
  if (app.view.selected >= 0) queuePremove(app, app.view.selected, square);
  return false;
}

// The move from one square to another, queued in ICCS ("h2e2").
export function queuePremove(app, from, to) {
  app.clearSelection();
  const name = (s) => `${'abcdefghi'[s % FILES]}${Math.floor(s / FILES)}`;
  app.online.setPremove(name(from) + name(to), { from, to });
}
