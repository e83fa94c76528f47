// Small drawing helpers shared by the board renderers.

// Deterministic PRNG, so procedural textures (wood grain, felt) are identical
// on every redraw and do not shimmer on resize.
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A rounded-rectangle path (begins a new path; the caller fills or strokes).
export function roundRect(g, x, y, w, h, r) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

// A rounded square of half side `half` centred on (x, y) (begins a new path).
export function roundedSquare(g, x, y, half, r) {
  roundRect(g, x - half, y - half, 2 * half, 2 * half, r);
}

// Strokes the current path as the keyboard cursor, the same on every board: a
// light halo of `haloWidth` under a blue line of `width`, so it reads on dark
// wood, green felt and the star alike.
export function strokeCursor(g, width, haloWidth) {
  g.lineWidth = haloWidth;
  g.strokeStyle = 'rgba(255,255,255,0.9)';
  g.stroke();
  g.lineWidth = width;
  g.strokeStyle = '#1565c0';
  g.stroke();
}
