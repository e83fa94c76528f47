// The game's lifecycle, shared by every game page controller: whose turn it
// is (a human seat or the AI), the AI's move and its cancellation, forced
// passes, hints and analysis, one staleness token for every async request,
// undo and redo back to the human, new games and rematches, imports (record,
// position, file), continue-from-here, the saved game, the results from the
// player's view and what an online room asks of the game. A game subclass
// gives its session, its renderer, the meaning of clicks, its words and the
// hooks of docs/page-contract.md; rules, results, levels and limits stay in
// the engine. What a controller is to the page (lifetime, settings, the
// frame loop, the thinking line, ...) is PageApp's (page_app.js).

import { autoFitCanvas } from '../common/canvas.js';
import { AiClient } from './ai_client.js';
import { OUTCOME_KEYS } from './dialogs.js';
import { PageApp } from './page_app.js';
import { Panels } from './panels.js';
import { loadGame, saveGame } from './storage.js';

const AI_PAUSE_MS = 250; // lets the player see the previous move land first
const PASS_PAUSE_MS = 700; // a forced pass waits until the move before it has been seen
const GAME_OVER_PAUSE_MS = 150; // after the last move's animation

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class GameApp extends PageApp {
  constructor(id, options) {
    super(id, options);
    this.ai = new AiClient(options.workerSource);
    this.browsePly = null;
    // The online room driving this game (web/online/room_controller.js), or
    // null offline. While online the room decides who may move, the AI and
    // saving stay off, and results and rematches are the room's.
    this.online = null;
    // The staleness token: every change of the live game (a move, undo,
    // a new game, an import, a cancelled search, the teardown) bumps it, and
    // an async request (AI move, hint, analysis, draw answer, forced pass)
    // that finds it changed when it comes back is dropped.
    this.epoch = 0;
  }

  // Restores the saved game, builds the panels and the board, and plays on
  // (the AI moves if it is its turn).
  start() {
    this.restored = this.restoreGame();
    this.panels = new Panels(this.root, this);
    this.mountBoard();
    this.stopFit = autoFitCanvas(this.canvas, this.root.querySelector('#board-wrap'), (size) => {
      this.size = size;
      this.requestFrame();
    });
    document.addEventListener('keydown', (e) => this.onKey(e), { signal: this.signal });
    this.refresh();
    // The shell tells the player and keeps the text for export.
    if (this.restoreFailure) this.reportBrokenSave(this.restoreFailure.text, this.restoreFailure.refusal);
    else if (this.brokenSave && !this.brokenSave.noticed) this.noticeBrokenSave();
    this.restoreFailure = null;
    this.emit('ready', {});
    this.afterPositionChange();
  }

  onKey(e) {
    if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
    if (this.online && e.ctrlKey) return; // takebacks online are asked of the opponent
    if (e.ctrlKey && e.key === 'z') this.undo();
    else if (e.ctrlKey && e.key === 'y') this.redo();
    else if (e.key === 'Escape') this.clearSelection?.();
  }

  // The page switches to another game: the AI's search and worker and the
  // engine session go too, and every request in flight is stale.
  destroy() {
    if (this.destroyed) return;
    this.ai.close();
    this.invalidate(); // the thinking line goes with it
    super.destroy();
    this.session.delete();
  }

  // ---- the staleness token ---------------------------------------------------

  // The live game changed: requests in flight are stale, and the thinking
  // line (which belongs to the AI's request) goes.
  invalidate() {
    this.epoch++;
    if (this.thinking) this.stopThinking();
  }

  isStale(token) {
    return this.destroyed || token !== this.epoch;
  }

  // Stops the worker's search; every request in flight is stale.
  cancelAi() {
    this.ai.cancel();
    this.invalidate();
  }

  // One worker request ({method, request, limits}); resolves with its
  // result, or null when it was cancelled, went stale or failed (the failure
  // is shown).
  async ask(message, { token = this.epoch, onInfo, client = this.ai } = {}) {
    let result;
    try {
      result = await client.search({ game: this.id, method: 'search', ...message }, onInfo);
    } catch (error) {
      if (!this.isStale(token)) this.toast(String(error.message || error));
      return null;
    }
    return this.isStale(token) ? null : result;
  }

  // ---- seats and turns -------------------------------------------------------

  // This game's seats: {players: [human|ai, ...], levels: [1..8, ...], ...}.
  get seats() {
    return this.online ? this.online.seats : this.settings[this.id];
  }

  // How many seats are in play (this.seats.players may list more).
  seatCount() {
    return 2;
  }

  isAiSeat(seat) {
    return this.seats.players[seat] === 'ai';
  }

  levelOf(seat) {
    return this.seats.levels[seat];
  }

  hasHumanSeat() {
    return this.seats.players.slice(0, this.seatCount()).some((role) => role !== 'ai');
  }

  humanToMove(snap) {
    if (this.online) return this.online.mayMove(snap);
    return snap.live && !snap.status.over && !this.isAiSeat(snap.side);
  }

  // After any change of the live position: a forced pass, the AI's move, or
  // the human's turn (Reversi's hints). Online the room plays AI seats and
  // passes.
  afterPositionChange() {
    if (this.online || this.destroyed) return;
    const status = this.session.status();
    if (status.over) return;
    if (status.mustPass) this.forcedPass();
    else if (this.isAiSeat(status.toMove)) this.maybeAiMove();
    else this.onHumanTurn?.();
  }

  async forcedPass() {
    const token = this.epoch;
    await sleep(this.animationLeft() + this.passPauseMs());
    if (this.isStale(token)) return;
    const before = this.session.snapshot();
    if (this.session.playText('pass').ok) this.afterMove(before);
  }

  passPauseMs() {
    return PASS_PAUSE_MS;
  }

  aiPauseMs() {
    return AI_PAUSE_MS;
  }

  // What the AI of a seat searches with: the engine's level (a game may add
  // its own fields, such as xiangqi's seed).
  aiLimits(seat) {
    return { level: this.levelOf(seat) };
  }

  async maybeAiMove() {
    const status = this.session.status(); // the live game, even while browsing
    if (this.online || status.over || !this.isAiSeat(status.toMove)) return;
    const seat = status.toMove;
    const token = this.epoch;
    this.startThinking();
    await sleep(this.aiPauseMs());
    if (this.isStale(token) || !this.thinking) return;
    const limits = this.aiLimits(seat);
    const result = await this.ask(
      { request: this.session.searchRequest(), limits },
      { token, onInfo: (info) => this.onThinkingInfo(info) },
    );
    if (this.isStale(token)) return; // whatever made it stale ended the thinking line
    this.stopThinking();
    if (!result) return;
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    if (this.browsePly !== null) this.browse(Infinity); // show the reply where it lands
    this.emit('ai', {
      seat,
      level: limits.level,
      depth: result.depth,
      nodes: result.nodes,
      elapsedMs: result.elapsedMs,
      ...this.aiDetail?.(result, seat), // the game's own fields
    });
    this.playAiMove(result);
  }

  // The engine's suggestion for the human to move, shown by the game.
  async hint() {
    const snap = this.current;
    if (!this.humanToMove(snap) || snap.mustPass) return;
    const result = await this.ask({ request: this.session.searchRequest(), limits: { hint: this.settings.hintStrength } });
    if (!result || !result.ok || !this.current.live) return;
    this.showHint(result);
  }

  // ---- moves -----------------------------------------------------------------

  // The move just played from `before` (the live game's snapshot before it),
  // by the player, the AI, a forced pass or a room (web/online/).
  afterMove(before) {
    this.invalidate();
    this.browsePly = null;
    this.clearView();
    this.refresh();
    const snap = this.current;
    this.presentMove(before, snap);
    this.online?.afterLocalMove();
    this.persist();
    if (snap.status.over) {
      this.sound.play('end');
      this.endOfGame(this.animationLeft() + GAME_OVER_PAUSE_MS);
    } else {
      this.afterPositionChange();
    }
  }

  endOfGame(delayMs = 0) {
    this.emit('gameover', this.current.status);
    if (delayMs > 0) this.later(() => this.showGameOver(), delayMs);
    else this.showGameOver();
  }

  // ---- commands ----------------------------------------------------------------

  // newGame({players, levels}) (docs/page-contract.md); without seats the
  // stored ones play (checkers' own new-game screen stores them first).
  newGame({ players, levels } = {}) {
    this.cancelAi();
    if (players) this.takeSeats(players, levels || this.seats.levels);
    const started = this.freshGame();
    if (!started.ok) {
      this.toast(this.i18n.refusal(started));
      return;
    }
    this.browsePly = null;
    this.onNewGame?.();
    const n = this.seatCount();
    this.afterEdit('newgame', { players: this.seats.players.slice(0, n), levels: this.seats.levels.slice(0, n) });
  }

  takeSeats(players, levels) {
    players.forEach((role, seat) => {
      this.seats.players[seat] = role === 'ai' ? 'ai' : 'human';
      this.seats.levels[seat] = levels[seat];
    });
  }

  // Starts a game with these seats (the new-game dialog, rematch): stores
  // them, then calls the game's newGame({players, levels}).
  startNewGame({ players, levels }) {
    this.takeSeats(players, levels);
    this.newGame({ players: players.slice(), levels: levels.slice() });
    this.saveSettings();
  }

  // The same seats again, or each seat moved one place on (for two seats:
  // the sides exchanged, with their levels).
  rematch({ swap = false } = {}) {
    const n = this.seatCount();
    const players = this.seats.players.slice(0, n);
    const levels = players.map((_, seat) => this.levelOf(seat));
    if (swap) {
      players.unshift(players.pop());
      levels.unshift(levels.pop());
    }
    this.startNewGame({ players, levels });
  }

  undo() {
    this.cancelAi();
    this.browsePly = null;
    // A game with endings of its own to take back first (xiangqi) gives takeBack().
    if (this.takeBack) this.takeBack();
    else this.undoToHuman();
    this.afterEdit('undo');
  }

  redo() {
    this.cancelAi();
    this.browsePly = null;
    this.redoToHuman();
    this.afterEdit('redo');
  }

  // Against the AI a takeback returns to the human's own move: AI plies are
  // undone with it. When the AI opened the game, its opening is replayed up to
  // the first human turn rather than played again (it could differ).
  undoToHuman() {
    let changed = this.session.undo();
    if (!this.hasHumanSeat()) return;
    while (changed && this.isAiSeat(this.session.snapshot().side)) changed = this.session.undo();
    while (this.isAiSeat(this.session.snapshot().side) && this.session.redo());
  }

  // Redo replays the AI's replies too, up to a human's turn or the end.
  redoToHuman() {
    let changed = this.session.redo();
    if (!this.hasHumanSeat()) return;
    while (changed && this.isAiSeat(this.session.snapshot().side) && !this.session.snapshot().status.over) {
      changed = this.session.redo();
    }
  }

  // Drops the moves after the shown position (and a result beyond it) and
  // plays on from there.
  continueFromHere() {
    if (this.browsePly === null) return { ok: true };
    const ply = this.browsePly;
    this.cancelAi();
    const result = this.session.truncate(ply);
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return result;
    }
    this.browsePly = null;
    this.toast(this.i18n.t('continued', { n: ply }));
    this.afterEdit('continue');
    return result;
  }

  // A record or a position in any form the game's engine reads. A refusal
  // comes back as the engine gave it; the shell words it.
  importRecord(text) {
    const result = this.loadRecord(String(text));
    if (result.ok) this.afterImport(result);
    return result;
  }

  // A position as positionText() writes it: a new game from there, under
  // the game's own start options (roomOptions, where it has them).
  importPosition(text) {
    const result = this.session.startGame({ ...this.roomOptions?.(), position: String(text).trim() });
    if (result.ok) this.afterImport(result);
    return result;
  }

  afterImport(result = {}) {
    this.cancelAi();
    this.browsePly = null;
    this.onImport?.();
    this.afterEdit('import', result.format ? { format: result.format } : {}, { showResult: true });
  }

  // After a change that is no move (undo, redo, a new game, an import,
  // continue): the view starts afresh, the game is saved, play goes on.
  afterEdit(type, detail = {}, { showResult = false } = {}) {
    this.invalidate();
    this.clearView();
    this.refresh();
    this.persist();
    this.emit(type, { ply: this.current.ply, ...detail });
    if (showResult && this.current.status.over) this.showGameOver();
    this.afterPositionChange();
  }

  // ---- persistence -------------------------------------------------------------

  // Replays the saved game; when it cannot be (unreadable, or refused by the
  // engine) a fresh game starts and restoreFailure keeps the text and why,
  // for start() to report. True when the saved game was restored.
  restoreGame() {
    const saved = loadGame(this.id);
    this.restoreFailure = null;
    if (saved?.unreadable) {
      this.restoreFailure = {
        text: saved.text,
        refusal: { code: 'saved_game_unreadable', params: {}, reason: 'the saved game is not readable' },
      };
    } else if (saved) {
      const result = this.restoreSession(saved);
      if (result.ok) return true;
      this.restoreFailure = { text: saved.record, refusal: result };
    }
    if (!this.freshGame().ok) this.session.newGame();
    return false;
  }

  // The game is stored as its record (saveData()), so the engine replays
  // and re-validates it on load.
  persist() {
    if (this.online || this.destroyed) return; // the offline game stays as it was
    saveGame(this.id, this.saveData());
    this.saveSettings();
  }

  // ---- the view ------------------------------------------------------------------

  // Nothing of the old view applies after a change (selection, hints,
  // the animation of a move taken back).
  clearView() {
    this.view.animation = null;
    this.view.hint = null;
    this.clearSelection?.();
  }

  snapshot() {
    return this.browsePly === null ? this.session.snapshot() : this.session.snapshotAt(this.browsePly);
  }

  browse(ply) {
    const plies = this.session.snapshot().plies;
    this.clearSelection?.();
    this.browsePly = ply >= plies ? null : Math.max(0, ply);
    this.refresh();
  }

  refresh() {
    this.current = this.snapshot();
    this.panels?.render(this.current);
    this.onRefresh?.();
    this.syncAria();
    this.requestFrame();
  }

  // ---- hooks a game may give (docs/page-contract.md) -------------------------

  // True when the game gives the optional hook `name` (a method of its own):
  // GameApp calls an optional hook only when it is there, and the shell
  // hides the control that needs one the game does not give.
  hasHook(name) {
    return typeof this[name] === 'function';
  }

  // The shown (possibly browsed) position's value and expected line, in the
  // words of the game's analysisText(): {score, line}, or null (a finished
  // position the game has no words for, the AI thinking in the same worker, a
  // refusal, a stale answer). A game may search elsewhere (analysisClient())
  // or with limits of its own (analysisLimits()).
  async analyse() {
    const snap = this.snapshot();
    if (snap.status.over) return this.analysisOfEnd?.(snap) ?? null;
    const client = this.analysisClient?.() ?? this.ai;
    if (client === this.ai && this.thinking) {
      this.toast(this.i18n.t('analysisBusy'));
      return null;
    }
    const limits = this.analysisLimits?.() ?? { analyse: true };
    const result = await this.ask({ request: this.session.searchRequest(snap.ply), limits }, { client });
    if (!result) return null;
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return null;
    }
    const text = this.analysisText(result, snap);
    this.emit('analysis', { ply: snap.ply, ...text });
    return text;
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
    this.invalidate();
    this.clearView();
  }

  // A seat's name (seats count from 0): the game's words for it.
  seatName(seat) {
    return this.seatNames()[seat];
  }

  // The position shown, as the engine writes it (what importPosition reads).
  positionText() {
    return this.current.positionText;
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
    return this.i18n.t('toMove', { side: this.seatName(snap.side) });
  }
}

// The words of each outcome (dialogs.js), as GameApp's module always offered them.
export { OUTCOME_KEYS };
