// The static part of the Reversi board (drop shadow, walnut rim with coordinates, green
// felt with its texture and vignette, grid, star points), rendered once per size / dpr
// into an offscreen layer that each frame blits in one drawImage.
import { createLayer } from '../common/canvas.js';
import { FILES, SIZE } from './board_geometry.js';

export const UI_FONT_STACK =
  'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

const LINE = 'rgba(4,30,14,0.82)';

// Deterministic PRNG so the texture is identical on every redraw (no shimmer on resize).
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function roundRect(g, x, y, w, h, r) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

// A seamless tile of felt fibre noise in device pixels: per-pixel grain plus short
// curly fibres, light and dark, all at low alpha. Shared by every layer.
let feltTile = null;
function feltNoiseTile() {
  if (feltTile) return feltTile;
  const N = 160;
  const tile = createLayer(N, N);
  const g = tile.getContext('2d');
  const img = g.createImageData(N, N);
  const rand = mulberry32(0xf3e1);
  for (let i = 0; i < N * N; i++) {
    // Sum of uniforms ≈ a soft bell: most pixels near zero, a few stronger specks.
    const n = rand() + rand() + rand() - 1.5;
    const light = n > 0;
    img.data[4 * i] = light ? 200 : 0;
    img.data[4 * i + 1] = light ? 255 : 10;
    img.data[4 * i + 2] = light ? 210 : 0;
    img.data[4 * i + 3] = Math.min(255, Math.abs(n) * (light ? 46 : 70));
  }
  g.putImageData(img, 0, 0);
  g.lineCap = 'round';
  for (let i = 0; i < 520; i++) {
    const x = rand() * N;
    const y = rand() * N;
    const len = 3 + rand() * 9;
    const a = rand() * Math.PI * 2;
    const bend = (rand() - 0.5) * 5;
    const light = rand() < 0.45;
    g.strokeStyle = light ? 'rgba(190,255,200,' + (0.05 + rand() * 0.07).toFixed(3) + ')'
      : 'rgba(0,20,5,' + (0.07 + rand() * 0.09).toFixed(3) + ')';
    g.lineWidth = 0.6 + rand() * 0.6;
    // Drawn at the 9 wrapped positions so fibres crossing the tile edge stay whole.
    for (const ox of [-N, 0, N]) {
      for (const oy of [-N, 0, N]) {
        const x0 = x + ox;
        const y0 = y + oy;
        const x1 = x0 + Math.cos(a) * len;
        const y1 = y0 + Math.sin(a) * len;
        if (Math.max(x0, x1) + 6 < 0 || Math.min(x0, x1) - 6 > N) continue;
        if (Math.max(y0, y1) + 6 < 0 || Math.min(y0, y1) - 6 > N) continue;
        g.beginPath();
        g.moveTo(x0, y0);
        g.quadraticCurveTo((x0 + x1) / 2 + Math.sin(a) * bend, (y0 + y1) / 2 - Math.cos(a) * bend, x1, y1);
        g.stroke();
      }
    }
  }
  feltTile = tile;
  return tile;
}

function drawWoodGrain(g, x, y, w, h, cell) {
  const rand = mulberry32(0x7a1c);
  const horizontal = w >= h;
  const length = horizontal ? w : h;
  const across = horizontal ? h : w;
  const fibres = Math.round(across / Math.max(1.5, cell * 0.035));
  const step = Math.max(4, cell * 0.2);
  for (let i = 0; i < fibres; i++) {
    const p0 = rand() * across;
    const amp = cell * (0.02 + rand() * 0.08);
    const freq = (0.5 + rand() * 1.5) / (cell * 2.5);
    const phase = rand() * Math.PI * 2;
    const light = rand() < 0.35;
    g.lineWidth = Math.max(0.5, cell * (0.006 + rand() * 0.02));
    g.strokeStyle = light ? 'rgba(255,200,140,' + (0.03 + rand() * 0.05).toFixed(3) + ')'
      : 'rgba(0,0,0,' + (0.08 + rand() * 0.12).toFixed(3) + ')';
    g.beginPath();
    for (let s = -step; s <= length + step; s += step) {
      const q = p0 + Math.sin(s * freq + phase) * amp;
      const px = horizontal ? x + s : x + q;
      const py = horizontal ? y + q : y + s;
      if (s === -step) g.moveTo(px, py);
      else g.lineTo(px, py);
    }
    g.stroke();
  }
}

