// Reversi's words for the engine's values, always from Black's view: 'Black
// +4 discs' / '黑棋 +4 子' (exact values say so), the expected line with
// passes named, for the thinking line, analysis and a finished game.

// app: the Reversi controller (i18n, sideName).
export function scoreText(app, black, exact) {
  const i18n = app.i18n;
  if (black === 0) return i18n.t(exact ? 'evenExact' : 'evenScore');
  const side = app.sideName(black > 0 ? 1 : 2);
  return i18n.t(exact ? 'leadExact' : 'leadScore', { side, n: Math.abs(black) });
}

export function lineText(app, pv) {
  return (pv || []).map((name) => (name === 'pass' ? app.i18n.t('passMove') : name)).join(' ');
}

// The final count of a finished game.
export function finalText(app, status) {
  return scoreText(app, status.finalBlack - status.finalWhite, true);
}

// The thinking line: the searching seat's (0 black, 1 white) score turned to Black's view.
export function thinkingWords(app, info, seat) {
  if (!info) return { score: '', line: '' };
  const black = seat === 0 ? info.score : -info.score;
  return { score: scoreText(app, black, info.exact), line: lineText(app, info.pv) };
}

// An analysis of the position `snap`, with Black's value the page logs.
export function analysisWords(app, result, snap) {
  const black = snap.side === 0 ? result.score : -result.score;
  return { score: scoreText(app, black, result.exact), line: lineText(app, result.pv), black, exact: result.exact };
}
