// The xiangqi page controller: the game's hooks for the shared lifecycle of
// GameApp (game_app.js): its engine session, the meaning of clicks and drags
// (select, move, the engine's reason for a refusal), how a move is shown
// (animation, sound, announcement), the AI's seed, hints and its words.
// Legality, notation, results, draw answers and AI moves always come from
// the engine; the hooks are docs/page-contract.md's.
//
// Parts of their own: online premoves (premoves.js), which way the board
// faces (board_facing.js), resignation and the endings undo takes back
// (resignation.js), the draw offer (draw_offer.js), the PGN file
// (pgn_file.js), the words for scores (score_words.js), results
// (game_over_text.js) and the player cards (player_cards.js); the rule set
// (rule_sets.js), a repetition ruling in words and on the board
// (ruling_words.js) and the warning before a losing repetition
// (repetition_warning.js).

import { drawBoard } from './board/board_renderer.js';
import { FILES, RANKS, boardLayout, centerOf, squareAt, squareOf } from './board/board_geometry.js';
import { moveAnimation, pruneFades } from './board/animation.js';
import { colorOf } from './board/pieces.js';
import { AriaBoard } from '../../app/aria_board.js';
import { BoardInput } from '../../app/board_input.js';
import { GameApp } from '../../app/game_app.js';
import { randomSeed } from './ai_seed.js';
import * as facing from './board_facing.js';
import { mayOfferDraw, offerDraw } from './draw_offer.js';
import { xiangqiGameOverText } from './game_over_text.js';
import { openGameFile, pgnFile, pgnText } from './pgn_file.js';
import { xiangqiPlayerCards } from './player_cards.js';
import * as premoves from './premoves.js';
import { RepetitionWarning } from './repetition_warning.js';
import * as resignation from './resignation.js';
import { chosenRules, ruleSetOf, rulesLine, showRulesChoice, takeRulesChoice } from './rule_sets.js';
import { cyclePlies, rulingMarks } from './ruling_words.js';
import { analysisWords, scoreWords } from './score_words.js';

export class XiangqiApp extends GameApp {
  constructor(options) {
    super('xiangqi', options);
    this.session = new options.engine.XiangqiSession();
    this.view = { selected: -1, targets: [], hover: -1, cursor: -1, dragging: null, animation: null, fading: [], hint: null };
    this.gameSeed = randomSeed(); // the AI's variety (book, near-best choice) for this game
    this.repetition = new RepetitionWarning(this);
  }

