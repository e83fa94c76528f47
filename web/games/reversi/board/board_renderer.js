// drawBoard: the whole Reversi board as a pure function of (snapshot, view, time).
//
// The static board (rim, felt, grid, coordinates) comes from a cached layer
// (board_layer.js) and discs from cached sprites (discs.js); per frame only disc blits
// and overlays (legal dots, hint values, last move, hover, cursor) are drawn. No rules
// live here: legal squares, flips and the last move come from the engine's snapshot.
import { boardLayout, centerOf, isSquare, squareAt, SQUARES } from './board_geometry.js';
import { boardLayerFor, UI_FONT_STACK } from './board_layer.js';
import { animationDuration, dropFrame, flipFrame } from './animation.js';
import { BLACK, WHITE, drawDisc, drawGhostDisc, drawTurningDisc, isDisc, opponent } from './discs.js';
import { viewFrame } from '../../../common/canvas.js';
import { roundedSquare, strokeCursor } from '../../../common/shapes.js';

const TWO_PI = Math.PI * 2;

export const DEFAULT_VIEW = Object.freeze({
  width: 0,
  height: 0,
  dpr: 1,
  hints: null, // [{square, text, exact, best}]
  showLegal: true, // omitted counts as true
  hover: -1,
  cursor: -1,
  premove: -1, // a square queued online while the opponent is to move
  animation: null, // animation.flipAnimation(...); the snapshot already shows the result
  reducedMotion: false,
});

function sq(v) {
  return isSquare(v) ? v : -1;
}

// Legal-move dots: small and quiet, tinted like the side to move.
function drawLegalDot(ctx, layout, square, side, alpha) {
  const c = centerOf(layout, square);
  const r = layout.cell * 0.085;
  ctx.globalAlpha = alpha;
  ctx.fillStyle = side === WHITE ? 'rgba(250,250,240,0.45)' : 'rgba(0,12,4,0.5)';
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, TWO_PI);
  ctx.fill();
  ctx.lineWidth = Math.max(0.75, layout.cell * 0.012);
  ctx.strokeStyle = side === WHITE ? 'rgba(255,255,255,0.35)' : 'rgba(150,255,180,0.14)';
  ctx.stroke();
  ctx.globalAlpha = 1;
}

// Hint values as Egaroucid shows them: a number centred on the legal square; the best
// move in amber on a soft plate, exact (solved) values bold and underlined, estimates
// lighter.
function drawHint(ctx, layout, hint, alpha) {
  const c = centerOf(layout, hint.square);
  const { cell } = layout;
  // A true minus sign: the hyphen is too short beside the digits.
  const text = String(hint.text === undefined || hint.text === null ? '' : hint.text).replace(/^-/, '\u2212');
  ctx.globalAlpha = alpha;
  if (hint.best) {
    const half = cell * 0.44;
    roundedSquare(ctx, c.x, c.y, half, cell * 0.12);
    ctx.fillStyle = 'rgba(255,205,60,0.16)';
    ctx.fill();
    ctx.lineWidth = Math.max(1, cell * 0.03);
    ctx.strokeStyle = 'rgba(255,214,90,0.8)';
    ctx.stroke();
  }
  if (text) {
    let size = cell * (hint.exact ? 0.36 : 0.34);
    const weight = hint.exact ? '800 ' : '600 ';
    ctx.font = weight + size.toFixed(2) + 'px ' + UI_FONT_STACK;
    const width = ctx.measureText(text).width;
    const max = cell * 0.8;
    if (width > max) {
      size *= max / width;
      ctx.font = weight + size.toFixed(2) + 'px ' + UI_FONT_STACK;
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    const m = ctx.measureText(text);
    // Centre on the ink, not on the em box.
    const y = c.y + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
    const color = hint.best ? '#ffd54a' : hint.exact ? '#ffffff' : 'rgba(230,250,235,0.82)';
    ctx.fillStyle = 'rgba(0,25,8,0.55)';
    ctx.fillText(text, c.x, y + Math.max(1, cell * 0.02));
    ctx.fillStyle = color;
    ctx.fillText(text, c.x, y);
    if (hint.exact) {
      const w = Math.min(m.width, cell * 0.7);
      const uy = y + size * 0.5;
      ctx.fillStyle = 'rgba(0,25,8,0.5)';
      ctx.fillRect(c.x - w / 2, uy + Math.max(1, cell * 0.02), w, Math.max(1, cell * 0.03));
      ctx.fillStyle = color;
      ctx.fillRect(c.x - w / 2, uy, w, Math.max(1, cell * 0.03));
    }
  }
  ctx.globalAlpha = 1;
}

// The last placed disc: a small red dot with a light rim, as Othello programs mark it.
function drawLastMove(ctx, layout, square) {
  const c = centerOf(layout, square);
  const r = layout.cell * 0.075;
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.beginPath();
  ctx.arc(c.x, c.y + r * 0.25, r * 1.15, 0, TWO_PI);
  ctx.fill();
  const g = ctx.createRadialGradient(c.x - r * 0.35, c.y - r * 0.4, 0, c.x, c.y, r);
  g.addColorStop(0, '#ff8a7a');
  g.addColorStop(0.55, '#e5302a');
  g.addColorStop(1, '#a8140f');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, TWO_PI);
  ctx.fill();
}

