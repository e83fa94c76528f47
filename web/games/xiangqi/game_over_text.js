// Xiangqi's words for a finished game (the game-over dialog and the status
// line): the neutral result, the engine's reason, and the outcome from the
// player's view. A repetition ruling is said in full: who loses, for what,
// the chased pieces and the rule book's article (ruling_words.js).

import { rulingText } from './ruling_words.js';

// app: the xiangqi controller (i18n, outcomeFor, current).
export function xiangqiGameOverText(app, status) {
  const i18n = app.i18n;
  // An aborted game has no result: neither a win nor a draw.
  const aborted = status.reason === 'aborted';
  // The ruling belongs to the game, shown in every snapshot of it.
  const ruling = app.current?.ruling;
  return {
    title: aborted
      ? i18n.t('gameOver')
      : status.winner !== null
        ? i18n.t('wins', { side: i18n.side(status.winner) })
        : i18n.t('draw'),
    reason: ruling && ruling.reason === status.reason ? rulingText(i18n, ruling) : i18n.t('reason_' + status.reason),
    // A result read from a record is the record's, not this player's.
    outcome: status.reason === 'recorded' || aborted ? null : app.outcomeFor(status.winner !== null ? [status.winner] : []),
  };
}
