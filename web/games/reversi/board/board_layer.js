// The static part of the Reversi board (drop shadow, walnut rim with coordinates, green
// felt with its texture and vignette, grid, star points), rendered once per size / dpr
// into an offscreen layer that each frame blits in one drawImage.
import { createLayer } from '../../../common/canvas.js';
import { FILES, SIZE } from './board_geometry.js';
import { mulberry32, roundRect } from '../../../common/shapes.js';

export const UI_FONT_STACK =
  'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

const LINE = 'rgba(4,30,14,0.82)';

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
    g.strokeStyle = light
      ? 'rgba(190,255,200,' + (0.05 + rand() * 0.07).toFixed(3) + ')'
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

// A soft blurred silhouette drawn small and scaled up: a blur is smooth, so the
// upscale loses nothing, and it costs a fraction of a full-size shadowBlur.
function softShadow(g, x, y, w, h, r, blur, alpha) {
  const k = 1 / 6; // scale of the small layer
  const pad = blur * 2;
  const layer = createLayer((w + 2 * pad) * k, (h + 2 * pad) * k);
  const s = layer.getContext('2d');
  s.scale(k, k);
  s.fillStyle = '#000';
  if ('filter' in s) {
    s.filter = 'blur(' + (blur * k).toFixed(2) + 'px)';
    roundRect(s, pad, pad, w, h, r);
  } else {
    // No canvas filters: the shadow of a shape drawn out of view (cheap at this size).
    const away = (w + 4 * pad) / k;
    s.shadowColor = '#000';
    s.shadowBlur = blur * k;
    s.shadowOffsetX = away * k;
    roundRect(s, pad - away, pad, w, h, r);
  }
  s.fill();
  g.save();
  g.globalAlpha = alpha;
  g.imageSmoothingQuality = 'low';
  g.drawImage(layer, x - pad, y - pad, w + 2 * pad, h + 2 * pad);
  g.restore();
}

// Wood fibres along one piece of the frame: the clip is the mitred piece, (x0, y0) a
// corner of its bounding box, (ux, uy) the direction the grain runs, (vx, vy) across.
function drawGrainPiece(g, rand, cell, x0, y0, length, width, ux, uy) {
  const vx = -uy;
  const vy = ux;
  const fibres = Math.max(6, Math.round(width / Math.max(1.5, cell * 0.04)));
  const step = Math.max(6, cell * 0.45);
  for (let i = 0; i < fibres; i++) {
    const p0 = rand() * width;
    const amp = cell * (0.01 + rand() * 0.05);
    const freq = (0.5 + rand() * 1.5) / (cell * 2.5);
    const phase = rand() * Math.PI * 2;
    const light = rand() < 0.35;
    g.lineWidth = Math.max(0.5, cell * (0.006 + rand() * 0.02));
    g.strokeStyle = light
      ? 'rgba(255,200,140,' + (0.03 + rand() * 0.05).toFixed(3) + ')'
      : 'rgba(0,0,0,' + (0.08 + rand() * 0.12).toFixed(3) + ')';
    g.beginPath();
    for (let t = -step; t <= length + step; t += step) {
      const q = p0 + Math.sin(t * freq + phase) * amp;
      const px = x0 + ux * t + vx * q;
      const py = y0 + uy * t + vy * q;
      if (t === -step) g.moveTo(px, py);
      else g.lineTo(px, py);
    }
    g.stroke();
  }
}

