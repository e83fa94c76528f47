// The static part of the xiangqi board (wood, frame, grid, river, palace, position
// marks, file numbers), rendered once per size / dpr / flip / font into an offscreen
// layer that each frame blits in one drawImage.
import { createLayer } from '../../../common/canvas.js';
import { FILES, RANKS, pointOf } from './board_geometry.js';
import { CJK_FONT_STACK, LATIN_FONT_STACK, fontEpoch } from './piece_font.js';
import { mulberry32, roundRect } from '../../../common/shapes.js';

const RED_FILE_NUMERALS = '九八七六五四三二一'; // file a..i as red reads them
const LINE = 'rgba(74,42,16,0.88)';
const INK = 'rgba(84,46,16,0.82)';

function drawWood(g, x, y, w, h, cell) {
  const base = g.createLinearGradient(x, y, x + w, y + h);
  base.addColorStop(0, '#edcf98');
  base.addColorStop(0.35, '#e4bf80');
  base.addColorStop(0.7, '#dcb173');
  base.addColorStop(1, '#d5a866');
  g.fillStyle = base;
  g.fillRect(x, y, w, h);

  // Grain: long wavy fibres running down the board, with a few darker growth bands.
  const rand = mulberry32(0x51a9);
  g.save();
  g.beginPath();
  g.rect(x, y, w, h);
  g.clip();
  const fibres = Math.round(w / Math.max(2.5, cell * 0.09));
  const step = Math.max(4, cell * 0.25);
  for (let i = 0; i < fibres; i++) {
    const x0 = x + rand() * w;
    const amp = cell * (0.05 + rand() * 0.25);
    const freq = (0.6 + rand() * 1.4) / (cell * 3);
    const phase = rand() * Math.PI * 2;
    const drift = (rand() - 0.5) * cell * 0.8;
    const band = rand() < 0.15;
    g.lineWidth = band ? cell * (0.12 + rand() * 0.3) : Math.max(0.5, cell * (0.006 + rand() * 0.016));
    const a = band ? 0.025 + rand() * 0.03 : 0.03 + rand() * 0.06;
    g.strokeStyle = rand() < 0.85 ? 'rgba(125,72,25,' + a.toFixed(3) + ')' : 'rgba(255,242,210,' + (a * 1.6).toFixed(3) + ')';
    g.beginPath();
    for (let yy = y - step; yy <= y + h + step; yy += step) {
      const t = (yy - y) / h;
      const xx = x0 + Math.sin(yy * freq + phase) * amp + drift * t;
      if (yy === y - step) g.moveTo(xx, yy);
      else g.lineTo(xx, yy);
    }
    g.stroke();
  }
  // Soft light falloff towards the edges gives the panel some depth.
  const vignette = g.createRadialGradient(
    x + w * 0.45,
    y + h * 0.4,
    Math.min(w, h) * 0.2,
    x + w / 2,
    y + h / 2,
    Math.max(w, h) * 0.75,
  );
  vignette.addColorStop(0, 'rgba(255,245,220,0.10)');
  vignette.addColorStop(1, 'rgba(90,50,15,0.16)');
  g.fillStyle = vignette;
  g.fillRect(x, y, w, h);
  g.restore();
}

function drawFrame(g, layout) {
  const { board, cell } = layout;
  const radius = cell * 0.14;
  const fw = Math.max(3, cell * 0.14);
  // Drop shadow under the whole board.
  g.save();
  g.shadowColor = 'rgba(0,0,0,0.45)';
  g.shadowBlur = cell * 0.35;
  g.shadowOffsetY = cell * 0.1;
  roundRect(g, board.x, board.y, board.w, board.h, radius);
  const frame = g.createLinearGradient(board.x, board.y, board.x + board.w, board.y + board.h);
  frame.addColorStop(0, '#9a6234');
  frame.addColorStop(0.5, '#7d4a22');
  frame.addColorStop(1, '#5e3716');
  g.fillStyle = frame;
  g.fill();
  g.restore();
  // Bevel on the frame: light top-left edge, dark bottom-right edge.
  g.lineWidth = Math.max(1, cell * 0.025);
  g.strokeStyle = 'rgba(255,220,170,0.35)';
  roundRect(g, board.x + 0.5, board.y + 0.5, board.w - 1, board.h - 1, radius);
  g.stroke();

  const inner = { x: board.x + fw, y: board.y + fw, w: board.w - 2 * fw, h: board.h - 2 * fw };
  g.save();
  roundRect(g, inner.x, inner.y, inner.w, inner.h, radius * 0.5);
  g.clip();
  drawWood(g, inner.x, inner.y, inner.w, inner.h, cell);
  g.restore();
  // The panel sits slightly below the frame: dark inner edge on top, light below.
  g.lineWidth = Math.max(1, cell * 0.03);
  const edge = g.createLinearGradient(0, inner.y, 0, inner.y + inner.h);
  edge.addColorStop(0, 'rgba(50,25,5,0.55)');
  edge.addColorStop(1, 'rgba(255,225,180,0.45)');
  g.strokeStyle = edge;
  roundRect(g, inner.x, inner.y, inner.w, inner.h, radius * 0.5);
  g.stroke();
}

function line(g, a, b) {
  g.moveTo(a.x, a.y);
  g.lineTo(b.x, b.y);
}

