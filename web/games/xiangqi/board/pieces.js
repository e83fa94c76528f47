// Xiangqi piece codes, labels and cached piece sprites.
//
// A sprite is a glossy round piece (cast shadow, side edge, radial-gradient face,
// rim, engraved ring and character, specular highlight) rendered once per
// (code, style, size, lift, font epoch) into an offscreen layer, so a frame only
// blits images.
import { createLayer } from '../../../common/canvas.js';
import { CJK_FONT_STACK, LATIN_FONT_STACK, fontEpoch } from './piece_font.js';

// Codes as in the snapshot: 0 empty, 1..7 red, 9..15 black (same order).
export const KING = 1;
export const ADVISOR = 2;
export const ELEPHANT = 3;
export const HORSE = 4;
export const ROOK = 5;
export const CANNON = 6;
export const PAWN = 7;
export const BLACK_OFFSET = 8;

export const RED = 0;
export const BLACK = 1;

// Indexed by piece type (code & 7).
const RED_CHINESE = ['', '帥', '仕', '相', '傌', '俥', '炮', '兵'];
const BLACK_CHINESE = ['', '將', '士', '象', '馬', '車', '砲', '卒'];
const WESTERN = ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'];

export function isPiece(code) {
  const t = code & 7;
  return code > 0 && code < 16 && t !== 0;
}

export function colorOf(code) {
  return code >= BLACK_OFFSET ? BLACK : RED;
}

export function typeOf(code) {
  return code & 7;
}

// The character (style 'chinese') or letter (style 'western') engraved on a piece.
export function pieceLabel(code, style = 'chinese') {
  if (!isPiece(code)) return '';
  if (style === 'western') return WESTERN[typeOf(code)];
  return (colorOf(code) === RED ? RED_CHINESE : BLACK_CHINESE)[typeOf(code)];
}

const INK = ['#b01e16', '#1f1a17']; // engraving colour per side
const INK_SOFT = ['rgba(176,30,22,0.85)', 'rgba(31,26,23,0.85)'];

// Shadow and size per lift: 0 resting on the board, 1 raised high (dragged),
// 2 raised a little (selected).
const LIFTS = [
  { scale: 1.0, dx: 0.05, dy: 0.12, blur: 0.16, alpha: 0.5 },
  { scale: 1.1, dx: 0.16, dy: 0.42, blur: 0.42, alpha: 0.38 },
  { scale: 1.04, dx: 0.09, dy: 0.22, blur: 0.24, alpha: 0.45 },
];

function drawFace(g, r, code, style) {
  const side = colorOf(code);
  // Face: warm ivory lit from the upper left.
  const face = g.createRadialGradient(-0.35 * r, -0.45 * r, 0.05 * r, 0, 0, 1.05 * r);
  face.addColorStop(0, '#fffaf0');
  face.addColorStop(0.45, '#f6e6c4');
  face.addColorStop(0.85, '#e2c594');
  face.addColorStop(1, '#c9a46c');
  g.fillStyle = face;
  g.beginPath();
  g.arc(0, 0, r, 0, Math.PI * 2);
  g.fill();

  // Rim: a darker lip and a thin bright inner edge.
  g.lineWidth = 0.06 * r;
  g.strokeStyle = 'rgba(110,70,30,0.7)';
  g.beginPath();
  g.arc(0, 0, r - 0.03 * r, 0, Math.PI * 2);
  g.stroke();
  g.lineWidth = 0.03 * r;
  g.strokeStyle = 'rgba(255,248,230,0.7)';
  g.beginPath();
  g.arc(0, 0, r - 0.09 * r, 0, Math.PI * 2);
  g.stroke();

  // Engraved ring: light edge below, ink on top (reads as cut into the face).
  const ring = 0.8 * r;
  g.lineWidth = 0.05 * r;
  g.strokeStyle = 'rgba(255,252,240,0.8)';
  g.beginPath();
  g.arc(0, 0.025 * r, ring, 0, Math.PI * 2);
  g.stroke();
  g.strokeStyle = INK_SOFT[side];
  g.beginPath();
  g.arc(0, 0, ring, 0, Math.PI * 2);
  g.stroke();

  // Character, centred on its ink (not on the font's em box).
  const label = pieceLabel(code, style);
  const western = style === 'western';
  const size = western ? 1.08 * r : 1.12 * r;
  g.font = 'bold ' + size.toFixed(2) + 'px ' + (western ? LATIN_FONT_STACK : CJK_FONT_STACK);
  g.textBaseline = 'alphabetic';
  g.textAlign = 'left';
  const m = g.measureText(label);
  const inkW = m.actualBoundingBoxLeft + m.actualBoundingBoxRight;
  const inkH = m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
  const x = m.actualBoundingBoxLeft - inkW / 2;
  const y = m.actualBoundingBoxAscent - inkH / 2;
  g.fillStyle = 'rgba(255,252,240,0.85)';
  g.fillText(label, x, y + 0.035 * r);
  g.fillStyle = 'rgba(60,30,10,0.35)';
  g.fillText(label, x, y - 0.02 * r);
  g.fillStyle = INK[side];
  g.fillText(label, x, y);

  // Gloss: a soft specular patch at the upper left and a faint sheen over the face.
  g.save();
  g.beginPath();
  g.arc(0, 0, r * 0.97, 0, Math.PI * 2);
  g.clip();
  const spec = g.createRadialGradient(-0.38 * r, -0.5 * r, 0, -0.38 * r, -0.5 * r, 0.75 * r);
  spec.addColorStop(0, 'rgba(255,255,255,0.55)');
  spec.addColorStop(0.5, 'rgba(255,255,255,0.12)');
  spec.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = spec;
  g.fillRect(-r, -r, 2 * r, 2 * r);
  const shade = g.createLinearGradient(0, -r, 0, r);
  shade.addColorStop(0.55, 'rgba(90,50,10,0)');
  shade.addColorStop(1, 'rgba(90,50,10,0.14)');
  g.fillStyle = shade;
  g.fillRect(-r, -r, 2 * r, 2 * r);
  g.restore();
}