function drawCursor(ctx, layout, square) {
  const c = centerOf(layout, square);
  const w = Math.max(1.5, layout.cell * 0.05);
  roundedSquare(ctx, c.x, c.y, layout.cell * 0.47, layout.cell * 0.12);
  strokeCursor(ctx, w, w + Math.max(2, layout.cell * 0.04));
}

// Draw one frame. `ctx` is a 2D context of a canvas whose backing store is
// (view.width × view.dpr) × (view.height × view.dpr) pixels (see common/canvas.js);
// timeMs uses the clock of view.animation.start. Returns {layout, active}: `layout` for
// hit testing (board_geometry.squareAt), `active` true while the picture changes with
// time (the caller keeps requesting frames only while it is true).
export function drawBoard(ctx, snapshot, view, timeMs) {
  const v = view || DEFAULT_VIEW;
  const canvas = ctx.canvas;
  const { dpr, width, height } = viewFrame(canvas, v);
  const layout = boardLayout(width, height);
  const board = (snapshot && snapshot.board) || [];
  const side = snapshot && snapshot.side === 1 ? WHITE : BLACK; // seat 1 is white
  const radius = layout.discRadius;

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(boardLayerFor(canvas, layout, dpr), 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  // The animation counts only while it runs (and never with reduced motion).
  const a = v.animation;
  const anim = a && !v.reducedMotion && isSquare(a.square) && timeMs - a.start < animationDuration(a) ? a : null;
  const flipping = new Set(anim ? anim.flips : []);
  const from = anim ? opponent(anim.color) : 0;

  // Overlays for the position to play (legal dots, hints) wait until the move's
  // animation is over: they describe the new position.
  const hover = sq(v.hover);
  const legal = new Set(((snapshot && snapshot.legal) || []).filter(isSquare));
  if (!anim) {
    const hinted = new Set();
    if (Array.isArray(v.hints)) {
      for (const h of v.hints) if (h && isSquare(h.square) && !isDisc(board[h.square])) hinted.add(h.square);
    }
    if (v.showLegal !== false) {
      for (const s of legal) {
        if (hinted.has(s) || s === hover || isDisc(board[s])) continue;
        drawLegalDot(ctx, layout, s, side, 1);
      }
    }
    if (hover >= 0 && legal.has(hover) && !isDisc(board[hover])) {
      const c = centerOf(layout, hover);
      drawGhostDisc(ctx, side, c.x, c.y, radius, dpr, 0.42);
    } else if (hover >= 0 && !isDisc(board[hover])) {
      const c = centerOf(layout, hover);
      roundedSquare(ctx, c.x, c.y, layout.cell * 0.46, layout.cell * 0.1);
      ctx.fillStyle = 'rgba(255,255,255,0.05)';
      ctx.fill();
    }
    // A queued premove: the square filled in a quiet green.
    const premove = sq(v.premove);
    if (premove >= 0 && !isDisc(board[premove])) {
      const c = centerOf(layout, premove);
      roundedSquare(ctx, c.x, c.y, layout.cell * 0.46, layout.cell * 0.1);
      ctx.fillStyle = 'rgba(120,230,170,0.35)';
      ctx.fill();
    }
    if (hinted.size) {
      for (const h of v.hints) {
        if (h && hinted.has(h.square)) drawHint(ctx, layout, h, h.square === hover ? 0.9 : 1);
      }
    }
  }

  // Resting discs; discs still to turn keep their old colour, turning ones come later.
  const turning = [];
  for (let s = 0; s < SQUARES; s++) {
    let color = board[s];
    if (!isDisc(color)) continue;
    if (anim && s === anim.square) continue;
    const c = centerOf(layout, s);
    if (anim && flipping.has(s)) {
      const f = flipFrame(anim, s, timeMs);
      if (f.t <= 0) color = from;
      else if (f.t < 1) {
        turning.push({ s, c, f });
        continue;
      }
    }
    drawDisc(ctx, color, c.x, c.y, radius, dpr);
  }

  let lastMove = snapshot && isSquare(snapshot.lastMove) ? snapshot.lastMove : -1;

  // Raised discs over their neighbours, the highest last.
  turning.sort((a, b) => a.f.lift - b.f.lift);
  for (const { c, f } of turning) drawTurningDisc(ctx, from, c.x, c.y, radius, dpr, f);

  if (anim) {
    const d = dropFrame(anim, timeMs);
    const c = centerOf(layout, anim.square);
    drawDisc(ctx, isDisc(board[anim.square]) ? board[anim.square] : anim.color, c.x, c.y, radius, dpr, d.scale, d.alpha, d.lift);
    if (!d.landed && lastMove === anim.square) lastMove = -1;
  }

  if (lastMove >= 0 && isDisc(board[lastMove])) drawLastMove(ctx, layout, lastMove);

  const cursor = sq(v.cursor);
  if (cursor >= 0) drawCursor(ctx, layout, cursor);

  return { layout, active: !!anim };
}

// Hit testing helper matching drawBoard's layout for the same view.
export function squareAtPoint(view, x, y) {
  return squareAt(boardLayout(view.width, view.height), x, y);
}
