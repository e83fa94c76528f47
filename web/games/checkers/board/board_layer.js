// The static part of the Chinese checkers board, rendered once per canvas size,
// dpr and seating into an offscreen layer that each frame blits in one
// drawImage: the deep blue background, the glowing star, the arms tinted in
// their seats' colours, faint grid lines and the recessed holes.
import { createLayer } from '../../../common/canvas.js';
import { CELL_LIST, armCells, centerOf, neighbours, starOutline } from './board_geometry.js';
import { seatColor } from './seat_colors.js';

const TWO_PI = Math.PI * 2;

function background(g, w, h, layout) {
  const bg = g.createLinearGradient(0, 0, w, h);
  bg.addColorStop(0, '#0f172a');
  bg.addColorStop(0.5, '#1e293b');
  bg.addColorStop(1, '#0f172a');
  g.fillStyle = bg;
  g.fillRect(0, 0, w, h);
  // A soft indigo haze behind the star.
  const R = layout.unit * 9;
  const haze = g.createRadialGradient(layout.cx, layout.cy, 0, layout.cx, layout.cy, R);
  haze.addColorStop(0, 'rgba(79,70,229,0.22)');
  haze.addColorStop(0.6, 'rgba(59,130,246,0.08)');
  haze.addColorStop(1, 'rgba(15,23,42,0)');
  g.fillStyle = haze;
  g.fillRect(0, 0, w, h);
}

function starPath(g, layout) {
  const pts = starOutline();
  g.beginPath();
  pts.forEach((p, i) => {
    const x = layout.cx + p.x * layout.unit;
    const y = layout.cy + p.y * layout.unit;
    if (i === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  });
  g.closePath();
}

// The star: a glowing halo, a translucent body, and a fine bright rim. Round
// joins on a wide stroke grow the outline evenly around the outer holes.
function star(g, layout) {
  const u = layout.unit;
  g.lineJoin = 'round';
  g.save();
  g.shadowColor = 'rgba(96,165,250,0.55)';
  g.shadowBlur = u * 0.9;
  starPath(g, layout);
  g.lineWidth = u * 1.25;
  g.strokeStyle = 'rgba(30,58,138,0.9)';
  g.stroke();
  g.restore();
  const body = g.createRadialGradient(layout.cx, layout.cy - u, u, layout.cx, layout.cy, u * 8);
  body.addColorStop(0, '#27406f');
  body.addColorStop(0.6, '#1c2f58');
  body.addColorStop(1, '#162447');
  starPath(g, layout);
  g.fillStyle = body;
  g.lineWidth = u * 1.25;
  g.strokeStyle = body;
  g.fill();
  g.stroke();
  // The rim just outside the body's edge.
  starPath(g, layout);
  g.lineWidth = u * 1.25 + Math.max(1, u * 0.05);
  g.globalCompositeOperation = 'destination-over';
  g.strokeStyle = 'rgba(147,197,253,0.55)';
  g.stroke();
  g.globalCompositeOperation = 'source-over';
}

// An arm as a rounded triangle through its three corner holes, tinted from
// the apex (strong) to the base (faint).
function armTint(g, layout, arm, player, strength) {
  const cells = armCells(arm);
  const apex = centerOf(layout, cells[0]);
  const base = cells.slice(6).map((i) => centerOf(layout, i));
  base.sort((a, b) => a.x - b.x || a.y - b.y);
  // The base row's two end holes: the pair farthest apart.
  let p = base[0];
  let q = base[base.length - 1];
  let far = 0;
  for (const a of base)
    for (const b of base) {
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > far) {
        far = d;
        p = a;
        q = b;
      }
    }
  const c = seatColor(player);
  const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  const grad = g.createLinearGradient(apex.x, apex.y, mid.x, mid.y);
  grad.addColorStop(0, `rgba(${c.rgb},${(0.42 * strength).toFixed(3)})`);
  grad.addColorStop(1, `rgba(${c.rgb},${(0.14 * strength).toFixed(3)})`);
  // Grow the triangle by `grow` on every side (an equilateral triangle's
  // corners move twice that far from its centre), then round its corners.
  const grow = layout.unit * 0.48;
  const centre = { x: (apex.x + p.x + q.x) / 3, y: (apex.y + p.y + q.y) / 3 };
  const corners = [apex, p, q].map((v) => {
    const d = Math.hypot(v.x - centre.x, v.y - centre.y) || 1;
    return { x: v.x + ((v.x - centre.x) / d) * 2 * grow, y: v.y + ((v.y - centre.y) / d) * 2 * grow };
  });
  g.beginPath();
  const m0 = { x: (corners[2].x + corners[0].x) / 2, y: (corners[2].y + corners[0].y) / 2 };
  g.moveTo(m0.x, m0.y);
  for (let k = 0; k < 3; k++) {
    const a = corners[k];
    const b = corners[(k + 1) % 3];
    g.arcTo(a.x, a.y, b.x, b.y, grow * 1.2);
  }
  g.closePath();
  g.fillStyle = grad;
  g.fill();
}

