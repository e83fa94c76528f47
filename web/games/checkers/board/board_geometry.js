// Chinese checkers board geometry for drawing: the 121 holes of the star in the
// rules' cell order, their cube coordinates and arms, and holes <-> canvas CSS
// pixels. Pure functions, no DOM, no rules (which moves are legal is the
// engine's business; neighbours here only steer the keyboard cursor).
//
// Cube coordinates (x, y, z), x + y + z = 0. A hole is on the board when all of
// x, y, z >= -4 or all <= 4. The star is drawn upright: z is the row (z = -8
// the top tip), x grows left to right, screen x = x + z/2, screen y = z·√3/2.
// Cell order: rows top to bottom, left to right inside a row (index 0..120).
// Arms: 0 top (z < -4), 1 upper-right (x > 4), 2 lower-right (y < -4),
// 3 bottom (z > 4), 4 lower-left (x < -4), 5 upper-left (y > 4); -1 the hexagon.

export const CELLS = 121;
export const ROW_HEIGHT = Math.sqrt(3) / 2;
export const HOLE_RADIUS = 0.2; // in hole spacings
export const PIECE_RADIUS = 0.4;

// Free space around the star (in hole spacings) for piece radius and the glow.
const PAD = 0.85;
// The star spans 12 spacings across (screen x -6..6) and 16 rows down.
const SPAN_X = 12;
const SPAN_Y = 16 * ROW_HEIGHT;

function armOfCube(x, y, z) {
  if (z < -4) return 0;
  if (x > 4) return 1;
  if (y < -4) return 2;
  if (z > 4) return 3;
  if (x < -4) return 4;
  if (y > 4) return 5;
  return -1;
}

// [{index, x, y, z, arm, row, sx, sy}] in cell order; sx, sy in hole spacings
// relative to the centre of the board.
function buildCells() {
  const cells = [];
  for (let z = -8; z <= 8; z++) {
    for (let x = -12; x <= 12; x++) {
      const y = 0 - x - z + 0; // never -0
      const low = x >= -4 && y >= -4 && z >= -4;
      const high = x <= 4 && y <= 4 && z <= 4;
      if (!low && !high) continue;
      cells.push({ index: cells.length, x, y, z, arm: armOfCube(x, y, z), row: z + 8, sx: x + z / 2, sy: z * ROW_HEIGHT });
    }
  }
  return Object.freeze(cells.map(Object.freeze));
}

export const CELL_LIST = buildCells();

const BY_CUBE = new Map(CELL_LIST.map((c) => [c.x + ',' + c.z, c.index]));

// The index of the hole at cube (x, ·, z), or -1 off the board.
export function cellAtCube(x, z) {
  const i = BY_CUBE.get(x + ',' + z);
  return i === undefined ? -1 : i;
}

export function isCell(i) {
  return Number.isInteger(i) && i >= 0 && i < CELLS;
}

export const DIRECTIONS = Object.freeze([
  [1, -1, 0],
  [1, 0, -1],
  [0, 1, -1],
  [-1, 1, 0],
  [-1, 0, 1],
  [0, -1, 1],
]);

// Up to six adjacent holes (for the keyboard cursor and the drawing of paths).
export function neighbours(i) {
  const c = CELL_LIST[i];
  const out = [];
  for (const [dx, , dz] of DIRECTIONS) {
    const n = cellAtCube(c.x + dx, c.z + dz);
    if (n >= 0) out.push(n);
  }
  return out;
}

export function areAdjacent(a, b) {
  if (!isCell(a) || !isCell(b)) return false;
  const p = CELL_LIST[a];
  const q = CELL_LIST[b];
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z)) === 1;
}

// Holes of one arm, apex first, then row by row towards the hexagon.
export function armCells(arm) {
  const cells = CELL_LIST.filter((c) => c.arm === arm);
  return cells.sort((a, b) => depthInArm(b) - depthInArm(a)).map((c) => c.index);
}

