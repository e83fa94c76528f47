// Reversi board geometry: squares <-> canvas CSS pixels. Pure functions, no DOM.
//
// A square is row * 8 + col: row 0 is the TOP row (Othello row "1"), col 0 is column
// "a", so square 0 is a1 and 63 is h8, as in the engine's snapshot and in the Othello
// world's board strings. Discs sit inside the cells (not on intersections as in
// xiangqi), so every point of the 8×8 playing area belongs to exactly one square.
// The layout fits any canvas aspect ratio: the board stays square and is centred, with
// a wooden rim that carries the coordinates.

export const SIZE = 8;
export const SQUARES = SIZE * SIZE;
export const FILES = 'abcdefgh';

// Rim beyond the playing area (coordinates live on it) and free space around the rim
// for the board's drop shadow, both in cells.
export const RIM = 0.5;
export const FELT_MARGIN = 0.07; // a strip of felt outside the outer grid line
const OUTER_PAD = 0.1;
export const DISC_RADIUS = 0.425; // in cells

export function colOf(square) {
  return square & 7;
}

export function rowOf(square) {
  return square >> 3;
}

export function squareOf(col, row) {
  return row * SIZE + col;
}

export function isSquare(square) {
  return Number.isInteger(square) && square >= 0 && square < SQUARES;
}

// "a1".."h8" for 0..63; '' for anything else (including -1, a pass).
export function squareName(square) {
  if (!isSquare(square)) return '';
  return FILES[colOf(square)] + String(rowOf(square) + 1);
}

// Inverse of squareName (case-insensitive); -1 when the text is not a square.
export function parseSquare(text) {
  const m = /^([a-h])([1-8])$/i.exec(String(text).trim());
  if (!m) return -1;
  return squareOf(m[1].toLowerCase().charCodeAt(0) - 97, +m[2] - 1);
}

// The layout for a canvas of width×height CSS pixels.
// Returns {width, height, cell, left, top, right, bottom, felt, board, rim,
// discRadius}: left/top/right/bottom bound the 8×8 playing area, felt the green
// rectangle {x, y, w, h} (grid plus a thin margin), board the whole board with its rim,
// rim the rim width in CSS px.
export function boardLayout(width, height) {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const span = SIZE + 2 * (FELT_MARGIN + RIM + OUTER_PAD);
  const cell = Math.max(1, Math.min(w, h) / span);
  const grid = SIZE * cell;
  const left = (w - grid) / 2;
  const top = (h - grid) / 2;
  const fm = FELT_MARGIN * cell;
  const outer = (FELT_MARGIN + RIM) * cell;
  return {
    width: w,
    height: h,
    cell,
    left,
    top,
    right: left + grid,
    bottom: top + grid,
    felt: { x: left - fm, y: top - fm, w: grid + 2 * fm, h: grid + 2 * fm },
    board: { x: left - outer, y: top - outer, w: grid + 2 * outer, h: grid + 2 * outer },
    rim: RIM * cell,
    discRadius: DISC_RADIUS * cell,
  };
}

// Centre of a (possibly fractional) col/row in CSS pixels.
export function pointOf(layout, col, row) {
  return { x: layout.left + (col + 0.5) * layout.cell, y: layout.top + (row + 0.5) * layout.cell };
}

// Centre of a square in CSS pixels.
export function centerOf(layout, square) {
  return pointOf(layout, colOf(square), rowOf(square));
}

// The square whose cell contains (x, y), else -1 (outside the playing area).
export function squareAt(layout, x, y) {
  const col = Math.floor((x - layout.left) / layout.cell);
  const row = Math.floor((y - layout.top) / layout.cell);
  if (!(col >= 0 && col < SIZE && row >= 0 && row < SIZE)) return -1;
  return squareOf(col, row);
}

// Chebyshev distance between two squares: the number of steps along a line, which is
// how far a flip is from the placed disc.
export function stepsBetween(a, b) {
  return Math.max(Math.abs(colOf(a) - colOf(b)), Math.abs(rowOf(a) - rowOf(b)));
}