  mountBoard() {
    this.mountAria(
      AriaBoard,
      {
        columns: FILES,
        rows: RANKS,
        start: squareOf(4, 0),
        squareAt: (row, col) => (this.settings.flipped ? squareOf(FILES - 1 - col, row) : squareOf(col, RANKS - 1 - row)),
      },
      (square) => this.activate(square),
    );
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => squareAt(boardLayout(this.size.width, this.size.height, this.settings.flipped), x, y),
      onPick: (square) => this.activate(square, true),
      onDrop: (from, to) => (premoves.premoving(this) ? premoves.queuePremove(this, from, to) : this.humanMove(from, to)),
      onDrag: (drag) => {
        this.view.dragging = drag;
        this.requestFrame();
      },
      onHover: (square) => {
        if (this.view.hover !== square) {
          this.view.hover = square;
          this.requestFrame();
        }
      },
      signal: this.signal,
    });
    const notation = this.root.querySelector('#notation'); // its own control (controls.js)
    notation.value = this.settings.notation;
    notation.addEventListener('change', () => this.applySettings({ notation: notation.value }), { signal: this.signal });
  }

  // The actions of its own controls (controls.js).
  controlActions() {
    return { flip: () => this.flip(), 'xq-cycle': () => this.browseCycle() };
  }

  // The new-game screen's rule set (rule_sets.js).
  showNewGameOptions(form) {
    showRulesChoice(this, form);
  }

  takeNewGameOptions(form) {
    takeRulesChoice(this, form);
  }

  // A language change may change the notation that follows it.
  translateBoard() {
    super.translateBoard();
    this.root.querySelector('#notation').value = this.settings.notation;
  }

  // ---- seats and the game's session ---------------------------------------------

  seatNames() {
    return [this.i18n.t('red'), this.i18n.t('black')];
  }

  sideName(side) {
    return this.i18n.side(side);
  }

  // The level's move, varied by this game's seed.
  aiLimits(seat) {
    return { level: this.levelOf(seat), seed: this.gameSeed };
  }

  aiDetail(result) {
    return { from: result.from, to: result.to, book: result.book, candidates: result.candidates };
  }

  playAiMove(result) {
    this.tryMove(result.from, result.to);
  }

  // A new game plays under the rule set chosen on the new-game screen.
  freshGame() {
    return this.session.startGame({ rules: chosenRules(this) });
  }

  // The rule set for a room this page creates or seeks, and for a set-up
  // position (GameApp's importPosition starts it with these options).
  roomOptions() {
    return { rules: chosenRules(this) };
  }

  onNewGame() {
    this.gameSeed = randomSeed();
    this.view.fading = [];
    this.repetition.reset();
    facing.faceHuman(this);
  }

  onImport() {
    this.gameSeed = randomSeed();
    this.repetition.reset();
  }

  // The game is stored as PGN with its result and tags, its rule set (for a
  // record that names none) and the AI's seed.
  restoreSession(saved) {
    const result = this.session.importRecord(saved.record, { rules: ruleSetOf(saved.rules) });
    if (result.ok && Number.isInteger(saved.seed)) this.gameSeed = saved.seed;
    return result;
  }

  saveData() {
    return { record: this.session.exportPgn('iccs'), rules: this.session.snapshot().rules, seed: this.gameSeed };
  }

  // PGN, the short record, or moves in any notation.
  loadRecord(text) {
    return this.session.importRecord(text);
  }

  takeBack() {
    resignation.takeBack(this);
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
      if (premoves.premoving(this, snap)) return premoves.premoveAt(this, square, snap);
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
      this.humanMove(this.view.selected, square);
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

  // The player's move: one that completes a repetition the player loses is
  // confirmed first (repetition_warning.js).
  humanMove(from, to) {
    this.repetition
      .allow(from, to, () => this.tryMove(from, to))
      .then((now) => {
        if (now) this.tryMove(from, to);
      });
  }

  tryMove(from, to) {
    const before = this.current;
    const result = this.session.play(from, to);
    if (!result.ok) {
      this.showReason(result, from);
      this.emit('rejected', { from, to, code: result.code, reason: result.reason });
      return false;
    }
    this.afterMove(before);
    return true;
  }

  // A refusal from the engine ({code, params, reason}), worded by its code.
  showReason(refusal, square) {
    this.toast(this.i18n.t('illegal', { reason: this.i18n.refusal(refusal) }));
    if (square >= 0 && this.current.board[square] && colorOf(this.current.board[square]) === this.current.side) {
      this.select(square, this.current);
    }
  }

  // The move just played from `before`: animation, sound, announcement in
  // the player's notation.
  presentMove(before, snap) {
    const { from, to } = snap.lastMove;
    const captured = before.board[to];
    this.view.animation = this.reducedMotion ? null : moveAnimation(from, to, before.board[from], captured, performance.now());
    const last = snap.moves[snap.moves.length - 1];
    if (!snap.status.over) this.sound.play(snap.inCheck ? 'check' : captured ? 'capture' : 'move');
    this.announce(
      `${this.i18n.side(before.side)} ${last[this.settings.notation]}${snap.inCheck ? ' ' + this.i18n.t('check') : ''}`,
    );
    this.emit('move', { from, to, iccs: last.iccs, chinese: last.chinese, ply: snap.ply });
  }

  showHint(result) {
    const move = this.session.moveText(result.from, result.to, this.settings.notation);
    this.view.hint = { from: result.from, to: result.to };
    this.select(result.from, this.current);
    this.view.targets = [result.to];
    this.toast(this.i18n.t('hintIs', { move }));
    this.emit('hint', { from: result.from, to: result.to, iccs: result.bestIccs });
  }

  thinkingText(info) {
    return scoreWords(this.i18n, this.settings.notation, info);
  }

  analysisText(result) {
    return analysisWords(this.i18n, this.settings.notation, result);
  }

  // ---- results -------------------------------------------------------------

  canResign() {
    return resignation.mayResign(this);
  }

  resign() {
    resignation.resign(this);
  }

  canOfferDraw() {
    return mayOfferDraw(this);
  }

  offerDraw() {
    return offerDraw(this);
  }

  // ---- commands ----------------------------------------------------------

  faceSeat(seat) {
    facing.faceSeat(this, seat);
  }

  flip() {
    facing.flip(this);
  }

  openFile(name, text) {
    return openGameFile(this, name, text);
  }

  recordFile() {
    return pgnFile(this);
  }

  // ---- what the panels show ----------------------------------------------

  // Red's turn is said in red.
  statusTone(snap) {
    return snap.side === 0 ? 'red' : null;
  }

  statusLine(snap) {
    const line = super.statusLine(snap);
    return !snap.status.over && snap.inCheck ? `${line} · ${this.i18n.t('check')}` : line;
  }

  gameOverText(status) {
    return xiangqiGameOverText(this, status);
  }

  // The rule set in force and, after a repetition ruling, the cycle's moves
  // (marked in the move list, stepped through from here); the warning
  // before a losing repetition.
  onRefresh() {
    const snap = this.current;
    const plies = cyclePlies(snap);
    this.root.querySelector('#xq-rules-text').textContent = plies
      ? `${rulesLine(this.i18n, snap)} · ${this.i18n.t('xq_cycleMoves', { from: plies.first, to: plies.last })}`
      : rulesLine(this.i18n, snap);
    this.root.querySelector('[data-action="xq-cycle"]').hidden = !plies;
    this.repetition.notice(snap);
  }

  // The cycle from its start: the position it leaves, then each move with
  // its chases marked (the move list's arrows step on).
  browseCycle() {
    const plies = cyclePlies(this.current);
    if (plies) this.browse(plies.first - 1);
  }

  moveClass(snap, ply) {
    const plies = cyclePlies(snap);
    return plies && ply + 1 >= plies.first ? 'cycle' : '';
  }

  playerCards(snap) {
    return xiangqiPlayerCards(this, snap);
  }

  // A piece as a screen reader says it, in the page's language ("黑车").
  pieceName(code) {
    return this.i18n.t(`xq_piece_${code}`);
  }

  moveLabels(snap) {
    return snap.moves.map((move) => move[this.settings.notation]);
  }

  positionLabel() {
    return this.i18n.t('fen');
  }

  // The whole FEN: positionText with the move counters.
  positionText() {
    return this.current.fen;
  }

  recordText() {
    return pgnText(this);
  }

  // ---- output ------------------------------------------------------------

  squareCenter(square) {
    return centerOf(boardLayout(this.size.width, this.size.height, this.settings.flipped), square);
  }

  boardLabel() {
    return this.i18n.t('boardLabel');
  }

  squareLabel(square, snap) {
    const code = snap.board[square];
    const label = `${'abcdefghi'[square % FILES]}${Math.floor(square / FILES)} ${code ? this.pieceName(code) : this.i18n.t('emptySquare')}`;
    // The ruling's marks, said as drawn.
    const marks = rulingMarks(snap);
    if (marks?.chased.includes(square)) return `${label} · ${this.i18n.t('xq_markChased')}`;
    if (marks?.chasing.includes(square)) return `${label} · ${this.i18n.t('xq_markChasing')}`;
    return label;
  }

  draw(time) {
    this.view.fading = pruneFades(this.view.fading, time);
    const view = {
      ...this.view,
      premove: this.online?.premove?.marks ?? null,
      ruling: rulingMarks(this.current),
      flipped: this.settings.flipped,
      pieceStyle: this.settings.pieceStyle,
      reducedMotion: this.reducedMotion,
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
