// The native `qipan` terminal game on the engine's one level table: it plays
// the page's levels (the same moves for the same seed) and refuses a level
// the table does not have. The lab's xiangqi tools are tested in
// lab/tests/xiangqi_lab_test.mjs.
//   node tests/js/xiangqi_tools_test.mjs build/release/qipan
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { finish, test } from './harness.mjs';

const qipan = process.argv[2];
if (!qipan) {
  console.error('usage: node tests/js/xiangqi_tools_test.mjs <path to native qipan>');
  process.exit(2);
}

const run = (args, input = '') => spawnSync(qipan, args, { input, encoding: 'utf8', timeout: 120000 });

test("qipan play xiangqi: two AIs play the page's levels, the same game for the same seed", () => {
  const args = ['play', 'xiangqi', '--red', 'ai', '--black', 'ai', '--level', '1', '--seed', '11'];
  const first = run(args);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /level 1 \(novice\)/);
  assert.match(first.stdout, /Game over: /);
  const moves = (out) => [...out.matchAll(/\(AI\) plays (\S+)/g)].map((m) => m[1]);
  assert.ok(moves(first.stdout).length > 10);
  assert.match(first.stdout, /\(AI\) plays \S+ \(\S+\) {3}book/, 'the opening comes from the book');
  assert.deepEqual(moves(run(args).stdout), moves(first.stdout));
  const other = run(['play', 'xiangqi', '--red', 'ai', '--black', 'ai', '--level', '1', '--seed', '12']);
  assert.notDeepEqual(moves(other.stdout), moves(first.stdout), 'another seed, another game');
  const refused = run(['play', 'xiangqi', '--level', '9'], 'quit\n');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /--level takes a whole number from 1 to 8, not '9'/);
});

finish();