// Walnut rim with a bevel and a drop shadow under the whole board.
function drawRim(g, layout) {
  const { board, cell } = layout;
  const radius = cell * 0.2;
  g.save();
  g.shadowColor = 'rgba(0,0,0,0.55)';
  g.shadowBlur = cell * 0.3;
  g.shadowOffsetY = cell * 0.07;
  roundRect(g, board.x, board.y, board.w, board.h, radius);
  g.fillStyle = '#2a1a10';
  g.fill();
  g.restore();

  g.save();
  roundRect(g, board.x, board.y, board.w, board.h, radius);
  g.clip();
  const wood = g.createLinearGradient(board.x, board.y, board.x + board.w, board.y + board.h);
  wood.addColorStop(0, '#553420');
  wood.addColorStop(0.45, '#3e2416');
  wood.addColorStop(1, '#2a180d');
  g.fillStyle = wood;
  g.fillRect(board.x, board.y, board.w, board.h);
  drawWoodGrain(g, board.x, board.y, board.w, board.h, cell);
  // Lacquer: a broad soft reflection across the top of the rim.
  const gloss = g.createLinearGradient(0, board.y, 0, board.y + board.h);
  gloss.addColorStop(0, 'rgba(255,225,190,0.13)');
  gloss.addColorStop(0.5, 'rgba(255,225,190,0.02)');
  gloss.addColorStop(1, 'rgba(0,0,0,0.12)');
  g.fillStyle = gloss;
  g.fillRect(board.x, board.y, board.w, board.h);
  g.restore();

  // Bevel on the outer edge: light top-left, dark bottom-right.
  const bevel = g.createLinearGradient(board.x, board.y, board.x + board.w, board.y + board.h);
  bevel.addColorStop(0, 'rgba(255,210,160,0.45)');
  bevel.addColorStop(0.5, 'rgba(255,210,160,0.12)');
  bevel.addColorStop(1, 'rgba(0,0,0,0.45)');
  g.lineWidth = Math.max(1, cell * 0.03);
  g.strokeStyle = bevel;
  roundRect(g, board.x + g.lineWidth / 2, board.y + g.lineWidth / 2,
    board.w - g.lineWidth, board.h - g.lineWidth, radius);
  g.stroke();
}

function drawFelt(g, layout, dpr) {
  const { felt, cell, left, top, right, bottom } = layout;
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const span = right - left;
  g.save();
  g.beginPath();
  g.rect(felt.x, felt.y, felt.w, felt.h);
  g.clip();

  // Base colour: a classic tournament green, lit from the upper left.
  const base = g.createLinearGradient(felt.x, felt.y, felt.x + felt.w, felt.y + felt.h);
  base.addColorStop(0, '#1f8a4e');
  base.addColorStop(0.5, '#187a43');
  base.addColorStop(1, '#116437');
  g.fillStyle = base;
  g.fillRect(felt.x, felt.y, felt.w, felt.h);

  // Mottling: large, faint, soft patches (the nap of real felt never lies quite flat).
  const rand = mulberry32(0x2b7d);
  for (let i = 0; i < 70; i++) {
    const x = felt.x + rand() * felt.w;
    const y = felt.y + rand() * felt.h;
    const r = cell * (0.5 + rand() * 1.6);
    const light = rand() < 0.5;
    const a = 0.025 + rand() * 0.035;
    const grad = g.createRadialGradient(x, y, 0, x, y, r);
    grad.addColorStop(0, light ? 'rgba(120,220,140,' + a.toFixed(3) + ')' : 'rgba(0,35,10,' + (a * 1.4).toFixed(3) + ')');
    grad.addColorStop(1, 'rgba(0,0,0,0)');
    g.fillStyle = grad;
    g.fillRect(x - r, y - r, 2 * r, 2 * r);
  }

  // Fibre noise at device-pixel scale, whatever the dpr.
  g.save();
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.fillStyle = g.createPattern(feltNoiseTile(), 'repeat');
  g.fillRect(Math.floor(felt.x * dpr), Math.floor(felt.y * dpr), Math.ceil(felt.w * dpr) + 1, Math.ceil(felt.h * dpr) + 1);
  g.restore();

  // Lamp light from above the board's upper left, and a soft vignette.
  const lamp = g.createRadialGradient(cx - span * 0.18, cy - span * 0.22, 0, cx - span * 0.18, cy - span * 0.22, span * 0.75);
  lamp.addColorStop(0, 'rgba(230,255,200,0.10)');
  lamp.addColorStop(1, 'rgba(230,255,200,0)');
  g.fillStyle = lamp;
  g.fillRect(felt.x, felt.y, felt.w, felt.h);
  const vignette = g.createRadialGradient(cx, cy, span * 0.32, cx, cy, span * 0.78);
  vignette.addColorStop(0, 'rgba(0,20,8,0)');
  vignette.addColorStop(1, 'rgba(0,20,8,0.38)');
  g.fillStyle = vignette;
  g.fillRect(felt.x, felt.y, felt.w, felt.h);

  // The felt sits below the rim: an inner shadow along its edge.
  g.shadowColor = 'rgba(0,0,0,0.6)';
  g.shadowBlur = cell * 0.12;
  g.shadowOffsetY = cell * 0.025;
  g.lineWidth = cell * 0.2;
  g.strokeStyle = '#000';
  g.strokeRect(felt.x - cell * 0.1, felt.y - cell * 0.1, felt.w + cell * 0.2, felt.h + cell * 0.2);
  g.restore();

  // A thin bright lip where the rim meets the felt.
  g.lineWidth = Math.max(0.5, cell * 0.018);
  g.strokeStyle = 'rgba(255,220,170,0.22)';
  g.strokeRect(felt.x - g.lineWidth / 2, felt.y - g.lineWidth / 2, felt.w + g.lineWidth, felt.h + g.lineWidth);
}

