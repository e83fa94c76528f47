// Xiangqi's player cards beside the board: each side, who plays it, whose
// turn, and the pieces it has taken (up to the shown position) as glyphs in
// their owner's colour. An imported game's player names are the detail (the
// role line already says human or AI).

import { colorOf, pieceLabel } from './board/pieces.js';

// app: the xiangqi controller (session, settings, seats, pieceName).
export function xiangqiPlayerCards(app, snap) {
  const tags = new Map(app.session.tags());
  const over = !snap.live || snap.status.over;
  // From the top of the board: black, or red when the board is turned.
  return (app.settings.flipped ? [0, 1] : [1, 0]).map((seat) => {
    const ai = app.isAiSeat(seat);
    const named = tags.get(seat === 0 ? 'Red' : 'Black');
    return {
      seat,
      name: app.sideName(seat),
      role: ai ? 'ai' : 'human',
      level: ai ? app.levelOf(seat) : null,
      toMove: !over && snap.side === seat,
      detail: named || null,
      pieces: (snap.captures[seat] || []).map((code) => ({
        text: pieceLabel(code, app.settings.pieceStyle),
        color: colorOf(code) === 0 ? 'red' : 'black',
        name: app.pieceName(code),
      })),
    };
  });
}