// The frame as four mitred walnut pieces, grain running along each, like a real board.
// Each piece is painted unclipped into its own small layer and cut to shape with
// 'destination-in' (stroking hundreds of fibres through a clip mask costs ten times
// more in a software canvas), then blitted at whole device pixels.
function drawFrameWood(g, layout, dpr) {
  const { board, felt, cell } = layout;
  const rand = mulberry32(0x7a1c);
  const r = cell * 0.2; // outer corner radius
  const X0 = board.x;
  const Y0 = board.y;
  const X1 = board.x + board.w;
  const Y1 = board.y + board.h;
  const x0 = felt.x;
  const y0 = felt.y;
  const x1 = felt.x + felt.w;
  const y1 = felt.y + felt.h;
  const w = x0 - X0;
  const Q = Math.PI / 4;
  // Outline of a piece: half of each rounded outer corner (split on the mitre), the
  // outer edge between them, and the inner edge along the felt.
  const top = (t) => {
    t.arc(X0 + r, Y0 + r, r, 5 * Q, 6 * Q);
    t.arc(X1 - r, Y0 + r, r, 6 * Q, 7 * Q);
    t.lineTo(x1, y0);
    t.lineTo(x0, y0);
  };
  const bottom = (t) => {
    t.arc(X1 - r, Y1 - r, r, Q, 2 * Q);
    t.arc(X0 + r, Y1 - r, r, 2 * Q, 3 * Q);
    t.lineTo(x0, y1);
    t.lineTo(x1, y1);
  };
  const left = (t) => {
    t.arc(X0 + r, Y1 - r, r, 3 * Q, 4 * Q);
    t.arc(X0 + r, Y0 + r, r, 4 * Q, 5 * Q);
    t.lineTo(x0, y0);
    t.lineTo(x0, y1);
  };
  const right = (t) => {
    t.arc(X1 - r, Y0 + r, r, 7 * Q, 8 * Q);
    t.arc(X1 - r, Y1 - r, r, 0, Q);
    t.lineTo(x1, y1);
    t.lineTo(x1, y0);
  };
  // [outline, bounding box, grain origin, length, width, direction, shade]
  const pieces = [
    [top, [X0, Y0, X1, y0], X0, Y0, board.w, w, 1, 0, 0],
    [bottom, [X0, y1, X1, Y1], X0, y1, board.w, w, 1, 0, 0.1],
    [left, [X0, Y0, x0, Y1], X0 + w, Y0, board.h, w, 0, 1, 0.05],
    [right, [x1, Y0, X1, Y1], X1, Y0, board.h, w, 0, 1, 0.12],
  ];
  for (const [outline, box, gx, gy, length, width, ux, uy, shade] of pieces) {
    const bx = Math.floor(box[0] * dpr) / dpr;
    const by = Math.floor(box[1] * dpr) / dpr;
    const pw = Math.ceil((box[2] - bx) * dpr) + 1;
    const ph = Math.ceil((box[3] - by) * dpr) + 1;
    const layer = createLayer(pw, ph);
    const t = layer.getContext('2d');
    t.setTransform(dpr, 0, 0, dpr, -bx * dpr, -by * dpr);
    const wood = t.createLinearGradient(X0, Y0, X1, Y1);
    wood.addColorStop(0, '#573522');
    wood.addColorStop(0.45, '#402517');
    wood.addColorStop(1, '#2b190e');
    t.fillStyle = wood;
    t.fillRect(bx, by, pw / dpr, ph / dpr);
    drawGrainPiece(t, rand, cell, gx, gy, length, width, ux, uy);
    // Lacquer: a broad soft reflection across the top of the frame.
    const gloss = t.createLinearGradient(0, Y0, 0, Y1);
    gloss.addColorStop(0, 'rgba(255,225,190,0.13)');
    gloss.addColorStop(0.5, 'rgba(255,225,190,0.02)');
    gloss.addColorStop(1, 'rgba(0,0,0,0.12)');
    t.fillStyle = gloss;
    t.fillRect(bx, by, pw / dpr, ph / dpr);
    if (shade) {
      t.fillStyle = 'rgba(0,0,0,' + shade + ')';
      t.fillRect(bx, by, pw / dpr, ph / dpr);
    }
    t.globalCompositeOperation = 'destination-in';
    t.beginPath();
    outline(t);
    t.closePath();
    t.fillStyle = '#000';
    t.fill();
    g.drawImage(layer, bx, by, pw / dpr, ph / dpr);
  }
  // Mitre joints: a hairline from each outer corner to the felt corner.
  const k = r * (1 - Math.SQRT1_2);
  g.lineWidth = Math.max(0.5, cell * 0.012);
  g.strokeStyle = 'rgba(0,0,0,0.35)';
  g.beginPath();
  g.moveTo(X0 + k, Y0 + k);
  g.lineTo(x0, y0);
  g.moveTo(X1 - k, Y0 + k);
  g.lineTo(x1, y0);
  g.moveTo(X0 + k, Y1 - k);
  g.lineTo(x0, y1);
  g.moveTo(X1 - k, Y1 - k);
  g.lineTo(x1, y1);
  g.stroke();
}

// Walnut rim with a bevel and a drop shadow under the whole board.
function drawRim(g, layout, dpr) {
  const { board, cell } = layout;
  const radius = cell * 0.2;
  softShadow(g, board.x, board.y + cell * 0.07, board.w, board.h, radius, cell * 0.16, 0.6);
  drawFrameWood(g, layout, dpr);

  // Bevel on the outer edge: light top-left, dark bottom-right.
  const bevel = g.createLinearGradient(board.x, board.y, board.x + board.w, board.y + board.h);
  bevel.addColorStop(0, 'rgba(255,210,160,0.45)');
  bevel.addColorStop(0.5, 'rgba(255,210,160,0.12)');
  bevel.addColorStop(1, 'rgba(0,0,0,0.45)');
  g.lineWidth = Math.max(1, cell * 0.03);
  g.strokeStyle = bevel;
  roundRect(g, board.x + g.lineWidth / 2, board.y + g.lineWidth / 2, board.w - g.lineWidth, board.h - g.lineWidth, radius);
  g.stroke();
}

