// What clicks mean on the Chinese checkers board: click a piece, then a
// destination (the engine picks the path); or go hop by hop: a click on a
// one-hop landing that can hop on starts a chain, each further click on a
// marked landing extends it, a click on an earlier landing trims it, and the
// End turn button (or Enter) plays it. Which hops, steps and stops are legal
// is the engine's (session.chainOptions); the state lives in app.view
// (selected, targets, chain, canStop, preview), where the renderer, the
// ARIA mirror and the test hook read it.

export class ChainInput {
  // app: the checkers controller (session, view, current, humanToMove,
  // tryMove, playPath, showReason, toast, announce, emit, i18n).
  constructor(app) {
    this.app = app;
  }

  get view() {
    return this.app.view;
  }

  // The End turn button and Enter play the chain being built.
  wire(button, signal) {
    this.button = button;
    button.addEventListener('click', () => this.endTurn(), { signal });
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key !== 'Enter' || !this.active()) return;
        if (
          e.target &&
          (['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(e.target.tagName) || e.target.closest?.('.aria-board'))
        )
          return;
        e.preventDefault();
        this.endTurn();
      },
      { signal },
    );
  }

  active() {
    return !!(this.view.chain && this.view.chain.length >= 2);
  }

  // A hole was clicked, tapped or activated from the keyboard. Returns true
  // when a piece is now held (so a drag may follow).
  activate(cell, fromPointer = false) {
    const app = this.app;
    const snap = app.current;
    if (!app.humanToMove(snap)) {
      if (!snap.live) app.toast(app.i18n.t('browsing', { n: snap.ply }));
      return false;
    }
    if (cell < 0) {
      if (!this.active()) this.clear();
      return false;
    }
    if (this.active()) return this.chainClick(cell);
    if (snap.board[cell] === snap.side + 1) {
      if (this.view.selected === cell && !fromPointer) {
        this.clear();
        return false;
      }
      this.select(cell);
      return true;
    }
    const from = this.view.selected;
    if (from < 0) {
      if (snap.board[cell]) app.showReason(app.session.reasonFor(cell, cell));
      return false;
    }
    // A one-hop landing from which the piece can hop on starts a chain;
    // anything else is a whole move and the engine finds its path.
    const first = app.session.chainOptions([from]);
    if (first.ok && first.hops.includes(cell)) {
      const next = app.session.chainOptions([from, cell]);
      if (next.ok && next.hops.length > 0) this.setChain([from, cell], next);
      else app.playPath([from, cell]);
      return false;
    }
    app.tryMove(from, cell);
    return false;
  }

  // Keyboard: Enter on the chain's last landing ends the turn.
  keyActivate(cell) {
    if (this.active() && cell === this.view.chain[this.view.chain.length - 1]) this.endTurn();
    else this.activate(cell);
  }

  // A click while a chain is being built: extend, trim, or switch pieces.
  chainClick(cell) {
    const app = this.app;
    const chain = this.view.chain;
    const at = chain.indexOf(cell);
    if (at === 0) {
      this.select(chain[0]); // back to the start: a plain selection again
      return false;
    }
    if (at > 0) {
      this.trim(at);
      return false;
    }
    if (this.view.targets.includes(cell)) {
      const longer = chain.concat(cell);
      const options = app.session.chainOptions(longer);
      if (!options.ok) app.showReason(options);
      else if (options.hops.length > 0) this.setChain(longer, options);
      else if (options.canStop) app.playPath(longer);
      else app.showReason(options.stopProblem);
      return false;
    }
    if (app.current.board[cell] === app.current.side + 1) {
      this.select(cell);
      return true;
    }
    app.toast(app.i18n.t('hopOrEnd'));
    return false;
  }

  trim(index) {
    const chain = this.view.chain.slice(0, index + 1);
    const options = this.app.session.chainOptions(chain);
    if (options.ok) this.setChain(chain, options);
    this.app.emit('trim', { chain });
  }

  setChain(chain, options) {
    const app = this.app;
    Object.assign(this.view, { chain, canStop: options.canStop, targets: options.hops.slice(), preview: null, hint: null });
    this.updateEndTurn();
    app.emit('chain', { chain: chain.slice(), hops: options.hops.slice(), canStop: options.canStop });
    app.announce(app.i18n.t('chainGoing'));
    app.syncAria();
    app.requestFrame();
  }

  endTurn() {
    if (!this.active()) return;
    const app = this.app;
    const options = app.session.chainOptions(this.view.chain);
    if (!options.ok || !options.canStop) {
      app.showReason(options.ok ? options.stopProblem : options);
      return;
    }
    app.emit('endturn', { chain: this.view.chain.slice() });
    app.playPath(this.view.chain);
  }

  select(cell) {
    const snap = this.app.current;
    Object.assign(this.view, { selected: cell, chain: null, preview: null });
    this.view.targets = snap.legal.filter((m) => m.from === cell).map((m) => m.to);
    this.updateEndTurn();
    this.app.syncAria();
    this.app.requestFrame();
  }

  clear() {
    Object.assign(this.view, { selected: -1, targets: [], chain: null, preview: null });
    this.updateEndTurn();
    this.app.syncAria();
    this.app.requestFrame();
  }

  // The pointer over a hole: the hop path to it when it is a destination.
  hover(cell) {
    if (this.view.hover === cell) return;
    this.view.hover = cell;
    let preview = null;
    if (cell >= 0 && this.view.targets.includes(cell)) {
      if (this.active()) preview = this.view.chain.concat(cell);
      else if (this.view.selected >= 0) {
        // Paths come from the engine on demand, only for the hole pointed at.
        const path = this.app.session.pathFor(this.view.selected, cell);
        if (path.length >= 2) preview = path;
      }
    }
    this.view.preview = preview;
    this.app.requestFrame();
  }

  updateEndTurn() {
    if (!this.button) return;
    const show = this.active();
    this.button.hidden = !show;
    this.button.disabled = show && !this.view.canStop;
  }
}
