// drawBoard: the whole xiangqi board as a pure function of (snapshot, view, time).
//
// The static board comes from a cached layer (board_layer.js) and pieces from cached
// sprites (pieces.js); per frame only overlays (selection glow, targets, last move,
// check flash, cursor) and piece blits are drawn, so a frame costs a few ms even in
// software rendering. No rules live here: legal targets, check and the last move come
// from the caller (the engine's snapshot and the page's view state).
import { easeOutCubic, pulse } from '../../../common/easing.js';
import { boardLayout, centerOf, isSquare, squareAt, SQUARES } from './board_geometry.js';
import { boardLayerFor } from './board_layer.js';
import { moveFrame, progress } from './animation.js';
import { drawPiece, isPiece } from './pieces.js';
import { isPieceFontPending, loadPieceFont } from './piece_font.js';
import { viewFrame } from '../../../common/canvas.js';
import { roundedSquare, strokeCursor } from '../../../common/shapes.js';

const TWO_PI = Math.PI * 2;

export const DEFAULT_VIEW = Object.freeze({
  flipped: false,
  pieceStyle: 'chinese',
  selected: -1,
  targets: [],
  premove: null, // {from, to}: a move queued online while the opponent is to move
  ruling: null, // {chasing: [squares], chased: [squares]}: a repetition ruling's pieces
  lastMove: undefined, // undefined: take snapshot.lastMove; null: none
  checkedKing: undefined, // undefined: take snapshot.checkedKing
  hover: -1,
  cursor: -1,
  dragging: null,
  animation: null,
  fading: [],
  reducedMotion: false,
  dpr: 1,
  width: 0,
  height: 0,
});

function sq(v) {
  return isSquare(v) ? v : -1;
}

function glow(ctx, x, y, inner, outer, rgb, alpha) {
  const g = ctx.createRadialGradient(x, y, inner, x, y, outer);
  g.addColorStop(0, 'rgba(' + rgb + ',' + alpha.toFixed(3) + ')');
  g.addColorStop(1, 'rgba(' + rgb + ',0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, outer, 0, TWO_PI);
  ctx.fill();
}

function ring(ctx, x, y, r, width, color) {
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TWO_PI);
  ctx.stroke();
}

// Corner brackets around an intersection (the last move's destination).
function corners(ctx, x, y, half, arm, width, color) {
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      ctx.moveTo(x + sx * half, y + sy * (half - arm));
      ctx.lineTo(x + sx * half, y + sy * half);
      ctx.lineTo(x + sx * (half - arm), y + sy * half);
    }
  }
  ctx.stroke();
}

function drawLastMove(ctx, layout, move) {
  const { cell } = layout;
  const a = centerOf(layout, move.from);
  const b = centerOf(layout, move.to);
  // Origin: a small hollow marker where the piece stood.
  ctx.fillStyle = 'rgba(40,95,170,0.16)';
  ctx.beginPath();
  ctx.arc(a.x, a.y, cell * 0.2, 0, TWO_PI);
  ctx.fill();
  ring(ctx, a.x, a.y, cell * 0.2, Math.max(1, cell * 0.035), 'rgba(40,95,170,0.55)');
  // Destination: brackets just outside the piece.
  corners(ctx, b.x, b.y, cell * 0.5, cell * 0.16, Math.max(1.2, cell * 0.045), 'rgba(40,95,170,0.7)');
}

// A queued premove: both ends filled in a quiet green, apart from the last
// move's blue.
function drawPremove(ctx, layout, move) {
  const { cell } = layout;
  for (const square of [move.from, move.to]) {
    const c = centerOf(layout, square);
    ctx.fillStyle = 'rgba(30,140,90,0.35)';
    roundedSquare(ctx, c.x, c.y, cell * 0.48, cell * 0.12);
    ctx.fill();
  }
}

function drawTargets(ctx, layout, board, targets, t, still, skip) {
  const { cell } = layout;
  const wave = still ? 0.5 : pulse(t, 1400);
  for (const s of targets) {
    if (!isSquare(s)) continue;
    const c = centerOf(layout, s);
    if (isPiece(board[s]) && s !== skip) {
      // A capture: a pulsing ring around the enemy piece.
      const r = cell * (0.5 + 0.03 * wave);
      ring(ctx, c.x, c.y, r, cell * 0.07, 'rgba(200,40,30,' + (0.55 + 0.35 * wave).toFixed(3) + ')');
      ring(ctx, c.x, c.y, r + cell * 0.045, Math.max(1, cell * 0.02), 'rgba(255,235,200,0.6)');
    } else {
      // An empty destination: a dot that breathes.
      const r = cell * (0.105 + 0.03 * wave);
      glow(ctx, c.x, c.y, 0, r * 2.1, '20,110,70', 0.18 + 0.14 * wave);
      ctx.fillStyle = 'rgba(22,120,75,' + (0.7 + 0.2 * wave).toFixed(3) + ')';
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, TWO_PI);
      ctx.fill();
      ring(ctx, c.x, c.y, r, Math.max(1, cell * 0.018), 'rgba(235,255,240,0.7)');
    }
  }
}

