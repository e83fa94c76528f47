// Reversi discs: cached sprites and the turning disc of the flip animation.
//
// A disc is glossy and two-coloured like a real one: the black face deep with a
// blue-grey highlight, the white face ivory with a grey rim, and a thin sliver of the
// other colour showing at its lower edge. Sprites are rendered once per
// (kind, colour, size in device pixels) into offscreen layers so a frame only blits
// images; the turning disc squashes the face sprite with a transform.
import { createLayer } from '../../../common/canvas.js';

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

const TWO_PI = Math.PI * 2;

export function isDisc(v) {
  return v === BLACK || v === WHITE;
}

export function opponent(color) {
  return color === BLACK ? WHITE : BLACK;
}

export function colorName(color) {
  return color === BLACK ? 'black' : color === WHITE ? 'white' : '';
}

// Thickness of the disc and how much of it shows below the face at rest (perspective
// from a viewer slightly in front of the board), in radii.
const THICKNESS = 0.22;
const REST_EDGE = 0.075;

// Colours of the two sides. `edge` is the disc body seen from the side.
const LOOK = {
  [BLACK]: {
    face: [
      [0, '#56606d'],
      [0.22, '#2a3038'],
      [0.62, '#121418'],
      [1, '#050607'],
    ],
    edge: '#0b0c0e',
    edgeLight: '#2a2e34',
    rim: 'rgba(0,0,0,0.8)',
    rimLight: 'rgba(150,172,205,0.55)',
    inner: 'rgba(120,140,170,0.10)',
    spec: 0.5,
  },
  [WHITE]: {
    face: [
      [0, '#ffffff'],
      [0.3, '#faf7ee'],
      [0.72, '#e9e3d4'],
      [1, '#c9c2b2'],
    ],
    edge: '#bdb6a6',
    edgeLight: '#e2dccd',
    rim: 'rgba(105,100,90,0.75)',
    rimLight: 'rgba(255,255,255,0.55)',
    inner: 'rgba(255,255,255,0.55)',
    spec: 0.85,
  },
};

function circle(g, x, y, r) {
  g.beginPath();
  g.arc(x, y, r, 0, TWO_PI);
}

// The face of a disc of radius r centred on the origin (no shadow, no edge).
function drawFace(g, color, r) {
  const L = LOOK[color];
  const face = g.createRadialGradient(-0.32 * r, -0.38 * r, 0.02 * r, -0.08 * r, -0.1 * r, 1.12 * r);
  for (const [t, c] of L.face) face.addColorStop(t, c);
  g.fillStyle = face;
  circle(g, 0, 0, r);
  g.fill();

  // A shallow dome: the outer band of the face is a little darker than its top.
  const dome = g.createRadialGradient(0, 0, 0.62 * r, 0, 0, r);
  dome.addColorStop(0, 'rgba(0,0,0,0)');
  dome.addColorStop(1, color === BLACK ? 'rgba(0,0,0,0.35)' : 'rgba(90,80,60,0.16)');
  g.fillStyle = dome;
  circle(g, 0, 0, r);
  g.fill();

  // Rim: a crisp darker lip, then rim light on the lower right (light bouncing off the
  // felt) and a bright inner edge on the upper left.
  g.lineWidth = 0.045 * r;
  g.strokeStyle = L.rim;
  circle(g, 0, 0, r - 0.0225 * r);
  g.stroke();
  const rim = g.createLinearGradient(-0.7 * r, -0.7 * r, 0.7 * r, 0.7 * r);
  rim.addColorStop(0, 'rgba(255,255,255,0)');
  rim.addColorStop(0.55, 'rgba(255,255,255,0)');
  rim.addColorStop(1, L.rimLight);
  g.lineWidth = 0.06 * r;
  g.strokeStyle = rim;
  circle(g, 0, 0, r * 0.9);
  g.stroke();
  const inner = g.createLinearGradient(-0.7 * r, -0.7 * r, 0.7 * r, 0.7 * r);
  inner.addColorStop(0, L.inner);
  inner.addColorStop(0.45, 'rgba(255,255,255,0)');
  g.lineWidth = 0.035 * r;
  g.strokeStyle = inner;
  circle(g, 0, 0, r * 0.93);
  g.stroke();

  // Specular: a soft oval highlight up-left and a faint broad sheen.
  g.save();
  circle(g, 0, 0, r * 0.97);
  g.clip();
  const sheen = g.createRadialGradient(-0.3 * r, -0.4 * r, 0, -0.3 * r, -0.4 * r, 0.95 * r);
  sheen.addColorStop(0, 'rgba(255,255,255,' + (0.22 * L.spec).toFixed(3) + ')');
  sheen.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = sheen;
  g.fillRect(-r, -r, 2 * r, 2 * r);
  g.translate(-0.34 * r, -0.42 * r);
  g.rotate(-0.7);
  g.scale(1, 0.58);
  const spec = g.createRadialGradient(0, 0, 0, 0, 0, 0.34 * r);
  spec.addColorStop(0, 'rgba(255,255,255,' + L.spec.toFixed(3) + ')');
  spec.addColorStop(0.45, 'rgba(255,255,255,' + (0.35 * L.spec).toFixed(3) + ')');
  spec.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = spec;
  circle(g, 0, 0, 0.34 * r);
  g.fill();
  g.restore();
}

