// The Reversi page controller: owns the engine session (rules, passes,
// results), the view state (hints, flip animation, browsing) and the AI
// client. Which squares are legal, what flips and who won always come from
// the engine; this file routes clicks and shows results.

import { sizeCanvas, currentDpr } from '../common/canvas.js';
import { drawBoard } from '../reversi/board_renderer.js';
import { boardLayout, centerOf, squareAt, squareName, SIZE } from '../reversi/board_geometry.js';
import { animationDuration, flipAnimation } from '../reversi/animation.js';
import { drawEvalGraph, evalGraphLayout, plyAt } from '../reversi/eval_graph.js';
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
    this.view = { hover: -1, cursor: -1, animation: null, hints: null };
    this.evals = []; // per position index: black's expected disc difference, or null
    this.graph = options.root.querySelector('#eval-graph');
  }

  start() {
    this.restoreGame();
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
    this.graph.addEventListener('click', (e) => {
      const rect = this.graph.getBoundingClientRect();
      const layout = evalGraphLayout({ width: rect.width, height: rect.height }, this.evals);
      const ply = plyAt(layout, e.clientX - rect.left);
      if (ply >= 0) this.browse(ply);
    });
    this.refresh();
    this.emit('ready', {});
    this.afterPositionChange();
  }

  // ---- state -------------------------------------------------------------

  isAi(side) {
    return this.seats.players[side - 1] === 'ai';
  }

  humanToMove(snap) {
    return snap.live && !snap.status.over && !this.isAi(snap.side);
  }

  restoreGame() {
    const saved = loadGame(this.id);
    if (!saved) return;
    const result = this.session.importRecord(saved.record);
    if (!result.ok) {
      console.warn('saved game could not be restored:', result.error);
      return;
    }
    if (Array.isArray(saved.evals)) this.evals = saved.evals.map((v) => (typeof v === 'number' ? v : null));
  }

  persist() {
    saveGame(this.id, { record: this.session.exportRecord(), evals: this.evals });
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
      this.toast(this.i18n.t('illegal', { reason: this.i18n.reason(result.reason) }));
      this.emit('rejected', { square, reason: result.reason });
      return false;
    }
    this.afterMove(before, square);
    return true;
  }

  afterMove(before, square) {
    this.browsePly = null;
    this.view.hints = null;
    this.refresh();
    const snap = this.current;
    this.view.animation = flipAnimation(square, snap.lastFlips, before.side, performance.now());
    this.sound.play(snap.lastFlips.length >= 4 ? 'capture' : 'move');
    this.announce(`${this.sideName(before.side)} ${squareName(square)}`);
    if (snap.passed) {
      const notice = this.i18n.t('passes', { side: this.sideName(snap.passed) });
      this.toast(notice);
      this.announce(notice);
      this.emit('pass', { side: snap.passed, ply: snap.ply });
    }
    this.emit('move', { square, name: squareName(square), ply: snap.ply, flips: snap.lastFlips.length });
    this.persist();
    if (snap.status.over) {
      setTimeout(() => this.showGameOver(), animationDuration(this.view.animation) + 150);
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
    if (snap.status.over || !this.isAi(snap.side)) return;
    const plyAtRequest = snap.ply;
    this.startThinking();
    await new Promise((r) => setTimeout(r, AI_PAUSE_MS));
    if (this.session.snapshot().ply !== plyAtRequest || !this.thinking) return;
    let result;
    try {
      result = await this.ai.search({ game: 'reversi', kind: 'search', board: snap.boardString, limits: { level: this.seats.level } },
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
      this.toast(result.error);
      return;
    }
    if (result.searched) this.recordEval(plyAtRequest, snap.side, result.score);
    this.emit('ai', { square: result.square, depth: result.depth, nodes: result.nodes, exact: result.exact, elapsedMs: result.elapsedMs });
    this.tryMove(result.square);
  }

  async requestHints() {
    const snap = this.session.snapshot();
    if (!this.humanToMove(snap)) return;
    let result;
    try {
      result = await this.ai.search({ game: 'reversi', kind: 'hints', board: snap.boardString, limits: { level: this.seats.level } });
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
    this.recordEval(snap.ply, snap.side, best);
    this.emit('hints', { ply: snap.ply, count: result.moves.length });
    this.requestFrame();
  }

  // Scores arrive from the side to move's view; the graph keeps black's.
  recordEval(ply, side, score) {
    if (typeof score !== 'number') return;
    while (this.evals.length <= ply) this.evals.push(null);
    this.evals[ply] = side === 1 ? score : -score;
    this.drawGraph();
  }

  // ---- commands ----------------------------------------------------------

  newGame(players, level) {
    this.cancelAi();
    this.seats.players = players;
    this.seats.level = level;
    this.session.newGame();
    this.evals = [];
    this.browsePly = null;
    this.view.animation = null;
    this.view.hints = null;
    this.refresh();
    this.persist();
    this.emit('newgame', { players, level });
    this.afterPositionChange();
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

  afterEdit(type) {
    this.view.animation = null;
    this.view.hints = null;
    this.evals.length = Math.min(this.evals.length, this.session.snapshot().ply + 1);
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
    this.emit('hinttoggle', { on: this.seats.hints });
  }

  flip() {}

  resign() {}

  importRecord(text) {
    const result = this.session.importRecord(text);
    if (result.ok) this.afterImport();
    return result;
  }

  importPosition(text) {
    const result = this.session.loadBoard(text.trim());
    if (result.ok) this.afterImport();
    return result;
  }

  afterImport() {
    this.cancelAi();
    this.evals = [];
    this.browsePly = null;
    this.view.animation = null;
    this.view.hints = null;
    this.refresh();
    this.persist();
    this.emit('import', { ply: this.current.ply });
    if (this.current.status.over) this.showGameOver();
    this.afterPositionChange();
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

  gameOverText(status) {
    const i18n = this.i18n;
    const title = status.winner === 0 ? i18n.t('draw') : i18n.t('wins', { side: this.sideName(status.winner) });
    return { title, reason: i18n.t('reason_score', { black: status.finalBlack, white: status.finalWhite }) };
  }

  moveLabels(snap) {
    return snap.moves.map((m) => (m.square < 0 ? `(${m.name})` : m.name));
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

  ggfText() {
    return this.session.exportGgf();
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
    this.panels?.render(this.current);
    this.renderCounts();
    this.syncAria();
    this.drawGraph();
    this.requestFrame();
  }

  renderCounts() {
    const el = this.root.querySelector('#counts');
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
    drawEvalGraph(ctx, this.evals, { width: size.width, height: size.height, dpr, current: this.current ? this.current.ply : -1 });
  }

  draw(time) {
    const view = {
      ...this.view,
      hints: this.current.live ? this.view.hints : null,
      showLegal: this.humanToMove(this.current),
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