// Render one sprite. `radius` is the resting piece radius in device pixels.
function renderSprite(code, style, radius, lift) {
  const L = LIFTS[lift];
  const r = radius * L.scale;
  const edge = 0.07 * r; // visible thickness of the disc below its face
  const pad = Math.ceil(r * (L.blur * 2 + Math.max(L.dx, L.dy)) + edge + 2);
  const size = Math.ceil(2 * r) + 2 * pad;
  const layer = createLayer(size, size);
  const g = layer.getContext('2d');
  const c = size / 2;
  g.translate(c, c);

  // Cast shadow, from the disc body (drawn once, so shadowBlur cost is paid here).
  g.save();
  g.shadowColor = 'rgba(30,15,0,' + L.alpha + ')';
  g.shadowBlur = L.blur * r * 2;
  g.shadowOffsetX = L.dx * r;
  g.shadowOffsetY = L.dy * r;
  g.fillStyle = '#8a6236';
  g.beginPath();
  g.arc(0, edge, r, 0, Math.PI * 2);
  g.fill();
  g.restore();

  // Side of the disc: darker wood visible below the face.
  const sideGrad = g.createLinearGradient(-r, 0, r, 0);
  sideGrad.addColorStop(0, '#9c7140');
  sideGrad.addColorStop(0.5, '#b8894f');
  sideGrad.addColorStop(1, '#86602f');
  g.fillStyle = sideGrad;
  g.beginPath();
  g.arc(0, edge, r, 0, Math.PI * 2);
  g.fill();

  drawFace(g, r, code, style);
  return { image: layer, size, center: c };
}

// Cache of sprites; bounded so repeated resizes cannot grow it without limit.
const MAX_SPRITES = 256;
const sprites = new Map();

// The sprite for `code` at a resting radius of `radiusCss` CSS px on a `dpr` screen.
// lift: 0 resting, 1 dragged, 2 selected. Returns {image, size, center} in device pixels.
export function pieceSprite(code, style, radiusCss, dpr, lift = 0) {
  const radius = Math.max(2, radiusCss * dpr);
  const key = code + '|' + style + '|' + Math.round(radius * 8) + '|' + lift + '|' + fontEpoch();
  let s = sprites.get(key);
  if (!s) {
    if (sprites.size >= MAX_SPRITES) sprites.clear();
    s = renderSprite(code, style, radius, lift);
    sprites.set(key, s);
  }
  return s;
}

// Draw a piece centred at (x, y) CSS px on a context whose transform is scale(dpr).
// `scale` enlarges it around its centre (animation lift), `alpha` fades it.
export function drawPiece(ctx, code, style, x, y, radiusCss, dpr, lift = 0, scale = 1, alpha = 1) {
  if (!isPiece(code) || alpha <= 0) return;
  const s = pieceSprite(code, style, radiusCss, dpr, lift);
  const prev = ctx.globalAlpha;
  if (alpha < 1) ctx.globalAlpha = prev * alpha;
  if (scale === 1) {
    // Snap to whole device pixels: an unscaled, aligned blit takes Skia's fast path.
    const px = Math.round(x * dpr - s.center) / dpr;
    const py = Math.round(y * dpr - s.center) / dpr;
    ctx.drawImage(s.image, px, py, s.size / dpr, s.size / dpr);
  } else {
    const k = scale / dpr;
    ctx.drawImage(s.image, x - s.center * k, y - s.center * k, s.size * k, s.size * k);
  }
  if (alpha < 1) ctx.globalAlpha = prev;
}