// A repetition ruling's pieces: the chased ones in a dashed red double ring,
// the chasing ones in a solid violet ring, apart from the selection's gold
// and the check's pulsing red.
function drawRulingMarks(ctx, layout, marks) {
  const { cell, pieceRadius: radius } = layout;
  for (const square of marks.chasing || []) {
    if (!isSquare(square)) continue;
    const c = centerOf(layout, square);
    ring(ctx, c.x, c.y, radius * 1.08, cell * 0.06, 'rgba(120,60,200,0.9)');
    ring(ctx, c.x, c.y, radius * 1.08 + cell * 0.045, Math.max(1, cell * 0.018), 'rgba(245,235,255,0.75)');
  }
  ctx.save();
  for (const square of marks.chased || []) {
    if (!isSquare(square)) continue;
    const c = centerOf(layout, square);
    ctx.setLineDash([cell * 0.09, cell * 0.06]);
    ring(ctx, c.x, c.y, radius * 1.1, cell * 0.06, 'rgba(215,40,25,0.95)');
    ctx.setLineDash([]);
    ring(ctx, c.x, c.y, radius * 1.1 + cell * 0.06, Math.max(1, cell * 0.02), 'rgba(215,40,25,0.6)');
  }
  ctx.restore();
}

function drawCursor(ctx, layout, square) {
  const c = centerOf(layout, square);
  const w = Math.max(1.5, layout.cell * 0.05);
  roundedSquare(ctx, c.x, c.y, layout.cell * 0.5, layout.cell * 0.14);
  strokeCursor(ctx, w, w + Math.max(2, layout.cell * 0.04));
}

