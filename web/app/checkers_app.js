// The Chinese checkers page controller: owns the engine session (rules, chains,
// passes, places), the view state (selection, hop-by-hop chain, animations,
// browsing) and the AI client, and keeps the canvas, the frosted info bar,
// the ARIA mirror and the panels in step. Which moves and hops are legal, who
// finished and what the AI plays always come from the engine; this file only
// routes clicks and shows results.
//
// Input: click a piece, then a destination (the engine picks the path); or go
// hop by hop: a click on a one-hop landing that can hop on starts a chain,
// each further click on a marked landing extends it, a click on an earlier
// landing trims it, and the End turn button (or Enter) plays it. The L key
// or the small "a1" button writes the engine's hole names on the board
// (checkers_hole_labels.js); the new-game dialog is checkers_new_game.js.
//
// The shell contract (docs/page-contract.md): rematch, analyse,
// continueFromHere, thinkingText, playerCards, gameOverText (with
// outcomeFor), recordFile / openFile, reportBrokenSave, reducedMotion. Hooks
// the shell may not have yet are guarded.

import { moveAnimation, entryAnimation, isRunning } from '../checkers/animation.js';
import { CELL_LIST, boardLayout, cellAt, centerOf, cursorStep } from '../checkers/board_geometry.js';
import { drawBoard } from '../checkers/board_renderer.js';
import { seatColor, seatDotStyle } from '../checkers/seat_colors.js';
import { AriaHexBoard } from './aria_hex_board.js';
import { BoardInput } from './board_input.js';
import { HoleLabels } from './checkers_hole_labels.js';
import { CheckersNewGameDialog } from './checkers_new_game.js';
import { GameApp } from './game_app.js';
import { Panels } from './panels.js';
import { loadGame, saveGame } from './storage.js';

const AI_PAUSE_MS = 400; // after the previous move has landed, so people can follow
const PASS_PAUSE_MS = 700;

