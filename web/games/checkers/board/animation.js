// Chinese checkers animations as plain data read with the frame clock: a move
// travels hop by hop along the engine's path (an arc over each hopped piece, a
// slide for a step), and at the start of a game the pieces drop into their
// arms. Nothing here keeps mutable state.
import { clamp01, easeInOutSine, easeOutCubic, lerp } from '../../../common/easing.js';
import { areAdjacent, depthInArm, isCell } from './board_geometry.js';

export const HOP_MS = 210;
export const STEP_MS = 200;
export const LAND_MS = 40; // the piece touches down between hops
export const DROP_MS = 420;

// A move of `player` along `path` ([from, h1, ..., to]); `start` in the frame
// clock. Options: hopMs, stepMs, landMs, scale (multiplies all durations).
export function moveAnimation(path, player, start, options = {}) {
  const cells = (path || []).filter(isCell);
  const scale = options.scale !== undefined ? options.scale : 1;
  const hopMs = (options.hopMs !== undefined ? options.hopMs : HOP_MS) * scale;
  const stepMs = (options.stepMs !== undefined ? options.stepMs : STEP_MS) * scale;
  const landMs = (options.landMs !== undefined ? options.landMs : LAND_MS) * scale;
  const segments = [];
  let t = 0;
  for (let i = 1; i < cells.length; i++) {
    const step = cells.length === 2 && areAdjacent(cells[0], cells[1]);
    const length = step ? stepMs : hopMs;
    segments.push({ from: cells[i - 1], to: cells[i], step, t0: t, t1: t + length });
    t += length + (i + 1 < cells.length ? landMs : 0);
  }
  return { kind: 'move', path: cells, player, start, segments, duration: t };
}

export function isRunning(anim, timeMs) {
  return !!anim && timeMs - anim.start < anim.duration;
}

// Where the moving piece is at timeMs, given the centres of the path's holes:
// {x, y, lift (0..1, the height of the arc), segment, done}.
export function moveFrame(anim, points, timeMs) {
  const local = timeMs - anim.start;
  const segs = anim.segments;
  if (!segs.length || local >= anim.duration) {
    const end = points[points.length - 1];
    return { x: end.x, y: end.y, lift: 0, segment: segs.length, done: true };
  }
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (local < s.t0) {
      const p = points[i];
      return { x: p.x, y: p.y, lift: 0, segment: i, done: false };
    }
    if (local < s.t1) {
      const t = clamp01((local - s.t0) / (s.t1 - s.t0));
      const a = points[i];
      const b = points[i + 1];
      if (s.step) {
        const e = easeOutCubic(t);
        return { x: lerp(a.x, b.x, e), y: lerp(a.y, b.y, e), lift: Math.sin(Math.PI * e) * 0.15, segment: i, done: false };
      }
      const e = easeInOutSine(t);
      return { x: lerp(a.x, b.x, e), y: lerp(a.y, b.y, e), lift: Math.sin(Math.PI * e), segment: i, done: false };
    }
  }
  const end = points[points.length - 1];
  return { x: end.x, y: end.y, lift: 0, segment: segs.length, done: true };
}

// Pieces dropping into their arms at the start of a game: seats one after
// another in turn order, inside an arm from the apex to the front row.
// `seats` as in the snapshot ({player, homeArm}); options.scale as above.
export function entryAnimation(seats, start, options = {}) {
  const scale = options.scale !== undefined ? options.scale : 1;
  const order = new Map();
  (seats || []).forEach((s, i) => order.set(s.player, i));
  return {
    kind: 'entry',
    start,
    order: Object.fromEntries(order),
    seatMs: 90 * scale,
    rowMs: 70 * scale,
    dropMs: DROP_MS * scale,
    duration: (order.size * 90 + 4 * 70 + 40 + DROP_MS) * scale,
  };
}

// One piece of player `player` on cell `cell` during the entry animation:
// {t, alpha, scale, lift}; t = 1 when it has landed.
export function entryFrame(anim, cell, player, timeMs) {
  const seat = anim.order[player] || 0;
  const depth = depthInArm(cell); // 4 apex .. 1 front row, 0 elsewhere
  const delay = seat * anim.seatMs + (4 - Math.min(4, depth)) * anim.rowMs + (cell % 3) * 13 * (anim.rowMs / 70);
  const t = anim.dropMs > 0 ? clamp01((timeMs - anim.start - delay) / anim.dropMs) : 1;
  const e = easeOutCubic(t);
  return { t, alpha: clamp01(t / 0.35), scale: 1 + 0.5 * (1 - e), lift: 1 - e };
}
