// The Reversi page controller: owns the engine session (rules, passes,
// results), the view state (hints, flip animation, browsing), the AI client
// and the evaluation graph's own worker. Which squares are legal, what flips,
// who won, every refusal and every value come from the engine; this file
// routes clicks and shows results (docs/page-contract.md).

import { sizeCanvas, currentDpr } from '../common/canvas.js';
import { drawBoard } from '../reversi/board_renderer.js';
import { boardLayout, centerOf, squareAt, squareName, SIZE } from '../reversi/board_geometry.js';
import { animationDuration, flipAnimation } from '../reversi/animation.js';
import { drawEvalGraph, evalGraphLayout, plyAt } from '../reversi/eval_graph.js';
import { AiClient } from './ai_client.js';
import { AriaBoard } from './aria_board.js';
import { BoardInput } from './board_input.js';
import { GameApp } from './game_app.js';
import { Panels } from './panels.js';
import { loadGame, saveGame } from './storage.js';

const AI_PAUSE_MS = 350; // lets the flips of the previous move finish first

export class ReversiApp extends GameApp {
  constructor(options) {
    super('reversi', options);
    this.session = new options.engine.ReversiSession();
    this.workerSource = options.workerSource;
    this.view = { hover: -1, cursor: -1, animation: null, hints: null };
    this.evalCache = new Map(); // board string -> {score (Black's view), exact}
    this.positions = [];
    this.graphClient = null; // created on first use: a worker of its own
    this.evalBusy = false;
    this.analysing = false;
    this.graph = options.root.querySelector('#eval-graph');
  }

