// A read-only hook for tests and curious players: window.qipan exposes the
// current game, its snapshot, board coordinates and the event log. It cannot
// change the game. It follows the page's current controller (`current`: a
// function returning it, or one controller), so it stays valid when the page
// switches games; each controller keeps its own event log.

export function installTestHook(current) {
  const at = typeof current === 'function' ? current : () => current;
  const hook = {
    game: () => at().id,
    snapshot: () => structuredClone(at().current),
    events: () => at().events.slice(),
    settings: () => structuredClone(at().settings),
    thinking: () => (at().thinking ? { ...at().thinking } : null),
    // Centre of a square in page (client) coordinates.
    squareCenter: (square) => {
      const app = at();
      const rect = app.canvas.getBoundingClientRect();
      const p = app.squareCenter(square);
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    animating: () => at().animating(),
    // The latest move animation (squares, start time, length), or null.
    lastAnimation: () => (at().view.animation ? structuredClone(at().view.animation) : null),
    hints: () => (at().view.hints ? structuredClone(at().view.hints) : null),
    // Chinese checkers: the hop-by-hop chain being built, and the hint shown.
    chain: () => (at().view.chain ? at().view.chain.slice() : null),
    hint: () => (at().view.hint ? structuredClone(at().view.hint) : null),
    // Appearance and sound as the page applies them.
    reducedMotion: () => at().reducedMotion,
    theme: () => at().appearance.theme,
    lastSound: () => (at().sound.last ? { ...at().sound.last } : null),
    brokenSave: () => (at().brokenSave ? structuredClone(at().brokenSave) : null),
    drawTimes: () => at().drawTimes.slice(),
    lastFrameAt: () => at().lastFrameAt,
    // An online room as this page sees it (web/online/room_controller.js), or null offline.
    online: () => (at().online ? at().online.testState() : null),
  };
  Object.defineProperty(window, 'qipan', { value: Object.freeze(hook), configurable: false });
}
