// Pointer input on the board canvas: click-click and drag-and-drop with mouse,
// touch and pen. It reports squares; the app decides (with the engine) what a
// pick or a drop means.

const DRAG_THRESHOLD_PX = 6;

export class BoardInput {
  // `signal` ends the listeners (the controller's lifetime).
  constructor(canvas, { squareAt, onPick, onDrop = () => {}, onDrag = () => {}, onHover, signal }) {
    this.canvas = canvas;
    this.squareAt = squareAt;
    this.onPick = onPick; // (square) => boolean: true when a piece is now held
    this.onDrop = onDrop; // (fromSquare, toSquare)
    this.onDrag = onDrag; // (null | {square, x, y})
    this.onHover = onHover;
    this.press = null;
    const listen = { signal };
    canvas.addEventListener('pointerdown', (e) => this.down(e), listen);
    canvas.addEventListener('pointermove', (e) => this.move(e), listen);
    canvas.addEventListener('pointerup', (e) => this.up(e), listen);
    canvas.addEventListener('pointercancel', () => this.cancel(), listen);
    canvas.addEventListener('pointerleave', () => this.onHover(-1), listen);
    canvas.style.touchAction = 'none';
  }

  point(e) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  down(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const p = this.point(e);
    const square = this.squareAt(p.x, p.y);
    const holding = this.onPick(square);
    this.press = holding ? { square, start: p, dragging: false, id: e.pointerId } : null;
    if (holding) this.canvas.setPointerCapture?.(e.pointerId);
  }

  move(e) {
    const p = this.point(e);
    if (!this.press) {
      if (e.pointerType === 'mouse') this.onHover(this.squareAt(p.x, p.y));
      return;
    }
    const moved = Math.hypot(p.x - this.press.start.x, p.y - this.press.start.y);
    if (!this.press.dragging && moved > DRAG_THRESHOLD_PX) this.press.dragging = true;
    if (this.press.dragging) this.onDrag({ square: this.press.square, x: p.x, y: p.y });
  }

  up(e) {
    const press = this.press;
    this.press = null;
    if (!press || !press.dragging) return; // a click: the pick already happened
    this.onDrag(null);
    const p = this.point(e);
    const target = this.squareAt(p.x, p.y);
    if (target >= 0 && target !== press.square) this.onDrop(press.square, target);
  }

  cancel() {
    if (this.press && this.press.dragging) this.onDrag(null);
    this.press = null;
  }
}
