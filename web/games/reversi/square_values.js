// Reversi's hints: the hint button turns the values on the squares on and
// off (seats.hints, saved with the game's settings). While on, every legal
// move's value for the human to move is asked of the engine on each human
// turn and shown on its square, the best ones marked.

// app: the Reversi controller.
export function toggleSquareValues(app) {
  app.seats.hints = !app.seats.hints;
  app.persist();
  app.view.hints = null;
  if (app.seats.hints) {
    app.refresh();
    requestSquareValues(app);
  } else {
    app.cancelAi(); // the hints' search, or the AI's, which starts again
    app.refresh();
    app.afterPositionChange();
  }
  app.emit('hinttoggle', { on: app.seats.hints });
}

export async function requestSquareValues(app) {
  const live = app.session.snapshot();
  if (!app.humanToMove(live)) return;
  const result = await app.ask({
    method: 'hints',
    request: app.session.searchRequest(),
    limits: { hint: app.settings.hintStrength },
  });
  if (!result || !result.ok || !app.seats.hints) return;
  const best = Math.max(...result.moves.map((m) => m.value));
  app.view.hints = result.moves.map((m) => ({
    square: m.square,
    text: (m.value > 0 ? '+' : '') + m.value,
    exact: m.exact,
    best: m.value === best,
  }));
  app.emit('hints', { ply: live.ply, count: result.moves.length });
  app.requestFrame();
}
