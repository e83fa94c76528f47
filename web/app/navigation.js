// Stepping through the game: ←/→/Home/End and the first/previous/next/last
// buttons under the move list. Browsing only shows earlier positions
// (GameApp.browse); the live game goes on unchanged.

// The ply each step goes to from the shown ply, or null at that end.
export function stepTarget(step, shown, plies) {
  switch (step) {
    case 'first':
      return shown > 0 ? 0 : null;
    case 'prev':
      return shown > 0 ? shown - 1 : null;
    case 'next':
      return shown < plies ? shown + 1 : null;
    case 'last':
      return shown < plies ? plies : null;
    default:
      return null;
  }
}

const KEYS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };

// Keys typed into a field, a select or the board's own keyboard grid keep
// their usual meaning; so do keys pressed while a dialog is open.
function keyIsFree(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  if (target && target.closest) {
    if (target.closest('input, textarea, select, [contenteditable], .aria-board, dialog')) return false;
  }
  return !document.querySelector('dialog[open]');
}

export class Navigation {
  constructor(root, app) {
    this.app = app;
    this.buttons = {};
    for (const button of root.querySelectorAll('[data-nav]')) {
      this.buttons[button.dataset.nav] = button;
      button.addEventListener('click', () => this.step(button.dataset.nav), { signal: app.signal });
    }
    document.addEventListener(
      'keydown',
      (event) => {
        const step = KEYS[event.key];
        if (!step || !keyIsFree(event)) return;
        event.preventDefault();
        this.step(step);
      },
      { signal: app.signal },
    );
  }

  step(step) {
    const snap = this.app.current;
    if (!snap) return;
    const ply = stepTarget(step, snap.ply, snap.plies);
    if (ply === null) return;
    this.app.browse(ply);
    this.app.emit('navigate', { step, ply: this.app.current.ply, live: this.app.current.live });
  }

  render(snap) {
    for (const [step, button] of Object.entries(this.buttons)) {
      button.disabled = stepTarget(step, snap.ply, snap.plies) === null;
    }
  }
}