// Grid lines snapped to device pixels (an odd device width sits on a half pixel), so
// they stay crisp at any dpr.
function drawGrid(g, layout, dpr) {
  const { cell, left, top } = layout;
  const lw = Math.max(1, Math.round(cell * 0.03 * dpr)); // device pixels
  const snap = (v) => (Math.round(v * dpr) + (lw % 2 ? 0.5 : 0)) / dpr;
  const xs = [];
  const ys = [];
  for (let i = 0; i <= SIZE; i++) {
    xs.push(snap(left + i * cell));
    ys.push(snap(top + i * cell));
  }
  // A faint highlight under each line makes them read as stitched into the felt.
  g.lineCap = 'butt';
  g.lineWidth = lw / dpr;
  g.strokeStyle = 'rgba(170,255,190,0.07)';
  g.beginPath();
  const off = Math.max(1, Math.round(dpr)) / dpr;
  for (let i = 0; i <= SIZE; i++) {
    g.moveTo(xs[i] + off, ys[0]);
    g.lineTo(xs[i] + off, ys[SIZE]);
    g.moveTo(xs[0], ys[i] + off);
    g.lineTo(xs[SIZE], ys[i] + off);
  }
  g.stroke();
  g.strokeStyle = LINE;
  g.beginPath();
  for (let i = 0; i <= SIZE; i++) {
    g.moveTo(xs[i], ys[0] - lw / dpr / 2);
    g.lineTo(xs[i], ys[SIZE] + lw / dpr / 2);
    g.moveTo(xs[0] - lw / dpr / 2, ys[i]);
    g.lineTo(xs[SIZE] + lw / dpr / 2, ys[i]);
  }
  g.stroke();

  // Star points at the corners of the central 4×4 (b2/c3, f2/g3, b6/c7, f6/g7).
  g.fillStyle = LINE;
  for (const i of [2, 6]) {
    for (const j of [2, 6]) {
      g.beginPath();
      g.arc(xs[i], ys[j], Math.max(1.6, cell * 0.068), 0, Math.PI * 2);
      g.fill();
    }
  }
}

// Coordinates engraved in brass on the rim: a–h top and bottom, 1–8 down both sides.
function drawCoordinates(g, layout) {
  const { cell, left, top, felt, rim } = layout;
  const mid = rim / 2;
  const size = Math.max(7, Math.min(rim * 0.62, cell * 0.28));
  g.font = '600 ' + size.toFixed(2) + 'px ' + UI_FONT_STACK;
  g.textAlign = 'center';
  g.textBaseline = 'alphabetic';
  const label = (text, x, y) => {
    g.fillStyle = 'rgba(0,0,0,0.55)';
    g.fillText(text, x, y + Math.max(0.75, size * 0.07));
    g.fillStyle = 'rgba(236,208,150,0.88)';
    g.fillText(text, x, y);
  };
  // Centre each row of labels on its ink (not the em box): baseline = centre + (A - D) / 2.
  const inkShift = (sample) => {
    const m = g.measureText(sample);
    return (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
  };
  const letters = inkShift('aceh');
  const digits = inkShift('12345678');
  for (let i = 0; i < SIZE; i++) {
    const x = left + (i + 0.5) * cell;
    const y = top + (i + 0.5) * cell;
    label(FILES[i], x, felt.y - mid + letters);
    label(FILES[i], x, felt.y + felt.h + mid + letters);
    label(String(i + 1), felt.x - mid, y + digits);
    label(String(i + 1), felt.x + felt.w + mid, y + digits);
  }
}

// Render the static board for `layout` at `dpr` into a new layer of canvas size.
export function renderBoardLayer(layout, dpr) {
  const layer = createLayer(Math.round(layout.width * dpr), Math.round(layout.height * dpr));
  const g = layer.getContext('2d');
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  const T = (f) => { const a = performance.now(); f(); g.getImageData(0,0,1,1); return (performance.now() - a).toFixed(1); };
  globalThis.__prof = [T(() => drawRim(g, layout)), T(() => drawFelt(g, layout, dpr)), T(() => drawGrid(g, layout, dpr)), T(() => drawCoordinates(g, layout))];
  return layer;
}

// One cached layer per canvas; rebuilt when the size or dpr changes.
const layers = new WeakMap();

export function boardLayerFor(canvas, layout, dpr) {
  const key = layout.width + 'x' + layout.height + '@' + dpr;
  const hit = layers.get(canvas);
  if (hit && hit.key === key) return hit.layer;
  const layer = renderBoardLayer(layout, dpr);
  layers.set(canvas, { key, layer });
  return layer;
}