// Faint lines of the triangular grid between neighbouring holes.
function gridLines(g, layout) {
  g.beginPath();
  for (const c of CELL_LIST) {
    const a = centerOf(layout, c.index);
    for (const n of neighbours(c.index)) {
      if (n < c.index) continue;
      const b = centerOf(layout, n);
      g.moveTo(a.x, a.y);
      g.lineTo(b.x, b.y);
    }
  }
  g.lineWidth = Math.max(0.6, layout.unit * 0.03);
  g.strokeStyle = 'rgba(148,180,255,0.10)';
  g.stroke();
}

// A hole pressed into the board: dark inside, shaded at the upper left, lit
// on its lower right lip.
function hole(g, x, y, r) {
  const inside = g.createRadialGradient(x - r * 0.25, y - r * 0.3, r * 0.1, x, y, r);
  inside.addColorStop(0, 'rgba(3,7,20,0.95)');
  inside.addColorStop(0.7, 'rgba(8,15,38,0.85)');
  inside.addColorStop(1, 'rgba(30,45,85,0.7)');
  g.fillStyle = inside;
  g.beginPath();
  g.arc(x, y, r, 0, TWO_PI);
  g.fill();
  g.lineWidth = Math.max(0.6, r * 0.16);
  g.strokeStyle = 'rgba(170,200,255,0.28)';
  g.beginPath();
  g.arc(x, y, r, -0.05 * Math.PI, 0.75 * Math.PI);
  g.stroke();
  g.strokeStyle = 'rgba(0,0,0,0.35)';
  g.beginPath();
  g.arc(x, y, r, 0.95 * Math.PI, 1.75 * Math.PI);
  g.stroke();
}

// `tints`: [{arm, player, strength}] (home arms full, target-only arms fainter).
export function renderBoardLayer(layout, dpr, tints) {
  const w = layout.width;
  const h = layout.height;
  const layer = createLayer(w * dpr, h * dpr);
  const g = layer.getContext('2d');
  g.scale(dpr, dpr);
  background(g, w, h, layout);
  star(g, layout);
  for (const t of tints) armTint(g, layout, t.arm, t.player, t.strength);
  gridLines(g, layout);
  for (const c of CELL_LIST) {
    const p = centerOf(layout, c.index);
    hole(g, p.x, p.y, layout.holeRadius);
  }
  return layer;
}

// The arm tints of a snapshot's seating: each seat's home arm in its colour;
// a target arm nobody lives in (3 players) fainter in the colour heading there.
export function armTints(seats) {
  const tints = [];
  const homes = new Set((seats || []).map((s) => s.homeArm));
  for (const s of seats || []) {
    tints.push({ arm: s.homeArm, player: s.player, strength: 1 });
    if (!homes.has(s.targetArm)) tints.push({ arm: s.targetArm, player: s.player, strength: 0.45 });
  }
  return tints;
}

const cache = new WeakMap();

// The cached layer for this canvas, rebuilt when size, dpr or seating change.
export function boardLayerFor(canvas, layout, dpr, seats) {
  const tints = armTints(seats);
  const key = [layout.width, layout.height, layout.insetTop, dpr, JSON.stringify(tints)].join('|');
  const hit = cache.get(canvas);
  if (hit && hit.key === key) return hit.layer;
  const layer = renderBoardLayer(layout, dpr, tints);
  cache.set(canvas, { key, layer });
  return layer;
}
