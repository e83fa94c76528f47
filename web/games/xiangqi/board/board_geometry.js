// Xiangqi board geometry: squares <-> canvas CSS pixels. Pure functions, no DOM.
//
// A square is rank * 9 + file: rank 0 is red's back rank, file 0 is file "a" (red's
// left). Unflipped, red sits at the bottom; flipped is a true 180° turn (black at the
// bottom, files mirrored too). The layout fits any canvas aspect ratio: the board keeps
// its proportions and is centred, with margins for pieces and file numbers.

export const FILES = 9;
export const RANKS = 10;
export const SQUARES = FILES * RANKS;

// Margins beyond the outer grid lines, in cells: room for a piece (radius 0.45) on
// the sides, and for a piece plus a row of file numbers at top and bottom.
export const MARGIN_X = 0.72;
export const MARGIN_Y = 1.12;
const OUTER_PAD = 0.14; // free space around the wooden board for its shadow, in cells
export const PIECE_RADIUS = 0.45; // in cells
export const HIT_RADIUS = 0.45; // in cells

export function fileOf(square) {
  return square % FILES;
}

export function rankOf(square) {
  return (square / FILES) | 0;
}

export function squareOf(file, rank) {
  return rank * FILES + file;
}

export function isSquare(square) {
  return Number.isInteger(square) && square >= 0 && square < SQUARES;
}

// The layout for a canvas of width×height CSS pixels.
// Returns {width, height, flipped, cell, left, top, right, bottom, board, pieceRadius}:
// left/top/right/bottom are the outer grid lines on screen, board the wooden
// rectangle {x, y, w, h} (frame included).
export function boardLayout(width, height, flipped = false) {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const cell = Math.max(
    1,
    Math.min(w / (FILES - 1 + 2 * MARGIN_X + 2 * OUTER_PAD), h / (RANKS - 1 + 2 * MARGIN_Y + 2 * OUTER_PAD)),
  );
  const gridW = (FILES - 1) * cell;
  const gridH = (RANKS - 1) * cell;
  const left = (w - gridW) / 2;
  const top = (h - gridH) / 2;
  return {
    width: w,
    height: h,
    flipped: !!flipped,
    cell,
    left,
    top,
    right: left + gridW,
    bottom: top + gridH,
    board: {
      x: left - MARGIN_X * cell,
      y: top - MARGIN_Y * cell,
      w: gridW + 2 * MARGIN_X * cell,
      h: gridH + 2 * MARGIN_Y * cell,
    },
    pieceRadius: PIECE_RADIUS * cell,
  };
}

// Screen column (0 = leftmost) and row (0 = topmost) of a board file/rank.
export function columnOf(layout, file) {
  return layout.flipped ? FILES - 1 - file : file;
}

export function rowOf(layout, rank) {
  return layout.flipped ? rank : RANKS - 1 - rank;
}

// Centre of a (possibly fractional) file/rank in CSS pixels.
export function pointOf(layout, file, rank) {
  const col = layout.flipped ? FILES - 1 - file : file;
  const row = layout.flipped ? rank : RANKS - 1 - rank;
  return { x: layout.left + col * layout.cell, y: layout.top + row * layout.cell };
}

// Centre of a square's intersection in CSS pixels.
export function centerOf(layout, square) {
  return pointOf(layout, fileOf(square), rankOf(square));
}

// The square whose intersection is within hitRadius cells of (x, y), else -1.
export function squareAt(layout, x, y, hitRadius = HIT_RADIUS) {
  const col = Math.round((x - layout.left) / layout.cell);
  const row = Math.round((y - layout.top) / layout.cell);
  if (col < 0 || col >= FILES || row < 0 || row >= RANKS) return -1;
  const dx = x - (layout.left + col * layout.cell);
  const dy = y - (layout.top + row * layout.cell);
  const r = hitRadius * layout.cell;
  if (dx * dx + dy * dy > r * r) return -1;
  const file = layout.flipped ? FILES - 1 - col : col;
  const rank = layout.flipped ? row : RANKS - 1 - row;
  return squareOf(file, rank);
}
