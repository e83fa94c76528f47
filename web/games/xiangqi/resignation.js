// Results the xiangqi engine records as a step of their own: a resignation
// (here) and a draw by agreement (draw_offer.js). They are saved, exported
// and undone like a move, and an undo takes them back before any move.

const ENDINGS = ['resignation', 'agreement'];

// app: the xiangqi controller. A human seat may resign a game not yet over.
export function mayResign(app) {
  return !app.session.status().over && app.hasHumanSeat();
}

// The human resigns (the side to move when both are human).
export function resign(app) {
  if (!mayResign(app)) return;
  const humans = [0, 1].filter((seat) => !app.isAiSeat(seat));
  const loser = humans.length === 1 ? humans[0] : app.session.status().toMove;
  app.cancelAi();
  const result = app.session.resign(loser);
  if (!result.ok) {
    app.toast(app.i18n.refusal(result));
    return;
  }
  app.browsePly = null;
  app.refresh();
  app.persist();
  app.emit('resign', { seat: loser });
  app.endOfGame();
}

// Undo: a resignation or agreement is taken back first, not a move.
export function takeBack(app) {
  const status = app.session.status();
  if (status.over && ENDINGS.includes(status.reason)) app.session.undo();
  else app.undoToHuman();
}