// The disc body below the face at rest: its own colour, then a sliver of the other side.
function drawRestEdge(g, color, r) {
  const e = REST_EDGE * r;
  const other = LOOK[opponent(color)];
  g.fillStyle = other.edge;
  circle(g, 0, e, r);
  g.fill();
  const own = LOOK[color];
  const side = g.createLinearGradient(-r, 0, r, 0);
  side.addColorStop(0, own.edge);
  side.addColorStop(0.35, own.edgeLight);
  side.addColorStop(1, own.edge);
  g.fillStyle = side;
  circle(g, 0, e * 0.55, r);
  g.fill();
}

// A soft contact shadow plus a wider ambient one, as radial gradients (cheap and the
// same in every browser, unlike shadowBlur).
function drawShadow(g, r, strength = 1) {
  const a = g.createRadialGradient(0, 0, 0.55 * r, 0, 0, 1.32 * r);
  a.addColorStop(0, 'rgba(0,12,4,' + (0.42 * strength).toFixed(3) + ')');
  a.addColorStop(0.5, 'rgba(0,12,4,' + (0.22 * strength).toFixed(3) + ')');
  a.addColorStop(1, 'rgba(0,12,4,0)');
  g.fillStyle = a;
  circle(g, 0, 0, 1.32 * r);
  g.fill();
  const c = g.createRadialGradient(0, 0, 0.86 * r, 0, 0, 1.06 * r);
  c.addColorStop(0, 'rgba(0,8,2,' + (0.55 * strength).toFixed(3) + ')');
  c.addColorStop(1, 'rgba(0,8,2,0)');
  g.fillStyle = c;
  circle(g, 0, 0, 1.06 * r);
  g.fill();
}

// Offset of the resting shadow, in radii.
const SHADOW_DX = 0.07;
const SHADOW_DY = 0.14;

function renderSprite(kind, color, r) {
  const pad = Math.ceil(r * 0.62 + 2);
  const size = Math.ceil(2 * r) + 2 * pad;
  const layer = createLayer(size, size);
  const g = layer.getContext('2d');
  const c = size / 2;
  g.translate(c, c);
  if (kind === 'shadow') {
    drawShadow(g, r);
  } else if (kind === 'face') {
    drawFace(g, color, r);
  } else {
    g.save();
    g.translate(SHADOW_DX * r, SHADOW_DY * r);
    drawShadow(g, r);
    g.restore();
    drawRestEdge(g, color, r);
    drawFace(g, color, r);
  }
  return { image: layer, size, center: c };
}

const MAX_SPRITES = 64;
const sprites = new Map();

// kind: 'rest' (shadow, edge and face), 'face' (the face alone) or 'shadow'.
// Returns {image, size, center} in device pixels for a disc of radiusCss on a dpr screen.
export function discSprite(kind, color, radiusCss, dpr) {
  const r = Math.max(2, radiusCss * dpr);
  const key = kind + '|' + (kind === 'shadow' ? 0 : color) + '|' + Math.round(r * 4);
  let s = sprites.get(key);
  if (!s) {
    if (sprites.size >= MAX_SPRITES) sprites.clear(); // resizes cannot grow it forever
    s = renderSprite(kind, color, r);
    sprites.set(key, s);
  }
  return s;
}

// Draw a sprite centred at (x, y) CSS px on a context whose transform is scale(dpr).
function blit(ctx, s, x, y, dpr, scale) {
  if (scale === 1) {
    // Whole device pixels: an unscaled, aligned blit takes the fast path and stays sharp.
    const px = Math.round(x * dpr - s.center) / dpr;
    const py = Math.round(y * dpr - s.center) / dpr;
    ctx.drawImage(s.image, px, py, s.size / dpr, s.size / dpr);
  } else {
    const k = scale / dpr;
    ctx.drawImage(s.image, x - s.center * k, y - s.center * k, s.size * k, s.size * k);
  }
}

