// The move animation of Reversi as plain data, read only with the frame clock: the
// placed disc drops in, then each flipped disc turns over (a short 3-D turn), in a
// wave from the placed disc outward. Nothing here keeps mutable state.
import { clamp01, easeInOutSine, easeOutCubic } from '../../../common/easing.js';
import { colOf, isSquare, rowOf, stepsBetween } from './board_geometry.js';

export const DROP_MS = 150;
export const STEP_MS = 60;
export const FLIP_MS = 300;

// An animation for a disc of `color` (1 black, 2 white) placed on `square`, turning
// `flips` (squares, ordered from the placed disc outward). `start` is a timestamp in
// the frame clock (performance.now() / requestAnimationFrame time). Options:
// stepMs (delay between successive rings of flips), flipMs (one turn), dropMs.
export function flipAnimation(square, flips, color, start, options = {}) {
  return {
    square,
    flips: (flips || []).filter(isSquare),
    color: color === 2 ? 2 : 1,
    start,
    stepMs: options.stepMs !== undefined ? options.stepMs : STEP_MS,
    flipMs: options.flipMs !== undefined ? options.flipMs : FLIP_MS,
    dropMs: options.dropMs !== undefined ? options.dropMs : DROP_MS,
  };
}

function num(v, fallback) {
  return typeof v === 'number' && v >= 0 ? v : fallback;
}

// Timing parameters of an animation object (defaults fill what the caller left out).
function timing(anim) {
  return {
    dropMs: num(anim.dropMs, DROP_MS),
    stepMs: num(anim.stepMs, STEP_MS),
    flipMs: num(anim.flipMs, FLIP_MS),
  };
}

// When the turn of `square` begins, in ms after anim.start. The wave is timed by the
// distance from the placed disc (not by list position), so all lines of a move ripple
// outward together whatever order the flips are listed in. The first ring starts a
// little before the placed disc has fully landed, which reads as the impact.
export function flipDelay(anim, square) {
  const { dropMs, stepMs } = timing(anim);
  const d = isSquare(anim.square) ? stepsBetween(anim.square, square) : 1;
  return dropMs * 0.7 + Math.max(0, d - 1) * stepMs;
}

// Total length of the animation in ms.
export function animationDuration(anim) {
  if (!anim) return 0;
  const { dropMs, flipMs } = timing(anim);
  let end = dropMs;
  for (const s of anim.flips || []) end = Math.max(end, flipDelay(anim, s) + flipMs);
  return end;
}

export function isRunning(anim, timeMs) {
  return !!anim && timeMs - anim.start < animationDuration(anim);
}

// The placed disc at timeMs: t (raw progress), scale (it falls from above, so it
// starts larger), alpha, lift in [0, 1] (drives the shadow), landed when done.
export function dropFrame(anim, timeMs) {
  const { dropMs } = timing(anim);
  const t = dropMs > 0 ? clamp01((timeMs - anim.start) / dropMs) : 1;
  const e = easeOutCubic(t);
  return { t, scale: 1 + 0.32 * (1 - e), alpha: clamp01(t / 0.3), lift: 1 - e, landed: t >= 1 };
}

// A flipped disc at timeMs: t (raw progress of its turn), angle θ in [0, π] (0 lying
// with the old colour up, π with the new colour up), squash = |cos θ| (how wide the
// face looks across the turning axis), lift = sin θ (raised mid-turn), showsNew (the
// new colour faces up), and the direction (ux, uy) from the placed disc, across which
// the disc is squashed.
export function flipFrame(anim, square, timeMs) {
  const { flipMs } = timing(anim);
  const local = timeMs - anim.start - flipDelay(anim, square);
  const t = flipMs > 0 ? clamp01(local / flipMs) : local >= 0 ? 1 : 0;
  const theta = Math.PI * easeInOutSine(t);
  let ux = 1;
  let uy = 0;
  if (isSquare(anim.square)) {
    const dx = Math.sign(colOf(square) - colOf(anim.square));
    const dy = Math.sign(rowOf(square) - rowOf(anim.square));
    if (dx || dy) {
      const n = Math.hypot(dx, dy);
      ux = dx / n;
      uy = dy / n;
    }
  }
  return {
    t,
    theta,
    squash: Math.abs(Math.cos(theta)),
    lift: Math.sin(theta),
    showsNew: theta > Math.PI / 2,
    ux,
    uy,
  };
}
