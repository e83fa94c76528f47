// What a game controller is to the page, whatever the game: its lifetime
// (every listener and timer ends with destroy(), when the page switches
// games), settings, language and appearance, the canvas fitted to its
// container and the frame loop, the ARIA mirror of the board in the page's
// language, the thinking line, the event log the test hook reads, toasts and
// announcements, and a saved game that could not be restored. The game's
// lifecycle is GameApp's (game_app.js), which extends this.

import { I18n } from './i18n.js';
import { Sound } from './sound.js';
import { defaultNotation, discardBrokenSave, loadBrokenSave, loadSettings, saveBrokenSave, saveSettings } from './storage.js';
import { Appearance } from './theme.js';

export class PageApp {
  // options.games: the page's game definitions (web/games/index.js).
  constructor(id, { engine, workerSource, root, games = [], shell = null }) {
    this.id = id;
    this.games = games;
    this.engine = engine;
    this.workerSource = workerSource;
    this.root = root;
    this.shell = shell; // web/app/page_shell.js: switches games in place
    this.settings = loadSettings(games);
    this.i18n = new I18n(this.settings.language, games);
    this.sound = new Sound(this.settings.sound, this.settings.volume);
    this.thinking = null;
    this.events = [];
    this.canvas = root.querySelector('#board');
    this.ctx = this.canvas.getContext('2d');
    this.size = { width: 1, height: 1, dpr: 1 };
    this.frameRequested = false;
    this.drawTimes = [];
    this.brokenSave = loadBrokenSave(id);
    // Every listener of this controller is registered with this signal, so
    // destroy() removes them all at once.
    this.lifetime = new AbortController();
    this.signal = this.lifetime.signal;
    this.timers = new Set();
    this.destroyed = false;
    this.appearance = new Appearance(() => this.onAppearanceChange(), globalThis, this.signal);
    this.appearance.apply(this.settings);
    // True while prefers-reduced-motion holds or the player turned animations
    // off; renderers and animations read it.
    this.reducedMotion = this.appearance.reducedMotion;
  }

  // The page switches to another game: listeners, timers, the board's part
  // of the page and the panels' go; nothing of this controller runs again.
  destroy() {
    this.destroyed = true;
    this.lifetime.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearInterval(this.thinkingTimer);
    this.stopFit?.();
    this.unmountBoard();
    this.panels?.destroy();
    this.sound.close();
  }