// Low-frequency mottling: a few octaves of random values on a tiny grid, scaled up
// smoothly (the nap of real felt never lies quite flat). Returns a small layer.
function mottleLayer() {
  const N = 24;
  const layer = createLayer(N, N);
  const m = layer.getContext('2d');
  const rand = mulberry32(0x2b7d);
  for (const [cells, alpha] of [
    [4, 0.55],
    [8, 0.35],
    [16, 0.2],
  ]) {
    const small = createLayer(cells, cells);
    const s = small.getContext('2d');
    const img = s.createImageData(cells, cells);
    for (let i = 0; i < cells * cells; i++) {
      const v = rand();
      const light = v > 0.5;
      img.data[4 * i] = light ? 150 : 0;
      img.data[4 * i + 1] = light ? 235 : 30;
      img.data[4 * i + 2] = light ? 160 : 8;
      img.data[4 * i + 3] = Math.round(Math.abs(v - 0.5) * 2 * 255 * alpha);
    }
    s.putImageData(img, 0, 0);
    m.imageSmoothingQuality = 'high';
    m.drawImage(small, 0, 0, N, N);
  }
  return layer;
}

// Inner shadow along the inside of a rectangle: four gradient bands (cheap; a
// shadowBlur of this size is not).
function innerShadow(g, x, y, w, h, size, alpha) {
  const band = (x0, y0, x1, y1, rx, ry, rw, rh) => {
    const grad = g.createLinearGradient(x0, y0, x1, y1);
    grad.addColorStop(0, 'rgba(0,0,0,' + alpha + ')');
    grad.addColorStop(0.35, 'rgba(0,0,0,' + (alpha * 0.35).toFixed(3) + ')');
    grad.addColorStop(1, 'rgba(0,0,0,0)');
    g.fillStyle = grad;
    g.fillRect(rx, ry, rw, rh);
  };
  band(x, y, x, y + size * 1.3, x, y, w, size * 1.3); // the top edge casts the most
  band(x, y + h, x, y + h - size * 0.7, x, y + h - size * 0.7, w, size * 0.7);
  band(x, y, x + size, y, x, y, size, h);
  band(x + w, y, x + w - size, y, x + w - size, y, size, h);
}

// Everything smooth about the felt (colour, mottling, lamp light, vignette, the inner
// shadow under the rim) is painted once at low resolution and scaled up in one blit;
// only the fibre noise is drawn at full resolution.
function feltShading(layout) {
  const { felt, cell, left, top, right, bottom } = layout;
  const q = Math.min(1, 160 / felt.w) * 1.5; // ≤ 240 px across is plenty for smooth light
  const layer = createLayer(felt.w * q, felt.h * q);
  const g = layer.getContext('2d');
  g.scale(q, q);
  g.translate(-felt.x, -felt.y);
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const span = right - left;

  // Base colour: a classic tournament green, lit from the upper left.
  const base = g.createLinearGradient(felt.x, felt.y, felt.x + felt.w, felt.y + felt.h);
  base.addColorStop(0, '#1f8a4e');
  base.addColorStop(0.5, '#187a43');
  base.addColorStop(1, '#116437');
  g.fillStyle = base;
  g.fillRect(felt.x, felt.y, felt.w, felt.h);

  g.save();
  g.globalAlpha = 0.16;
  g.imageSmoothingQuality = 'high';
  g.drawImage(mottleLayer(), felt.x, felt.y, felt.w, felt.h);
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

  // The felt sits below the rim.
  innerShadow(g, felt.x, felt.y, felt.w, felt.h, cell * 0.12, 0.5);
  return layer;
}

function drawFelt(g, layout, dpr) {
  const { felt, cell } = layout;
  g.save();
  g.imageSmoothingQuality = 'medium';
  g.drawImage(feltShading(layout), felt.x, felt.y, felt.w, felt.h);
  g.restore();

  // Fibre noise at device-pixel scale, whatever the dpr.
  g.save();
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.fillStyle = g.createPattern(feltNoiseTile(), 'repeat');
  g.fillRect(Math.round(felt.x * dpr), Math.round(felt.y * dpr), Math.round(felt.w * dpr), Math.round(felt.h * dpr));
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
  drawRim(g, layout, dpr);
  drawFelt(g, layout, dpr);
  drawGrid(g, layout, dpr);
  drawCoordinates(g, layout);
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
