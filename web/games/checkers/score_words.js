// Chinese checkers' words for the engine's evaluation, for the thinking line
// and analysis; the score is the engine's.

// The thinking line: whose view and the score ("红方 +1.2": rows ahead of
// the leading rival; a decided race in moves), and the expected line in the
// engine's notation.
export function checkersThinkingText(app, info) {
  if (!info) return { score: '', line: '' };
  const seat = info.seat ?? (app.current ? app.current.side : 0);
  const name = app.seatName(seat);
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

// An analysis result in words (its line is the best move alone when the
// engine gives no longer one), with the move the page logs.
export function checkersAnalysisText(app, result, snap) {
  const pv = result.pv && result.pv.length ? result.pv : [result.text];
  const text = checkersThinkingText(app, { ...result, seat: snap.side, pv });
  return { ...text, from: result.from, to: result.to, text: result.text };
}
