// Move and capture animations as plain data, advanced only by the clock: the renderer
// reads them with the frame time, so nothing here keeps mutable state.
import { clamp01, easeOutCubic, lerp } from '../../../common/easing.js';

export const MOVE_MS = 200;
export const FADE_MS = 260;

// An animation for a piece going from -> to (both squares). `captured` is the piece
// code that stood on `to` (0 if none); it fades while the mover arrives.
// `start` is a timestamp in the same clock as the frame time (performance.now()).
export function moveAnimation(from, to, piece, captured, start, duration = MOVE_MS) {
  return { from, to, piece, captured: captured || 0, start, duration };
}

// A capture fading on its own (for example when jumping through the move list).
export function fadeOut(square, piece, start, duration = FADE_MS) {
  return { square, piece, start, duration };
}

// Raw progress in [0, 1].
export function progress(anim, timeMs) {
  if (!anim) return 1;
  if (!(anim.duration > 0)) return 1;
  return clamp01((timeMs - anim.start) / anim.duration);
}

export function isRunning(anim, timeMs) {
  return !!anim && progress(anim, timeMs) < 1;
}

// Where the moving piece is at timeMs: position between the two centres (ease-out),
// a small lift in the middle of the path, and how visible the captured piece is.
export function moveFrame(anim, fromPoint, toPoint, timeMs) {
  const t = progress(anim, timeMs);
  const e = easeOutCubic(t);
  return {
    t,
    x: lerp(fromPoint.x, toPoint.x, e),
    y: lerp(fromPoint.y, toPoint.y, e),
    lift: Math.sin(Math.PI * e) * 0.07,
    // The capture stays until the mover is close, then fades fast.
    capturedAlpha: 1 - clamp01((e - 0.45) / 0.5),
  };
}

// Remove finished fades (for the caller's bookkeeping; the renderer ignores them anyway).
export function pruneFades(fading, timeMs) {
  return (fading || []).filter((f) => progress(f, timeMs) < 1);
}
