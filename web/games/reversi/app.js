// The Reversi page controller: the game's hooks for the shared lifecycle of
// GameApp (game_app.js): its engine session, a click on a square, how a
// move is shown (flips, passes) and its words. Which squares are legal, what
// flips, passes, who won, every refusal and every value come from the
// engine (docs/page-contract.md).
//
// Parts of their own: the values on the squares (square_values.js, the hint
// button), the evaluation graph (eval_graph_panel.js), the GGF file
// (ggf_file.js) and the words for values (score_words.js).

import { drawBoard } from './board/board_renderer.js';
import { boardLayout, centerOf, squareAt, squareName, SIZE } from './board/board_geometry.js';
import { animationDuration, flipAnimation } from './board/animation.js';
import { AriaBoard } from '../../app/aria_board.js';
import { BoardInput } from '../../app/board_input.js';
import { GameApp } from '../../app/game_app.js';
import { EvalGraph } from './eval_graph_panel.js';
import { ggfFile, openGgfFile } from './ggf_file.js';
import { analysisWords, finalText, thinkingWords } from './score_words.js';
import { requestSquareValues, toggleSquareValues } from './square_values.js';

const AI_PAUSE_MS = 350; // lets the flips of the previous move finish first

export class ReversiApp extends GameApp {
  constructor(options) {
    super('reversi', options);
    this.session = new options.engine.ReversiSession();
    this.view = { hover: -1, cursor: -1, animation: null, hints: null };
  }