  start() {
    const broken = this.restoreGame();
    this.panels = new Panels(this.root, this);
    this.aria = new AriaBoard(this.root.querySelector('#aria-board-host'), {
      geometry: { columns: SIZE, rows: SIZE, start: 19, squareAt: (row, col) => row * SIZE + col },
      label: this.i18n.t('reversiBoardLabel'),
      onActivate: (square) => this.activate(square),
      onCursor: (square) => { this.view.cursor = square; this.requestFrame(); },
    });
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => squareAt(boardLayout(this.size.width, this.size.height), x, y),
      onPick: (square) => { this.activate(square); return false; },
      onDrop: () => {},
      onDrag: () => {},
      onHover: (square) => { if (this.view.hover !== square) { this.view.hover = square; this.requestFrame(); } },
    });
    this.startShell();
    this.graph?.addEventListener('click', (e) => {
      const rect = this.graph.getBoundingClientRect();
      const layout = evalGraphLayout({ width: rect.width, height: rect.height }, this.evalValues());
      const ply = plyAt(layout, e.clientX - rect.left);
      if (ply >= 0) this.browse(ply);
    });
    this.refresh();
    if (broken) this.reportBrokenSave(broken.text, broken.refusal); // the shell tells the player, keeps the text
    this.emit('ready', {});
    this.afterPositionChange();
  }

  // ---- seats -------------------------------------------------------------

  // The AI level of a seat (0 black, 1 white), as the settings keep it
  // (storage.js reads older saves' single level into both).
  levelFor(seat) {
    return this.seats.levels[seat];
  }

  levels() {
    return [this.levelFor(0), this.levelFor(1)];
  }

  isAi(side) {
    return this.seats.players[side - 1] === 'ai';
  }

  humanToMove(snap) {
    if (this.online) return this.online.mayMove(snap);
    return snap.live && !snap.status.over && !this.isAi(snap.side);
  }

  motionReduced() {
    if (typeof this.reducedMotion === 'boolean') return this.reducedMotion;
    return !!globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  }

  // ---- persistence ---------------------------------------------------------

  // Replays the saved game; returns {text, refusal} when it cannot be.
  restoreGame() {
    const saved = loadGame(this.id);
    if (!saved) return null;
    const result = this.session.importRecord(saved.record);
    return result.ok ? null : { text: saved.record, refusal: result };
  }

  persist() {
    if (this.online) return; // the offline game stays as it was
    saveGame(this.id, { record: this.session.exportRecord() });
    this.saveSettings();
  }

  // ---- input -------------------------------------------------------------

  activate(square) {
    const snap = this.current;
    if (square < 0) return;
    if (!snap.live) {
      this.toast(this.i18n.t('browsing', { n: snap.ply }));
      return;
    }
    if (!this.humanToMove(snap)) return;
    this.tryMove(square);
  }

  tryMove(square) {
    const before = this.session.snapshot();
    const result = this.session.play(square);
    if (!result.ok) {
      this.toast(this.i18n.t('illegal', { reason: this.i18n.refusal(result) }));
      this.emit('rejected', { square, code: result.code, params: result.params });
      return false;
    }
    this.afterMove(before, square);
    return true;
  }

  // The move just played from `before` (its square read from the game when
  // not given: a move a room sent).
  afterMove(before, square = this.session.snapshot().lastMove) {
    this.browsePly = null;
    this.view.hints = null;
    this.refresh();
    const snap = this.current;
    this.view.animation = this.motionReduced() ? null : flipAnimation(square, snap.lastFlips, before.side, performance.now());
    this.sound.play(snap.lastFlips.length >= 4 ? 'capture' : 'move');
    this.announce(`${this.sideName(before.side)} ${squareName(square)}`);
    if (snap.passed) {
      const notice = this.i18n.t('passes', { side: this.sideName(snap.passed) });
      this.toast(notice);
      this.announce(notice);
      this.emit('pass', { side: snap.passed, ply: snap.ply });
    }
    this.emit('move', { square, name: squareName(square), ply: snap.ply, flips: snap.lastFlips.length });
    this.online?.afterLocalMove();
    this.persist();
    if (snap.status.over) {
      const wait = this.view.animation ? animationDuration(this.view.animation) + 150 : 0;
      setTimeout(() => this.showGameOver(), wait);
      this.sound.play('end');
      this.emit('gameover', snap.status);
    }
    this.afterPositionChange();
  }

  // After any change of the live position: the AI moves, or hints refresh.
  afterPositionChange() {
    const snap = this.session.snapshot();
    if (snap.status.over) return;
    if (this.isAi(snap.side)) this.maybeAiMove();
    else if (this.seats.hints) this.requestHints();
  }

  // ---- AI ----------------------------------------------------------------

  async maybeAiMove() {
    const snap = this.session.snapshot();
    if (this.online || snap.status.over || !this.isAi(snap.side)) return;
    const plyAtRequest = snap.ply;
    const level = this.levelFor(snap.side - 1);
    this.startThinking();
    await new Promise((r) => setTimeout(r, this.motionReduced() ? 0 : AI_PAUSE_MS));
    if (this.session.snapshot().ply !== plyAtRequest || !this.thinking) return;
    let result;
    try {
      result = await this.ai.search({ game: this.id, method: 'search', request: this.session.searchRequest(), limits: { level } },
        (info) => this.onThinkingInfo(info));
    } catch (error) {
      this.stopThinking();
      this.toast(String(error.message || error));
      return;
    }
    if (!result) return; // cancelled
    this.stopThinking();
    if (this.session.snapshot().ply !== plyAtRequest) return; // stale
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    this.emit('ai', { square: result.square, level, side: snap.side, depth: result.depth, nodes: result.nodes, exact: result.exact, elapsedMs: result.elapsedMs });
    this.tryMove(result.square);
  }

  async requestHints() {
    const snap = this.session.snapshot();
    if (!this.humanToMove(snap)) return;
    let result;
    try {
      result = await this.ai.search({ game: this.id, method: 'hints', request: this.session.searchRequest(), limits: { hint: this.settings.hintStrength } });
    } catch (error) {
      this.toast(String(error.message || error));
      return;
    }
    if (!result || !result.ok || this.session.snapshot().ply !== snap.ply || !this.seats.hints) return;
    const best = Math.max(...result.moves.map((m) => m.value));
    this.view.hints = result.moves.map((m) => ({
      square: m.square,
      text: (m.value > 0 ? '+' : '') + m.value,
      exact: m.exact,
      best: m.value === best,
    }));
    this.emit('hints', { ply: snap.ply, count: result.moves.length });
    this.requestFrame();
  }

  // ---- the evaluation graph ------------------------------------------------

  graphWorker() {
    if (!this.graphClient) this.graphClient = new AiClient(this.workerSource);
    return this.graphClient;
  }

  // Black's value of each position of the game (index = ply), null while
  // not yet evaluated. Values are kept by position, so undo, redo, truncate
  // and imports reuse what is known.
  evalValues() {
    return this.positions.map((board) => (this.evalCache.has(board) ? this.evalCache.get(board).score : null));
  }

  // Evaluates the first position without a value, then the next, in the
  // graph's worker, one request at a time.
  async fillEvals() {
    if (this.evalBusy || this.analysing) return;
    const ply = this.positions.findIndex((board) => !this.evalCache.has(board));
    if (ply < 0) return;
    const board = this.positions[ply];
    this.evalBusy = true;
    let result;
    try {
      result = await this.graphWorker().search({ game: this.id, method: 'evaluate', request: { board }, limits: { graph: true } });
    } catch (error) {
      this.evalBusy = false;
      console.warn('evaluation failed:', error);
      return;
    }
    this.evalBusy = false;
    if (!result) return; // cancelled: analyse() restarts the filling
    if (!result.ok) {
      console.warn('evaluation refused:', result.code, result.reason);
      return;
    }
    this.evalCache.set(board, { score: result.score, exact: result.exact });
    this.emit('eval', { ply, board, score: result.score, exact: result.exact });
    this.drawGraph();
    this.fillEvals();
  }

  // ---- commands ----------------------------------------------------------

  // newGame({players, levels}) (docs/page-contract.md).
  newGame(options = {}) {
    const players = options.players || this.seats.players;
    const levels = options.levels || this.levels();
    this.cancelAi();
    this.seats.players = [players[0] === 'ai' ? 'ai' : 'human', players[1] === 'ai' ? 'ai' : 'human'];
    this.seats.levels = [levels[0], levels[1]];
    this.session.newGame();
    this.browsePly = null;
    this.view.animation = null;
    this.view.hints = null;
    this.refresh();
    this.persist();
    this.emit('newgame', { players: this.seats.players.slice(), levels: this.seats.levels.slice() });
    this.afterPositionChange();
  }

  // The same seats again, or with the two sides exchanged.
  rematch({ swap = false } = {}) {
    const players = this.seats.players.slice();
    const levels = this.levels();
    if (swap) {
      players.reverse();
      levels.reverse();
    }
    this.newGame({ players, levels });
  }

  undo() {
    this.cancelAi();
    this.browsePly = null;
    this.undoToHuman();
    this.afterEdit('undo');
  }

  redo() {
    this.cancelAi();
    this.browsePly = null;
    this.redoToHuman();
    this.afterEdit('redo');
  }

  // Drops the moves after the shown position and plays on from it.
  continueFromHere() {
    if (this.browsePly === null) return { ok: true };
    const ply = this.browsePly;
    this.cancelAi();
    const result = this.session.truncate(ply);
    if (!result.ok) return result;
    this.browsePly = null;
    this.afterEdit('truncate');
    return result;
  }

  afterEdit(type) {
    this.view.animation = null;
    this.view.hints = null;
    this.refresh();
    this.persist();
    this.emit(type, { ply: this.current.ply });
    this.afterPositionChange();
  }

  // The hint button turns the values on the squares on and off.
  hint() {
    this.seats.hints = !this.seats.hints;
    this.persist();
    this.view.hints = null;
    if (this.seats.hints) this.requestHints();
    else this.cancelAi();
    this.refresh();
    if (!this.seats.hints) this.afterPositionChange();
    this.emit('hinttoggle', { on: this.seats.hints });
  }

  flip() {}

  resign() {}

  canResign() {
    return false;
  }

  // The shown position's value and expected line, from the graph's worker
  // (the move search keeps its own).
  async analyse() {
    const snap = this.current;
    if (snap.status.over) return { score: this.finalText(snap.status), line: '' };
    this.analysing = true;
    this.evalBusy = false; // the search below cancels a pending evaluation
    let result;
    try {
      result = await this.graphWorker().search({ game: this.id, method: 'search', request: { board: snap.boardString }, limits: { analyse: true } });
    } finally {
      this.analysing = false;
      this.fillEvals();
    }
    if (!result || !result.ok) return null;
    const black = snap.side === 1 ? result.score : -result.score;
    const analysis = { score: this.scoreText(black, result.exact), line: this.lineText(result.pv), black, exact: result.exact };
    this.emit('analysis', { ply: snap.ply, ...analysis });
    return analysis;
  }

  importRecord(text) {
    const result = this.session.importRecord(text);
    if (result.ok) this.afterImport(result);
    return result;
  }

  importPosition(text) {
    const result = this.session.loadBoard(text.trim());
    if (result.ok) this.afterImport(result);
    return result;
  }

  afterImport(result) {
    this.cancelAi();
    this.browsePly = null;
    this.view.animation = null;
    this.view.hints = null;
    this.refresh();
    this.persist();
    this.emit('import', { ply: this.current.ply, format: result.format || 'board' });
    if (this.current.status.over) this.showGameOver();
    this.afterPositionChange();
  }

  // ---- files ---------------------------------------------------------------

  // A GGF file with the players (the seats), the date and the result.
  recordFile() {
    const now = new Date();
    const two = (n) => String(n).padStart(2, '0');
    const day = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
    const date = `${now.getUTCFullYear()}.${two(now.getUTCMonth() + 1)}.${two(now.getUTCDate())}_` +
      `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}.UTC`;
    const text = this.session.exportGgf({ black: this.ggfPlayer(0), white: this.ggfPlayer(1), date });
    return { name: `qipan-reversi-${day}.ggf`, mime: 'application/x-ggf', text };
  }

  // GGF player names are plain ASCII by custom.
  ggfPlayer(seat) {
    return this.seats.players[seat] === 'ai' ? `Qipan AI level ${this.levelFor(seat)}` : 'Human';
  }

  // A .ggf record or a .txt transcript (with an optional board line): the
  // engine tells them apart by their content.
  openFile(name, text) {
    return this.importRecord(String(text));
  }

  ggfText() {
    return this.recordFile().text;
  }

  // ---- what the panels show ----------------------------------------------

  sideName(side) {
    return this.i18n.t(side === 1 ? 'blackDisc' : 'whiteDisc');
  }

  seatNames() {
    return [this.sideName(1), this.sideName(2)];
  }

  title() {
    return this.i18n.t('reversiTitle');
  }

  // 'Black +4 discs' / '黑棋 +4 子' from Black's value; exact values say so.
  scoreText(black, exact) {
    const i18n = this.i18n;
    if (black === 0) return i18n.t(exact ? 'evenExact' : 'evenScore');
    const side = this.sideName(black > 0 ? 1 : 2);
    return i18n.t(exact ? 'leadExact' : 'leadScore', { side, n: Math.abs(black) });
  }

  lineText(pv) {
    return (pv || []).map((name) => (name === 'pass' ? this.i18n.t('passMove') : name)).join(' ');
  }

  finalText(status) {
    return this.scoreText(status.finalBlack - status.finalWhite, true);
  }

  // The thinking line: the searching side's score turned to Black's view.
  thinkingText(info) {
    if (!info) return { score: '', line: '' };
    const side = this.session.snapshot().side;
    const black = side === 1 ? info.score : -info.score;
    return { score: this.scoreText(black, info.exact), line: this.lineText(info.pv) };
  }

  playerCards(snap) {
    return [1, 2].map((side) => ({
      seat: side - 1,
      name: this.sideName(side),
      role: this.isAi(side) ? 'ai' : 'human',
      level: this.levelFor(side - 1),
      toMove: !snap.status.over && snap.side === side,
      detail: this.i18n.t('discCount', { n: side === 1 ? snap.counts.black : snap.counts.white }),
    }));
  }

  gameOverText(status) {
    const i18n = this.i18n;
    // Seats are colours less one: seat 0 black (colour 1), seat 1 white.
    const title = status.winner === null ? i18n.t('draw') : i18n.t('wins', { side: this.sideName(status.winner + 1) });
    const key = status.reason === 'no_moves' && status.winner === null ? 'no_moves_draw' : status.reason || 'no_moves';
    const reason = i18n.t(`reason_${key}`, { black: status.finalBlack, white: status.finalWhite });
    const winnerSeats = status.winner === null ? [] : [status.winner];
    return { title, reason, outcome: status.reason === 'recorded' ? null : this.outcomeFor(winnerSeats) };
  }

  moveLabels(snap) {
    return snap.moves.map((m) => (m.square < 0 ? `(${this.i18n.t('passMove')})` : m.name));
  }

  positionLabel() {
    return this.i18n.t('boardString');
  }

  positionText() {
    return this.current.boardString;
  }

  recordText() {
    return this.session.exportRecord();
  }

  squareCenter(square) {
    return centerOf(boardLayout(this.size.width, this.size.height), square);
  }

  animating() {
    return !!(this.view.animation && performance.now() - this.view.animation.start < animationDuration(this.view.animation));
  }

  // ---- output ------------------------------------------------------------

  refresh() {
    this.current = this.snapshot();
    this.positions = this.session.positions();
    this.panels?.render(this.current);
    this.renderCounts();
    this.syncAria();
    this.drawGraph();
    this.requestFrame();
    this.fillEvals();
  }

  renderCounts() {
    const el = this.root.querySelector('#counts');
    if (!el) return;
    const snap = this.current;
    const turn = (side) => (!snap.status.over && snap.side === side ? ' turn' : '');
    el.innerHTML = `<span class="${turn(1).trim()}"><span class="disc black"></span>${snap.counts.black}</span>` +
      `<span class="${turn(2).trim()}"><span class="disc white"></span>${snap.counts.white}</span>`;
  }

  syncAria() {
    if (!this.aria || !this.current) return;
    const board = this.current.board;
    const legal = this.current.legal;
    const names = ['', this.sideName(1), this.sideName(2)];
    const empty = this.i18n.t('emptySquare');
    this.aria.update((square) => `${squareName(square)} ${board[square] ? names[board[square]] : empty}`, { targets: legal });
  }

  drawGraph() {
    if (!this.graph || !this.graph.clientWidth) return;
    const dpr = currentDpr();
    const size = sizeCanvas(this.graph, this.graph.clientWidth, this.graph.clientHeight || 100, dpr);
    const ctx = this.graph.getContext('2d');
    drawEvalGraph(ctx, this.evalValues(), { width: size.width, height: size.height, dpr, current: this.current ? this.current.ply : -1 });
  }

  draw(time) {
    const view = {
      ...this.view,
      hints: this.current.live ? this.view.hints : null,
      showLegal: this.humanToMove(this.current),
      reducedMotion: this.motionReduced(),
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
