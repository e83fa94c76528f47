// drawBoard: the Chinese checkers star as a pure function of (snapshot, view,
// time). The static board comes from a cached layer (board_layer.js) and the
// marbles from cached sprites (pieces.js); per frame only piece blits and the
// overlays are drawn: last-move trail, pulsing destinations, the hop path under
// the pointer, the chain being built hop by hop, the breathing glow of the
// selected piece, finished seats, the keyboard cursor, the hole names (on
// demand) and the animations.
// No rules live here: destinations and paths come from the engine's snapshot
// (or from the page, which got them from the engine).
import { pulse } from '../../../common/easing.js';
import { CELLS, CELL_LIST, areAdjacent, armCells, boardLayout, cellAt, centerOf, isCell } from './board_geometry.js';
import { boardLayerFor } from './board_layer.js';
import { entryFrame, isRunning, moveFrame } from './animation.js';
import { drawPiece } from './pieces.js';
import { seatColor } from './seat_colors.js';
import { viewFrame } from '../../../common/canvas.js';
import { strokeCursor } from '../../../common/shapes.js';

const TWO_PI = Math.PI * 2;
// How high a hop's arc rises on screen, in hole spacings (matches the lift
// drawPiece gives a piece at the top of its hop).
const ARC_RISE = 0.36;

export const DEFAULT_VIEW = Object.freeze({
  width: 0,
  height: 0,
  dpr: 1,
  insetTop: 0,
  selected: -1,
  targets: [], // destinations to pulse (holes)
  preview: null, // a path [from, ..., to] to draw (the hop path under the pointer)
  chain: null, // [from, h1, ..., hk]: hops made so far in hop-by-hop input
  hint: null, // {from, to, path}
  hover: -1,
  cursor: -1,
  animation: null, // animation.moveAnimation(...): the snapshot already shows the result
  entry: null, // animation.entryAnimation(...)
  showTrail: true,
  reducedMotion: false, // no pulsing, no move or entry animation
  labels: null, // [121 hole names from the engine] to write on the board, or null
});

function cell(v) {
  return isCell(v) ? v : -1;
}

