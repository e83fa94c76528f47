// A draw offered to the xiangqi AI: the worker searches the position as the
// AI's level would, the engine's rule (engine/xiangqi/draw_offer.h) answers,
// and an accepted offer is recorded by the session (saved, exported and
// undoable like a move). The answer comes back through the controller's
// staleness token: a game that moved on meanwhile drops it.

// app: the xiangqi controller. A draw is offered to the AI on the human's own turn.
export function mayOfferDraw(app) {
  const snap = app.session.snapshot();
  return !snap.status.over && !app.thinking && !app.isAiSeat(snap.side) && app.isAiSeat(1 - snap.side);
}

// Resolves with {accepted, answer}, or null (no offer may be made now, a
// refusal, a stale answer).
export async function offerDraw(app) {
  if (!mayOfferDraw(app)) return null;
  const snap = app.session.snapshot();
  const answering = 1 - snap.side;
  app.toast(app.i18n.t('xq_drawThinking'));
  const result = await app.ask({
    method: 'answerDrawOffer',
    request: app.session.searchRequest(),
    limits: { level: app.levelOf(answering), answering },
  });
  if (!result) return null;
  if (!result.ok) {
    app.toast(app.i18n.refusal(result));
    return null;
  }
  app.emit('draw-offer', { accepted: result.accepted, answer: result.answer, score: result.score });
  if (!result.accepted) {
    app.toast(app.i18n.t('xq_drawDeclined_' + result.answer));
    return { accepted: false, answer: result.answer };
  }
  const agreed = app.session.agreeDraw();
  if (!agreed.ok) {
    app.toast(app.i18n.refusal(agreed));
    return null;
  }
  app.invalidate();
  app.browsePly = null;
  app.refresh();
  app.persist();
  app.toast(app.i18n.t('xq_drawAccepted'));
  app.endOfGame();
  return { accepted: true, answer: result.answer };
}
