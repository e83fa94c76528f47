// Chinese checkers' thinking line in words; the score is the engine's.

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