// The hole names (the engine's notation) written small on every hole, over
// the pieces: light text with a dark rim reads on wood and on every marble.
function drawLabels(ctx, layout, names) {
  const size = Math.max(7, layout.unit * 0.3);
  ctx.save();
  ctx.font = `600 ${size.toFixed(1)}px system-ui, "Segoe UI", Roboto, Arial, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size * 0.28);
  ctx.strokeStyle = 'rgba(20, 14, 8, 0.85)';
  ctx.fillStyle = '#fff6e0';
  for (let i = 0; i < CELLS; i++) {
    const name = names[i];
    if (!name) continue;
    const p = centerOf(layout, i);
    ctx.strokeText(name, p.x, p.y);
    ctx.fillText(name, p.x, p.y);
  }
  ctx.restore();
}

function pointsOf(layout, path) {
  return path.map((c) => centerOf(layout, c));
}

// A path through holes: straight for a step, an arc over each hopped piece.
function tracePath(ctx, layout, path) {
  const pts = pointsOf(layout, path);
  ctx.beginPath();
  ctx.moveTo(pts[0].x, pts[0].y);
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (path.length === 2 && areAdjacent(path[0], path[1])) ctx.lineTo(b.x, b.y);
    else ctx.quadraticCurveTo((a.x + b.x) / 2, (a.y + b.y) / 2 - 2 * ARC_RISE * layout.unit, b.x, b.y);
  }
  return pts;
}

// The path in the player's colour, with a soft dark underlay so it reads on
// any arm tint, and a dot on every intermediate landing.
function drawPath(ctx, layout, path, player, { alpha = 1, dashed = false, width = 0.09 } = {}) {
  if (!path || path.length < 2) return;
  const c = seatColor(player);
  const u = layout.unit;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  tracePath(ctx, layout, path);
  ctx.lineWidth = u * (width + 0.07);
  ctx.strokeStyle = 'rgba(2,6,23,0.45)';
  ctx.stroke();
  if (dashed) ctx.setLineDash([u * 0.18, u * 0.14]);
  const pts = tracePath(ctx, layout, path);
  ctx.lineWidth = u * width;
  ctx.strokeStyle = c.css;
  ctx.stroke();
  ctx.setLineDash([]);
  for (let i = 1; i < pts.length - 1; i++) {
    ctx.fillStyle = c.light;
    ctx.beginPath();
    ctx.arc(pts[i].x, pts[i].y, u * 0.1, 0, TWO_PI);
    ctx.fill();
  }
  ctx.restore();
}

// Where the last move came from: a faint ring in the mover's colour.
function drawOrigin(ctx, layout, at, player, alpha) {
  const p = centerOf(layout, at);
  ctx.globalAlpha = alpha;
  ctx.lineWidth = Math.max(1, layout.unit * 0.06);
  ctx.strokeStyle = seatColor(player).css;
  ctx.setLineDash([layout.unit * 0.1, layout.unit * 0.08]);
  ctx.beginPath();
  ctx.arc(p.x, p.y, layout.pieceRadius * 0.92, 0, TWO_PI);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

// A pulsing destination: a glowing bead in the mover's colour inside a ring.
function drawTarget(ctx, layout, at, player, timeMs, phase, still) {
  const p = centerOf(layout, at);
  const c = seatColor(player);
  const k = still ? 0.6 : pulse(timeMs, 1100, phase);
  const r = layout.holeRadius * (1 + 0.3 * k);
  const halo = ctx.createRadialGradient(p.x, p.y, r * 0.4, p.x, p.y, r * 2.6);
  halo.addColorStop(0, `rgba(${c.rgb},${(0.5 + 0.3 * k).toFixed(3)})`);
  halo.addColorStop(1, `rgba(${c.rgb},0)`);
  ctx.fillStyle = halo;
  ctx.beginPath();
  ctx.arc(p.x, p.y, r * 2.6, 0, TWO_PI);
  ctx.fill();
  ctx.fillStyle = c.light;
  ctx.globalAlpha = 0.7 + 0.3 * k;
  ctx.beginPath();
  ctx.arc(p.x, p.y, r * 0.7, 0, TWO_PI);
  ctx.fill();
  ctx.globalAlpha = 0.5 + 0.4 * k;
  ctx.lineWidth = Math.max(1, layout.unit * 0.045);
  ctx.strokeStyle = c.light;
  ctx.beginPath();
  ctx.arc(p.x, p.y, layout.pieceRadius * (0.78 + 0.08 * k), 0, TWO_PI);
  ctx.stroke();
  ctx.globalAlpha = 1;
}

// The breathing glow around the selected piece.
function drawGlow(ctx, layout, x, y, player, timeMs, still) {
  const c = seatColor(player);
  const k = still ? 0.5 : pulse(timeMs, 1400);
  const r0 = layout.pieceRadius * 0.9;
  const r1 = layout.pieceRadius + layout.unit * (0.36 + 0.16 * k);
  const g = ctx.createRadialGradient(x, y, r0, x, y, r1);
  g.addColorStop(0, `rgba(255,255,255,${(0.55 + 0.3 * k).toFixed(3)})`);
  g.addColorStop(0.3, `rgba(${c.rgb},${(0.6 + 0.3 * k).toFixed(3)})`);
  g.addColorStop(1, `rgba(${c.rgb},0)`);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r1, 0, TWO_PI);
  ctx.fill();
}

function drawCursor(ctx, layout, at) {
  const p = centerOf(layout, at);
  ctx.beginPath();
  ctx.arc(p.x, p.y, layout.pieceRadius * 1.12, 0, TWO_PI);
  strokeCursor(ctx, Math.max(1.5, layout.unit * 0.05), Math.max(3, layout.unit * 0.1));
}

// A finished seat: its target arm outlined in its colour, and its place on a
// medal over the arm (drawn above the pieces).
function drawFinishedArm(ctx, layout, seat) {
  const cells = armCells(seat.targetArm);
  const c = seatColor(seat.player);
  ctx.save();
  ctx.lineWidth = Math.max(1.5, layout.unit * 0.08);
  ctx.strokeStyle = c.css;
  ctx.shadowColor = `rgba(${c.rgb},0.9)`;
  ctx.shadowBlur = layout.unit * 0.4;
  for (const i of cells) {
    const p = centerOf(layout, i);
    ctx.beginPath();
    ctx.arc(p.x, p.y, layout.pieceRadius * 1.08, 0, TWO_PI);
    ctx.stroke();
  }
  ctx.restore();
}

const MEDALS = {
  1: ['#fff3b0', '#f5c518', '#9a6b00'],
  2: ['#ffffff', '#cfd8e3', '#6b7687'],
  3: ['#ffd9b0', '#d08a4a', '#6e3b12'],
};

function drawMedal(ctx, layout, seat) {
  const cells = armCells(seat.targetArm);
  let x = 0;
  let y = 0;
  for (const i of cells) {
    const p = centerOf(layout, i);
    x += p.x / cells.length;
    y += p.y / cells.length;
  }
  const r = layout.unit * 0.42;
  const [light, mid, dark] = MEDALS[seat.place] || ['#dbeafe', '#93c5fd', '#1e3a8a'];
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.beginPath();
  ctx.arc(x + r * 0.08, y + r * 0.18, r * 1.05, 0, TWO_PI);
  ctx.fill();
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.05, x, y, r);
  g.addColorStop(0, light);
  g.addColorStop(0.5, mid);
  g.addColorStop(1, dark);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TWO_PI);
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = seatColor(seat.player).css;
  ctx.stroke();
  ctx.fillStyle = '#1b1f2a';
  ctx.font = `700 ${(r * 1.15).toFixed(1)}px system-ui, "Segoe UI", Roboto, Arial, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(seat.place || '✓'), x, y + r * 0.06);
}

