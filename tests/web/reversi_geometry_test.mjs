// Unit tests of the pure parts of the Reversi renderer: board geometry, the flip
// animation's timing and the evaluation graph's scales and hit test.
//   node tests/web/reversi_geometry_test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  boardLayout,
  centerOf,
  squareAt,
  squareOf,
  colOf,
  rowOf,
  squareName,
  parseSquare,
  stepsBetween,
  SIZE,
  SQUARES,
} from '../../web/games/reversi/board/board_geometry.js';
import {
  flipAnimation,
  flipDelay,
  flipFrame,
  dropFrame,
  animationDuration,
  isRunning,
} from '../../web/games/reversi/board/animation.js';
import { evalGraphLayout, plyAt, plyX, scoreY } from '../../web/games/reversi/board/eval_graph.js';

const SIZES = [
  [760, 760],
  [390, 844],
  [1100, 560],
  [300, 300],
  [1920, 1080],
  [844, 390],
];

test('every square maps to its centre and back; the whole cell belongs to it', () => {
  for (const [w, h] of SIZES) {
    const layout = boardLayout(w, h);
    for (let s = 0; s < SQUARES; s++) {
      const c = centerOf(layout, s);
      assert.equal(squareAt(layout, c.x, c.y), s);
      const d = 0.49 * layout.cell;
      for (const [dx, dy] of [
        [d, d],
        [-d, -d],
        [d, -d],
        [-d, d],
      ]) {
        assert.equal(squareAt(layout, c.x + dx, c.y + dy), s, `${w}x${h} square ${s}`);
      }
    }
  }
});

test('row 0 (Othello row 1) is at the top and column a on the left', () => {
  const layout = boardLayout(760, 760);
  const a1 = centerOf(layout, parseSquare('a1'));
  const h1 = centerOf(layout, parseSquare('h1'));
  const a8 = centerOf(layout, parseSquare('a8'));
  assert.ok(a1.x < h1.x && a1.y === h1.y);
  assert.ok(a1.y < a8.y && a1.x === a8.x);
  assert.equal(a1.x, layout.left + layout.cell / 2);
  assert.equal(a1.y, layout.top + layout.cell / 2);
  assert.equal(squareAt(layout, layout.left + 1, layout.top + 1), 0);
  assert.equal(squareAt(layout, layout.right - 1, layout.bottom - 1), 63);
});

test('points outside the playing area miss', () => {
  for (const [w, h] of SIZES) {
    const layout = boardLayout(w, h);
    assert.equal(squareAt(layout, layout.left - 1, layout.top + 5), -1);
    assert.equal(squareAt(layout, layout.right + 0.01, layout.top + 5), -1);
    assert.equal(squareAt(layout, layout.left + 5, layout.top - 0.01), -1);
    assert.equal(squareAt(layout, layout.left + 5, layout.bottom + 1), -1);
    assert.equal(squareAt(layout, -5, -5), -1);
    assert.equal(squareAt(layout, NaN, 10), -1);
  }
});

test('the board is square, centred and inside the canvas at any aspect ratio', () => {
  for (const [w, h] of SIZES) {
    const { board, felt, cell, left, right, top, bottom, rim, discRadius } = boardLayout(w, h);
    assert.ok(Math.abs(right - left - SIZE * cell) < 1e-9);
    assert.ok(Math.abs(bottom - top - SIZE * cell) < 1e-9);
    assert.ok(Math.abs(board.w - board.h) < 1e-9);
    assert.ok(board.x > 0 && board.y > 0 && board.x + board.w < w && board.y + board.h < h);
    assert.ok(Math.abs(board.x + board.w / 2 - w / 2) < 1e-9 && Math.abs(board.y + board.h / 2 - h / 2) < 1e-9);
    // The felt holds the grid; the rim (with the coordinates) surrounds the felt.
    assert.ok(felt.x < left && felt.x + felt.w > right && felt.y < top && felt.y + felt.h > bottom);
    assert.ok(Math.abs(felt.x - board.x - rim) < 1e-9);
    assert.ok(discRadius < cell / 2);
  }
  // Phone portrait: the board uses nearly the full width.
  const phone = boardLayout(390, 844);
  assert.ok(phone.board.w / 390 > 0.95);
});

test('square names follow the Othello convention', () => {
  assert.equal(squareName(0), 'a1');
  assert.equal(squareName(7), 'h1');
  assert.equal(squareName(squareOf(5, 4)), 'f5');
  assert.equal(squareName(63), 'h8');
  assert.equal(squareName(-1), '');
  for (let s = 0; s < SQUARES; s++) assert.equal(parseSquare(squareName(s)), s);
  assert.equal(parseSquare('F5'), 37);
  for (const bad of ['', 'i1', 'a0', 'a9', 'aa', 'a10', 'pass', '5f']) assert.equal(parseSquare(bad), -1, bad);
  assert.equal(colOf(37), 5);
  assert.equal(rowOf(37), 4);
});