// How far into its arm a hole lies: 4 at the apex, 1 on the row next to the
// hexagon, 0 in the hexagon.
export function depthInArm(cell) {
  const c = typeof cell === 'number' ? CELL_LIST[cell] : cell;
  return Math.max(0, Math.max(Math.abs(c.x), Math.abs(c.y), Math.abs(c.z)) - 4);
}

// The apex of each arm as a screen direction (unit vector in hole spacings).
export function armDirection(arm) {
  const a = (arm * Math.PI) / 3; // arm 0 points up, then clockwise
  return { x: Math.sin(a), y: -Math.cos(a) };
}

// The layout for a canvas of width×height CSS pixels; `insetTop` keeps room for
// an overlay at the top (the info bar). Returns {width, height, unit (hole
// spacing), cx, cy (board centre), holeRadius, pieceRadius, bounds}.
export function boardLayout(width, height, insetTop = 0) {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const top = Math.min(Math.max(0, insetTop), h * 0.3);
  const unit = Math.max(1, Math.min(w / (SPAN_X + 2 * PAD), (h - top) / (SPAN_Y + 2 * PAD)));
  const cx = w / 2;
  const cy = top + (h - top) / 2;
  return {
    width: w,
    height: h,
    unit,
    cx,
    cy,
    insetTop: top,
    holeRadius: HOLE_RADIUS * unit,
    pieceRadius: PIECE_RADIUS * unit,
    bounds: { x: cx - (SPAN_X / 2) * unit, y: cy - (SPAN_Y / 2) * unit, w: SPAN_X * unit, h: SPAN_Y * unit },
  };
}

// Centre of hole i in CSS pixels.
export function centerOf(layout, i) {
  const c = CELL_LIST[i];
  return { x: layout.cx + c.sx * layout.unit, y: layout.cy + c.sy * layout.unit };
}

// The hole under (x, y): the nearest centre within half a spacing, else -1.
export function cellAt(layout, x, y) {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return -1;
  const sy = (y - layout.cy) / layout.unit;
  const sx = (x - layout.cx) / layout.unit;
  const z = Math.round(sy / ROW_HEIGHT);
  let best = -1;
  let bestD = 0.5 * 0.5;
  for (let dz = -1; dz <= 1; dz++) {
    const row = z + dz;
    const cubeX = Math.round(sx - row / 2);
    for (let dx = -1; dx <= 1; dx++) {
      const i = cellAtCube(cubeX + dx, row);
      if (i < 0) continue;
      const c = CELL_LIST[i];
      const d = (c.sx - sx) ** 2 + (c.sy - sy) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
  }
  return best;
}

// The twelve corners of the star through the outermost hole centres (screen
// units, clockwise from the top tip): tips at 8 rows from the centre, inner
// corners at 4 spacings. Stroke it with round joins to grow it evenly.
export function starOutline() {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (k * Math.PI) / 3;
    pts.push({ x: Math.sin(a) * 8 * ROW_HEIGHT, y: -Math.cos(a) * 8 * ROW_HEIGHT });
    const b = a + Math.PI / 6;
    pts.push({ x: Math.sin(b) * 4, y: -Math.cos(b) * 4 });
  }
  return pts;
}

// Screen-direction neighbours for the keyboard cursor: Left/Right move inside
// the row, Up/Down to the row above/below, to the hole nearest in screen x.
export function cursorStep(i, key) {
  if (!isCell(i)) return 60; // the centre hole
  const c = CELL_LIST[i];
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const n = cellAtCube(c.x + (key === 'ArrowLeft' ? -1 : 1), c.z);
    return n >= 0 ? n : i;
  }
  const row = c.z + (key === 'ArrowUp' ? -1 : 1);
  if (row < -8 || row > 8) return i;
  let best = i;
  let bestD = Infinity;
  for (const d of CELL_LIST) {
    if (d.z !== row) continue;
    const dist = Math.abs(d.sx - c.sx);
    if (dist < bestD - 1e-9) {
      bestD = dist;
      best = d.index;
    }
  }
  return best;
}
