// The Chinese checkers page controller: the game's hooks for the shared
// lifecycle of GameApp (game_app.js): its engine session under the rule
// options of the settings, how a move or a forced pass is shown (the hop
// path animated, seats arriving home), the pieces dropping in at a new game,
// and its words. Which moves and hops are legal, who finished and what the
// AI plays always come from the engine.
//
// Parts of their own: clicks and the hop-by-hop chain (chain_input.js), how
// a move is shown (move_presentation.js), the pace of play (pace.js), the
// frosted seat bar (seat_bar.js), the hole names on the board
// (hole_labels.js: the L key or the "a1" button), the new-game screen
// (new_game_dialog.js), seats and rule options (seats_and_rules.js), the
// record file (record_file.js) and its words for results
// (game_over_text.js), scores (score_words.js) and the player cards
// (player_cards.js).

import { moveAnimation, entryAnimation, isRunning } from './board/animation.js';
import { CELL_LIST, boardLayout, cellAt, centerOf, cursorStep } from './board/board_geometry.js';
import { drawBoard } from './board/board_renderer.js';
import { AriaHexBoard } from '../../app/aria_hex_board.js';
import { BoardInput } from '../../app/board_input.js';
import { ChainInput } from './chain_input.js';
import { HoleLabels } from './hole_labels.js';
import { InfoBar } from './seat_bar.js';
import { CheckersNewGameDialog } from './new_game_dialog.js';
import { checkersRecordFile, openCheckersFile } from './record_file.js';
import { presentCheckersMove } from './move_presentation.js';
import { roomRules, rulesFromSettings } from './seats_and_rules.js';
import { PASS_PAUSE_MS, speedFromAddress } from './pace.js';
import { checkersGameOverText } from './game_over_text.js';
import { checkersPlayerCards } from './player_cards.js';
import { checkersAnalysisText, checkersThinkingText } from './score_words.js';
import { GameApp } from '../../app/game_app.js';

export class CheckersApp extends GameApp {
  constructor(options) {
    super('checkers', options);
    this.session = new options.engine.CheckersSession();
    // The view (selection, hop-by-hop chain, hover, animations), drawn each frame.
    const view = { selected: -1, targets: [], chain: null, canStop: false, preview: null, hint: null };
    this.view = { ...view, hover: -1, cursor: -1, animation: null, entry: null };
    this.speed = speedFromAddress();
    this.insetTop = 0;
    // The engine's hole names, for the board's labels.
    this.holeNames = this.session.geometry().map((c) => c.name);
    this.chains = new ChainInput(this);
    this.labels = new HoleLabels(this);
  }

  mountBoard() {
    const rows = [];
    for (const c of CELL_LIST) (rows[c.row] ||= []).push(c.index);
    this.mountAria(AriaHexBoard, { rows, start: 60, step: cursorStep }, (cell) => this.chains.keyActivate(cell));
    this.input = new BoardInput(this.canvas, {
      squareAt: (x, y) => cellAt(this.layout(), x, y),
      onPick: (cell) => this.activate(cell, true),
      onDrop: (from, to) => {
        if (!this.chainActive()) this.tryMove(from, to);
      },
      onHover: (cell) => this.chains.hover(cell),
      signal: this.signal,
    });
    this.chains.wire(this.root.querySelector('#cc-end-turn'), this.signal);
    this.labels.mount(this.signal);
    this.newGameDialog = new CheckersNewGameDialog(this);
    this.newGameDialog.wire(this.signal);
    this.bar = new InfoBar(this, this.root.querySelector('#cc-bar'), (inset) => {
      this.insetTop = inset;
      this.requestFrame();
    });
    this.bar.observe(this.signal);
    if (!this.restored) this.view.entry = this.entry(this.session.snapshot().seats);
  }

  unmountBoard() {
    super.unmountBoard();
    this.labels.remove();
    this.chains.clear();
  }

  // ---- motion ----------------------------------------------------------------

  // A move animation, or none when motion is reduced.
  animate(path, player) {
    if (this.reducedMotion) return null;
    return moveAnimation(path, player, performance.now(), { scale: this.speed.animScale });
  }

  // The pieces dropping into their arms at a new game.
  entry(seats) {
    if (this.reducedMotion) return null;
    return entryAnimation(seats, performance.now(), { scale: this.speed.animScale });
  }

  animating() {
    const now = performance.now();
    return isRunning(this.view.animation, now) || isRunning(this.view.entry, now);
  }

  aiPauseMs() {
    return this.animationLeft() + this.speed.aiPauseMs;
  }

  passPauseMs() {
    return PASS_PAUSE_MS * Math.min(1, this.speed.animScale);
  }

  // ---- seats and the game's session ---------------------------------------------

  seatCount() {
    return this.seats.count;
  }

  // The settings' rule options (checkers_rules.js), for a game here or a room.
  rulesFromSettings() {
    return rulesFromSettings(this.seats);
  }

  roomOptions() {
    return { rules: roomRules(this.seats) };
  }

  freshGame() {
    return this.session.newGame({ ...this.rulesFromSettings(), seed: Date.now() % 1e9, gameIndex: this.seats.gameIndex });
  }

