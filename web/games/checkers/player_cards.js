// Chinese checkers' player cards beside the board.
import { seatColor } from './board/seat_colors.js';

// One card per seat: colour, human or AI and its level, to move, place.
export function checkersPlayerCards(app, snap) {
  // Two players sit at opposite tips, the first at the bottom: the cards list
  // the top of the board first. More players go round the star in seat order.
  const seats = snap.seats.length === 2 ? [...snap.seats].reverse() : snap.seats;
  return seats.map((seat) => {
    const p = seat.player;
    const ai = app.isAiSeat(p - 1);
    const detail = seat.finished && seat.place ? app.i18n.t('place', { n: seat.place }) : '';
    return {
      seat: p - 1,
      name: app.sideName(p),
      role: ai ? 'ai' : 'human',
      level: ai ? app.seats.levels[p - 1] : null,
      toMove: !snap.status.over && snap.live && snap.side + 1 === p,
      detail,
      color: seatColor(p).css,
    };
  });
}
