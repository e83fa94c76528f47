// A DOM/ARIA mirror of a board of holes laid out in rows of different lengths
// (the Chinese checkers star): one grid row per board row, one cell per hole,
// so screen readers and keyboard users see the same state as the canvas.
// Arrow keys move a cursor between neighbouring holes in screen directions
// (`step(cell, key)` says where); Enter or Space activates the hole under it.
// Same interface as AriaBoard (aria_board.js): update(describe, marks), setLabel, destroy.
//
// `geometry`: {rows: [[cell, ...], ...] top to bottom, start (cell), step(cell, key)}.

export class AriaHexBoard {
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
    this.cells = new Map();
    for (const row of geometry.rows) {
      const rowEl = document.createElement('div');
      rowEl.setAttribute('role', 'row');
      for (const cell of row) {
        const el = document.createElement('div');
        el.setAttribute('role', 'gridcell');
        el.id = `aria-hole-${cell}`;
        el.dataset.square = String(cell);
        rowEl.appendChild(el);
        this.cells.set(cell, el);
      }
      this.grid.appendChild(rowEl);
    }
    this.grid.addEventListener('keydown', (event) => this.onKey(event));
    this.grid.addEventListener('focus', () => this.moveTo(this.cursor));
    this.grid.addEventListener('blur', () => this.onCursor(-1));
    container.appendChild(this.grid);
  }

  setLabel(label) {
    this.grid.setAttribute('aria-label', label);
  }

  // The controller goes (a switch of game): the grid leaves the page.
  destroy() {
    this.grid.remove();
  }

  // describe(cell) gives each hole's spoken label; marks: {selected, targets}.
  update(describe, { selected = -1, targets = [] } = {}) {
    const marked = new Set(targets);
    // Only what changed is written: 121 holes per move add up otherwise.
    for (const [cell, el] of this.cells) {
      const label = describe(cell);
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      const chosen = String(cell === selected);
      if (el.getAttribute('aria-selected') !== chosen) el.setAttribute('aria-selected', chosen);
      if (el.classList.contains('target') !== marked.has(cell)) el.classList.toggle('target');
    }
  }

  moveTo(cell) {
    this.cursor = cell;
    this.grid.setAttribute('aria-activedescendant', `aria-hole-${cell}`);
    this.onCursor(cell);
  }

  onKey(event) {
    if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
      event.preventDefault();
      this.moveTo(this.geometry.step(this.cursor, event.key));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      this.onActivate(this.cursor);
    }
  }
}