// Test and demo speed-ups from the page address: ?aiPause=ms&anim=scale.
function speedFromAddress() {
  const params = new URLSearchParams(globalThis.location ? location.search : '');
  const number = (key, fallback) => {
    const v = Number(params.get(key));
    return params.has(key) && Number.isFinite(v) && v >= 0 ? v : fallback;
  };
  return { aiPauseMs: number('aiPause', AI_PAUSE_MS), animScale: number('anim', 1) };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class CheckersApp extends GameApp {
  constructor(options) {
    super('checkers', options);
    this.session = new options.engine.CheckersSession();
    this.view = {
      selected: -1, targets: [], chain: null, canStop: false, preview: null, hint: null,
      hover: -1, cursor: -1, animation: null, entry: null,
    };
    this.speed = speedFromAddress();
    this.insetTop = 0;
    this.bar = options.root.querySelector('#cc-bar');
    this.endTurnButton = options.root.querySelector('#cc-end-turn');
    this.aiTurn = 0; // bumps on every change, so a sleeping AI request knows it is stale
    // The engine's hole names, for the board's labels.
    this.holeNames = this.session.geometry().map((c) => c.name);
    this.labels = new HoleLabels(this);
  }

  // The shell sets reducedMotion (prefers-reduced-motion or the player's
  // choice); until it does, the media query alone decides.
  motionReduced() {
    if (typeof this.reducedMotion === 'boolean') return this.reducedMotion;
    return !!(globalThis.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches);
  }

  // A move animation, or none when motion is reduced.
  animate(path, player) {
    if (this.motionReduced()) return null;
    return moveAnimation(path, player, performance.now(), { scale: this.speed.animScale });
  }

  entry(seats) {
    if (this.motionReduced()) return null;
    return entryAnimation(seats, performance.now(), { scale: this.speed.animScale });
  }

  start() {
    const restored = this.restoreGame();
    this.panels = new Panels(this.root, this);
    const rows = [];
    for (const c of CELL_LIST) (rows[c.row] ||= []).push(c.index);
    this.aria = new AriaHexBoard(this.root.querySelector('#aria-board-host'), {
      geometry: { rows, start: 60, step: cursorStep },
      label: this.i18n.t('checkersBoardLabel'),
      onActivate: (cell) => this.keyActivate(cell),
      onCursor: (cell) => { this.view.cursor = cell; this.requestFrame(); },
    });
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => cellAt(this.layout(), x, y),
      onPick: (cell) => this.activate(cell, true),
      onDrop: (from, to) => { if (!this.view.chain || this.view.chain.length < 2) this.tryMove(from, to); },
      onDrag: () => {},
      onHover: (cell) => this.hover(cell),
    });
    this.endTurnButton.addEventListener('click', () => this.endTurn());
    this.labels.makeButton();
    document.addEventListener('keydown', (e) => {
      const typing = e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName);
      if ((e.key === 'l' || e.key === 'L') && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        this.labels.toggle();
        return;
      }
      if (e.key !== 'Enter' || !this.chainActive()) return;
      if (e.target && (['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(e.target.tagName) || e.target.closest?.('.aria-board'))) return;
      e.preventDefault();
      this.endTurn();
    });
    this.newGameDialog = new CheckersNewGameDialog(this);
    this.newGameDialog.wire();
    // The star sits below the info bar, whose height changes when it wraps.
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.measureBar()).observe(this.bar);
    else addEventListener('resize', () => this.measureBar());
    this.startShell();
    this.refresh();
    if (!restored) this.view.entry = this.entry(this.current.seats);
    // The shell tells the player and keeps the text for export.
    if (this.restoreFailure) this.reportBrokenSave(this.restoreFailure.text, this.restoreFailure.result);
    this.restoreFailure = null;
    this.emit('ready', {});
    this.afterPositionChange();
  }

  // ---- state -------------------------------------------------------------

  isAi(player) {
    return this.seats.players[player - 1] === 'ai';
  }

  seatCount() {
    return this.seats.count;
  }

  humanToMove(snap) {
    if (this.online) return this.online.mayMove(snap);
    return snap.live && !snap.status.over && !this.isAi(snap.side);
  }

  chainActive() {
    return !!(this.view.chain && this.view.chain.length >= 2);
  }

  // A seat's name for any seat count (seats from 0, players from 1).
  seatName(seat) {
    return this.sideName(seat + 1);
  }

  // A room's rules: the rule options of the new-game dialog (the room always
  // starts with its seat 0, so not the first-player option).
  roomOptions() {
    const rules = { ...this.rulesFromSettings() };
    delete rules.players;
    delete rules.firstPlayer;
    return { rules };
  }

  // The rule options from the settings, for the engine.
  rulesFromSettings() {
    const r = this.seats.rules;
    return {
      players: this.seats.count,
      multiplayerEnd: r.multiplayerEnd, winRule: r.winRule, goalLock: r.goalLock, parking: r.parking,
      firstPlayer: r.firstPlayer, longJumps: r.longJumps, equalTurns: r.equalTurns,
    };
  }

  restoreGame() {
    const saved = loadGame(this.id);
    if (saved) {
      const text = typeof saved.record === 'string' ? saved.record : '';
      const result = this.session.importRecord(text, saved.rules && typeof saved.rules === 'object' ? saved.rules : this.rulesFromSettings());
      if (result.ok) {
        this.seats.count = this.session.snapshot().players;
        return true;
      }
      this.restoreFailure = { text, result }; // reported once the shell is up
    }
    const started = this.session.newGame({ ...this.rulesFromSettings(), seed: Date.now() % 1e9, gameIndex: this.seats.gameIndex });
    if (!started.ok) this.session.newGame({ players: 2 });
    return false;
  }

  persist() {
    if (this.online) return; // the offline game stays as it was
    saveGame(this.id, { record: this.session.exportRecord(), rules: this.session.rules() });
    this.saveSettings();
  }

  layout() {
    return boardLayout(this.size.width, this.size.height, this.insetTop);
  }

  squareCenter(cell) {
    return centerOf(this.layout(), cell);
  }

  animating() {
    const now = performance.now();
    return isRunning(this.view.animation, now) || isRunning(this.view.entry, now);
  }

  animationLeft() {
    const a = this.view.animation;
    return a ? Math.max(0, a.start + a.duration - performance.now()) : 0;
  }

  // ---- input -------------------------------------------------------------

  // A hole was clicked, tapped or activated from the keyboard. Returns true
  // when a piece is now held (so a drag may follow).
  activate(cell, fromPointer = false) {
    const snap = this.current;
    if (!this.humanToMove(snap)) {
      if (!snap.live) this.toast(this.i18n.t('browsing', { n: snap.ply }));
      return false;
    }
    if (cell < 0) {
      if (!this.chainActive()) this.clearSelection();
      return false;
    }
    if (this.chainActive()) return this.chainClick(cell);
    const own = snap.board[cell] === snap.side;
    if (own) {
      if (this.view.selected === cell && !fromPointer) {
        this.clearSelection();
        return false;
      }
      this.select(cell);
      return true;
    }
    const from = this.view.selected;
    if (from < 0) {
      if (snap.board[cell]) this.showReason(this.session.reasonFor(cell, cell));
      return false;
    }
    // A one-hop landing from which the piece can hop on starts a chain;
    // anything else is a whole move and the engine finds its path.
    const first = this.session.chainOptions([from]);
    if (first.ok && first.hops.includes(cell)) {
      const next = this.session.chainOptions([from, cell]);
      if (next.ok && next.hops.length > 0) {
        this.setChain([from, cell], next);
        return false;
      }
      this.playPath([from, cell]);
      return false;
    }
    this.tryMove(from, cell);
    return false;
  }

  // Keyboard: Enter on the chain's last landing ends the turn.
  keyActivate(cell) {
    if (this.chainActive() && cell === this.view.chain[this.view.chain.length - 1]) this.endTurn();
    else this.activate(cell);
  }

  // A click while a chain is being built: extend, trim, or switch pieces.
  chainClick(cell) {
    const chain = this.view.chain;
    const at = chain.indexOf(cell);
    if (at === 0) {
      this.select(chain[0]); // back to the start: a plain selection again
      return false;
    }
    if (at > 0) {
      this.trimChain(at);
      return false;
    }
    if (this.view.targets.includes(cell)) {
      const longer = chain.concat(cell);
      const options = this.session.chainOptions(longer);
      if (!options.ok) {
        this.showReason(options);
        return false;
      }
      if (options.hops.length === 0) {
        if (options.canStop) this.playPath(longer);
        else this.showReason(options.stopProblem);
        return false;
      }
      this.setChain(longer, options);
      return false;
    }
    if (this.current.board[cell] === this.current.side) {
      this.select(cell);
      return true;
    }
    this.toast(this.i18n.t('hopOrEnd'));
    return false;
  }

  trimChain(index) {
    const chain = this.view.chain.slice(0, index + 1);
    const options = this.session.chainOptions(chain);
    if (options.ok) this.setChain(chain, options);
    this.emit('trim', { chain });
  }

  setChain(chain, options) {
    this.view.chain = chain;
    this.view.canStop = options.canStop;
    this.view.targets = options.hops.slice();
    this.view.preview = null;
    this.view.hint = null;
    this.updateEndTurn();
    this.emit('chain', { chain: chain.slice(), hops: options.hops.slice(), canStop: options.canStop });
    this.announce(this.i18n.t('chainGoing'));
    this.syncAria();
    this.requestFrame();
  }

  endTurn() {
    if (!this.chainActive()) return;
    const options = this.session.chainOptions(this.view.chain);
    if (!options.ok || !options.canStop) {
      this.showReason(options.ok ? options.stopProblem : options);
      return;
    }
    this.emit('endturn', { chain: this.view.chain.slice() });
    this.playPath(this.view.chain);
  }

  select(cell) {
    const snap = this.current;
    this.view.selected = cell;
    this.view.chain = null;
    this.view.targets = snap.legal.filter((m) => m.from === cell).map((m) => m.to);
    this.view.preview = null;
    this.updateEndTurn();
    this.syncAria();
    this.requestFrame();
  }

  clearSelection() {
    this.view.selected = -1;
    this.view.targets = [];
    this.view.chain = null;
    this.view.preview = null;
    this.updateEndTurn();
    this.syncAria();
    this.requestFrame();
  }

  // The pointer over a hole: the hop path to it when it is a destination.
  hover(cell) {
    if (this.view.hover === cell) return;
    this.view.hover = cell;
    let preview = null;
    if (cell >= 0 && this.view.targets.includes(cell)) {
      if (this.chainActive()) preview = this.view.chain.concat(cell);
      else if (this.view.selected >= 0) {
        // Paths come from the engine on demand, only for the hole pointed at.
        const path = this.session.pathFor(this.view.selected, cell);
        if (path.length >= 2) preview = path;
      }
    }
    this.view.preview = preview;
    this.requestFrame();
  }

  updateEndTurn() {
    const show = this.chainActive();
    this.endTurnButton.hidden = !show;
    this.endTurnButton.disabled = show && !this.view.canStop;
  }

  // A refusal from the engine ({code, params, reason}), worded by its code.
  showReason(refusal) {
    if (refusal && refusal.ok !== true && refusal.code) this.toast(this.i18n.t('illegal', { reason: this.i18n.refusal(refusal) }));
  }

  tryMove(from, to) {
    const before = this.session.snapshot();
    const result = this.session.play(from, to);
    if (!result.ok) {
      this.showReason(result);
      this.emit('rejected', { from, to, code: result.code, reason: result.reason });
      return false;
    }
    this.afterMove(before);
    return true;
  }

  playPath(path) {
    const before = this.session.snapshot();
    const result = this.session.playPath(path);
    if (!result.ok) {
      this.showReason(result);
      this.emit('rejected', { path, code: result.code, reason: result.reason });
      return false;
    }
    this.afterMove(before);
    return true;
  }

  // ---- after a move ------------------------------------------------------

  afterMove(before) {
    this.aiTurn++;
    this.browsePly = null;
    this.view.selected = -1;
    this.view.targets = [];
    this.view.chain = null;
    this.view.preview = null;
    this.view.hint = null;
    this.view.entry = null;
    this.updateEndTurn();
    this.refresh();
    const snap = this.current;
    const move = snap.moves[snap.moves.length - 1];
    if (move && !move.pass) {
      this.view.animation = this.animate(move.path, move.player);
      this.sound.play(move.path.length >= 4 ? 'capture' : 'move');
      this.announce(`${this.sideName(move.player)} ${move.text}`);
      this.emit('move', { from: move.from, to: move.to, path: move.path.slice(), text: move.text, player: move.player, ply: snap.ply });
    } else if (move) {
      const notice = this.i18n.t('ccPasses', { side: this.sideName(move.player) });
      this.toast(notice);
      this.announce(notice);
      this.emit('pass', { player: move.player, ply: snap.ply });
    }
    this.online?.afterLocalMove();
    // Seats that finished with this move.
    for (const seat of snap.seats) {
      const was = before.seats.find((s) => s.player === seat.player);
      if (seat.finished && was && !was.finished && !snap.status.over) {
        this.toast(this.i18n.t('seatHome', { side: this.sideName(seat.player), n: seat.place }));
        this.emit('finished', { player: seat.player, place: seat.place });
      }
    }
    this.persist();
    if (snap.status.over) {
      this.sound.play('end');
      this.emit('gameover', snap.status);
      setTimeout(() => this.showGameOver(), this.animationLeft() + 200);
      return;
    }
    this.afterPositionChange();
  }

  // After any change of the live position: the AI moves, or a forced pass.
  afterPositionChange() {
    const snap = this.session.snapshot();
    if (this.online || snap.status.over) return; // online, the server plays AI seats and passes
    if (this.isAi(snap.side)) this.maybeAiMove();
    else if (snap.mustPass) this.forcedPass(snap);
  }

  async forcedPass(snap) {
    const turn = this.aiTurn;
    await sleep(this.animationLeft() + PASS_PAUSE_MS * Math.min(1, this.speed.animScale));
    if (turn !== this.aiTurn || this.session.snapshot().ply !== snap.ply) return;
    const before = this.session.snapshot();
    if (this.session.pass().ok) this.afterMove(before);
  }

  // ---- AI ----------------------------------------------------------------

  async maybeAiMove() {
    const snap = this.session.snapshot();
    if (this.online || snap.status.over || !this.isAi(snap.side)) return;
    const turn = this.aiTurn;
    this.startThinking();
    // Let the previous move land, then a short visible pause.
    await sleep(this.animationLeft() + this.speed.aiPauseMs);
    if (turn !== this.aiTurn || !this.thinking) return;
    if (snap.mustPass) {
      this.stopThinking();
      this.forcedPass(snap);
      return;
    }
    let result;
    try {
      result = await this.ai.search({
        game: this.id, method: 'search', request: this.session.searchRequest(),
        limits: { level: this.seats.levels[snap.side - 1] },
      }, (info) => this.onThinkingInfo(info));
    } catch (error) {
      this.stopThinking();
      this.toast(String(error.message || error));
      return;
    }
    if (!result) return; // cancelled
    if (turn !== this.aiTurn) return; // stale
    this.stopThinking();
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    if (this.browsePly !== null) this.browse(Infinity); // show the reply where it lands
    this.emit('ai', { from: result.from, to: result.to, path: result.path, depth: result.depth, nodes: result.nodes, elapsedMs: result.elapsedMs });
    if (Array.isArray(result.path) && result.path.length >= 2) this.playPath(result.path);
    else if (result.pass) this.forcedPass(this.session.snapshot());
    else this.tryMove(result.from, result.to);
  }

  async hint() {
    const snap = this.session.snapshot();
    if (!this.humanToMove(snap) || snap.mustPass) return;
    const turn = this.aiTurn;
    let result;
    try {
      result = await this.ai.search({
        game: this.id, method: 'search', request: this.session.searchRequest(), limits: { hint: this.settings.hintStrength },
      });
    } catch (error) {
      this.toast(String(error.message || error));
      return;
    }
    if (!result || !result.ok || turn !== this.aiTurn) return;
    const move = snap.legal.find((m) => m.from === result.from && m.to === result.to);
    if (!move) return;
    this.select(move.from);
    this.view.targets = [move.to];
    this.view.hint = { from: move.from, to: move.to, path: result.path.slice() };
    this.toast(this.i18n.t('hintIs', { move: result.text }));
    this.emit('hint', { from: move.from, to: move.to, path: result.path.slice(), text: result.text });
    this.requestFrame();
  }

  // The engine's suggestion for the position shown (browsed or live), with
  // its score: {score, line} in the player's words, or null.
  async analyse() {
    const ply = this.browsePly === null ? this.session.snapshot().plies : this.browsePly;
    const snap = this.session.snapshotAt(ply);
    if (snap.status.over) return null;
    let result;
    try {
      result = await this.ai.search({
        game: this.id, method: 'search', request: this.session.searchRequest(ply), limits: { analyse: true, seed: 1 },
      });
    } catch (error) {
      this.toast(String(error.message || error));
      return null;
    }
    if (!result) return null;
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return null;
    }
    const text = this.thinkingText({ ...result, side: snap.side, pv: result.pv && result.pv.length ? result.pv : [result.text] });
    this.emit('analyse', { ply, from: result.from, to: result.to, text: result.text, score: text.score, line: text.line });
    return text;
  }

  // The thinking line: whose view and the score ("红方 +1.2": rows ahead of
  // the leading rival; a decided race in moves), and the expected line in the
  // engine's notation.
  thinkingText(info) {
    if (!info) return { score: '', line: '' };
    const side = info.side || (this.current ? this.current.side : 1);
    const name = this.sideName(side);
    let score = '';
    if (info.winPlies > 0) score = this.i18n.t('ccWinIn', { side: name, n: Math.ceil(info.winPlies / 2) });
    else if (info.winPlies < 0) score = this.i18n.t('ccLossIn', { side: name, n: Math.ceil(-info.winPlies / 2) });
    else if (Number.isFinite(info.score) && info.searched !== false) {
      const rows = info.score / 10;
      score = `${name} ${rows >= 0 ? '+' : ''}${rows.toFixed(1)}`;
    }
    const line = Array.isArray(info.pv) ? info.pv.join(' ') : '';
    return { score, line };
  }

  // ---- commands ----------------------------------------------------------

  openNewGame() {
    this.newGameDialog.open();
  }

  newGame() {
    this.cancelAi();
    this.aiTurn++;
    const result = this.session.newGame({ ...this.rulesFromSettings(), seed: Date.now() % 1e9, gameIndex: this.seats.gameIndex });
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    this.seats.gameIndex++;
    this.browsePly = null;
    this.view.animation = null;
    this.view.hint = null;
    this.clearSelection();
    this.refresh();
    this.view.entry = this.entry(this.current.seats);
    this.persist();
    this.emit('newgame', { players: this.current.players, seats: this.seats.players.slice(0, this.current.players), levels: this.seats.levels.slice(0, this.current.players) });
    this.afterPositionChange();
  }

  // The same seats again; `swap` moves every seat one place on (for two
  // players: the sides exchange), so the humans start from another arm.
  rematch({ swap = false } = {}) {
    const s = this.seats;
    const n = s.count;
    if (swap) {
      const players = s.players.slice(0, n);
      const levels = s.levels.slice(0, n);
      for (let p = 0; p < n; p++) {
        s.players[p] = players[(p + n - 1) % n];
        s.levels[p] = levels[(p + n - 1) % n];
      }
    }
    this.emit('rematch', { swap: !!swap });
    this.newGame();
  }

  // Drops the moves after the position shown and plays on from it.
  continueFromHere() {
    if (this.browsePly === null) return;
    const ply = this.browsePly;
    this.cancelAi();
    this.aiTurn++;
    const result = this.session.truncate(ply);
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    this.browsePly = null;
    this.afterEdit('continue');
  }

  // Against the AI, take back to the last position where a human was to move.
  undo() {
    this.cancelAi();
    this.aiTurn++;
    this.browsePly = null;
    this.undoToHuman();
    this.afterEdit('undo');
  }

  redo() {
    this.cancelAi();
    this.aiTurn++;
    this.browsePly = null;
    this.redoToHuman();
    this.afterEdit('redo');
  }

  afterEdit(type) {
    this.view.animation = null;
    this.view.hint = null;
    this.clearSelection();
    this.refresh();
    this.persist();
    this.emit(type, { ply: this.current.ply });
    this.afterPositionChange();
  }

  applySettings(changes) {
    super.applySettings(changes);
    this.labels.translate();
  }

  flip() {}

  resign() {}

  browse(ply) {
    this.clearSelection();
    super.browse(ply);
  }

  // Imports answer with the engine's refusal as it is; the shell words it.
  importRecord(text) {
    const result = this.session.importRecord(String(text), this.rulesFromSettings());
    if (result.ok) this.afterImport();
    return result;
  }

  importPosition(text) {
    const result = this.session.loadPosition(String(text).trim());
    if (result.ok) this.afterImport();
    return result;
  }

  // "Download": the record as a .txt file (the position line, rules, moves).
  recordFile() {
    const d = new Date();
    const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
    return { name: `qipan-checkers-${stamp}.txt`, mime: 'text/plain', text: this.session.exportRecord() };
  }

  // "Open file": a record, or a lone position line (a record without moves:
  // the engine reads both).
  openFile(name, text) {
    return this.importRecord(String(text).replace(/^\uFEFF/, ''));
  }

  afterImport() {
    this.cancelAi();
    this.aiTurn++;
    this.seats.count = this.session.snapshot().players;
    this.browsePly = null;
    this.view.animation = null;
    this.view.entry = null;
    this.clearSelection();
    this.refresh();
    this.persist();
    this.emit('import', { ply: this.current.ply });
    if (this.current.status.over) this.showGameOver();
    this.afterPositionChange();
  }

  // ---- what the panels show ----------------------------------------------

  sideName(player) {
    return this.i18n.t('seatName', { color: this.i18n.t(`seatColor_${player}`) });
  }

  seatNames() {
    return [1, 2, 3, 4, 5, 6].slice(0, this.current ? this.current.players : 2).map((p) => this.sideName(p));
  }

  roleName(player) {
    return this.isAi(player) ? this.i18n.t('aiLevel', { n: this.seats.levels[player - 1] }) : this.i18n.t('human');
  }

  title() {
    return this.i18n.t('checkersTitle');
  }

  // The game-over dialog's words. The result (kind, reason, places, winner)
  // is the engine's; this only says it, from the human's view when there is
  // one (outcomeFor, the shell's).
  gameOverText(status) {
    const i18n = this.i18n;
    const snap = this.current;
    const players = snap ? snap.players : 2;
    // Seats count from 0; players (colours, the board's numbers) from 1.
    const winners = status.kind === 'draw' || status.winner === null ? [] : [status.winner];
    const outcome = typeof this.outcomeFor === 'function' ? this.outcomeFor(winners) : null;
    let title;
    if (status.kind === 'draw') title = i18n.t('draw');
    else if (status.winner !== null) title = i18n.t('wins', { side: this.sideName(status.winner + 1) });
    else title = i18n.t('gameOver');
    // Playing on for places: the (one) human player's own place.
    const humans = [];
    for (let p = 1; p <= players; p++) if (!this.isAi(p)) humans.push(p);
    if (status.kind === 'places' && humans.length === 1 && status.places[humans[0] - 1]) {
      title = i18n.t('ccYourPlace', { n: status.places[humans[0] - 1], nth: ordinal(status.places[humans[0] - 1]) });
    }
    const reason = i18n.t('reason_' + (status.reason || 'finished'));
    if (players <= 2 && status.kind !== 'draw') return { title, reason, outcome };
    // Places, best first; equal places share a line number.
    const order = [];
    for (let p = 1; p <= players; p++) order.push({ p, place: status.places[p - 1] || players });
    order.sort((a, b) => a.place - b.place || a.p - b.p);
    const places = order.map(({ p, place }) => i18n.t('placesLine', { n: place, side: `${this.sideName(p)} (${this.roleName(p)})` }));
    return { title, reason: status.kind === 'draw' ? `${reason} · ${i18n.t('drawShared')}` : reason, outcome, places };
  }

  // One card per seat: colour, human or AI and its level, to move, place.
  playerCards(snap) {
    return snap.seats.map((seat) => {
      const p = seat.player;
      const ai = this.isAi(p);
      const detail = seat.finished && seat.place ? this.i18n.t('place', { n: seat.place }) : '';
      return {
        seat: p - 1, name: this.sideName(p), role: ai ? 'ai' : 'human', level: ai ? this.seats.levels[p - 1] : null,
        toMove: !snap.status.over && snap.live && snap.side === p, detail, color: seatColor(p).css,
      };
    });
  }

  moveLabels(snap) {
    return snap.moves.map((m) => (m.pass ? `(${this.i18n.t('passMove')})` : m.text));
  }

  movesPerLine(snap) {
    return snap.players;
  }

  moveClass(snap, ply) {
    const move = snap.moves[ply];
    return move ? `p${move.player}` : '';
  }

  positionLabel() {
    return this.i18n.t('checkersPosition');
  }

  positionText() {
    return this.current.positionString;
  }

  recordText() {
    return this.session.exportRecord();
  }

  ggfText() {
    return '';
  }

  // ---- output ------------------------------------------------------------

  refresh() {
    this.current = this.snapshot();
    this.panels?.render(this.current);
    this.renderBar();
    this.syncAria();
    this.requestFrame();
  }

  // The frosted info bar: one chip per seat, the seat to move lit, places.
  // Rebuilt only when seats, roles or places change; a turn just moves the
  // light (no layout is forced on the way: the bar's size is observed).
  renderBar() {
    const snap = this.current;
    if (!this.bar || !snap) return;
    const chips = snap.seats.map((seat) => {
      const p = seat.player;
      const place = seat.finished && seat.place ? `<span class="place">${this.i18n.t('place', { n: seat.place })}</span>` : '';
      const role = this.isAi(p) ? this.i18n.t('aiLevel', { n: this.seats.levels[p - 1] }) : this.i18n.t('human');
      return `<span class="cc-chip${seat.finished ? ' done' : ''}" data-player="${p}" style="${seatDotStyle(p)}" title="${this.sideName(p)} · ${role}">` +
        `<span class="cc-dot"></span><span class="label">${this.sideName(p)} · ${role}</span>${place}</span>`;
    });
    const html = chips.join('');
    if (html !== this.barHtml) {
      this.bar.innerHTML = html;
      this.barHtml = html;
    }
    for (const chip of this.bar.children) {
      chip.classList.toggle('turn', !snap.status.over && snap.side === Number(chip.dataset.player));
    }
  }

  measureBar() {
    const inset = this.bar.offsetHeight ? this.bar.offsetTop + this.bar.offsetHeight + 4 : 0;
    if (inset !== this.insetTop) {
      this.insetTop = inset;
      this.requestFrame();
    }
  }

  syncAria() {
    if (!this.aria || !this.current) return;
    const board = this.current.board;
    const empty = this.i18n.t('emptySquare');
    const marks = this.chainActive() ? this.view.chain : [];
    this.aria.update((cell) => {
      const what = board[cell] ? this.i18n.t('pieceOf', { side: this.sideName(board[cell]) }) : empty;
      const chain = marks.includes(cell) ? ' ·' : '';
      return `${this.i18n.t('hole')} ${this.holeNames[cell]} ${what}${chain}`;
    }, { selected: this.view.selected, targets: this.view.targets });
  }

  draw(time) {
    const live = this.current.live;
    const view = {
      ...this.view,
      targets: live ? this.view.targets : [],
      chain: live ? this.view.chain : null,
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
      insetTop: this.insetTop,
      reducedMotion: this.motionReduced(),
      labels: this.labels.shown ? this.holeNames : null,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}

// English ordinals for "You finished 2nd" (Chinese uses 第 n 名).
function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}
