// Tic-tac-toe board geometry: squares <-> canvas CSS pixels. Pure functions.
// A square is row * 3 + col, row 0 the top row ("1"), col 0 column "a", as
// in the engine's snapshot.

export const SIZE = 3;
const MARGIN = 0.15; // in cells, around the grid

export function squareName(square) {
  return Number.isInteger(square) && square >= 0 && square < 9 ? 'abc'[square % 3] + String(Math.floor(square / 3) + 1) : '';
}

// {cell, left, top}: the largest square grid centred in width x height.
export function boardLayout(width, height) {
  const cell = Math.max(1, Math.min(width, height) / (SIZE + 2 * MARGIN));
  return { cell, left: (width - SIZE * cell) / 2, top: (height - SIZE * cell) / 2 };
}

export function squareAt(layout, x, y) {
  const col = Math.floor((x - layout.left) / layout.cell);
  const row = Math.floor((y - layout.top) / layout.cell);
  return col >= 0 && col < SIZE && row >= 0 && row < SIZE ? row * SIZE + col : -1;
}

export function centerOf(layout, square) {
  return {
    x: layout.left + ((square % SIZE) + 0.5) * layout.cell,
    y: layout.top + (Math.floor(square / SIZE) + 0.5) * layout.cell,
  };
}
