// The xiangqi page controller: owns the engine session (rules), the view
// state (selection, animation, browsing) and the AI client, and keeps the
// canvas, the ARIA mirror and the panels in step. Legality, notation and game
// results always come from the engine; this file only routes intents.

import { drawBoard } from '../xiangqi/board_renderer.js';
import { FILES, RANKS, boardLayout, centerOf, squareAt, squareOf } from '../xiangqi/board_geometry.js';
import { moveAnimation, pruneFades, MOVE_MS } from '../xiangqi/animation.js';
import { colorOf, pieceName } from '../xiangqi/pieces.js';
import { AriaBoard } from './aria_board.js';
import { BoardInput } from './board_input.js';
import { GameApp } from './game_app.js';
import { hintLimits, limitsForLevel } from './levels.js';
import { Panels } from './panels.js';
import { loadGame, saveGame } from './storage.js';

const AI_PAUSE_MS = 250; // lets the player see the previous move land first

export class XiangqiApp extends GameApp {
  constructor(options) {
    super('xiangqi', options);
    this.session = new options.engine.XiangqiSession();
    this.view = { selected: -1, targets: [], hover: -1, cursor: -1, dragging: null, animation: null, fading: [], hint: null };
    this.resigned = null;
  }

  start() {
    this.restoreGame();
    this.panels = new Panels(this.root, this);
    this.aria = new AriaBoard(this.root.querySelector('#aria-board-host'), {
      geometry: {
        columns: FILES,
        rows: RANKS,
        start: squareOf(4, 0),
        squareAt: (row, col) => (this.settings.flipped ? squareOf(FILES - 1 - col, row) : squareOf(col, RANKS - 1 - row)),
      },
      label: this.i18n.t('boardLabel'),
      onActivate: (square) => this.activate(square),
      onCursor: (square) => { this.view.cursor = square; this.requestFrame(); },
    });
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => squareAt(boardLayout(this.size.width, this.size.height, this.settings.flipped), x, y),
      onPick: (square) => this.activate(square, true),
      onDrop: (from, to) => this.tryMove(from, to),
      onDrag: (drag) => { this.view.dragging = drag; this.requestFrame(); },
      onHover: (square) => { if (this.view.hover !== square) { this.view.hover = square; this.requestFrame(); } },
    });
    this.startShell();
    this.refresh();
    this.emit('ready', {});
    this.maybeAiMove();
  }

  // ---- state -------------------------------------------------------------

  seatNames() {
    return [this.i18n.t('red'), this.i18n.t('black')];
  }

  sideName(side) {
    return this.i18n.side(side);
  }

  animating() {
    const anim = this.view.animation;
    return !!(anim && performance.now() - anim.start < anim.duration);
  }

  squareCenter(square) {
    return centerOf(boardLayout(this.size.width, this.size.height, this.settings.flipped), square);
  }

  isAi(color) {
    return this.seats.players[color] === 'ai';
  }

  humanToMove(snapshot) {
    return snapshot.live && !snapshot.status.over && !this.isAi(snapshot.side) && !this.resigned;
  }

  restoreGame() {
    const saved = loadGame(this.id);
    if (!saved) return;
    const result = this.session.importRecord(saved.record);
    if (!result.ok) {
      console.warn('saved game could not be restored:', result.error);
      this.session.newGame();
      return;
    }
    if (saved.resigned === 0 || saved.resigned === 1) {
      this.resigned = saved.resigned;
      this.session.resign(saved.resigned);
    }
  }

  persist() {
    saveGame(this.id, { record: this.session.exportRecord('iccs'), resigned: this.resigned });
    this.saveSettings();
  }

  // ---- input -------------------------------------------------------------

  // A square was clicked, tapped or activated from the keyboard. Returns true
  // when a piece is now held (so a drag may follow).
  activate(square, fromPointer = false) {
    const snap = this.current;
    if (square < 0) {
      this.clearSelection();
      return false;
    }
    if (!this.humanToMove(snap)) {
      if (!snap.live) this.toast(this.i18n.t('browsing', { n: snap.ply }));
      return false;
    }
    const code = snap.board[square];
    const own = code && colorOf(code) === snap.side;
    if (own) {
      if (this.view.selected === square && !fromPointer) {
        this.clearSelection();
        return false;
      }
      this.select(square, snap);
      return true;
    }
    if (this.view.selected >= 0) {
      this.tryMove(this.view.selected, square);
      return false;
    }
    if (code) this.showReason(this.session.play(square, square), square); // the engine says why
    return false;
  }

  select(square, snap) {
    this.view.selected = square;
    this.view.targets = snap.legal.filter((m) => m.from === square).map((m) => m.to);
    this.view.hint = null;
    this.requestFrame();
    this.syncAria();
  }

  clearSelection() {
    this.view.selected = -1;
    this.view.targets = [];
    this.requestFrame();
    this.syncAria();
  }

  tryMove(from, to) {
    const before = this.current;
    const result = this.session.play(from, to);
    if (!result.ok) {
      this.showReason(result, from);
      this.emit('rejected', { from, to, code: result.code, reason: result.reason });
      return false;
    }
    this.afterMove(before, from, to);
    return true;
  }

  // A refusal from the engine ({code, params, reason}), worded by its code.
  showReason(refusal, square) {
    this.toast(this.i18n.t('illegal', { reason: this.i18n.refusal(refusal) }));
    if (square >= 0 && this.current.board[square] && colorOf(this.current.board[square]) === this.current.side) {
      this.select(square, this.current);
    }
  }

  afterMove(before, from, to) {
    const now = performance.now();
    const piece = before.board[from];
    const captured = before.board[to];
    this.view.animation = moveAnimation(from, to, piece, captured, now);
    this.view.selected = -1;
    this.view.targets = [];
    this.view.hint = null;
    this.refresh();
    const snap = this.current;
    const last = snap.moves[snap.moves.length - 1];
    this.sound.play(snap.status.over ? 'end' : snap.inCheck ? 'check' : captured ? 'capture' : 'move');
    this.announce(`${this.i18n.side(before.side)} ${last.chinese}${snap.inCheck ? ' ' + this.i18n.t('check') : ''}`);
    this.emit('move', { from, to, iccs: last.iccs, chinese: last.chinese, ply: snap.ply });
    this.persist();
    if (snap.status.over) {
      setTimeout(() => this.showGameOver(), MOVE_MS + 100);
      this.emit('gameover', snap.status);
    } else {
      this.maybeAiMove();
    }
  }

  // ---- AI ----------------------------------------------------------------

  async maybeAiMove() {
    const snap = this.session.snapshot(); // the live game, even while browsing
    if (snap.status.over || this.resigned || !this.isAi(snap.side)) return;
    const request = this.session.searchRequest();
    const plyAtRequest = snap.ply;
    this.startThinking();
    await new Promise((r) => setTimeout(r, AI_PAUSE_MS));
    if (this.session.snapshot().ply !== plyAtRequest || !this.thinking) return;
    const limits = limitsForLevel(this.seats.level);
    let result;
    try {
      result = await this.ai.search({ game: 'xiangqi', ...request, limits }, (info) => this.onThinkingInfo(info));
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
    if (this.browsePly !== null) this.browse(Infinity); // show the reply where it lands
    this.emit('ai', { from: result.from, to: result.to, depth: result.depth, nodes: result.nodes, elapsedMs: result.elapsedMs });
    this.tryMove(result.from, result.to);
  }

  async hint() {
    const snap = this.current;
    if (!this.humanToMove(snap)) return;
    const request = this.session.searchRequest();
    const result = await this.ai.search({ game: 'xiangqi', ...request, limits: hintLimits(this.seats.level) });
    if (!result || !result.ok || this.current.ply !== snap.ply) return;
    const move = this.session.moveText(result.from, result.to, this.settings.notation);
    this.view.hint = { from: result.from, to: result.to };
    this.select(result.from, this.current);
    this.view.targets = [result.to];
    this.toast(this.i18n.t('hintIs', { move }));
    this.emit('hint', { from: result.from, to: result.to, iccs: result.bestIccs });
  }

  // ---- commands ----------------------------------------------------------

  newGame(players, level) {
    this.cancelAi();
    this.seats.players = players;
    this.seats.level = level;
    this.session.newGame();
    this.resigned = null;
    this.browsePly = null;
    this.view.animation = null;
    this.view.fading = [];
    this.clearSelection();
    // Face the board towards the human when only black is human.
    this.settings.flipped = players[0] === 'ai' && players[1] === 'human';
    this.refresh();
    this.persist();
    this.emit('newgame', { players, level });
    this.maybeAiMove();
  }

  undo() {
    this.cancelAi();
    this.browsePly = null;
    if (this.resigned !== null) {
      this.resigned = null;
      this.session.undo(); // takes back the resignation
    } else {
      this.undoToHuman();
    }
    this.view.animation = null;
    this.clearSelection();
    this.refresh();
    this.persist();
    this.emit('undo', { ply: this.current.ply });
  }

  redo() {
    this.cancelAi();
    this.browsePly = null;
    this.redoToHuman();
    this.clearSelection();
    this.refresh();
    this.persist();
    this.emit('redo', { ply: this.current.ply });
    this.maybeAiMove();
  }

  flip() {
    this.settings.flipped = !this.settings.flipped;
    this.persist();
    this.refresh();
    this.emit('flip', { flipped: this.settings.flipped });
  }

  resign() {
    const snap = this.session.snapshot();
    if (snap.status.over) return;
    const loser = this.isAi(snap.side) ? 1 - snap.side : snap.side;
    this.cancelAi();
    this.resigned = loser;
    this.session.resign(loser);
    this.refresh();
    this.persist();
    this.emit('gameover', this.current.status);
    this.showGameOver();
  }

  browse(ply) {
    this.clearSelection();
    super.browse(ply);
  }

  importRecord(text) {
    const result = this.session.importRecord(text);
    if (result.ok) this.afterImport();
    return result;
  }

  importFen(fen) {
    const result = this.session.loadFen(fen.trim());
    if (result.ok) this.afterImport();
    return result;
  }

  afterImport() {
    this.cancelAi();
    this.resigned = null;
    this.browsePly = null;
    this.view.animation = null;
    this.clearSelection();
    this.refresh();
    this.persist();
    this.emit('import', { ply: this.current.ply });
    if (this.current.status.over) this.showGameOver();
    else this.maybeAiMove();
  }

  // ---- what the panels show ----------------------------------------------

  statusLine(snap) {
    const line = super.statusLine(snap);
    return !snap.status.over && snap.inCheck ? `${line} · ${this.i18n.t('check')}` : line;
  }

  gameOverText(status) {
    const i18n = this.i18n;
    return {
      title: status.winner >= 0 ? i18n.t('wins', { side: i18n.side(status.winner) }) : i18n.t('draw'),
      reason: i18n.t('reason_' + status.reason),
    };
  }

  moveLabels(snap) {
    return snap.moves.map((move) => move[this.settings.notation]);
  }

  positionLabel() {
    return this.i18n.t('fen');
  }

  positionText() {
    return this.current.fen;
  }

  recordText() {
    return this.session.exportRecord(this.settings.notation);
  }

  importPosition(text) {
    return this.importFen(text);
  }

  // ---- output ------------------------------------------------------------

  refresh() {
    this.current = this.snapshot();
    this.panels?.render(this.current);
    this.syncAria();
    this.requestFrame();
  }

  syncAria() {
    if (this.aria && this.current) {
      const board = this.current.board;
      const empty = this.i18n.t('emptySquare');
      this.aria.update((square) => `${'abcdefghi'[square % FILES]}${Math.floor(square / FILES)} ${board[square] ? pieceName(board[square]) : empty}`,
        { selected: this.view.selected, targets: this.view.targets });
    }
  }

  draw(time) {
    this.view.fading = pruneFades(this.view.fading, time);
    const view = {
      ...this.view,
      flipped: this.settings.flipped,
      pieceStyle: this.settings.pieceStyle,
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
