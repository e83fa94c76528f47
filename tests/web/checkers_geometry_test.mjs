// Unit tests of the pure parts of the Chinese checkers renderer: the star's
// geometry (cell order, arms, hit testing at any size, the keyboard cursor)
// and the hop-by-hop animation timing.
//   node tests/web/checkers_geometry_test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  CELLS,
  CELL_LIST,
  areAdjacent,
  armCells,
  boardLayout,
  cellAt,
  cellAtCube,
  centerOf,
  cursorStep,
  depthInArm,
  neighbours,
} from '../../web/games/checkers/board/board_geometry.js';
import { entryAnimation, entryFrame, moveAnimation, moveFrame } from '../../web/games/checkers/board/animation.js';

const SIZES = [
  [900, 760],
  [390, 468],
  [1100, 520],
  [300, 300],
  [1920, 1080],
  [844, 390],
];

test('121 holes in the rules document order, six arms of ten', () => {
  assert.equal(CELL_LIST.length, CELLS);
  assert.deepEqual(
    CELL_LIST.slice(0, 3).map((c) => [c.x, c.z]),
    [
      [4, -8],
      [3, -7],
      [4, -7],
    ],
  );
  assert.deepEqual([CELL_LIST[120].x, CELL_LIST[120].z], [-4, 8]);
  assert.deepEqual(
    armCells(1)
      .slice()
      .sort((a, b) => a - b),
    [19, 20, 21, 22, 32, 33, 34, 44, 45, 55],
  );
  assert.deepEqual(
    armCells(4)
      .slice()
      .sort((a, b) => a - b),
    [65, 75, 76, 86, 87, 88, 98, 99, 100, 101],
  );
  assert.equal(armCells(3)[0], 120, 'apex first');
  for (let a = 0; a < 6; a++) assert.equal(depthInArm(armCells(a)[0]), 4);
  assert.equal(CELL_LIST.filter((c) => c.arm === -1).length, 61);
  for (const c of CELL_LIST) assert.equal(c.x + c.y + c.z, 0);
});

test('every hole maps to its centre and back at any size; far points miss', () => {
  for (const [w, h] of SIZES) {
    for (const inset of [0, 48]) {
      const layout = boardLayout(w, h, inset);
      for (let i = 0; i < CELLS; i++) {
        const c = centerOf(layout, i);
        assert.ok(c.x > 0 && c.x < w && c.y > inset && c.y < h, `${w}x${h}: hole ${i} on the canvas`);
        const d = 0.45 * layout.unit;
        for (const [dx, dy] of [
          [0, 0],
          [d, 0],
          [-d, 0],
          [0, d],
          [0, -d],
        ]) {
          assert.equal(cellAt(layout, c.x + dx, c.y + dy), i, `${w}x${h} hole ${i}`);
        }
      }
      assert.equal(cellAt(layout, 1, 1), -1);
      assert.equal(cellAt(layout, NaN, 5), -1);
    }
  }
});

test('neighbours are the six cube directions; the cursor walks rows', () => {
  assert.deepEqual(neighbours(60).sort((a, b) => a - b).length, 6);
  for (const n of neighbours(60)) assert.ok(areAdjacent(60, n));
  assert.equal(neighbours(0).length, 2);
  assert.equal(cursorStep(60, 'ArrowRight'), 61);
  assert.equal(cursorStep(60, 'ArrowLeft'), 59);
  assert.equal(cursorStep(0, 'ArrowUp'), 0);
  assert.equal(cursorStep(120, 'ArrowDown'), 120);
  const up = cursorStep(60, 'ArrowUp');
  assert.ok(areAdjacent(60, up) && CELL_LIST[up].z === -1);
  assert.equal(cellAtCube(0, 0), 60);
});

test('a move animates hop by hop along its path; a step slides', () => {
  const path = [cellAtCube(-2, 6), cellAtCube(-2, 4), cellAtCube(-2, 2)];
  const anim = moveAnimation(path, 1, 1000);
  assert.equal(anim.segments.length, 2);
  assert.ok(anim.segments.every((s) => !s.step));
  const layout = boardLayout(800, 800);
  const points = path.map((c) => centerOf(layout, c));
  const mid = moveFrame(anim, points, 1000 + anim.segments[0].t1 / 2);
  assert.ok(mid.lift > 0.9, 'high at the middle of a hop');
  assert.ok(Math.abs(mid.y - (points[0].y + points[1].y) / 2) < 1);
  const end = moveFrame(anim, points, 1000 + anim.duration);
  assert.deepEqual([end.x, end.y, end.done], [points[2].x, points[2].y, true]);
  const step = moveAnimation([60, 61], 2, 0);
  assert.equal(step.segments[0].step, true);
  assert.ok(moveAnimation(path, 1, 0, { scale: 0.5 }).duration < anim.duration);
  const entry = entryAnimation(
    [
      { player: 1, homeArm: 3 },
      { player: 2, homeArm: 0 },
    ],
    0,
  );
  assert.equal(entryFrame(entry, 120, 1, 0).t, 0);
  assert.equal(entryFrame(entry, 0, 2, entry.duration).t, 1);
});
