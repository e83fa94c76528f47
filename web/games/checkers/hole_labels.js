// The checkers board's hole-name toggle: a small "a1" button on the board
// (styled in the checkers part of style.css) and the L key write the
// engine's hole names on the board. The choice is this page's own, kept in
// localStorage.

const LABELS_KEY = 'qipan.checkers.labels';

export class HoleLabels {
  // app: the checkers app (i18n, emit, requestFrame, root).
  constructor(app) {
    this.app = app;
    this.shown = readFlag(LABELS_KEY);
    this.button = null;
  }

  // The button on the board and the L key (listeners that end with `signal`).
  mount(signal) {
    document.addEventListener(
      'keydown',
      (e) => {
        const typing = e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName);
        if ((e.key === 'l' || e.key === 'L') && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) this.toggle();
      },
      { signal },
    );
    const wrap = this.app.root.querySelector('#board-wrap');
    if (!wrap) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.id = 'cc-labels';
    button.className = 'cc-labels';
    button.dataset.game = 'checkers';
    button.textContent = 'a1';
    button.addEventListener('click', () => this.toggle());
    wrap.appendChild(button);
    this.button = button;
    this.translate();
  }

  // The controller goes (a switch of game): the button leaves the board.
  remove() {
    this.button?.remove();
    this.button = null;
  }

  translate() {
    if (!this.button) return;
    const title = this.app.i18n.t(this.shown ? 'ccHideLabels' : 'ccShowLabels');
    this.button.title = `${title} (L)`;
    this.button.setAttribute('aria-label', title);
    this.button.setAttribute('aria-pressed', String(this.shown));
  }

  toggle() {
    this.shown = !this.shown;
    writeFlag(LABELS_KEY, this.shown);
    this.translate();
    this.app.emit('labels', { shown: this.shown });
    this.app.requestFrame();
  }
}

function readFlag(key) {
  try {
    return globalThis.localStorage?.getItem(key) === '1';
  } catch {
    return false; // storage refused (private mode, file:// quirks)
  }
}

function writeFlag(key, on) {
  try {
    globalThis.localStorage?.setItem(key, on ? '1' : '0');
  } catch {
    // The toggle still works for this visit.
  }
}
