// `qipan-lab solve reversi --ffo ... --workers N`: FFO positions solved right
// with each solve split among workers that share no table, on threads and
// simulated on one thread (the nodes column then the makespan); in wasm
// (qipan-lab.js, beside QIPAN_WEB_ENGINE) without threads only --simulate.
//   node --no-experimental-fetch lab/reversi_root_split/solve_split_test.mjs build/release/qipan-lab
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from '../../tests/js/harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const lab = process.argv[2];
if (!lab) {
  console.error('usage: node lab/reversi_root_split/solve_split_test.mjs <path to native qipan-lab>');
  process.exit(2);
}
const wasmLab = `${dirname(process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`)}/qipan-lab.js`;

function run(program, args) {
  const command = program.endsWith('.js') ? ['node', ['--no-experimental-fetch', program, ...args]] : [program, args];
  const r = spawnSync(...command, { encoding: 'utf8', timeout: 120000 });
  assert.equal(r.error, undefined, `${program} did not finish: ${r.error}`);
  return r;
}

function assertSolved(r, header, count) {
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  assert.match(r.stdout, header);
  assert.equal((r.stdout.match(/^ffo #\d+ empties=\d+ score=[+-]\d+ move=\w+ .* ok$/gm) || []).length, count, r.stdout);
  assert.match(r.stdout, new RegExp(`^ffo total positions=${count} wrong=0 `, 'm'));
}

test('FFO #40-#42 split among two workers on threads, and simulated: all right', () => {
  assertSolved(
    run(lab, ['solve', 'reversi', '--ffo', '40-42', '--workers', '2', '--hash', '16']),
    /^ffo root-split workers=2$/m,
    3,
  );
  assertSolved(
    run(lab, ['solve', 'reversi', '--ffo', '40-42', '--workers', '3', '--simulate', '--hash', '16']),
    /^ffo root-split workers=3 simulated \(nodes = makespan in nodes\)$/m,
    3,
  );
});

test("one worker's makespan is its node count: the whole solve", () => {
  const r = run(lab, ['solve', 'reversi', '--ffo', '40', '--workers', '1', '--simulate', '--hash', '16']);
  assertSolved(r, /^ffo root-split workers=1 simulated/m, 1);
  assert.match(r.stdout, /^ffo #40 empties=20 score=\+38 move=a2 /m);
});

test('bad arguments are refused', () => {
  for (const bad of [
    ['--ffo', '40'],
    ['--workers', '2'],
    ['--ffo', '40', '--workers', '65'],
    ['--ffo', '39', '--workers', '2'],
    ['--ffo', '40', '--workers', '2', '--threads', '2'],
  ]) {
    const r = run(lab, ['solve', 'reversi', ...bad]);
    assert.equal(r.status, 2, bad.join(' '));
  }
});

test('in wasm without threads: --workers refused, --simulate solves', () => {
  const refused = run(wasmLab, ['solve', 'reversi', '--ffo', '40', '--workers', '2']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /no threads/);
  assertSolved(
    run(wasmLab, ['solve', 'reversi', '--ffo', '40', '--workers', '2', '--simulate', '--hash', '16']),
    /^ffo root-split workers=2 simulated/m,
    1,
  );
});

finish();
