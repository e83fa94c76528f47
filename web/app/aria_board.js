// A DOM/ARIA mirror of a board: one grid cell per square, so screen readers
// and keyboard users see the same state as the canvas. Arrow keys move a
// cursor (in screen directions); Enter or Space activates the square under it.
// The mirror only reports squares; the app asks the engine what they mean.
//
// `geometry` describes the board kind: {columns, rows, squareAt(row, col)
// (screen cell to square, already flipped if the board is), start (square)}.

export class AriaBoard {
  constructor(container, { geometry, onActivate, onCursor, label }) {
    this.onActivate = onActivate;
    this.onCursor = onCursor;
    this.geometry = geometry;
    this.cursor = geometry.start;
    this.grid = document.createElement('div');
    this.grid.className = 'aria-board';
    this.grid.setAttribute('role', 'grid');
    this.grid.setAttribute('aria-label', label);
    this.grid.tabIndex = 0;
    this.cells = [];
    for (let row = 0; row < geometry.rows; row++) {
      const rowEl = document.createElement('div');
      rowEl.setAttribute('role', 'row');
      for (let col = 0; col < geometry.columns; col++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.id = `aria-cell-${row}-${col}`;
        rowEl.appendChild(cell);
        this.cells.push(cell);
      }
      this.grid.appendChild(rowEl);
    }
    this.grid.addEventListener('keydown', (event) => this.onKey(event));
    this.grid.addEventListener('focus', () => this.onCursor(this.cursor));
    this.grid.addEventListener('blur', () => this.onCursor(-1));
    container.appendChild(this.grid);
  }

  // The board's name, in the page's language (renamed when it changes).
  setLabel(label) {
    this.grid.setAttribute('aria-label', label);
  }

  // The controller goes (a switch of game): the grid leaves the page.
  destroy() {
    this.grid.remove();
  }

  cellOf(square) {
    for (let row = 0; row < this.geometry.rows; row++)
      for (let col = 0; col < this.geometry.columns; col++) if (this.geometry.squareAt(row, col) === square) return { row, col };
    return { row: 0, col: 0 };
  }

  // describe(square) gives each cell's spoken label; marks: {selected, targets}.
  update(describe, { selected = -1, targets = [] } = {}) {
    for (let row = 0; row < this.geometry.rows; row++) {
      for (let col = 0; col < this.geometry.columns; col++) {
        const square = this.geometry.squareAt(row, col);
        const cell = this.cells[row * this.geometry.columns + col];
        cell.dataset.square = String(square);
        cell.setAttribute('aria-label', describe(square));
        cell.setAttribute('aria-selected', String(square === selected));
        cell.classList.toggle('target', targets.includes(square));
      }
    }
  }

  onKey(event) {
    const deltas = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (deltas[event.key]) {
      event.preventDefault();
      const [dr, dc] = deltas[event.key];
      // The cursor is a square; screen directions follow the board as drawn.
      const at = this.cellOf(this.cursor);
      const row = Math.min(this.geometry.rows - 1, Math.max(0, at.row + dr));
      const col = Math.min(this.geometry.columns - 1, Math.max(0, at.col + dc));
      this.cursor = this.geometry.squareAt(row, col);
      this.grid.setAttribute('aria-activedescendant', `aria-cell-${row}-${col}`);
      this.onCursor(this.cursor);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onActivate(this.cursor);
    }
  }
}
