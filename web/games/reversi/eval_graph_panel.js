// Reversi's evaluation graph beside the move list: Black's value of every
// position of the game, filled one position at a time in a worker of its own
// (the move search keeps the AI's), kept by position so undo, redo,
// truncation and imports reuse what is known. The engine values each
// position ({graph: true}); a click on the graph browses to that position.

import { currentDpr, sizeCanvas } from '../../common/canvas.js';
import { drawEvalGraph, evalGraphLayout, plyAt } from './board/eval_graph.js';
import { AiClient } from '../../app/ai_client.js';

export class EvalGraph {
  // app: the Reversi controller (session, emit, browse, signal, workerSource).
  constructor(app, canvas) {
    this.app = app;
    this.canvas = canvas;
    this.cache = new Map(); // board string -> {score (Black's view), exact}
    this.positions = [];
    this.client = null; // created on first use
    this.busy = false;
    this.paused = false; // while analyse() searches in the same worker
    canvas?.addEventListener(
      'click',
      (e) => {
        const rect = canvas.getBoundingClientRect();
        const ply = plyAt(evalGraphLayout({ width: rect.width, height: rect.height }, this.values()), e.clientX - rect.left);
        if (ply >= 0) app.browse(ply);
      },
      { signal: app.signal },
    );
  }

  worker() {
    if (!this.client) this.client = new AiClient(this.app.workerSource);
    return this.client;
  }

  // Black's value of each position of the game (index = ply), null while
  // not yet evaluated.
  values() {
    return this.positions.map((board) => (this.cache.has(board) ? this.cache.get(board).score : null));
  }

  // The game changed: its positions, drawn with what is known, the rest filled.
  update(positions, shownPly) {
    this.positions = positions;
    this.shownPly = shownPly;
    this.draw();
    this.fill();
  }

  // Evaluates the first position without a value, then the next, one
  // request at a time.
  async fill() {
    if (this.busy || this.paused || this.closed) return;
    const ply = this.positions.findIndex((board) => !this.cache.has(board));
    if (ply < 0) return;
    const board = this.positions[ply];
    this.busy = true;
    let result;
    try {
      result = await this.worker().search({ game: this.app.id, method: 'evaluate', request: { board }, limits: { graph: true } });
    } catch (error) {
      this.busy = false;
      console.warn('evaluation failed:', error);
      return;
    }
    this.busy = false;
    if (!result) return; // cancelled: resume() starts the filling again
    if (!result.ok) {
      console.warn('evaluation refused:', result.code, result.reason);
      return;
    }
    this.cache.set(board, { score: result.score, exact: result.exact });
    this.app.emit('eval', { ply, board, score: result.score, exact: result.exact });
    this.draw();
    this.fill();
  }

  // An analysis searches in this worker: it cancels a pending evaluation.
  pause() {
    this.paused = true;
    this.busy = false;
  }

  resume() {
    this.paused = false;
    this.fill();
  }

  draw() {
    const canvas = this.canvas;
    if (!canvas || !canvas.clientWidth || this.closed) return;
    const dpr = currentDpr();
    const size = sizeCanvas(canvas, canvas.clientWidth, canvas.clientHeight || 100, dpr);
    drawEvalGraph(canvas.getContext('2d'), this.values(), {
      width: size.width,
      height: size.height,
      dpr,
      current: this.shownPly ?? -1,
    });
  }

  close() {
    this.closed = true;
    this.client?.close();
  }
}
