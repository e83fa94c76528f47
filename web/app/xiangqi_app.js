// The xiangqi page controller: owns the engine session (rules, results,
// records), the view state (selection, animation, browsing) and the AI
// client, and keeps the canvas, the ARIA mirror and the panels in step.
// Legality, notation, results, draw answers and AI moves always come from
// the engine; this file routes intents and words what the engine says. The
// hooks the shell calls are docs/page-contract.md's.

import { drawBoard } from '../xiangqi/board_renderer.js';
import { FILES, RANKS, boardLayout, centerOf, squareAt, squareOf } from '../xiangqi/board_geometry.js';
import { moveAnimation, pruneFades, MOVE_MS } from '../xiangqi/animation.js';
import { colorOf, pieceLabel, pieceName } from '../xiangqi/pieces.js';
import { AriaBoard } from './aria_board.js';
import { BoardInput } from './board_input.js';
import { GameApp } from './game_app.js';
import { Panels } from './panels.js';
import { loadGame, saveGame } from './storage.js';
import { randomSeed, validLevels } from './xiangqi_seats.js';

const AI_PAUSE_MS = 250; // lets the player see the previous move land first

// A PGN date, YYYY.MM.DD.
function pgnDate(date) {
  const two = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())}`;
}

export class XiangqiApp extends GameApp {
  constructor(options) {
    super('xiangqi', options);
    this.session = new options.engine.XiangqiSession();
    this.levelTable = options.engine.xiangqiLevels(); // engine/xiangqi/ai_levels.h
    this.view = { selected: -1, targets: [], hover: -1, cursor: -1, dragging: null, animation: null, fading: [], hint: null };
    this.gameSeed = randomSeed(); // the AI's variety (book, near-best choice) for this game
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
    // The shell tells the player and keeps the text for export.
    if (this.restoreFailure) this.reportBrokenSave(this.restoreFailure.text, this.restoreFailure.refusal);
    this.restoreFailure = null;
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

  // The shell's reducedMotion, or the system setting on a shell without it.
  get motionReduced() {
    if (typeof this.reducedMotion === 'boolean') return this.reducedMotion;
    return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  squareCenter(square) {
    return centerOf(boardLayout(this.size.width, this.size.height, this.settings.flipped), square);
  }

  isAi(color) {
    return this.seats.players[color] === 'ai';
  }

  // A seat's AI level (seat 0 red); older settings had one level for both.
  levelOf(seat) {
    return validLevels(this.seats, this.levelTable.length)[seat];
  }

  humanToMove(snapshot) {
    if (this.online) return this.online.mayMove(snapshot);
    return snapshot.live && !snapshot.status.over && !this.isAi(snapshot.side);
  }

  restoreGame() {
    const saved = loadGame(this.id);
    if (!saved) return;
    const result = this.session.importRecord(saved.record);
    if (!result.ok) {
      this.restoreFailure = { text: saved.record, refusal: result };
      this.session.newGame();
      return;
    }
    if (Number.isInteger(saved.seed)) this.gameSeed = saved.seed;
  }

  // The game is stored as PGN with its result and tags, so the engine replays
  // and re-validates it on load.
  persist() {
    if (this.online) return; // the offline game stays as it was
    saveGame(this.id, { record: this.session.exportPgn('iccs'), seed: this.gameSeed });
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

  // The move just played from `before` (its squares read from the game when
  // not given: a move a room sent).
  afterMove(before, from = this.session.snapshot().lastMove.from, to = this.session.snapshot().lastMove.to) {
    const piece = before.board[from];
    const captured = before.board[to];
    this.view.animation = this.motionReduced ? null : moveAnimation(from, to, piece, captured, performance.now());
    this.view.selected = -1;
    this.view.targets = [];
    this.view.hint = null;
    this.refresh();
    const snap = this.current;
    const last = snap.moves[snap.moves.length - 1];
    this.sound.play(snap.status.over ? 'end' : snap.inCheck ? 'check' : captured ? 'capture' : 'move');
    this.announce(`${this.i18n.side(before.side)} ${last.chinese}${snap.inCheck ? ' ' + this.i18n.t('check') : ''}`);
    this.emit('move', { from, to, iccs: last.iccs, chinese: last.chinese, ply: snap.ply });
    this.online?.afterLocalMove();
    this.persist();
    if (snap.status.over) this.endOfGame(this.motionReduced ? 0 : MOVE_MS + 100);
    else this.maybeAiMove();
  }

  endOfGame(delayMs = 0) {
    this.emit('gameover', this.current.status);
    if (delayMs > 0) setTimeout(() => this.showGameOver(), delayMs);
    else this.showGameOver();
  }

  // ---- AI ----------------------------------------------------------------

  // Runs one worker request; resolves with its result, or null when it was
  // cancelled or failed (the failure is shown).
  async askWorker(request, onInfo) {
    try {
      return await this.ai.search({ game: this.id, method: 'search', ...request }, onInfo);
    } catch (error) {
      this.toast(String(error.message || error));
      return null;
    }
  }

  async maybeAiMove() {
    const snap = this.session.snapshot(); // the live game, even while browsing
    if (this.online || snap.status.over || !this.isAi(snap.side)) return;
    const request = this.session.searchRequest();
    const plyAtRequest = snap.ply;
    const seat = snap.side;
    this.startThinking();
    await new Promise((r) => setTimeout(r, AI_PAUSE_MS));
    if (this.session.snapshot().ply !== plyAtRequest || !this.thinking) return;
    const level = this.levelOf(seat);
    const result = await this.askWorker({ request, limits: { level, seed: this.gameSeed } },
      (info) => this.onThinkingInfo(info));
    if (!result) {
      if (this.thinking) this.stopThinking();
      return;
    }
    this.stopThinking();
    const now = this.session.snapshot();
    if (now.ply !== plyAtRequest || now.status.over) return; // stale, or resigned / agreed meanwhile
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return;
    }
    if (this.browsePly !== null) this.browse(Infinity); // show the reply where it lands
    this.emit('ai', { seat, level, from: result.from, to: result.to, book: result.book, depth: result.depth,
      nodes: result.nodes, candidates: result.candidates, elapsedMs: result.elapsedMs });
    this.tryMove(result.from, result.to);
  }

  async hint() {
    const snap = this.current;
    if (!this.humanToMove(snap)) return;
    const result = await this.askWorker({ request: this.session.searchRequest(), limits: { hint: this.settings.hintStrength } });
    if (!result || !result.ok || this.current.ply !== snap.ply) return;
    const move = this.session.moveText(result.from, result.to, this.settings.notation);
    this.view.hint = { from: result.from, to: result.to };
    this.select(result.from, this.current);
    this.view.targets = [result.to];
    this.toast(this.i18n.t('hintIs', { move }));
    this.emit('hint', { from: result.from, to: result.to, iccs: result.bestIccs });
  }

  // The engine's evaluation and expected line of the shown (possibly
  // browsed) position: {score, line}, in the player's notation. Null while
  // the AI is thinking (the worker is busy) or when the position is over.
  async analyse() {
    if (this.thinking) {
      this.toast(this.i18n.t('xq_analysisBusy'));
      return null;
    }
    const snap = this.current;
    if (snap.live && snap.status.over) return null;
    const result = await this.askWorker({ request: this.session.searchRequest(snap.ply), limits: { analyse: true } });
    if (!result || !result.ok) {
      if (result && !result.ok) this.toast(this.i18n.refusal(result));
      return null;
    }
    const text = this.thinkingText(result);
    this.emit('analysis', { ply: snap.ply, ...text, redScore: result.redScore, mate: result.mate, depth: result.depth });
    return text;
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
      score = i18n.t('xq_score', { side: i18n.side(0), score: (pawns > 0 ? '+' : pawns < 0 ? '−' : '±') + Math.abs(pawns).toFixed(1) });
    }
    const moves = (info.pv && info.pv[this.settings.notation]) || [];
    return { score, line: moves.join(' ') };
  }

  // ---- results -------------------------------------------------------------

  canResign() {
    const snap = this.session.snapshot();
    return !snap.status.over && this.hasHumanSeat();
  }

  // The human resigns (the side to move when both are human); the engine
  // records it, so it is saved, exported and undoable like a move.
  resign() {
    if (!this.canResign()) return;
    const snap = this.session.snapshot();
    const humans = [0, 1].filter((seat) => !this.isAi(seat));
    const loser = humans.length === 1 ? humans[0] : snap.side;
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

  // The worker searches the position as the AI's level would, the engine's
  // rule (engine/xiangqi/draw_offer.h) answers, and an accepted offer is
  // recorded by the session. Resolves with {accepted, answer} or null.
  async offerDraw() {
    if (!this.canOfferDraw()) return null;
    const snap = this.session.snapshot();
    const answering = 1 - snap.side;
    this.toast(this.i18n.t('xq_drawThinking'));
    const result = await this.askWorker({ method: 'answerDrawOffer', request: this.session.searchRequest(),
      limits: { level: this.levelOf(answering), answering } });
    if (!result) return null;
    if (this.session.snapshot().ply !== snap.ply) return null; // the game moved on meanwhile
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return null;
    }
    this.emit('draw-offer', { accepted: result.accepted, answer: result.answer, score: result.score });
    if (!result.accepted) {
      this.toast(this.i18n.t('xq_drawDeclined_' + result.answer));
      return { accepted: false, answer: result.answer };
    }
    const agreed = this.session.agreeDraw();
    if (!agreed.ok) {
      this.toast(this.i18n.refusal(agreed));
      return null;
    }
    this.browsePly = null;
    this.refresh();
    this.persist();
    this.toast(this.i18n.t('xq_drawAccepted'));
    this.endOfGame();
    return { accepted: true, answer: result.answer };
  }

  // ---- commands ----------------------------------------------------------

  // newGame({players, levels}) (docs/page-contract.md).
  newGame(options) {
    const { players, levels } = options;
    this.cancelAi();
    this.seats.players = players.map((p) => (p === 'ai' ? 'ai' : 'human'));
    this.seats.levels = validLevels({ levels }, this.levelTable.length);
    this.gameSeed = randomSeed();
    this.session.newGame();
    this.browsePly = null;
    this.view.animation = null;
    this.view.fading = [];
    this.clearSelection();
    // Face the board towards the human when only black is human.
    this.settings.flipped = this.seats.players[0] === 'ai' && this.seats.players[1] === 'human';
    this.refresh();
    this.persist();
    this.emit('newgame', { players: this.seats.players.slice(), levels: this.seats.levels.slice() });
    this.maybeAiMove();
  }

  // The same seats again, or with the two seats exchanged.
  rematch({ swap = false } = {}) {
    const players = this.seats.players.slice();
    const levels = [this.levelOf(0), this.levelOf(1)];
    if (swap) {
      players.reverse();
      levels.reverse();
    }
    this.newGame({ players, levels });
  }

  // Drops the moves after the shown position (and a result beyond it) and
  // plays on from there.
  continueFromHere() {
    const ply = this.browsePly ?? this.session.snapshot().ply;
    this.cancelAi();
    const result = this.session.truncate(ply);
    if (!result.ok) {
      this.toast(this.i18n.refusal(result));
      return result;
    }
    this.browsePly = null;
    this.view.animation = null;
    this.clearSelection();
    this.refresh();
    this.persist();
    this.toast(this.i18n.t('xq_continued', { n: ply }));
    this.emit('continue', { ply });
    this.maybeAiMove();
    return result;
  }

  undo() {
    this.cancelAi();
    this.browsePly = null;
    if (this.session.snapshot().status.over && ['resignation', 'agreement'].includes(this.session.snapshot().status.reason)) {
      this.session.undo(); // takes back the resignation or agreement, not a move
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

  browse(ply) {
    this.clearSelection();
    super.browse(ply);
  }

  // A record in any form the engine reads (PGN, the short record, moves in
  // any notation). A refusal comes back as the engine gave it; the shell words it.
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
    this.gameSeed = randomSeed();
    this.browsePly = null;
    this.view.animation = null;
    this.clearSelection();
    this.refresh();
    this.persist();
    this.emit('import', { ply: this.current.ply });
    if (this.current.status.over) this.showGameOver();
    else this.maybeAiMove();
  }

  // "Open file": a PGN or record, or a lone FEN line.
  openFile(name, text) {
    const lines = String(text).trim().split(/\r?\n/).filter((l) => l.trim());
    const lone = lines.length === 1 && lines[0].split(/\s+/)[0].split('/').length === 10;
    return lone && !/\.pgn$/i.test(name || '') ? this.importFen(lines[0]) : this.importRecord(text);
  }

  // "Download": the game as PGN in the player's notation, named by today.
  recordFile() {
    const date = pgnDate(new Date());
    return { name: `qipan-${date.replaceAll('.', '')}.pgn`, mime: 'application/x-chess-pgn', text: this.pgnText(date) };
  }

  // The PGN: an imported game keeps its tags; a game played here names its
  // players (红方 / 黑方 roles) and today's date.
  pgnText(date = pgnDate(new Date())) {
    const have = new Set(this.session.tags().map(([name]) => name));
    const tags = {};
    const add = (name, value) => { if (!have.has(name)) tags[name] = value; };
    add('Event', 'Qipan');
    add('Date', date);
    add('Red', this.playerLabel(0));
    add('Black', this.playerLabel(1));
    return this.session.exportPgn(this.settings.notation, tags);
  }

  playerLabel(seat) {
    return this.isAi(seat) ? this.i18n.t('xq_aiLevel', { n: this.levelOf(seat) }) : this.i18n.t('xq_human');
  }

  // ---- what the panels show ----------------------------------------------

  statusLine(snap) {
    const line = super.statusLine(snap);
    return !snap.status.over && snap.inCheck ? `${line} · ${this.i18n.t('check')}` : line;
  }

  gameOverText(status) {
    const i18n = this.i18n;
    return {
      title: status.winner !== null ? i18n.t('wins', { side: i18n.side(status.winner) }) : i18n.t('draw'),
      reason: i18n.t('reason_' + status.reason),
      // A result read from a record is the record's, not this player's.
      outcome: status.reason === 'recorded' ? null : this.outcomeFor(status.winner !== null ? [status.winner] : []),
    };
  }

  // Beside the board: each side, who plays it, whose turn, and the pieces it
  // has taken (up to the shown position) as glyphs in their owner's colour.
  playerCards(snap) {
    const tags = new Map(this.session.tags());
    const over = !snap.live || snap.status.over;
    return [0, 1].map((seat) => {
      const ai = this.isAi(seat);
      const named = tags.get(seat === 0 ? 'Red' : 'Black');
      return {
        seat,
        name: this.sideName(seat),
        role: ai ? 'ai' : 'human',
        level: ai ? this.levelOf(seat) : null,
        toMove: !over && snap.side === seat,
        detail: named || this.playerLabel(seat),
        pieces: (snap.captures[seat] || []).map((code) => ({
          text: pieceLabel(code, this.settings.pieceStyle),
          color: colorOf(code) === 0 ? 'red' : 'black',
        })),
      };
    });
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
    return this.pgnText();
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
      reducedMotion: this.motionReduced,
      width: this.size.width,
      height: this.size.height,
      dpr: this.size.dpr,
    };
    return drawBoard(this.ctx, this.current, view, time).active;
  }
}