// Draw one frame. `ctx` belongs to a canvas whose backing store is
// (view.width × dpr) × (view.height × dpr) pixels (see common/canvas.js).
// Returns {layout, active}: `active` while the picture changes with time.
export function drawBoard(ctx, snapshot, view, timeMs) {
  const v = view || DEFAULT_VIEW;
  const canvas = ctx.canvas;
  const { dpr, width, height } = viewFrame(canvas, v);
  const layout = boardLayout(width, height, v.insetTop || 0);
  const board = (snapshot && snapshot.board) || [];
  const seats = (snapshot && snapshot.seats) || [];
  const side = snapshot ? snapshot.side + 1 : 1; // the player to move: seat + 1
  const still = !!v.reducedMotion;
  let active = false;

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(boardLayerFor(canvas, layout, dpr, seats), 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  let anim = v.animation && !still && isRunning(v.animation, timeMs) ? v.animation : null;
  const entry = v.entry && !still && isRunning(v.entry, timeMs) ? v.entry : null;
  if (anim || entry) active = true;
  if (anim && anim.path.length < 2) anim = null;

  for (const s of seats) if (s.finished) drawFinishedArm(ctx, layout, s);

  // The last move's trail (under the pieces), once its animation is over.
  const last = snapshot && snapshot.lastMove;
  if (v.showTrail !== false && last && Array.isArray(last.path) && last.path.length >= 2 && !anim) {
    drawOrigin(ctx, layout, last.path[0], last.player, 0.75);
    drawPath(ctx, layout, last.path, last.player, { alpha: 0.5, width: 0.06 });
  }

  const chain = Array.isArray(v.chain) && v.chain.length >= 1 ? v.chain.filter(isCell) : null;
  const selected = cell(v.selected);
  const mover = selected >= 0 && board[selected] ? board[selected] : side;

  // Hint: the suggested move's path, quietly.
  if (v.hint && Array.isArray(v.hint.path) && !anim) drawPath(ctx, layout, v.hint.path, side, { alpha: 0.8, dashed: true });

  // Destinations pulse (they wait for the move animation to end).
  if (!anim && Array.isArray(v.targets)) {
    v.targets.forEach((t, i) => {
      if (isCell(t) && !board[t]) drawTarget(ctx, layout, t, mover, timeMs, (i * 0.07) % 1, still);
    });
    if (v.targets.length && !still) active = true;
  }

  // The hops made so far, and the path to the hole under the pointer.
  if (chain && chain.length >= 2) drawPath(ctx, layout, chain, mover, { alpha: 0.95, width: 0.1 });
  if (Array.isArray(v.preview) && v.preview.length >= 2 && !anim)
    drawPath(ctx, layout, v.preview, mover, { alpha: 0.9, dashed: true });

  // Pieces, except the one in flight and the one carried along a chain.
  const chainEnd = chain && chain.length >= 2 ? chain[chain.length - 1] : -1;
  const hidden = anim ? anim.path[anim.path.length - 1] : -1;
  for (let i = 0; i < CELLS; i++) {
    const player = board[i];
    if (!player || i === hidden) continue;
    const p = centerOf(layout, i);
    if (chainEnd >= 0 && i === selected) {
      drawPiece(ctx, player, p.x, p.y, layout.pieceRadius, dpr, { alpha: 0.3 });
      continue;
    }
    if (entry) {
      const f = entryFrame(entry, i, player, timeMs);
      if (f.t <= 0) continue;
      drawPiece(ctx, player, p.x, p.y, layout.pieceRadius, dpr, { alpha: f.alpha, scale: f.scale, lift: f.lift });
      continue;
    }
    if (i === selected && chainEnd < 0) {
      drawGlow(ctx, layout, p.x, p.y, player, timeMs, still);
      if (!still) active = true;
      drawPiece(ctx, player, p.x, p.y, layout.pieceRadius, dpr, { lift: 0.25 });
      continue;
    }
    drawPiece(ctx, player, p.x, p.y, layout.pieceRadius, dpr);
  }

  // The carried piece at the end of the chain, glowing.
  if (chainEnd >= 0 && board[selected]) {
    const p = centerOf(layout, chainEnd);
    drawGlow(ctx, layout, p.x, p.y, board[selected], timeMs, still);
    drawPiece(ctx, board[selected], p.x, p.y, layout.pieceRadius, dpr, { lift: 0.25 });
    if (!still) active = true;
  }

  // A ghost of the piece on the hole the pointer previews.
  if (Array.isArray(v.preview) && v.preview.length >= 2 && !anim) {
    const p = centerOf(layout, v.preview[v.preview.length - 1]);
    drawPiece(ctx, mover, p.x, p.y, layout.pieceRadius, dpr, { alpha: 0.4 });
  }

  for (const s of seats) if (s.finished && s.place) drawMedal(ctx, layout, s);

  if (anim) {
    const f = moveFrame(anim, pointsOf(layout, anim.path), timeMs);
    const player = anim.player || board[hidden];
    if (player)
      drawPiece(ctx, player, f.x, f.y, layout.pieceRadius, dpr, { lift: f.lift * 0.5, rise: f.lift * ARC_RISE * layout.unit });
  }

  if (Array.isArray(v.labels) && v.labels.length === CELLS) drawLabels(ctx, layout, v.labels);

  const cursor = cell(v.cursor);
  if (cursor >= 0) drawCursor(ctx, layout, cursor);
  return { layout, active };
}

// Hit testing matching drawBoard's layout for the same view.
export function cellAtPoint(view, x, y) {
  return cellAt(boardLayout(view.width, view.height, view.insetTop || 0), x, y);
}

export { CELL_LIST };