// Small corner brackets around a point, leaving out the halves beyond the board edge.
function drawMark(g, layout, file, rank) {
  const c = pointOf(layout, file, rank);
  const gap = layout.cell * 0.075;
  const arm = layout.cell * 0.17;
  for (const sx of [-1, 1]) {
    const fileSide = layout.flipped ? file - sx : file + sx; // screen side -> board file
    if (fileSide < 0 || fileSide >= FILES) continue;
    for (const sy of [-1, 1]) {
      g.moveTo(c.x + sx * gap, c.y + sy * (gap + arm));
      g.lineTo(c.x + sx * gap, c.y + sy * gap);
      g.lineTo(c.x + sx * (gap + arm), c.y + sy * gap);
    }
  }
}

function drawGrid(g, layout) {
  const { cell, left, top, right, bottom } = layout;
  const P = (f, r) => pointOf(layout, f, r);
  g.lineCap = 'square';
  g.strokeStyle = LINE;

  // Double border: a heavy outer rectangle just outside the grid.
  const out = cell * 0.085;
  g.lineWidth = Math.max(1.5, cell * 0.055);
  g.strokeRect(left - out, top - out, right - left + 2 * out, bottom - top + 2 * out);

  g.lineWidth = Math.max(1, cell * 0.026);
  g.beginPath();
  for (let r = 0; r < RANKS; r++) line(g, P(0, r), P(FILES - 1, r));
  // Inner files stop at the river; the two edge files cross it.
  for (let f = 0; f < FILES; f++) {
    if (f === 0 || f === FILES - 1) {
      line(g, P(f, 0), P(f, RANKS - 1));
    } else {
      line(g, P(f, 0), P(f, 4));
      line(g, P(f, 5), P(f, 9));
    }
  }
  // Palace diagonals.
  line(g, P(3, 0), P(5, 2));
  line(g, P(5, 0), P(3, 2));
  line(g, P(3, 7), P(5, 9));
  line(g, P(5, 7), P(3, 9));
  g.stroke();

  // Position marks: cannon points (b/h on ranks 3 and 8 from each side) and soldier
  // points (a c e g i on ranks 4 and 7, i.e. indices 3 and 6).
  g.lineWidth = Math.max(1, cell * 0.024);
  g.beginPath();
  for (const r of [2, 7]) for (const f of [1, 7]) drawMark(g, layout, f, r);
  for (const r of [3, 6]) for (const f of [0, 2, 4, 6, 8]) drawMark(g, layout, f, r);
  g.stroke();
}

// Engraved text: a light copy below, then the ink.
function engrave(g, text, x, y, ink, offset) {
  g.fillStyle = 'rgba(255,240,210,0.55)';
  g.fillText(text, x, y + offset);
  g.fillStyle = ink;
  g.fillText(text, x, y);
}

function drawRiver(g, layout) {
  const { cell, left, right, top } = layout;
  const y0 = top + 4 * cell;
  // A faint band of water tint between the two banks.
  const band = g.createLinearGradient(0, y0, 0, y0 + cell);
  band.addColorStop(0, 'rgba(120,70,20,0.05)');
  band.addColorStop(0.5, 'rgba(120,70,20,0.11)');
  band.addColorStop(1, 'rgba(120,70,20,0.05)');
  g.fillStyle = band;
  g.fillRect(left, y0, right - left, cell);

  // 楚河 on the viewer's left, 汉界 on the right, upright for the player at the bottom.
  g.font = 'bold ' + (cell * 0.6).toFixed(2) + 'px ' + CJK_FONT_STACK;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const yc = y0 + cell * 0.5;
  const chars = [
    ['楚', 1.45],
    ['河', 2.55],
    ['汉', 5.45],
    ['界', 6.55],
  ];
  for (const [ch, col] of chars) engrave(g, ch, left + col * cell, yc, 'rgba(92,52,18,0.78)', cell * 0.025);
}

function drawFileNumbers(g, layout) {
  const { cell, top, bottom } = layout;
  const gap = cell * 0.76; // from the outer grid line to the label centre
  const redY = layout.flipped ? top - gap : bottom + gap;
  const blackY = layout.flipped ? bottom + gap : top - gap;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (let f = 0; f < FILES; f++) {
    const x = pointOf(layout, f, 0).x;
    g.font = 'bold ' + (cell * 0.34).toFixed(2) + 'px ' + CJK_FONT_STACK;
    engrave(g, RED_FILE_NUMERALS[f], x, redY, INK, cell * 0.02);
    g.font = 'bold ' + (cell * 0.31).toFixed(2) + 'px ' + LATIN_FONT_STACK;
    engrave(g, String(f + 1), x, blackY, INK, cell * 0.02);
  }
}

// Render the static board for `layout` at `dpr` into a new layer of canvas size.
export function renderBoardLayer(layout, dpr) {
  const layer = createLayer(Math.round(layout.width * dpr), Math.round(layout.height * dpr));
  const g = layer.getContext('2d');
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawFrame(g, layout);
  drawRiver(g, layout);
  drawGrid(g, layout);
  drawFileNumbers(g, layout);
  return layer;
}

// One cached layer per canvas; rebuilt when size, dpr, flip or font changes.
const layers = new WeakMap();

export function boardLayerFor(canvas, layout, dpr) {
  const key = layout.width + 'x' + layout.height + '@' + dpr + (layout.flipped ? 'F' : 'N') + '#' + fontEpoch();
  const hit = layers.get(canvas);
  if (hit && hit.key === key) return hit.layer;
  const layer = renderBoardLayer(layout, dpr);
  layers.set(canvas, { key, layer });
  return layer;
}