test('flips ripple outward by distance from the placed disc, whatever the list order', () => {
  const h4 = parseSquare('h4');
  const flips = ['d4', 'g4', 'e7', 'f2', 'g3', 'h5'].map(parseSquare); // deliberately unordered
  const anim = flipAnimation(h4, flips, 2, 1000, { stepMs: 60, flipMs: 300, dropMs: 150 });
  assert.equal(stepsBetween(h4, parseSquare('d4')), 4);
  assert.equal(stepsBetween(h4, parseSquare('e7')), 3);
  const g4 = flipDelay(anim, parseSquare('g4'));
  assert.equal(flipDelay(anim, parseSquare('g3')), g4);
  assert.equal(flipDelay(anim, parseSquare('h5')), g4);
  assert.equal(flipDelay(anim, parseSquare('f2')), g4 + 60);
  assert.equal(flipDelay(anim, parseSquare('e7')), g4 + 120);
  assert.equal(flipDelay(anim, parseSquare('d4')), g4 + 180);
  assert.equal(animationDuration(anim), g4 + 180 + 300);
  assert.ok(isRunning(anim, 1000 + g4 + 479));
  assert.ok(!isRunning(anim, 1000 + g4 + 480));
  assert.ok(!isRunning(null, 0));
});

test('a turning disc shows the old colour, goes edge-on at the midpoint, then the new one', () => {
  const c3 = parseSquare('c3');
  const anim = flipAnimation(c3, [parseSquare('d3'), parseSquare('d4'), parseSquare('c4')], 1, 0);
  const s = parseSquare('d4');
  const t0 = flipDelay(anim, s);
  const before = flipFrame(anim, s, t0 - 1);
  assert.equal(before.t, 0);
  assert.equal(before.showsNew, false);
  assert.ok(Math.abs(before.squash - 1) < 1e-9 && before.lift < 1e-9);
  const midway = flipFrame(anim, s, t0 + anim.flipMs / 2);
  assert.ok(midway.squash < 1e-6 && Math.abs(midway.lift - 1) < 1e-6);
  assert.equal(flipFrame(anim, s, t0 + anim.flipMs * 0.45).showsNew, false);
  assert.equal(flipFrame(anim, s, t0 + anim.flipMs * 0.55).showsNew, true);
  const after = flipFrame(anim, s, t0 + anim.flipMs);
  assert.equal(after.t, 1);
  assert.equal(after.showsNew, true);
  // The disc is squashed along the line from the placed disc: diagonal for d4,
  // horizontal for d3, vertical for c4.
  assert.ok(Math.abs(midway.ux - Math.SQRT1_2) < 1e-9 && Math.abs(midway.uy - Math.SQRT1_2) < 1e-9);
  const d3 = flipFrame(anim, parseSquare('d3'), t0);
  assert.deepEqual([d3.ux, d3.uy], [1, 0]);
  const c4 = flipFrame(anim, parseSquare('c4'), t0);
  assert.deepEqual([c4.ux, c4.uy], [0, 1]);
});

test('the placed disc falls in and lands before the first flip ends', () => {
  const anim = flipAnimation(0, [1], 1, 500);
  const start = dropFrame(anim, 500);
  assert.ok(start.scale > 1.2 && start.alpha === 0 && !start.landed);
  const end = dropFrame(anim, 500 + anim.dropMs);
  assert.equal(end.scale, 1);
  assert.equal(end.alpha, 1);
  assert.ok(end.landed);
  assert.ok(flipDelay(anim, 1) < anim.dropMs);
});

test('eval graph: x maps to plies and back, clamped to the known plies', () => {
  const values = [0, 2, -4, null, 8, 12];
  const layout = evalGraphLayout({ width: 260, height: 100 }, values);
  assert.equal(layout.plies, 60); // a full game's width even early on
  for (let i = 0; i < values.length; i++) assert.equal(plyAt(layout, plyX(layout, i) + 0.4), i);
  assert.equal(plyAt(layout, -100), 0);
  assert.equal(plyAt(layout, 1000), values.length - 1);
  assert.equal(plyAt(evalGraphLayout({ width: 260, height: 100 }, []), 50), -1);
  // Longer games (passes) widen the axis.
  assert.equal(evalGraphLayout({ width: 260, height: 100 }, new Array(64).fill(0)).plies, 63);
});

test('eval graph: black above the midline, white below, range from the data', () => {
  const layout = evalGraphLayout({ width: 260, height: 100 }, [0, 3, -5]);
  assert.equal(layout.range, 8);
  assert.ok(scoreY(layout, 5) < layout.mid && scoreY(layout, -5) > layout.mid);
  assert.equal(scoreY(layout, 0), layout.mid);
  assert.ok(Math.abs(scoreY(layout, 100) - layout.top) < 1e-9); // clamped
  assert.equal(evalGraphLayout({}, [0, 20, -12]).range, 32);
  assert.equal(evalGraphLayout({}, [0, 64]).range, 64);
  assert.equal(evalGraphLayout({ range: 16 }, [0, 64]).range, 16);
});
