// The evaluation graph of a Reversi game: a compact area chart for a side panel.
//
// values[i] is the score after ply i (index 0 = the starting position) from black's
// point of view, in discs (−64..+64), or null where unknown. Black's advantage fills
// above the midline in black, white's below in ivory; the current ply is a vertical
// amber line with its value. Pure function of (values, view); drawn at dpr scale.
import { UI_FONT_STACK } from './board_layer.js';
import { roundRect } from '../../../common/shapes.js';

export const MIN_PLIES = 60; // a full game of Reversi is 60 moves (plus any passes)
const RANGES = [8, 16, 32, 64];

export const DEFAULT_GRAPH_VIEW = Object.freeze({
  width: 260,
  height: 100,
  dpr: 1,
  current: -1, // ply shown on the board
  hover: -1, // ply under the pointer
  minPlies: MIN_PLIES, // the x axis spans at least this many plies
  range: 0, // fixed vertical half-range in discs; 0 chooses 8/16/32/64 from the data
});

function isValue(v) {
  return typeof v === 'number' && Number.isFinite(v);
}

// Geometry of the chart for `count` values: the plot rectangle, the midline, the number
// of plies across (plies) and the vertical half-range in discs (range).
export function evalGraphLayout(view, values) {
  const v = { ...DEFAULT_GRAPH_VIEW, ...(view || {}) };
  const list = Array.isArray(values) ? values : [];
  const count = list.length;
  const width = Math.max(1, v.width);
  const height = Math.max(1, v.height);
  const pad = Math.min(8, Math.max(3, height * 0.07));
  const left = pad + 2;
  const right = width - pad - 2;
  const top = pad;
  const bottom = height - pad;
  let range = v.range > 0 ? v.range : 0;
  if (!range) {
    let peak = 0;
    for (const x of list) if (isValue(x)) peak = Math.max(peak, Math.abs(x));
    range = RANGES.find((r) => peak <= r * 0.92) || 64;
    if (peak > 64) range = Math.ceil(peak);
  }
  const plies = Math.max(1, count - 1, v.minPlies | 0);
  return { width, height, left, right, top, bottom, mid: (top + bottom) / 2, plies, range, count };
}

// x of ply i and y of a score, in CSS px.
export function plyX(layout, i) {
  return layout.left + (i / layout.plies) * (layout.right - layout.left);
}

export function scoreY(layout, score) {
  const half = (layout.bottom - layout.top) / 2;
  const s = Math.max(-layout.range, Math.min(layout.range, score));
  return layout.mid - (s / layout.range) * half;
}

// The ply under x (nearest, clamped to the plies that exist), or -1 with no values.
export function plyAt(layout, x) {
  if (!layout || layout.count <= 0) return -1;
  const i = Math.round(((x - layout.left) / (layout.right - layout.left)) * layout.plies);
  return Math.max(0, Math.min(layout.count - 1, i));
}

// Runs of consecutive known values: [[i0, i1], ...] inclusive.
function runs(values) {
  const out = [];
  let start = -1;
  for (let i = 0; i <= values.length; i++) {
    const known = i < values.length && isValue(values[i]);
    if (known && start < 0) start = i;
    if (!known && start >= 0) {
      out.push([start, i - 1]);
      start = -1;
    }
  }
  return out;
}

function tinyDisc(ctx, x, y, r, black) {
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, 0, x, y, r);
  g.addColorStop(0, black ? '#5a6470' : '#ffffff');
  g.addColorStop(0.6, black ? '#16191d' : '#eee8da');
  g.addColorStop(1, black ? '#050607' : '#bdb6a6');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function fmt(score) {
  const r = Math.round(score * 10) / 10;
  return (r > 0 ? '+' : r < 0 ? '\u2212' : '') + Math.abs(r);
}

