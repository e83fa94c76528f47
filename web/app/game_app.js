// What every game page controller shares: settings and persistence, the AI
// worker client, the canvas fitted to its container and the frame loop, the
// event log the test hook reads, toasts and announcements, browsing and the
// AI's "thinking" state. A game subclass supplies its session, its renderer
// (draw) and the meaning of clicks; rules always stay in the engine.

import { autoFitCanvas } from '../common/canvas.js';
import { AiClient } from './ai_client.js';
import { I18n } from './i18n.js';
import { Sound } from './sound.js';
import { loadSettings, saveSettings } from './storage.js';

export class GameApp {
  constructor(id, { engine, workerSource, root }) {
    this.id = id;
    this.engine = engine;
    this.root = root;
    this.settings = loadSettings();
    this.i18n = new I18n(this.settings.language);
    this.sound = new Sound(this.settings.sound);
    this.ai = new AiClient(workerSource);
    this.browsePly = null;
    this.thinking = null;
    this.events = [];
    this.canvas = root.querySelector('#board');
    this.ctx = this.canvas.getContext('2d');
    this.size = { width: 1, height: 1, dpr: 1 };
    this.frameRequested = false;
    this.drawTimes = [];
  }

  // Called by start() of the subclass once its own parts exist.
  startShell() {
    autoFitCanvas(this.canvas, this.root.querySelector('#board-wrap'), (size) => {
      this.size = size;
      this.requestFrame();
    });
    document.addEventListener('keydown', (e) => {
      if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
      if (e.ctrlKey && e.key === 'z') this.undo();
      else if (e.ctrlKey && e.key === 'y') this.redo();
      else if (e.key === 'Escape' && this.clearSelection) this.clearSelection();
    });
  }

  // This game's seats: {players: [human|ai, human|ai], level, ...}.
  get seats() {
    return this.settings[this.id];
  }

  snapshot() {
    return this.browsePly === null ? this.session.snapshot() : this.session.snapshotAt(this.browsePly);
  }

  browse(ply) {
    const plies = this.session.snapshot().plies;
    this.browsePly = ply >= plies ? null : ply;
    this.refresh();
  }

  // Each game keeps its own saved game; switching reloads the page into it.
  switchGame(game) {
    if (game === this.id) return;
    this.cancelAi();
    this.settings.game = game;
    this.persist();
    location.reload();
  }

  applySettings(changes) {
    Object.assign(this.settings, changes);
    this.i18n = new I18n(this.settings.language);
    this.sound.enabled = this.settings.sound;
    this.persist();
    this.panels.translate();
    this.refresh();
  }

  saveSettings() {
    saveSettings(this.settings);
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
    this.panels.renderThinking();
  }

  cancelAi() {
    this.ai.cancel();
    if (this.thinking) this.stopThinking();
  }

  // ---- takebacks -----------------------------------------------------------

  // How many seats are in play (this.seats.players may list more).
  seatCount() {
    return 2;
  }

  hasHumanSeat() {
    return this.seats.players.slice(0, this.seatCount()).some((role) => role !== 'ai');
  }

  // Against the AI a takeback returns to the human's own move: AI plies are
  // undone with it. When the AI opened the game, its opening is replayed up to
  // the first human turn rather than played again (it could differ).
  undoToHuman() {
    let changed = this.session.undo();
    if (!this.hasHumanSeat()) return;
    while (changed && this.isAi(this.session.snapshot().side)) changed = this.session.undo();
    while (this.isAi(this.session.snapshot().side) && this.session.redo());
  }

  // Redo replays the AI's replies too, up to a human's turn or the end.
  redoToHuman() {
    let changed = this.session.redo();
    if (!this.hasHumanSeat()) return;
    while (changed && this.isAi(this.session.snapshot().side) && !this.session.snapshot().status.over) {
      changed = this.session.redo();
    }
  }

  // ---- output --------------------------------------------------------------

  showGameOver() {
    if (this.current.status.over) this.panels.showGameOver(this.current.status);
  }

  // The line above the move list; a game may add to it (xiangqi: check).
  statusLine(snap) {
    if (snap.status.over) {
      const text = this.gameOverText(snap.status);
      return `${text.title} · ${text.reason}`;
    }
    return this.i18n.t('toMove', { side: this.sideName(snap.side) });
  }

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

  requestFrame() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((t) => this.frame(t));
  }

  // One frame: the subclass draws and says whether anything still moves.
  frame(time) {
    this.frameRequested = false;
    if (!this.current) return;
    const t0 = performance.now();
    const active = this.draw(time);
    this.drawTimes.push(performance.now() - t0);
    if (this.drawTimes.length > 240) this.drawTimes.shift();
    this.lastFrameAt = time;
    if (active) this.requestFrame();
  }
}
