// A read-only hook for tests and curious players: window.qipan exposes the
// current game, its snapshot, board coordinates and the event log. It cannot
// change the game.

export function installTestHook(app) {
  const hook = {
    game: () => app.id,
    snapshot: () => structuredClone(app.current),
    events: () => app.events.slice(),
    settings: () => structuredClone(app.settings),
    thinking: () => (app.thinking ? { ...app.thinking } : null),
    // Centre of a square in page (client) coordinates.
    squareCenter: (square) => {
      const rect = app.canvas.getBoundingClientRect();
      const p = app.squareCenter(square);
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    animating: () => app.animating(),
    // The latest move animation (squares, start time, length), or null.
    lastAnimation: () => (app.view.animation ? structuredClone(app.view.animation) : null),
    hints: () => (app.view.hints ? structuredClone(app.view.hints) : null),
    // Chinese checkers: the hop-by-hop chain being built, and the hint shown.
    chain: () => (app.view.chain ? app.view.chain.slice() : null),
    hint: () => (app.view.hint ? structuredClone(app.view.hint) : null),
    // Appearance and sound as the page applies them.
    reducedMotion: () => app.reducedMotion,
    theme: () => app.appearance.theme,
    lastSound: () => (app.sound.last ? { ...app.sound.last } : null),
    brokenSave: () => (app.brokenSave ? structuredClone(app.brokenSave) : null),
    drawTimes: () => app.drawTimes.slice(),
    lastFrameAt: () => app.lastFrameAt,
    // An online room as this page sees it (web/online/room_controller.js), or null offline.
    online: () => (app.online ? app.online.testState() : null),
  };
  Object.defineProperty(window, 'qipan', { value: Object.freeze(hook), configurable: false });
}
