// Chinese checkers in words: the game-over dialog, the thinking line's
// score and the player cards. The result (kind, reason, places, winner) and
// every score are the engine's; this only says them, from the human's view
// when there is one (the shell's outcomeFor).

import { seatColor } from '../checkers/seat_colors.js';

// app: the checkers controller (i18n, current, isAi, sideName, roleName,
// outcomeFor). Returns {title, reason, outcome, places?}.
export function checkersGameOverText(app, status) {
  const i18n = app.i18n;
  // An aborted game has no result: no win, no draw, no places to list.
  if (status.reason === 'aborted') return { title: i18n.t('gameOver'), reason: i18n.t('reason_aborted'), outcome: null };
  const players = app.current ? app.current.players : 2;
  // Seats count from 0; players (colours, the board's numbers) from 1.
  const winners = status.kind === 'draw' || status.winner === null ? [] : [status.winner];
  const outcome = app.outcomeFor(winners);
  let title;
  if (status.kind === 'draw') title = i18n.t('draw');
  else if (status.winner !== null) title = i18n.t('wins', { side: app.sideName(status.winner + 1) });
  else title = i18n.t('gameOver');
  // Playing on for places: the (one) human player's own place.
  const humans = [];
  for (let p = 1; p <= players; p++) if (!app.isAi(p)) humans.push(p);
  if (status.kind === 'places' && humans.length === 1 && status.places[humans[0] - 1]) {
    title = i18n.t('ccYourPlace', { n: status.places[humans[0] - 1], nth: ordinal(status.places[humans[0] - 1]) });
  }
  const reason = i18n.t('reason_' + (status.reason || 'finished'));
  if (players <= 2 && status.kind !== 'draw') return { title, reason, outcome };
  // Places, best first; equal places share a line number.
  const order = [];
  for (let p = 1; p <= players; p++) order.push({ p, place: status.places[p - 1] || players });
  order.sort((a, b) => a.place - b.place || a.p - b.p);
  const places = order.map(({ p, place }) => i18n.t('placesLine', { n: place, side: `${app.sideName(p)} (${app.roleName(p)})` }));
  return { title, reason: status.kind === 'draw' ? `${reason} · ${i18n.t('drawShared')}` : reason, outcome, places };
}

// The thinking line: whose view and the score ("红方 +1.2": rows ahead of
// the leading rival; a decided race in moves), and the expected line in the
// engine's notation.
export function checkersThinkingText(app, info) {
  if (!info) return { score: '', line: '' };
  const side = info.side || (app.current ? app.current.side : 1);
  const name = app.sideName(side);
  let score = '';
  if (info.winPlies > 0) score = app.i18n.t('ccWinIn', { side: name, n: Math.ceil(info.winPlies / 2) });
  else if (info.winPlies < 0) score = app.i18n.t('ccLossIn', { side: name, n: Math.ceil(-info.winPlies / 2) });
  else if (Number.isFinite(info.score) && info.searched !== false) {
    const rows = info.score / 10;
    score = `${name} ${rows >= 0 ? '+' : ''}${rows.toFixed(1)}`;
  }
  const line = Array.isArray(info.pv) ? info.pv.join(' ') : '';
  return { score, line };
}

// One card per seat: colour, human or AI and its level, to move, place.
export function checkersPlayerCards(app, snap) {
  // Two players sit at opposite tips, the first at the bottom: the cards list
  // the top of the board first. More players go round the star in seat order.
  const seats = snap.seats.length === 2 ? [...snap.seats].reverse() : snap.seats;
  return seats.map((seat) => {
    const p = seat.player;
    const ai = app.isAi(p);
    const detail = seat.finished && seat.place ? app.i18n.t('place', { n: seat.place }) : '';
    return {
      seat: p - 1,
      name: app.sideName(p),
      role: ai ? 'ai' : 'human',
      level: ai ? app.seats.levels[p - 1] : null,
      toMove: !snap.status.over && snap.live && snap.side === p,
      detail,
      color: seatColor(p).css,
    };
  });
}

// English ordinals for "You finished 2nd" (Chinese uses 第 n 名).
function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}