// A resting disc (with its shadow) centred at (x, y). `scale` enlarges it (a disc
// falling onto the board), `lift` in [0, 1] pushes its shadow away, `alpha` fades it.
export function drawDisc(ctx, color, x, y, radiusCss, dpr, scale = 1, alpha = 1, lift = 0) {
  if (!isDisc(color) || alpha <= 0) return;
  const prev = ctx.globalAlpha;
  if (alpha < 1) ctx.globalAlpha = prev * alpha;
  if (lift > 0) {
    const r = radiusCss;
    ctx.globalAlpha = prev * alpha * (1 - 0.45 * lift);
    blit(
      ctx,
      discSprite('shadow', 0, r, dpr),
      x + (SHADOW_DX + 0.35 * lift) * r,
      y + (SHADOW_DY + 0.6 * lift) * r,
      dpr,
      1 + 0.25 * lift,
    );
    ctx.globalAlpha = prev * alpha;
    blit(ctx, discSprite('face', color, r, dpr), x, y, dpr, scale);
  } else {
    blit(ctx, discSprite('rest', color, radiusCss, dpr), x, y, dpr, scale);
  }
  ctx.globalAlpha = prev;
}

// A translucent disc with no shadow (the preview under the pointer on a legal square).
export function drawGhostDisc(ctx, color, x, y, radiusCss, dpr, alpha) {
  if (!isDisc(color) || alpha <= 0) return;
  const prev = ctx.globalAlpha;
  ctx.globalAlpha = prev * alpha;
  blit(ctx, discSprite('face', color, radiusCss, dpr), x, y, dpr, 1);
  ctx.globalAlpha = prev;
}

// A disc in the middle of its turn (see animation.flipFrame): the face that points up
// is squashed across the turning axis (direction ux, uy), the disc is raised (larger,
// shadow further away) and its edge shows as a band of both colours between the two
// faces. `from` is the colour that faced up before the turn.
export function drawTurningDisc(ctx, from, x, y, radiusCss, dpr, frame) {
  const to = opponent(from);
  const up = frame.showsNew ? to : from;
  const down = opponent(up);
  const r = radiusCss * (1 + 0.13 * frame.lift);
  const k = Math.max(0.015, frame.squash);
  const angle = Math.atan2(frame.uy, frame.ux);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const prev = ctx.globalAlpha;

  // Shadow: squashed less than the disc (the light is broad) and drifting away.
  const ks = 0.35 + 0.65 * k;
  const sx = x + (SHADOW_DX + 0.32 * frame.lift) * radiusCss;
  const sy = y + (SHADOW_DY + 0.55 * frame.lift) * radiusCss;
  const shadow = discSprite('shadow', 0, radiusCss, dpr);
  ctx.save();
  ctx.globalAlpha = prev * (1 - 0.4 * frame.lift);
  squashAt(ctx, sx, sy, cos, sin, ks, (1 + 0.2 * frame.lift) / dpr);
  ctx.drawImage(shadow.image, -shadow.center, -shadow.center);
  ctx.restore();

  // Centres of the two faces along the tilt direction: the face that points up sits on
  // the raised side (its side flips at the midpoint of the turn).
  const half = 0.5 * THICKNESS * radiusCss * frame.lift * (frame.showsNew ? -1 : 1);
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  // The edge: a band between the two faces, half of each colour (a two-sided disc).
  const a = -half;
  const b = half;
  const ends = (x0, x1, color) => {
    const L = LOOK[color];
    ctx.fillStyle = L.edge;
    ctx.beginPath();
    ctx.ellipse(x0, 0, k * r, r, 0, 0, TWO_PI);
    ctx.fill();
    ctx.fillRect(Math.min(x0, x1), -r, Math.abs(x1 - x0), 2 * r);
    ctx.beginPath();
    ctx.ellipse(x1, 0, k * r, r, 0, 0, TWO_PI);
    ctx.fill();
  };
  if (Math.abs(b - a) > 0.01) {
    ends(a, (a + b) / 2, down);
    ends((a + b) / 2, b, up);
  }
  ctx.restore();

  // The face that points up, squashed about its own centre.
  const face = discSprite('face', up, radiusCss, dpr);
  ctx.save();
  squashAt(ctx, x + half * cos, y + half * sin, cos, sin, k, (1 + 0.13 * frame.lift) / dpr);
  ctx.drawImage(face.image, -face.center, -face.center);
  ctx.restore();
  ctx.globalAlpha = prev;
}

// Multiply the current transform by: translate(x, y) · R · scale(k along (cos, sin)) ·
// R⁻¹ · scale(s). The squash is symmetric, so the sprite's highlight keeps its place.
function squashAt(ctx, x, y, cos, sin, k, s) {
  // M = I + (k - 1) u uᵀ
  const m11 = 1 + (k - 1) * cos * cos;
  const m12 = (k - 1) * cos * sin;
  const m22 = 1 + (k - 1) * sin * sin;
  ctx.transform(m11 * s, m12 * s, m12 * s, m22 * s, x, y);
}
