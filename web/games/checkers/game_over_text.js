// Chinese checkers' result in words for the game-over dialog and the
// status line: the title, the reason and, with more than two players, the
// places. The result (kind, reason, places, winner) is the engine's; this only
// says it, from the human's view when there is one (the shell's outcomeFor).

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
  for (let p = 1; p <= players; p++) if (!app.isAiSeat(p - 1)) humans.push(p);
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

// English ordinals for "You finished 2nd" (Chinese uses 第 n 名).
function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}