// Draw one frame. `ctx` is a 2D context of a canvas whose backing store is
// (view.width × view.dpr) × (view.height × view.dpr) pixels (see common/canvas.js);
// timeMs uses the clock of view.animation.start (performance.now() /
// requestAnimationFrame's time). Returns {layout, active}: `layout` for hit testing
// (board_geometry.squareAt), `active` true while the picture changes with time (the
// caller keeps requesting frames only while it is true).
export function drawBoard(ctx, snapshot, view, timeMs) {
  const v = view || DEFAULT_VIEW;
  const canvas = ctx.canvas;
  const { dpr, width, height } = viewFrame(canvas, v);
  const layout = boardLayout(width, height, !!v.flipped);
  const style = v.pieceStyle === 'western' ? 'western' : 'chinese';
  const still = !!v.reducedMotion;
  const board = (snapshot && snapshot.board) || [];
  const { cell } = layout;
  const radius = layout.pieceRadius;
  let active = false;

  loadPieceFont(); // no-op after the first call; sprites redraw once it is ready
  if (isPieceFontPending()) active = true;

  // Static board, copied over whatever was there (no separate clear pass).
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(boardLayerFor(canvas, layout, dpr), 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  const lastMove = v.lastMove !== undefined ? v.lastMove : snapshot && snapshot.lastMove;
  const checked = sq(
    v.checkedKing !== undefined ? v.checkedKing : snapshot && snapshot.checkedKing !== undefined ? snapshot.checkedKing : -1,
  );
  const selected = sq(v.selected);
  const drag = v.dragging && isSquare(v.dragging.square) ? v.dragging : null;
  // Reduced motion: pieces jump straight to their squares (no slide, no fade).
  const anim =
    !still && v.animation && isSquare(v.animation.from) && isSquare(v.animation.to) && progress(v.animation, timeMs) < 1
      ? v.animation
      : null;

  if (lastMove && isSquare(lastMove.from) && isSquare(lastMove.to)) {
    drawLastMove(ctx, layout, lastMove);
  }
  if (v.premove && isSquare(v.premove.from) && isSquare(v.premove.to)) drawPremove(ctx, layout, v.premove);

  // Checked general: a red glow that flashes under the piece.
  if (checked >= 0) {
    const c = centerOf(layout, checked);
    const w = still ? 0.7 : pulse(timeMs, 900);
    glow(ctx, c.x, c.y, radius * 0.6, radius * 1.75, '230,30,20', 0.35 + 0.55 * w);
    active = active || !still;
  }

  // Selected piece: a warm breathing halo.
  if (selected >= 0 && !(drag && drag.square === selected)) {
    const c = centerOf(layout, selected);
    const w = still ? 0.6 : pulse(timeMs, 1600);
    glow(ctx, c.x, c.y, radius * 0.9, radius * (1.75 + 0.2 * w), '255,196,40', 0.55 + 0.4 * w);
    active = active || !still;
  }

  // Captures fading on their own (drawn under the pieces).
  for (const f of still ? [] : v.fading || []) {
    if (!isSquare(f.square)) continue;
    const t = progress(f, timeMs);
    if (t >= 1) continue;
    const c = centerOf(layout, f.square);
    drawPiece(ctx, f.piece, style, c.x, c.y, radius, dpr, 0, 1 + 0.18 * easeOutCubic(t), 1 - t);
    active = true;
  }

  // Resting pieces; the animated destination and the dragged origin are drawn later.
  for (let s = 0; s < SQUARES; s++) {
    const code = board[s];
    if (!code) continue;
    if (anim && s === anim.to) continue;
    const c = centerOf(layout, s);
    if (drag && s === drag.square) {
      drawPiece(ctx, code, style, c.x, c.y, radius, dpr, 0, 1, 0.3); // ghost at origin
      continue;
    }
    drawPiece(ctx, code, style, c.x, c.y, radius, dpr, s === selected ? 2 : 0);
  }

  if (v.ruling) drawRulingMarks(ctx, layout, v.ruling);

  // Check ring over the general, so it reads even when the piece covers the glow.
  if (checked >= 0) {
    const c = centerOf(layout, checked);
    const w = still ? 0.7 : pulse(timeMs, 900);
    ring(ctx, c.x, c.y, radius * 1.04, cell * 0.05, 'rgba(220,25,15,' + (0.45 + 0.5 * w).toFixed(3) + ')');
  }

  if (selected >= 0 && !(drag && drag.square === selected)) {
    const c = centerOf(layout, selected);
    const w = still ? 0.6 : pulse(timeMs, 1600);
    ring(ctx, c.x, c.y, radius * 1.07, cell * 0.05, 'rgba(255,176,20,' + (0.7 + 0.3 * w).toFixed(3) + ')');
    ring(
      ctx,
      c.x,
      c.y,
      radius * 1.07 + cell * 0.04,
      Math.max(1, cell * 0.018),
      'rgba(255,250,225,' + (0.4 + 0.4 * w).toFixed(3) + ')',
    );
  }

  if (v.targets && v.targets.length) {
    drawTargets(ctx, layout, board, v.targets, timeMs, still, anim ? anim.to : -1);
    active = active || !still;
  }

  const hover = sq(v.hover);
  if (hover >= 0 && hover !== selected && hover !== v.cursor) {
    const c = centerOf(layout, hover);
    ring(ctx, c.x, c.y, cell * 0.48, Math.max(1, cell * 0.035), 'rgba(255,250,235,0.75)');
  }

  const cursor = sq(v.cursor);
  if (cursor >= 0) drawCursor(ctx, layout, cursor);

  // The move in flight: the capture fades under the mover, which slides with ease-out.
  if (anim) {
    const a = centerOf(layout, anim.from);
    const b = centerOf(layout, anim.to);
    const m = moveFrame(anim, a, b, timeMs);
    if (isPiece(anim.captured)) {
      drawPiece(ctx, anim.captured, style, b.x, b.y, radius, dpr, 0, 1, m.capturedAlpha);
    }
    const code = isPiece(anim.piece) ? anim.piece : board[anim.to];
    drawPiece(ctx, code, style, m.x, m.y, radius, dpr, 0, 1 + m.lift);
    active = true;
  }

  // The dragged piece follows the pointer, raised with a longer shadow.
  if (drag) {
    const code = board[drag.square];
    if (isPiece(code)) {
      drawPiece(ctx, code, style, drag.x, drag.y, radius, dpr, 1);
    }
  }

  return { layout, active };
}

// Hit testing helper matching drawBoard's layout for the same view.
export function squareAtPoint(view, x, y) {
  const layout = boardLayout(view.width, view.height, !!view.flipped);
  return squareAt(layout, x, y);
}
