// A read-only hook for tests and curious players: window.qipan exposes the
// current snapshot, the board layout (for pointer coordinates) and the event
// log. It cannot change the game.
import { boardLayout, centerOf } from '../xiangqi/board_geometry.js';

export function installTestHook(app) {
  const hook = {
    snapshot: () => structuredClone(app.current),
    events: () => app.events.slice(),
    settings: () => ({ ...app.settings }),
    thinking: () => (app.thinking ? { ...app.thinking } : null),
    // Centre of a square in page (client) coordinates.
    squareCenter: (square) => {
      const rect = app.canvas.getBoundingClientRect();
      const p = centerOf(boardLayout(app.size.width, app.size.height, app.settings.flipped), square);
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    animating: () => !!(app.view.animation && performance.now() - app.view.animation.start < app.view.animation.duration),
    drawTimes: () => app.drawTimes.slice(),
    lastFrameAt: () => app.lastFrameAt,
  };
  Object.defineProperty(window, 'qipan', { value: Object.freeze(hook), configurable: false });
}
