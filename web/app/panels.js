// Everything around the board that is plain DOM: toolbar, status line, AI
// thinking line, player cards, move list with notation switch, browsing and
// analysis, and the toast; the dialogs are in dialogs.js (the help in
// help_dialog.js). It reads snapshots and calls the app's commands and
// hooks; it decides nothing.

import { Dialogs } from './dialogs.js';
import { HelpDialog } from './help_dialog.js';
import { Navigation } from './navigation.js';
import { renderPlayerCards } from './player_cards.js';
import { Toolbar } from './toolbar.js';

const TOAST_MS = 2600;

export class Panels {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.$ = (selector) => root.querySelector(selector);
    this.toastTimer = 0;
    this.analysis = null; // {ply, state: 'busy'|'done', result}
    this.dialogs = new Dialogs(root, app, this);
    this.help = new HelpDialog(root, app);
    this.toolbar = new Toolbar(
      root,
      {
        new: () => this.dialogs.newGame(),
        undo: () => this.app.undo(),
        redo: () => this.app.redo(),
        hint: () => this.app.hint(),
        resign: () => this.dialogs.confirmResign(),
        draw: () => this.app.offerDraw?.(),
        record: () => this.dialogs.openRecord(),
        settings: () => this.dialogs.openSettings(),
        live: () => this.app.browse(Infinity),
        analyse: () => this.analyse(),
        continue: () => this.continueFromHere(),
        online: () => this.app.onlineEntry?.open(),
        help: () => this.help.open(),
        // The actions of the game's own controls (its definition's `controls`).
        ...(app.controlActions?.() ?? {}),
      },
      app.signal,
    );
    this.navigation = new Navigation(root, app);
    const listen = { signal: app.signal }; // the listeners end with the controller
    this.$('#game-picker').value = app.id;
    this.$('#game-picker').addEventListener(
      'change',
      (e) => {
        this.app.switchGame(e.target.value);
        if (!this.destroyed) e.target.value = this.app.id; // a game this page does not have
      },
      listen,
    );
    this.$('#moves').addEventListener(
      'click',
      (e) => {
        const item = e.target.closest('[data-ply]');
        if (item) this.app.browse(Number(item.dataset.ply));
      },
      listen,
    );
    this.translate();
  }

  // The controller goes (a switch of game): nothing it showed stays up, and
  // an analysis still coming back is dropped.
  destroy() {
    this.destroyed = true;
    this.analysis = null;
    clearTimeout(this.toastTimer);
    this.$('#toast').hidden = true;
    this.dialogs.closeAll();
  }

  translate() {
    const i18n = this.app.i18n;
    document.documentElement.lang = i18n.language === 'zh' ? 'zh-CN' : 'en';
    document.title = this.app.title ? this.app.title() : i18n.t('title');
    i18n.translateTree(this.root);
    this.dialogs.translate();
  }

  render(snap) {
    const app = this.app;
    const status = this.$('#status');
    status.textContent = app.online?.statusLine(snap) ?? app.statusLine(snap);
    status.classList.toggle('red', app.statusTone?.(snap) === 'red');
    status.classList.toggle('check', !!snap.inCheck);

    this.renderBrowse(snap);
    this.renderMoves(snap);
    this.navigation.render(snap);
    this.renderCards(snap);

    for (const [action, enabled] of [
      ['undo', snap.canUndo],
      ['redo', snap.canRedo],
    ]) {
      this.root.querySelector(`[data-action="${action}"]`).disabled = !enabled;
    }
    // Resigning and offering a draw are a game's own (canResign, canOfferDraw).
    this.$('[data-action="resign"]').hidden = !app.canResign?.();
    this.$('[data-action="draw"]').hidden = !app.canOfferDraw?.();
  }

  // While an earlier position is shown: where we are, analyse, continue.
  renderBrowse(snap) {
    const i18n = this.app.i18n;
    const browse = this.$('#browse');
    browse.hidden = snap.live;
    if (snap.live) {
      this.analysis = null;
      return;
    }
    this.$('#browse-text').textContent = snap.ply === 0 ? i18n.t('browsingStart') : i18n.t('browsing', { n: snap.ply });
    // Analysis is offered where the game words its result.
    this.$('[data-action="analyse"]').hidden = !this.app.hasHook('analysisText');
    if (this.analysis && this.analysis.ply !== snap.ply) this.analysis = null;
    this.renderAnalysis();
  }

  async analyse() {
    const snap = this.app.current;
    if (!snap || snap.live || !this.app.hasHook('analysisText')) return;
    const ply = snap.ply;
    this.analysis = { ply, state: 'busy', result: null };
    this.renderAnalysis();
    let result = null;
    try {
      result = await this.app.analyse();
    } catch (error) {
      console.warn('analysis failed:', error);
    }
    if (this.destroyed || !this.analysis || this.analysis.ply !== ply) return; // the player moved on
    this.analysis = { ply, state: 'done', result };
    this.renderAnalysis();
    this.app.emit('analysis', { ply, result });
  }

  renderAnalysis() {
    const box = this.$('#analysis');
    const a = this.analysis;
    box.hidden = !a;
    box.classList.toggle('busy', !!a && a.state === 'busy');
    if (!a) return;
    const i18n = this.app.i18n;
    const score = a.state === 'busy' ? i18n.t('analysing') : a.result ? a.result.score : i18n.t('analysisNone');
    this.$('#analysis-score').textContent = score ?? '';
    this.$('#analysis-line').textContent = a.state === 'done' && a.result ? (a.result.line ?? '') : '';
  }

  continueFromHere() {
    if (this.app.current.live) return;
    const ply = this.app.current.ply;
    this.app.continueFromHere();
    this.app.emit('continue', { ply });
  }

  renderMoves(snap) {
    const labels = this.app.moveLabels(snap);
    const list = this.$('#moves');
    const items = [];
    // One line per round of moves (two for two players); a game may tag moves.
    const perLine = this.app.movesPerLine ? this.app.movesPerLine(snap) : 2;
    for (let i = 0; i < labels.length; i += perLine) {
      const cell = (ply) => {
        if (ply >= labels.length) return '';
        const current = ply + 1 === snap.ply ? ' current' : '';
        const tag = this.app.moveClass ? ' ' + this.app.moveClass(snap, ply) : '';
        return `<button type="button" class="move${current}${tag}" data-ply="${ply + 1}">${escapeHtml(labels[ply])}</button>`;
      };
      let line = '';
      for (let k = 0; k < perLine; k++) line += cell(i + k);
      items.push(`<li>${line}</li>`);
    }
    list.innerHTML = items.join('');
    keepInList(list, list.querySelector('.current'));
  }

  renderCards(snap) {
    const host = this.$('#cards');
    let cards = this.app.hasHook('playerCards') ? this.app.playerCards(snap) : null;
    if (cards && this.app.online) cards = this.app.online.panel.decorateCards(cards);
    host.hidden = !cards || cards.length === 0;
    this.root.classList.toggle('has-cards', !host.hidden);
    if (!host.hidden) renderPlayerCards(host, cards, this.app.i18n);
  }

  renderThinking() {
    const el = this.$('#thinking');
    const thinking = this.app.thinking;
    el.hidden = !thinking;
    el.classList.toggle('busy', !!thinking);
    if (!thinking) return;
    const i18n = this.app.i18n;
    const info = thinking.info;
    const elapsed = (performance.now() - thinking.started) / 1000;
    const head = [i18n.t('thinking')];
    let line = '';
    if (info) {
      // The game's words for the score and line, or the engine's score as it is.
      const text = this.app.thinkingText?.(info) ?? { score: info.scoreText ?? '', line: '' };
      head.push(i18n.t('depth', { n: info.depth }));
      if (text.score) head.push(text.score);
      line = text.line || '';
    }
    head.push(i18n.t('seconds', { s: elapsed.toFixed(1) }));
    this.$('#thinking-head').textContent = head.join(' · ');
    this.$('#thinking-line').textContent = line;
  }

  showGameOver(status) {
    this.dialogs.showGameOver(status);
  }

  // Messages appear over the top of the side panel, never over the board.
  toast(text) {
    const el = this.$('#toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      el.hidden = true;
    }, TOAST_MS);
  }
}

// Text for innerHTML and attribute values, quoted with either quote.
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

// Scrolls the move list, and only it, so that `item` is in view. Not
// scrollIntoView: that scrolls every scrolling ancestor too, and online on a
// phone the room panel scrolls; a move would carry the clocks' and the
// actions' part of it out of sight.
function keepInList(list, item) {
  if (!item || list.scrollHeight <= list.clientHeight) return;
  const top = item.offsetTop - list.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}
