// What every game page controller shares: settings and persistence, the AI
// worker client, the canvas fitted to its container and the frame loop, the
// event log the test hook reads, toasts and announcements, browsing, the
// AI's "thinking" state, appearance (theme, reduced motion), the player's
// view of a result, and a saved game that could not be restored. A game
// subclass supplies its session, its renderer (draw) and the meaning of
// clicks, and the hooks of docs/page-contract.md; rules stay in the engine.

import { autoFitCanvas } from '../common/canvas.js';
import { AiClient } from './ai_client.js';
import { I18n } from './i18n.js';
import { Sound } from './sound.js';
import { defaultNotation, discardBrokenSave, loadBrokenSave, loadSettings, saveBrokenSave, saveSettings } from './storage.js';
import { Appearance } from './theme.js';

// Hooks a game may leave out: the shell then hides the control that uses it
// (see hasHook()).
const OPTIONAL_HOOKS = ['analyse', 'continueFromHere', 'playerCards', 'recordFile', 'openFile'];

export class GameApp {
  constructor(id, { engine, workerSource, root }) {
    this.id = id;
    this.engine = engine;
    this.root = root;
    this.settings = loadSettings();
    this.i18n = new I18n(this.settings.language);
    this.sound = new Sound(this.settings.sound, this.settings.volume);
    this.ai = new AiClient(workerSource);
    this.browsePly = null;
    this.thinking = null;
    this.events = [];
    this.canvas = root.querySelector('#board');
    this.ctx = this.canvas.getContext('2d');
    this.size = { width: 1, height: 1, dpr: 1 };
    this.frameRequested = false;
    this.drawTimes = [];
    this.brokenSave = loadBrokenSave(id);
    this.appearance = new Appearance(() => this.onAppearanceChange());
    this.appearance.apply(this.settings);
    // The online room driving this game (web/online/room_controller.js), or
    // null offline. While online the room decides who may move, the AI and
    // saving stay off, and results and rematches are the room's.
    this.online = null;
    // True while prefers-reduced-motion holds or the player turned animations
    // off; renderers and animations read it.
    this.reducedMotion = this.appearance.reducedMotion;
  }

  // Called by start() of the subclass once its own parts exist.
  startShell() {
    autoFitCanvas(this.canvas, this.root.querySelector('#board-wrap'), (size) => {
      this.size = size;
      this.requestFrame();
    });
    document.addEventListener('keydown', (e) => {
      if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
      if (this.online && e.ctrlKey) return; // takebacks online are asked of the opponent
      if (e.ctrlKey && e.key === 'z') this.undo();
      else if (e.ctrlKey && e.key === 'y') this.redo();
      else if (e.key === 'Escape' && this.clearSelection) this.clearSelection();
    });
    if (this.brokenSave && !this.brokenSave.noticed) this.noticeBrokenSave();
  }

  // This game's seats: {players: [human|ai, ...], levels: [1..8, ...], ...}.
  get seats() {
    return this.online ? this.online.seats : this.settings[this.id];
  }

  snapshot() {
    return this.browsePly === null ? this.session.snapshot() : this.session.snapshotAt(this.browsePly);
  }

  browse(ply) {
    const plies = this.session.snapshot().plies;
    this.browsePly = ply >= plies ? null : Math.max(0, ply);
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
    this.i18n = new I18n(this.settings.language);
    this.sound.enabled = this.settings.sound;
    this.sound.volume = this.settings.volume;
    this.appearance.apply(this.settings);
    this.reducedMotion = this.appearance.reducedMotion;
    this.persist();
    this.panels.translate();
    this.refresh();
    this.emit('settings', { ...changes });
  }

  saveSettings() {
    saveSettings(this.settings);
  }

  onAppearanceChange() {
    this.reducedMotion = this.appearance.reducedMotion;
    this.emit('appearance', { theme: this.appearance.theme, reducedMotion: this.reducedMotion });
    this.requestFrame();
  }

  // ---- hooks a game may give (docs/page-contract.md) -------------------------

  // True when the subclass gives `name` itself (not GameApp's placeholder).
  hasHook(name) {
    return typeof this[name] === 'function' && (!OPTIONAL_HOOKS.includes(name) || this[name] !== GameApp.prototype[name]);
  }