// Draw the graph on a canvas whose backing store is view.width×view.dpr by
// view.height×view.dpr pixels. Returns {layout} for plyAt.
export function drawEvalGraph(ctx, values, view) {
  const v = { ...DEFAULT_GRAPH_VIEW, ...(view || {}) };
  const list = Array.isArray(values) ? values : [];
  const dpr = v.dpr > 0 ? v.dpr : 1;
  const L = evalGraphLayout(v, list);
  const { width, height, left, right, top, bottom, mid } = L;

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  // Panel: a card of the board's felt green, so black and ivory both stand out on it.
  const radius = Math.min(8, height * 0.1);
  roundRect(ctx, 0.5, 0.5, width - 1, height - 1, radius);
  const bg = ctx.createLinearGradient(0, 0, 0, height);
  bg.addColorStop(0, '#1c7847');
  bg.addColorStop(0.5, '#176a3e');
  bg.addColorStop(1, '#135c35');
  ctx.fillStyle = bg;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(0,0,0,0.35)';
  ctx.stroke();
  roundRect(ctx, 1.5, 1.5, width - 3, height - 3, Math.max(0, radius - 1));
  ctx.strokeStyle = 'rgba(255,255,255,0.10)';
  ctx.stroke();

  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, right - left, bottom - top);
  ctx.clip();

  // Guides: every 10 plies, and half the range each way.
  const px = 1 / dpr;
  ctx.lineWidth = px;
  ctx.strokeStyle = 'rgba(255,255,255,0.09)';
  ctx.beginPath();
  for (let i = 10; i < L.plies; i += 10) {
    const x = Math.round(plyX(L, i) * dpr) / dpr + px / 2;
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
  }
  for (const s of [L.range / 2, -L.range / 2]) {
    const y = Math.round(scoreY(L, s) * dpr) / dpr + px / 2;
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
  }
  ctx.stroke();

  // Areas between the curve and the midline, clipped to each half and coloured for the
  // side that is ahead.
  const segs = runs(list);
  const area = () => {
    ctx.beginPath();
    for (const [a, b] of segs) {
      const x0 = plyX(L, a) - (a === b ? 1.5 : 0);
      const x1 = plyX(L, b) + (a === b ? 1.5 : 0);
      ctx.moveTo(x0, mid);
      if (a === b) {
        ctx.lineTo(x0, scoreY(L, list[a]));
        ctx.lineTo(x1, scoreY(L, list[a]));
      } else {
        for (let i = a; i <= b; i++) ctx.lineTo(plyX(L, i), scoreY(L, list[i]));
      }
      ctx.lineTo(x1, mid);
      ctx.closePath();
    }
  };
  const curve = () => {
    ctx.beginPath();
    for (const [a, b] of segs) {
      if (a === b) continue;
      for (let i = a; i <= b; i++) {
        const x = plyX(L, i);
        const y = scoreY(L, list[i]);
        if (i === a) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
    }
  };
  const halves = [
    { y0: top, y1: mid, fill: ['#0a0c0f', '#2f363f'], line: 'rgba(150,172,205,0.95)' },
    { y0: mid, y1: bottom, fill: ['#e6e0d0', '#fffdf6'], line: '#ffffff' },
  ];
  for (const h of halves) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, h.y0, right - left, h.y1 - h.y0);
    ctx.clip();
    const grad = ctx.createLinearGradient(0, h.y0, 0, h.y1);
    grad.addColorStop(0, h.fill[0]);
    grad.addColorStop(1, h.fill[1]);
    area();
    ctx.fillStyle = grad;
    ctx.globalAlpha = 0.95;
    ctx.fill();
    ctx.globalAlpha = 1;
    curve();
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(1, 1.25);
    ctx.strokeStyle = h.line;
    ctx.stroke();
    ctx.restore();
  }

  // Midline.
  const my = Math.round(mid * dpr) / dpr + px / 2;
  ctx.lineWidth = px;
  ctx.strokeStyle = 'rgba(255,255,255,0.38)';
  ctx.beginPath();
  ctx.moveTo(left, my);
  ctx.lineTo(right, my);
  ctx.stroke();

  // Hovered ply: a faint line.
  const hover = Number.isInteger(v.hover) && v.hover >= 0 && v.hover < L.count ? v.hover : -1;
  if (hover >= 0 && hover !== v.current) {
    const x = Math.round(plyX(L, hover) * dpr) / dpr + px / 2;
    ctx.strokeStyle = 'rgba(255,255,255,0.45)';
    ctx.lineWidth = px;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
    ctx.stroke();
  }
  ctx.restore();

  // Scale marks: tiny discs say which half is whose, with the range beside them.
  const fs = Math.max(8, Math.min(10, height * 0.1));
  ctx.font = '600 ' + fs + 'px ' + UI_FONT_STACK;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const dr = fs * 0.42;
  tinyDisc(ctx, left + dr + 2, top + dr + 2, dr, true);
  tinyDisc(ctx, left + dr + 2, bottom - dr - 2, dr, false);
  ctx.fillStyle = 'rgba(235,250,240,0.75)';
  ctx.fillText('+' + L.range, left + 2 * dr + 5, top + dr + 2.5);
  ctx.fillText('+' + L.range, left + 2 * dr + 5, bottom - dr - 1.5);

  // Current ply: an amber line, a dot on the curve and its value.
  const cur = Number.isInteger(v.current) && v.current >= 0 && v.current < Math.max(L.count, 1) ? v.current : -1;
  if (cur >= 0) {
    const x = Math.round(plyX(L, cur) * dpr) / dpr;
    ctx.fillStyle = 'rgba(255,201,64,0.9)';
    ctx.fillRect(x - 1, top, 2, bottom - top);
    if (isValue(list[cur])) {
      const y = scoreY(L, list[cur]);
      ctx.beginPath();
      ctx.arc(x, y, 3.2, 0, Math.PI * 2);
      ctx.fillStyle = '#ffc940';
      ctx.fill();
      ctx.lineWidth = 1.2;
      ctx.strokeStyle = 'rgba(30,20,0,0.7)';
      ctx.stroke();
      const text = fmt(list[cur]);
      ctx.font = '700 ' + (fs + 1) + 'px ' + UI_FONT_STACK;
      const tw = ctx.measureText(text).width;
      const onRight = x + 6 + tw + 6 < right;
      const tx = onRight ? x + 6 : x - 6 - tw - 6;
      // In the half the value's own area leaves free at this ply.
      const ty =
        y <= mid ? Math.min(bottom - fs - 7, Math.max(mid + 4, y + 6)) : Math.max(top + 2, Math.min(mid - fs - 9, y - fs - 11));
      roundRect(ctx, tx, ty, tw + 6, fs + 5, 3);
      ctx.fillStyle = 'rgba(20,16,8,0.78)';
      ctx.fill();
      ctx.fillStyle = '#ffd54a';
      ctx.textAlign = 'left';
      ctx.fillText(text, tx + 3, ty + (fs + 5) / 2 + 0.5);
    }
  }
  return { layout: L };
}
