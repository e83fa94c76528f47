// Glossy marble pieces: a soft contact shadow, a sphere body with a radial
// gradient lit from the upper left, a highlight spot and a thin rim. Each
// (player, size in device pixels) is rendered once into an offscreen sprite, so
// a frame only blits images.
import { createLayer } from '../../../common/canvas.js';
import { seatColor } from './seat_colors.js';

const TWO_PI = Math.PI * 2;
const sprites = new Map();
const shadows = new Map();

function circle(g, x, y, r) {
  g.beginPath();
  g.arc(x, y, r, 0, TWO_PI);
}

// The body of a marble of radius r centred on the origin.
function drawSphere(g, player, r) {
  const c = seatColor(player);
  const body = g.createRadialGradient(-0.34 * r, -0.4 * r, 0.04 * r, 0, 0, 1.04 * r);
  body.addColorStop(0, c.light);
  body.addColorStop(0.42, c.mid);
  body.addColorStop(1, c.dark);
  g.fillStyle = body;
  circle(g, 0, 0, r);
  g.fill();

  // Light from the board bouncing back into the lower half.
  const bounce = g.createRadialGradient(0.15 * r, 0.62 * r, 0, 0.15 * r, 0.62 * r, 0.55 * r);
  bounce.addColorStop(0, 'rgba(255,255,255,0.22)');
  bounce.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = bounce;
  circle(g, 0, 0, r);
  g.fill();

  // The broad highlight, then the sharp specular spot.
  g.save();
  g.translate(-0.33 * r, -0.38 * r);
  g.rotate(-Math.PI / 4);
  g.scale(1, 0.7);
  const spot = g.createRadialGradient(0, 0, 0, 0, 0, 0.36 * r);
  spot.addColorStop(0, 'rgba(255,255,255,0.85)');
  spot.addColorStop(0.45, 'rgba(255,255,255,0.35)');
  spot.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = spot;
  circle(g, 0, 0, 0.36 * r);
  g.fill();
  g.restore();
  g.fillStyle = 'rgba(255,255,255,0.9)';
  circle(g, -0.36 * r, -0.42 * r, 0.075 * r);
  g.fill();

  // Rim: a dark lip, and a faint light edge on the lower right.
  g.lineWidth = Math.max(0.5, 0.06 * r);
  g.strokeStyle = 'rgba(0,0,0,0.38)';
  circle(g, 0, 0, r - g.lineWidth / 2);
  g.stroke();
  g.lineWidth = Math.max(0.5, 0.05 * r);
  g.strokeStyle = 'rgba(255,255,255,0.18)';
  g.beginPath();
  g.arc(0, 0, r * 0.9, -0.1 * Math.PI, 0.6 * Math.PI);
  g.stroke();
}

// The sprite of a marble: {canvas, size, r} in device pixels, drawn centred.
export function pieceSprite(player, radiusPx) {
  const r = Math.max(2, Math.round(radiusPx * 2) / 2);
  const key = player + ':' + r;
  let sprite = sprites.get(key);
  if (!sprite) {
    const size = Math.ceil(2 * r + 4);
    const canvas = createLayer(size, size);
    const g = canvas.getContext('2d');
    g.translate(size / 2, size / 2);
    drawSphere(g, player, r);
    sprite = { canvas, size, r };
    if (sprites.size > 64) sprites.clear();
    sprites.set(key, sprite);
  }
  return sprite;
}

// A soft round shadow sprite (blurred disc) of radius r in device pixels.
function shadowSprite(radiusPx) {
  const r = Math.max(2, Math.round(radiusPx));
  let sprite = shadows.get(r);
  if (!sprite) {
    const size = Math.ceil(3 * r);
    const canvas = createLayer(size, size);
    const g = canvas.getContext('2d');
    const s = g.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
    s.addColorStop(0, 'rgba(0,0,0,0.55)');
    s.addColorStop(0.55, 'rgba(0,0,0,0.32)');
    s.addColorStop(1, 'rgba(0,0,0,0)');
    g.fillStyle = s;
    g.fillRect(0, 0, size, size);
    sprite = { canvas, size, r };
    if (shadows.size > 32) shadows.clear();
    shadows.set(r, sprite);
  }
  return sprite;
}

// Draw a marble at (x, y) CSS pixels with radius r CSS pixels. `lift` in [0, 1]
// raises it (bigger, shadow further and softer; `rise` CSS px up on screen,
// by default in step with the lift), `alpha` fades it. The context
// carries the dpr transform; sprites are blitted in device pixels.
export function drawPiece(ctx, player, x, y, r, dpr, { lift = 0, alpha = 1, scale = 1, rise = undefined } = {}) {
  const rr = r * scale * (1 + 0.14 * lift);
  const sh = shadowSprite(r * dpr);
  const off = r * (0.12 + 0.5 * lift);
  const shadowScale = (1 + 0.25 * lift) / dpr;
  ctx.globalAlpha = alpha * (0.9 - 0.4 * lift);
  const sw = sh.size * shadowScale;
  ctx.drawImage(sh.canvas, x + off * 0.35 - sw / 2, y + off - sw / 2, sw, sw);
  const sprite = pieceSprite(player, rr * dpr);
  const sizeCss = sprite.size / dpr;
  ctx.globalAlpha = alpha;
  ctx.drawImage(sprite.canvas, x - sizeCss / 2, y - (rise !== undefined ? rise : lift * r * 0.9) - sizeCss / 2, sizeCss, sizeCss);
  ctx.globalAlpha = 1;
}