  canResign() {
    return false;
  }

  canOfferDraw() {
    return false;
  }

  // Placeholders of the optional hooks: never called while hasHook() is false.
  analyse() {
    return Promise.resolve(null);
  }

  continueFromHere() {}

  playerCards() {
    return null;
  }

  recordFile() {
    return null;
  }

  // Every game opens its own files (its record format, worded refusals).
  openFile() {
    throw new Error(`${this.constructor.name} does not implement openFile`);
  }

  // The thinking line's score and expected line; a game words them for a
  // person (side, pawns, its notation).
  thinkingText(info) {
    return { score: info.scoreText ?? '', line: '' };
  }

  // The same seats again, or with the two seats exchanged.
  rematch({ swap = false } = {}) {
    const players = this.seats.players.slice();
    const levels = this.seats.levels.slice();
    if (swap && this.seatCount() === 2) {
      [players[0], players[1]] = [players[1], players[0]];
      [levels[0], levels[1]] = [levels[1], levels[0]];
    }
    this.startNewGame({ players, levels });
  }

  // Starts a game with these seats: stores them, then calls the game's
  // newGame({players, levels}).
  startNewGame({ players, levels }) {
    this.seats.players = players.slice();
    this.seats.levels = levels.slice();
    this.newGame({ players: this.seats.players.slice(), levels: this.seats.levels.slice() });
    this.seats.players = players.slice();
    this.seats.levels = levels.slice();
    this.saveSettings();
  }

  // ---- what an online room asks of the game (web/online/) ---------------------

  // Plays a step the room sent (a move in any notation the engine reads, or
  // a forced pass) through the game's own presentation: animation, sound,
  // announcement. False when the engine refuses it.
  playStep(text) {
    const before = this.session.snapshot();
    const played = this.session.playText(text);
    if (!played.ok) return false;
    this.afterMove(before);
    return true;
  }

  // The board was rebuilt from a room's state: nothing of the old view
  // (selection, animation, browsing, a pending AI turn) applies.
  resetView() {
    this.browsePly = null;
    if (this.view) this.view.animation = null;
    this.clearSelection?.();
    if (this.aiTurn !== undefined) this.aiTurn++;
  }

  // The seat this page plays in a room: a game may turn the board to it.
  faceSeat() {}

  // The game's own options for a room it creates (its rules); none by default.
  roomOptions() {
    return {};
  }

  // A seat's name (seats count from 0): the game's words for it.
  seatName(seat) {
    return this.seatNames()[seat];
  }

  // ---- results from the player's view ----------------------------------------

  // 'win' or 'loss' for the one human seat, 'draw' when nobody won, null
  // when the view is neutral (no human seat, or more than one).
  outcomeFor(winnerSeats) {
    if (this.online) return this.online.outcomeFor(winnerSeats);
    if (!winnerSeats || winnerSeats.length === 0) return 'draw';
    const humans = [];
    for (let seat = 0; seat < this.seatCount(); seat++) if (this.seats.players[seat] !== 'ai') humans.push(seat);
    if (humans.length !== 1) return null;
    return winnerSeats.includes(humans[0]) ? 'win' : 'loss';
  }

  // ---- a saved game that could not be restored -------------------------------

  // The engine refused the saved text: the player is told why, and the text
  // stays (in storage and in the import/export dialog) until discarded.
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
    if (this.online) return this.online.panel.showResult(); // the room's panel, with its rematch
    if (this.current.status.over) this.panels.showGameOver(this.current.status);
  }

  // The line above the move list; a game may add to it (xiangqi: check).
  statusLine(snap) {
    if (snap.status.over) {
      const text = this.gameOverText(snap.status);
      const outcome = text.outcome ? this.i18n.t(OUTCOME_KEYS[text.outcome]) : '';
      return [outcome, text.title, text.reason].filter((part, i, all) => part && all.indexOf(part) === i).join(' · ');
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

// The words of each outcome, the dialog's heading from the player's view.
export const OUTCOME_KEYS = { win: 'youWon', loss: 'youLost', draw: 'draw' };