  onNewGame() {
    this.seats.gameIndex++;
    this.view.entry = this.entry(this.session.snapshot().seats);
  }

  onImport() {
    this.seats.count = this.session.snapshot().players;
    this.view.entry = null;
  }

  restoreSession(saved) {
    const result = this.session.importRecord(
      saved.record,
      saved.rules && typeof saved.rules === 'object' ? saved.rules : this.rulesFromSettings(),
    );
    if (result.ok) this.seats.count = this.session.snapshot().players;
    return result;
  }

  saveData() {
    return { record: this.session.exportRecord(), rules: this.session.rules() };
  }

  // A record (the position line optional), or a lone position line.
  loadRecord(text) {
    return this.session.importRecord(text, this.rulesFromSettings());
  }

  // ---- input and moves ---------------------------------------------------------

  activate(cell, fromPointer = false) {
    return this.chains.activate(cell, fromPointer);
  }

  chainActive() {
    return this.chains.active();
  }

  endTurn() {
    this.chains.endTurn();
  }

  select(cell) {
    this.chains.select(cell);
  }

  clearSelection() {
    this.chains.clear();
  }

  // A refusal from the engine ({code, params, reason}), worded by its code.
  showReason(refusal) {
    if (refusal && refusal.ok !== true && refusal.code)
      this.toast(this.i18n.t('illegal', { reason: this.i18n.refusal(refusal) }));
  }

  tryMove(from, to) {
    return this.played(this.session.snapshot(), this.session.play(from, to), { from, to });
  }

  playPath(path) {
    return this.played(this.session.snapshot(), this.session.playPath(path), { path });
  }

  played(before, result, tried) {
    if (!result.ok) {
      this.showReason(result);
      this.emit('rejected', { ...tried, code: result.code, reason: result.reason });
      return false;
    }
    this.afterMove(before);
    return true;
  }

  presentMove(before, snap) {
    presentCheckersMove(this, before, snap);
  }

  playAiMove(result) {
    if (Array.isArray(result.path) && result.path.length >= 2) this.playPath(result.path);
    else if (result.pass) this.forcedPass();
    else this.tryMove(result.from, result.to);
  }

  aiDetail(result) {
    return { from: result.from, to: result.to, path: result.path };
  }

  showHint(result) {
    const move = this.current.legal.find((m) => m.from === result.from && m.to === result.to);
    if (!move) return;
    this.select(move.from);
    this.view.targets = [move.to];
    this.view.hint = { from: move.from, to: move.to, path: result.path.slice() };
    this.toast(this.i18n.t('hintIs', { move: result.text }));
    this.emit('hint', { from: move.from, to: move.to, path: result.path.slice(), text: result.text });
    this.requestFrame();
  }

  analysisLimits() {
    return { analyse: true, seed: 1 };
  }

  analysisText(result, snap) {
    return checkersAnalysisText(this, result, snap);
  }

  thinkingText(info) {
    return checkersThinkingText(this, info);
  }

  // ---- commands ----------------------------------------------------------

  openNewGame() {
    this.newGameDialog.open();
  }

  translateBoard() {
    super.translateBoard();
    this.labels.translate();
  }

  recordFile() {
    return checkersRecordFile(this);
  }

  openFile(name, text) {
    return openCheckersFile(this, text);
  }

  // ---- what the panels show ----------------------------------------------

  sideName(player) {
    return this.i18n.t('seatName', { color: this.i18n.t(`seatColor_${player}`) });
  }

  seatNames() {
    return [1, 2, 3, 4, 5, 6].slice(0, this.current ? this.current.players : 2).map((p) => this.sideName(p));
  }

  // A seat's name for any seat count (seats from 0, players from 1).
  seatName(seat) {
    return this.sideName(seat + 1);
  }

  roleName(player) {
    return this.isAiSeat(player - 1) ? this.i18n.t('aiLevel', { n: this.seats.levels[player - 1] }) : this.i18n.t('human');
  }

  title() {
    return this.i18n.t('checkersTitle');
  }

  gameOverText(status) {
    return checkersGameOverText(this, status);
  }

  playerCards(snap) {
    return checkersPlayerCards(this, snap);
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

  recordText() {
    return this.session.exportRecord();
  }

  // ---- output ------------------------------------------------------------

  layout() {
    return boardLayout(this.size.width, this.size.height, this.insetTop);
  }

  squareCenter(cell) {
    return centerOf(this.layout(), cell);
  }

  onRefresh() {
    this.bar?.render(this.current);
  }

  boardLabel() {
    return this.i18n.t('checkersBoardLabel');
  }

  squareLabel(cell, snap) {
    const player = snap.board[cell];
    const what = player ? this.i18n.t('pieceOf', { side: this.sideName(player) }) : this.i18n.t('emptySquare');
    const chain = this.chainActive() && this.view.chain.includes(cell) ? ' ·' : '';
    return `${this.i18n.t('hole')} ${this.holeNames[cell]} ${what}${chain}`;
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
      reducedMotion: this.reducedMotion,
      labels: this.labels.shown ? this.holeNames : null,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
