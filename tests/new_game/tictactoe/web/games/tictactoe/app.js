// The tic-tac-toe page controller (the test game of scripts/prove-new-game):
// the game's hooks for GameApp's lifecycle (docs/page-contract.md). Legal
// squares, results and the AI's moves come from the engine.

import { drawBoard } from './board/board_renderer.js';
import { boardLayout, centerOf, squareAt, squareName, SIZE } from './board/board_geometry.js';
import { AriaBoard } from '../../app/aria_board.js';
import { BoardInput } from '../../app/board_input.js';
import { GameApp } from '../../app/game_app.js';

export class TictactoeApp extends GameApp {
  constructor(options) {
    super('tictactoe', options);
    this.session = new options.engine.TictactoeSession();
    this.view = { hover: -1, animation: null };
  }

  mountBoard() {
    this.mountAria(AriaBoard, { columns: SIZE, rows: SIZE, start: 4, squareAt: (row, col) => row * SIZE + col }, (square) =>
      this.activate(square),
    );
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => squareAt(boardLayout(this.size.width, this.size.height), x, y),
      onPick: (square) => {
        this.activate(square);
        return false;
      },
      onHover: (square) => {
        this.view.hover = square;
        this.requestFrame();
      },
      signal: this.signal,
    });
  }

  // ---- the game's session ----------------------------------------------------

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
    return { record: this.session.record() };
  }

  // A record (`b2 a1 ...`, an optional ending line); a position is named by
  // the moves that reach it, so the session's start reads a record too.
  loadRecord(text) {
    return this.session.importRecord(text);
  }

  // ---- input -----------------------------------------------------------------

  activate(square) {
    const snap = this.current;
    if (square < 0) return;
    if (!snap.live) {
      this.toast(this.i18n.t('browsing', { n: snap.ply }));
      return;
    }
    if (this.humanToMove(snap)) this.tryMove(square);
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

  presentMove(before, snap) {
    const name = squareName(snap.lastMove);
    this.sound.play('move');
    this.announce(`${this.sideName(before.side)} ${name}`);
    this.emit('move', { square: snap.lastMove, name, ply: snap.ply });
  }

  showHint(result) {
    this.toast(squareName(result.square));
  }

  // ---- words -----------------------------------------------------------------

  sideName(side) {
    return this.i18n.t(side === 0 ? 'sideX' : 'sideO');
  }

  seatNames() {
    return [this.sideName(0), this.sideName(1)];
  }

  title() {
    return this.i18n.t('tictactoeTitle');
  }

  gameOverText(status) {
    const i18n = this.i18n;
    const aborted = status.reason === 'aborted';
    const title = aborted
      ? i18n.t('gameOver')
      : status.winner === null
        ? i18n.t('draw')
        : i18n.t('wins', { side: this.sideName(status.winner) });
    const winnerSeats = status.winner === null ? [] : [status.winner];
    return {
      title,
      reason: i18n.t(`reason_${status.reason}`),
      outcome: status.reason === 'recorded' || aborted ? null : this.outcomeFor(winnerSeats),
    };
  }

  moveLabels(snap) {
    return snap.moves.map((m) => m.name);
  }

  positionLabel() {
    return this.i18n.t('tictactoePosition');
  }

  recordText() {
    return this.session.record();
  }

  boardLabel() {
    return this.i18n.t('tictactoeBoardLabel');
  }

  squareLabel(square, snap) {
    const mark = snap.board[square];
    return `${squareName(square)} ${mark ? this.sideName(mark - 1) : this.i18n.t('emptySquare')}`;
  }

  ariaMarks() {
    return { targets: this.current.legal };
  }

  // ---- output ----------------------------------------------------------------

  squareCenter(square) {
    return centerOf(boardLayout(this.size.width, this.size.height), square);
  }

  draw() {
    const view = {
      hover: this.view.hover,
      showLegal: this.humanToMove(this.current),
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view).active;
  }
}
