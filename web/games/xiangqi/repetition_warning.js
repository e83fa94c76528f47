// The warning before a repetition the player would lose. The engine lists
// the side to move's moves that would complete such a repetition
// (snapshot.repetitionWarning, Game::losing_repetitions); on a human's turn
// the page says so once (a notice), and when the player picks one of those
// moves it asks once more before playing it (the page's own confirm dialog).
// Each warning is given once per position and set of moves.

import { iccsOf, squareOfIccs } from './ruling_words.js';

// The position and moves a warning is about: the same cycle warns once.
const keyOf = (snap) => `${snap.positionText}|${snap.repetitionWarning.moves.join(',')}`;

// The sentence for the moves of one reason, in the player's notation.
function warningText(app, snap, reason, moves) {
  const names = moves.map((iccs) => {
    const move = app.session.moveText(squareOfIccs(iccs.slice(0, 2)), squareOfIccs(iccs.slice(2)), app.settings.notation);
    return move || iccs;
  });
  return app.i18n.t(`xq_warn_${reason}`, { moves: names.join(app.i18n.t('xq_pieceJoin')) });
}

export class RepetitionWarning {
  constructor(app) {
    this.app = app;
    this.noticed = new Set(); // positions whose notice was shown
    this.confirmed = new Set(); // positions whose losing move the player confirmed
  }

  // A new game or an import: nothing was warned about yet.
  reset() {
    this.noticed.clear();
    this.confirmed.clear();
  }

  // After every render: the notice, once, when a human is to move.
  notice(snap) {
    const app = this.app;
    const warning = snap.repetitionWarning;
    if (!warning || !snap.live || !app.humanToMove(snap)) return;
    const key = keyOf(snap);
    if (this.noticed.has(key)) return;
    this.noticed.add(key);
    const byReason = new Map();
    warning.moves.forEach((move, i) => byReason.set(warning.reasons[i], [...(byReason.get(warning.reasons[i]) || []), move]));
    const text = [...byReason].map(([reason, moves]) => warningText(app, snap, reason, moves)).join(' ');
    app.toast(text);
    app.announce(text);
    app.emit('repetitionWarning', { moves: warning.moves.slice(), reasons: warning.reasons.slice(), text });
  }

  // The player picked from..to: true when it may be played now; a losing
  // repetition asks first (once) and plays it through `play` if confirmed.
  async allow(from, to, play) {
    const app = this.app;
    const snap = app.current;
    const warning = snap.live ? snap.repetitionWarning : null;
    const index = warning ? warning.moves.indexOf(iccsOf(from, to)) : -1;
    if (index < 0) return true;
    const key = keyOf(snap);
    if (this.confirmed.has(key)) return true;
    const text = warningText(app, snap, warning.reasons[index], [warning.moves[index]]);
    app.emit('repetitionConfirm', { move: warning.moves[index], reason: warning.reasons[index] });
    const ok = await app.panels.dialogs.confirm({
      title: app.i18n.t('xq_confirmRepeat'),
      text: app.i18n.t('xq_confirmRepeatText', { warning: text }),
      ok: app.i18n.t('xq_playAnyway'),
    });
    // Cancelled: the piece stays picked, for another move.
    if (!ok) return false;
    this.confirmed.add(key);
    // The game may have moved on while the dialog was open (a room's step).
    if (app.current.live && app.current.positionText === snap.positionText) play();
    return false;
  }
}