  // A timeout that ends with the controller.
  later(fn, ms) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.destroyed) fn();
    }, ms);
    this.timers.add(timer);
  }

  // ---- settings and appearance -------------------------------------------------

  saveSettings() {
    saveSettings(this.settings);
  }

  // Each game keeps its own saved game; the shell starts the chosen one in place.
  switchGame(game) {
    if (game !== this.id) this.shell?.switchGame(game);
  }

  // Changes from the settings dialog or the notation select. Picking a
  // language or a notation ends following the browser's; a notation not yet
  // picked follows the language.
  applySettings(changes) {
    const next = { ...changes };
    if ('notation' in changes) next.notationPicked = true;
    if ('language' in changes) {
      next.languagePicked = true;
      if (!this.settings.notationPicked && !('notation' in changes)) next.notation = defaultNotation(changes.language);
    }
    Object.assign(this.settings, next);
    this.i18n = new I18n(this.settings.language, this.games);
    this.sound.enabled = this.settings.sound;
    this.sound.volume = this.settings.volume;
    this.appearance.apply(this.settings);
    this.reducedMotion = this.appearance.reducedMotion;
    this.persist();
    this.panels.translate();
    this.translateBoard();
    this.refresh();
    this.emit('settings', { ...changes });
  }

  onAppearanceChange() {
    this.reducedMotion = this.appearance.reducedMotion;
    this.emit('appearance', { theme: this.appearance.theme, reducedMotion: this.reducedMotion });
    this.requestFrame();
  }

  // ---- the board -----------------------------------------------------------------

  // The ARIA mirror of the board (aria_board.js or aria_hex_board.js),
  // named in the page's language.
  mountAria(Board, geometry, onActivate) {
    this.aria = new Board(this.root.querySelector('#aria-board-host'), {
      geometry,
      label: this.boardLabel(),
      onActivate,
      onCursor: (square) => {
        this.view.cursor = square;
        this.requestFrame();
      },
    });
  }

  // The game's own parts of the page go (a game with more adds to this).
  unmountBoard() {
    this.aria?.destroy();
  }

  // A language change renames the board at once.
  translateBoard() {
    this.aria?.setLabel(this.boardLabel());
  }

  // Each square's words for screen readers (the game's squareLabel), in the
  // page's language.
  syncAria() {
    if (!this.aria || !this.current) return;
    const snap = this.current;
    this.aria.update((square) => this.squareLabel(square, snap), this.ariaMarks());
  }

  ariaMarks() {
    return { selected: this.view.selected ?? -1, targets: this.view.targets ?? [] };
  }

  // Milliseconds left of the move animation being shown.
  animationLeft() {
    const a = this.view.animation;
    return a ? Math.max(0, a.start + a.duration - performance.now()) : 0;
  }

  animating() {
    return this.animationLeft() > 0;
  }

  requestFrame() {
    if (this.frameRequested || this.destroyed) return;
    this.frameRequested = true;
    requestAnimationFrame((t) => this.frame(t));
  }

  // One frame: the game draws and says whether anything still moves.
  frame(time) {
    this.frameRequested = false;
    if (!this.current || this.destroyed) return;
    const t0 = performance.now();
    const active = this.draw(time);
    this.drawTimes.push(performance.now() - t0);
    if (this.drawTimes.length > 240) this.drawTimes.shift();
    this.lastFrameAt = time;
    if (active) this.requestFrame();
  }

  // ---- the AI's thinking line ---------------------------------------------

  // The thinking line's clock ticks on a timer; the canvas is only redrawn
  // when something on it moves, so the main thread stays idle meanwhile.
  startThinking() {
    this.thinking = { started: performance.now(), info: null };
    this.panels.renderThinking();
    clearInterval(this.thinkingTimer);
    this.thinkingTimer = setInterval(() => this.panels.renderThinking(), 100);
  }

  onThinkingInfo(info) {
    if (!this.thinking) return;
    this.thinking.info = info;
    this.panels.renderThinking();
  }

  stopThinking() {
    this.thinking = null;
    clearInterval(this.thinkingTimer);
    this.panels?.renderThinking();
  }

  // ---- a saved game that could not be restored -------------------------------

  // The saved text could not be restored: the player is told why, and the
  // text stays (in storage and in the import/export dialog) until discarded.
  reportBrokenSave(text, refusal) {
    const kept = refusal ? { ...refusal } : null; // as given: {code, params, reason, cause?}
    if (kept) delete kept.ok;
    this.brokenSave = { text: String(text), refusal: kept, noticed: false };
    saveBrokenSave(this.id, this.brokenSave);
    this.emit('brokensave', { code: refusal?.code });
    if (this.panels) this.noticeBrokenSave();
  }

  noticeBrokenSave() {
    this.panels.dialogs.showBrokenSave(this.brokenSave);
    this.brokenSave.noticed = true;
    saveBrokenSave(this.id, this.brokenSave);
  }

  discardBrokenSave() {
    this.brokenSave = null;
    discardBrokenSave(this.id);
    this.emit('brokendiscarded', {});
  }

  // ---- output --------------------------------------------------------------

  toast(text) {
    this.panels?.toast(text);
  }

  announce(text) {
    this.root.querySelector('#announce').textContent = text;
  }

  emit(type, detail) {
    this.events.push({ type, detail, at: performance.now() });
    if (this.events.length > 500) this.events.shift();
  }
}
