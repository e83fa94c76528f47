// Unit tests of web/games/xiangqi/board/board_geometry.js (pure functions): node --test tests/web/
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  boardLayout,
  centerOf,
  squareAt,
  squareOf,
  fileOf,
  rankOf,
  FILES,
  RANKS,
  SQUARES,
} from '../../web/games/xiangqi/board/board_geometry.js';

const SIZES = [
  [760, 860],
  [390, 844],
  [1100, 560],
  [320, 320],
  [1920, 1080],
];

test('every square maps to its centre and back, both orientations', () => {
  for (const [w, h] of SIZES) {
    for (const flipped of [false, true]) {
      const layout = boardLayout(w, h, flipped);
      for (let s = 0; s < SQUARES; s++) {
        const c = centerOf(layout, s);
        assert.equal(squareAt(layout, c.x, c.y), s);
        // Generous: 0.4 cell off in any axis direction still hits.
        const d = 0.4 * layout.cell;
        for (const [dx, dy] of [
          [d, 0],
          [-d, 0],
          [0, d],
          [0, -d],
        ]) {
          assert.equal(squareAt(layout, c.x + dx, c.y + dy), s);
        }
      }
    }
  }
});

test('red at the bottom unflipped: a0 bottom-left, i9 top-right', () => {
  const layout = boardLayout(760, 860, false);
  const a0 = centerOf(layout, squareOf(0, 0));
  const i9 = centerOf(layout, squareOf(8, 9));
  assert.ok(a0.x < i9.x && a0.y > i9.y);
  assert.equal(a0.x, layout.left);
  assert.equal(a0.y, layout.bottom);
});

test('flipped is a 180° turn about the canvas centre', () => {
  for (const [w, h] of SIZES) {
    const a = boardLayout(w, h, false);
    const b = boardLayout(w, h, true);
    for (let s = 0; s < SQUARES; s++) {
      const p = centerOf(a, s);
      const q = centerOf(b, s);
      assert.ok(Math.abs(p.x + q.x - w) < 1e-9 && Math.abs(p.y + q.y - h) < 1e-9);
    }
  }
});

test('points between intersections and outside the grid miss', () => {
  const layout = boardLayout(760, 860, false);
  const c = centerOf(layout, squareOf(4, 4));
  assert.equal(squareAt(layout, c.x + 0.5 * layout.cell, c.y + 0.5 * layout.cell), -1);
  assert.equal(squareAt(layout, layout.left - layout.cell, layout.top), -1);
  assert.equal(squareAt(layout, layout.right, layout.bottom + layout.cell), -1);
  assert.equal(squareAt(layout, -5, -5), -1);
});

test('the board fits inside the canvas with margins, any aspect ratio', () => {
  for (const [w, h] of SIZES) {
    const { board, cell, left, right, top, bottom, pieceRadius } = boardLayout(w, h);
    assert.ok(board.x >= 0 && board.y >= 0 && board.x + board.w <= w + 1e-9 && board.y + board.h <= h + 1e-9);
    assert.ok(left - pieceRadius > board.x && right + pieceRadius < board.x + board.w);
    // Room for the file numbers beyond the pieces at top and bottom.
    assert.ok(top - pieceRadius - 0.5 * cell > board.y && bottom + pieceRadius + 0.5 * cell < board.y + board.h);
    assert.ok(Math.abs(right - left - (FILES - 1) * cell) < 1e-9);
    assert.ok(Math.abs(bottom - top - (RANKS - 1) * cell) < 1e-9);
  }
  // Phone portrait: the board uses nearly the full width (a small shadow margin).
  const phone = boardLayout(390, 844);
  assert.ok(phone.board.w / 390 > 0.95);
});

test('file and rank of a square', () => {
  assert.equal(fileOf(22), 4);
  assert.equal(rankOf(22), 2);
  assert.equal(squareOf(4, 2), 22);
});
