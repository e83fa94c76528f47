// Draws the tic-tac-toe board: a pure function of the snapshot and the view
/* global getComputedStyle */
// (the grid, the marks, the last move, the legal squares for a human).
import { boardLayout, centerOf, SIZE } from './board_geometry.js';

export function drawBoard(ctx, snap, view) {
  const { width, height, dpr } = view;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const layout = boardLayout(width, height);
  const { cell, left, top } = layout;
  const style = getComputedStyle(ctx.canvas);
  const ink = style.getPropertyValue('--text').trim() || '#222';
  const accent = style.getPropertyValue('--accent').trim() || '#c33';
  ctx.lineWidth = Math.max(2, cell * 0.04);
  ctx.lineCap = 'round';
  ctx.strokeStyle = ink;
  for (let i = 1; i < SIZE; i++) {
    ctx.beginPath();
    ctx.moveTo(left + i * cell, top);
    ctx.lineTo(left + i * cell, top + SIZE * cell);
    ctx.moveTo(left, top + i * cell);
    ctx.lineTo(left + SIZE * cell, top + i * cell);
    ctx.stroke();
  }
  const r = cell * 0.3;
  snap.board.forEach((mark, square) => {
    const { x, y } = centerOf(layout, square);
    ctx.strokeStyle = square === snap.lastMove ? accent : ink;
    ctx.beginPath();
    if (mark === 1) {
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y + r);
      ctx.moveTo(x + r, y - r);
      ctx.lineTo(x - r, y + r);
    } else if (mark === 2) {
      ctx.arc(x, y, r, 0, 2 * Math.PI);
    } else if (view.showLegal && square === view.hover) {
      ctx.globalAlpha = 0.3;
      ctx.arc(x, y, cell * 0.08, 0, 2 * Math.PI);
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
  });
  return { active: false };
}