  mountBoard() {
    this.mountAria(AriaBoard, { columns: SIZE, rows: SIZE, start: 19, squareAt: (row, col) => row * SIZE + col }, (square) =>
      this.activate(square),
    );
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => squareAt(boardLayout(this.size.width, this.size.height), x, y),
      onPick: (square) => {
        this.activate(square);
        return false;
      },
      onHover: (square) => {
        if (this.view.hover !== square) {
          this.view.hover = square;
          this.requestFrame();
        }
      },
      signal: this.signal,
    });
    this.graph = new EvalGraph(this, this.root.querySelector('#eval-graph'));
  }

  unmountBoard() {
    super.unmountBoard();
    this.graph.close();
  }

  // ---- seats and the game's session -----------------------------------------

  aiPauseMs() {
    return this.reducedMotion ? 0 : AI_PAUSE_MS;
  }

  aiDetail(result, seat) {
    return { square: result.square, side: seat + 1, exact: result.exact };
  }

  playAiMove(result) {
    this.tryMove(result.square);
  }

  freshGame() {
    this.session.newGame();
    return { ok: true };
  }

  restoreSession(saved) {
    return this.session.importRecord(saved.record);
  }

  saveData() {
    return { record: this.session.exportRecord() };
  }

  // A transcript (with an optional board line) or a GGF record.
  loadRecord(text) {
    return this.session.importRecord(text);
  }

  // ---- input -------------------------------------------------------------

  activate(square) {
    const snap = this.current;
    if (square < 0) return;
    if (!snap.live) {
      this.toast(this.i18n.t('browsing', { n: snap.ply }));
      return;
    }
    if (!this.humanToMove(snap)) {
      if (this.online?.mayPremove(snap)) this.premoveAt(square);
      return;
    }
    this.tryMove(square);
  }

  // Online, while the opponent is to move: a tap queues the square as a
  // premove (played when their move comes, if legal then); a tap while one
  // is queued cancels it.
  premoveAt(square) {
    if (this.online.premove) this.online.clearPremove();
    else this.online.setPremove(squareName(square), { square });
  }

  tryMove(square) {
    const before = this.session.snapshot();
    const result = this.session.play(square);
    if (!result.ok) {
      this.toast(this.i18n.t('illegal', { reason: this.i18n.refusal(result) }));
      this.emit('rejected', { square, code: result.code, params: result.params });
      return false;
    }
    this.afterMove(before);
    return true;
  }

  // The disc just placed from `before`: its flips, sound, announcement, and
  // the pass the engine recorded after it.
  presentMove(before, snap) {
    const square = snap.lastMove;
    this.view.animation = this.reducedMotion ? null : flipAnimation(square, snap.lastFlips, before.side + 1, performance.now());
    this.sound.play(snap.lastFlips.length >= 4 ? 'capture' : 'move');
    this.announce(`${this.sideName(before.side + 1)} ${squareName(square)}`);
    if (snap.passed) {
      const notice = this.i18n.t('passes', { side: this.sideName(snap.passed) });
      this.toast(notice);
      this.announce(notice);
      this.emit('pass', { side: snap.passed, ply: snap.ply });
    }
    this.emit('move', { square, name: squareName(square), ply: snap.ply, flips: snap.lastFlips.length });
  }

  clearView() {
    this.view.animation = null;
    this.view.hints = null;
  }

  // ---- hints and analysis --------------------------------------------------

  // The hint button turns the values on the squares on and off.
  hint() {
    toggleSquareValues(this);
  }

  onHumanTurn() {
    if (this.seats.hints) requestSquareValues(this);
  }

  // The shown position's value and expected line, from the graph's worker
  // (the move search keeps its own).
  async analyse() {
    this.graph.pause();
    try {
      return await super.analyse();
    } finally {
      this.graph.resume();
    }
  }

  analysisClient() {
    return this.graph.worker();
  }

  analysisOfEnd(snap) {
    return { score: finalText(this, snap.status), line: '' };
  }

  analysisText(result, snap) {
    return analysisWords(this, result, snap);
  }

  // ---- files ---------------------------------------------------------------

  recordFile() {
    return ggfFile(this);
  }

  openFile(name, text) {
    return openGgfFile(this, text);
  }

  // The actions of its own controls (controls.js).
  controlActions() {
    return { 'copy-ggf': () => this.panels.dialogs.copy(ggfFile(this).text) };
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

  // The thinking line: the searching side's score turned to Black's view.
  thinkingText(info) {
    return thinkingWords(this, info, this.session.snapshot().side);
  }

  // Online, the player's own seat is the card under the board (the board
  // itself has no side to turn).
  faceSeat(seat) {
    this.bottomSeat = seat;
  }

  // Black first, white under it; online the player's own colour last.
  playerCards(snap) {
    const sides = this.online && this.bottomSeat === 0 ? [2, 1] : [1, 2];
    return sides.map((side) => ({
      seat: side - 1,
      name: this.sideName(side),
      role: this.isAiSeat(side - 1) ? 'ai' : 'human',
      level: this.levelOf(side - 1),
      toMove: !snap.status.over && snap.side === side - 1,
      detail: this.i18n.t('discCount', { n: side === 1 ? snap.counts.black : snap.counts.white }),
    }));
  }

  gameOverText(status) {
    const i18n = this.i18n;
    // Seats are colours less one: seat 0 black (colour 1), seat 1 white.
    // An aborted game has no result: neither a win nor a draw.
    const aborted = status.reason === 'aborted';
    const title = aborted
      ? i18n.t('gameOver')
      : status.winner === null
        ? i18n.t('draw')
        : i18n.t('wins', { side: this.sideName(status.winner + 1) });
    const key = status.reason === 'no_moves' && status.winner === null ? 'no_moves_draw' : status.reason || 'no_moves';
    const reason = i18n.t(`reason_${key}`, { black: status.finalBlack, white: status.finalWhite });
    const winnerSeats = status.winner === null ? [] : [status.winner];
    return { title, reason, outcome: status.reason === 'recorded' || aborted ? null : this.outcomeFor(winnerSeats) };
  }

  moveLabels(snap) {
    return snap.moves.map((m) => (m.square < 0 ? `(${this.i18n.t('passMove')})` : m.name));
  }

  positionLabel() {
    return this.i18n.t('boardString');
  }

  recordText() {
    return this.session.exportRecord();
  }

  // ---- output ------------------------------------------------------------

  squareCenter(square) {
    return centerOf(boardLayout(this.size.width, this.size.height), square);
  }

  animationLeft() {
    const anim = this.view.animation;
    return anim ? Math.max(0, anim.start + animationDuration(anim) - performance.now()) : 0;
  }

  onRefresh() {
    this.renderCounts();
    this.graph?.update(this.session.positions(), this.current.ply);
  }

  renderCounts() {
    const el = this.root.querySelector('#counts');
    if (!el) return;
    const snap = this.current;
    const turn = (seat) => (!snap.status.over && snap.side === seat ? ' turn' : '');
    el.innerHTML =
      `<span class="${turn(0).trim()}"><span class="disc black"></span>${snap.counts.black}</span>` +
      `<span class="${turn(1).trim()}"><span class="disc white"></span>${snap.counts.white}</span>`;
  }

  boardLabel() {
    return this.i18n.t('reversiBoardLabel');
  }

  squareLabel(square, snap) {
    const disc = snap.board[square];
    return `${squareName(square)} ${disc ? this.sideName(disc) : this.i18n.t('emptySquare')}`;
  }

  ariaMarks() {
    return { targets: this.current.legal };
  }

  draw(time) {
    const view = {
      ...this.view,
      hints: this.current.live ? this.view.hints : null,
      premove: this.online?.premove?.marks.square ?? -1,
      showLegal: this.humanToMove(this.current),
      reducedMotion: this.reducedMotion,
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
