// The xiangqi page controller: the game's hooks for the shared lifecycle of
// GameApp (game_app.js): its engine session, the meaning of clicks and drags
// (select, move, the engine's reason for a refusal), how a move is shown
// (animation, sound, announcement), the AI's seed, hints, draw offers and
// resignation, and its words. Legality, notation, results, draw answers and
// AI moves always come from the engine; the hooks are docs/page-contract.md's.

import { drawBoard } from './board/board_renderer.js';
import { FILES, RANKS, boardLayout, centerOf, squareAt, squareOf } from './board/board_geometry.js';
import { moveAnimation, pruneFades } from './board/animation.js';
import { colorOf, pieceLabel } from './board/pieces.js';
import { AriaBoard } from '../../app/aria_board.js';
import { BoardInput } from '../../app/board_input.js';
import { GameApp } from '../../app/game_app.js';
import { offerDraw } from './draw_offer.js';
import { pgnDate, pgnText } from './pgn_file.js';
import { randomSeed } from './ai_seed.js';

const ENDINGS = ['resignation', 'agreement']; // results the engine records as a step of their own

export class XiangqiApp extends GameApp {
  constructor(options) {
    super('xiangqi', options);
    this.session = new options.engine.XiangqiSession();
    this.view = { selected: -1, targets: [], hover: -1, cursor: -1, dragging: null, animation: null, fading: [], hint: null };
    this.gameSeed = randomSeed(); // the AI's variety (book, near-best choice) for this game
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
      onDrop: (from, to) => (this.premoving() ? this.queuePremove(from, to) : this.tryMove(from, to)),
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
    return { flip: () => this.flip() };
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

  freshGame() {
    this.session.newGame();
    return { ok: true };
  }

  // Face the board towards the human when only black is human.
  onNewGame() {
    this.gameSeed = randomSeed();
    this.view.fading = [];
    this.settings.flipped = this.seats.players[0] === 'ai' && this.seats.players[1] === 'human';
  }

  onImport() {
    this.gameSeed = randomSeed();
  }

  // The game is stored as PGN with its result and tags, and the AI's seed.
  restoreSession(saved) {
    const result = this.session.importRecord(saved.record);
    if (result.ok && Number.isInteger(saved.seed)) this.gameSeed = saved.seed;
    return result;
  }

  saveData() {
    return { record: this.session.exportPgn('iccs'), seed: this.gameSeed };
  }

  // PGN, the short record, or moves in any notation.
  loadRecord(text) {
    return this.session.importRecord(text);
  }

  loadPosition(fen) {
    return this.session.loadFen(fen);
  }

  // A resignation or agreement is taken back first, not a move.
  takeBack() {
    const status = this.session.status();
    if (status.over && ENDINGS.includes(status.reason)) this.session.undo();
    else this.undoToHuman();
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
      if (this.premoving(snap)) return this.premoveAt(square, snap);
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

  // ---- premoves (online, while the opponent is to move) ------------------------

  premoving(snap = this.current) {
    return !!this.online?.mayPremove(snap);
  }

  // A tap while the opponent thinks: a queued premove is cancelled by any
  // tap; else the player's own piece is picked up and the next square
  // queues the move (checked by the engine only when it is played).
  premoveAt(square, snap) {
    if (this.online.premove) {
      this.online.clearPremove();
      this.clearSelection();
      return false;
    }
    const code = snap.board[square];
    if (code && colorOf(code) === this.online.seat) {
      this.view.selected = square;
      this.view.targets = [];
      this.requestFrame();
      return true;
    }
    if (this.view.selected >= 0) this.queuePremove(this.view.selected, square);
    return false;
  }

  queuePremove(from, to) {
    this.clearSelection();
    const name = (s) => `${'abcdefghi'[s % FILES]}${Math.floor(s / FILES)}`;
    this.online.setPremove(name(from) + name(to), { from, to });
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

  // A score a person reads, from red's view ("红方 +1.2", "Black mates in 3"),
  // and the expected line in the chosen notation ("炮二平五 马8进7 …").
  thinkingText(info) {
    const i18n = this.i18n;
    let score;
    if (info.mate) {
      score = i18n.t('xq_mate', { side: i18n.side(info.mate > 0 ? 0 : 1), n: Math.abs(info.mate) });
    } else {
      const pawns = (info.redScore || 0) / 100;
      score = i18n.t('xq_score', {
        side: i18n.side(0),
        score: (pawns > 0 ? '+' : pawns < 0 ? '−' : '±') + Math.abs(pawns).toFixed(1),
      });
    }
    const moves = (info.pv && info.pv[this.settings.notation]) || [];
    return { score, line: moves.join(' ') };
  }

  analysisText(result) {
    return { ...this.thinkingText(result), redScore: result.redScore, mate: result.mate, depth: result.depth };
  }

  // ---- results -------------------------------------------------------------

  canResign() {
    return !this.session.status().over && this.hasHumanSeat();
  }

  // The human resigns (the side to move when both are human); the engine
  // records it, so it is saved, exported and undoable like a move.
  resign() {
    if (!this.canResign()) return;
    const humans = [0, 1].filter((seat) => !this.isAiSeat(seat));
    const loser = humans.length === 1 ? humans[0] : this.session.status().toMove;
    this.cancelAi();
    const result = this.session.resign(loser);
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    this.browsePly = null;
    this.refresh();
    this.persist();
    this.emit('resign', { seat: loser });
    this.endOfGame();
  }

  // A draw is offered to the AI on the human's own turn.
  canOfferDraw() {
    const snap = this.session.snapshot();
    return !snap.status.over && !this.thinking && !this.isAi(snap.side) && this.isAi(1 - snap.side);
  }

  offerDraw() {
    return this.canOfferDraw() ? offerDraw(this) : Promise.resolve(null);
  }

  // ---- commands ----------------------------------------------------------

  // Online, the board faces the seat this page plays (black at the bottom for seat 1).
  faceSeat(seat) {
    this.settings.flipped = seat === 1;
  }

  flip() {
    this.settings.flipped = !this.settings.flipped;
    this.persist();
    this.refresh();
    this.emit('flip', { flipped: this.settings.flipped });
  }

  // "Open file": a PGN or record, or a lone FEN line.
  openFile(name, text) {
    const lines = String(text)
      .trim()
      .split(/\r?\n/)
      .filter((l) => l.trim());
    const lone = lines.length === 1 && lines[0].split(/\s+/)[0].split('/').length === 10;
    return lone && !/\.pgn$/i.test(name || '') ? this.importPosition(lines[0]) : this.importRecord(text);
  }

  // "Download": the game as PGN in the player's notation, named by today.
  recordFile() {
    const date = pgnDate(new Date());
    return { name: `qipan-${date.replaceAll('.', '')}.pgn`, mime: 'application/x-chess-pgn', text: pgnText(this, date) };
  }

  // A seat's player for the PGN: the room's player by name while online.
  playerLabel(seat) {
    const name = this.online?.playerName(seat);
    if (name) return name;
    return this.isAiSeat(seat) ? this.i18n.t('xq_aiLevel', { n: this.levelOf(seat) }) : this.i18n.t('xq_human');
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
    const i18n = this.i18n;
    // An aborted game has no result: neither a win nor a draw.
    const aborted = status.reason === 'aborted';
    return {
      title: aborted
        ? i18n.t('gameOver')
        : status.winner !== null
          ? i18n.t('wins', { side: i18n.side(status.winner) })
          : i18n.t('draw'),
      reason: i18n.t('reason_' + status.reason),
      // A result read from a record is the record's, not this player's.
      outcome: status.reason === 'recorded' || aborted ? null : this.outcomeFor(status.winner !== null ? [status.winner] : []),
    };
  }

  // Beside the board: each side, who plays it, whose turn, and the pieces it
  // has taken (up to the shown position) as glyphs in their owner's colour.
  // An imported game's player names are the detail (the role line already
  // says human or AI).
  playerCards(snap) {
    const tags = new Map(this.session.tags());
    const over = !snap.live || snap.status.over;
    // From the top of the board: black, or red when the board is turned.
    return (this.settings.flipped ? [0, 1] : [1, 0]).map((seat) => {
      const ai = this.isAiSeat(seat);
      const named = tags.get(seat === 0 ? 'Red' : 'Black');
      return {
        seat,
        name: this.sideName(seat),
        role: ai ? 'ai' : 'human',
        level: ai ? this.levelOf(seat) : null,
        toMove: !over && snap.side === seat,
        detail: named || null,
        pieces: (snap.captures[seat] || []).map((code) => ({
          text: pieceLabel(code, this.settings.pieceStyle),
          color: colorOf(code) === 0 ? 'red' : 'black',
          name: this.pieceName(code),
        })),
      };
    });
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
    return `${'abcdefghi'[square % FILES]}${Math.floor(square / FILES)} ${code ? this.pieceName(code) : this.i18n.t('emptySquare')}`;
  }

  draw(time) {
    this.view.fading = pruneFades(this.view.fading, time);
    const view = {
      ...this.view,
      premove: this.online?.premove?.marks ?? null,
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
