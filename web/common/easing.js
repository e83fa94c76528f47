// Small easing and timing helpers shared by the board renderers. All are pure.

export function clamp01(t) {
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

export function lerp(a, b, t) {
  return a + (b - a) * t;
}

// Decelerating curve: fast start, gentle arrival (moves, lifts).
export function easeOutCubic(t) {
  const u = 1 - clamp01(t);
  return 1 - u * u * u;
}

export function easeInOutSine(t) {
  return 0.5 - 0.5 * Math.cos(Math.PI * clamp01(t));
}

// 0 below edge0, 1 above edge1, smooth in between.
export function smoothstep(edge0, edge1, x) {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

// A breathing wave in [0, 1] with the given period; phase 0 starts at the bottom.
export function pulse(timeMs, periodMs, phase = 0) {
  return 0.5 - 0.5 * Math.cos(2 * Math.PI * (timeMs / periodMs + phase));
}
