// A DOM/ARIA mirror of the board: one grid cell per intersection, so screen
// readers and keyboard users see the same state as the canvas. Arrow keys move
// a cursor; Enter or Space picks up and drops. The mirror only reports which
// square was activated; the app asks the engine what that means.

import { FILES, RANKS, squareOf } from '../xiangqi/board_geometry.js';
import { pieceName } from '../xiangqi/pieces.js';

const FILE_LETTERS = 'abcdefghi';

export class AriaBoard {
  constructor(container, { onActivate, onCursor, label }) {
    this.onActivate = onActivate;
    this.onCursor = onCursor;
    this.cursor = squareOf(4, 0);
    this.flipped = false;
    this.grid = document.createElement('div');
    this.grid.className = 'aria-board';
    this.grid.setAttribute('role', 'grid');
    this.grid.setAttribute('aria-label', label);
    this.grid.tabIndex = 0;
    this.cells = new Map();
    for (let row = 0; row < RANKS; row++) {
      const rowEl = document.createElement('div');
      rowEl.setAttribute('role', 'row');
      for (let col = 0; col < FILES; col++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        rowEl.appendChild(cell);
        this.cells.set(row * FILES + col, cell);
      }
      this.grid.appendChild(rowEl);
    }
    this.grid.addEventListener('keydown', (event) => this.onKey(event));
    this.grid.addEventListener('focus', () => this.onCursor(this.cursor));
    this.grid.addEventListener('blur', () => this.onCursor(-1));
    container.appendChild(this.grid);
  }

  squareAtCell(row, col) {
    return this.flipped ? squareOf(FILES - 1 - col, row) : squareOf(col, RANKS - 1 - row);
  }

  update(snapshot, flipped, selected, targets, names) {
    this.flipped = flipped;
    for (let row = 0; row < RANKS; row++) {
      for (let col = 0; col < FILES; col++) {
        const square = this.squareAtCell(row, col);
        const cell = this.cells.get(row * FILES + col);
        const code = snapshot.board[square];
        const where = FILE_LETTERS[square % FILES] + Math.floor(square / FILES);
        const what = code ? pieceName(code) : names.empty;
        cell.dataset.square = String(square);
        cell.setAttribute('aria-label', `${where} ${what}`);
        cell.setAttribute('aria-selected', String(square === selected));
        cell.classList.toggle('target', targets.includes(square));
      }
    }
  }

  onKey(event) {
    const deltas = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (deltas[event.key]) {
      event.preventDefault();
      const [dc, dr] = deltas[event.key];
      const file = this.cursor % FILES;
      const rank = Math.floor(this.cursor / FILES);
      // Screen directions: up is towards the top of the drawn board.
      const sign = this.flipped ? -1 : 1;
      const nf = Math.min(FILES - 1, Math.max(0, file + dc * sign));
      const nr = Math.min(RANKS - 1, Math.max(0, rank - dr * sign));
      this.cursor = squareOf(nf, nr);
      const cell = [...this.cells.values()].find((c) => c.dataset.square === String(this.cursor));
      if (cell) this.grid.setAttribute('aria-activedescendant', (cell.id ||= `sq-${this.cursor}`));
      this.onCursor(this.cursor);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onActivate(this.cursor);
    }
  }
}
