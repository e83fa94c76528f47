// `qipan solve reversi` in wasm with shared-memory threads
// (build/wasm/qipan_solve_threads.js, engine/tools/wasm_threads/solve_main.cpp):
// the parallel solver gives the single-threaded wasm build's exact value for
// every move, solves FFO positions right on two threads, and caps more
// threads than its pool holds. Its move generator alone is built with SIMD:
// perft checks it against the published counts and the single-threaded
// build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const wasmDir = dirname(process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`);
const threaded = `${wasmDir}/qipan_solve_threads.js`;
const single = `${wasmDir}/qipan.js`;
// FFO #40 (engine/reversi/ffo_positions.h): +38 by a2, 20 empties.
const ffo40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';

function run(program, args) {
  const r = spawnSync('node', ['--no-experimental-fetch', program, ...args], { encoding: 'utf8', timeout: 120000 });
  assert.equal(r.error, undefined, `${program} did not finish: ${r.error}`);
  return r;
}

// `square +score` lines of --all, as a map.
function moveValues(stdout) {
  const values = new Map();
  for (const line of stdout.split('\n')) {
    const m = /^([a-h][1-8]) ([+-]?\d+)$/.exec(line);
    if (m) values.set(m[1], Number(m[2]));
  }
  return values;
}

test('every move of FFO #40 has the same exact value on two threads as in the single-threaded build', () => {
  const one = run(single, ['solve', 'reversi', ffo40, '--all']);
  const two = run(threaded, ['reversi', ffo40, '--all', '--threads', '2']);
  assert.equal(one.status, 0, one.stderr);
  assert.equal(two.status, 0, two.stderr);
  const expected = moveValues(one.stdout);
  assert.equal(expected.size, 10);
  assert.deepEqual(moveValues(two.stdout), expected);
  assert.equal(two.stderr, '', 'two threads were refused');
  assert.match(two.stdout, /\n\+38 a2\n$/);
});

test('FFO #40-#42 on two threads: all right', () => {
  const r = run(threaded, ['reversi', '--ffo', '40-42', '--threads', '2']);
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  assert.match(r.stdout, /^ffo threads=2$/m);
  assert.equal((r.stdout.match(/^ffo #4[0-2] .* ok$/gm) || []).length, 3, r.stdout);
  assert.match(r.stdout, /^ffo total positions=3 wrong=0 /m);
});

test("perft with the SIMD move generator: the published counts, and the plain build's on midgame boards", () => {
  const start = '---------------------------OX------XO--------------------------- X';
  // Published Reversi perft from the start (passes count as plies).
  const r = run(threaded, ['perft', start, '10']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), '24571284');
  // FFO #40 and a board full of edges and passes, against qipan.js (no SIMD).
  for (const board of [ffo40, 'XXXXXXXOXOOOOOOOXOXXXXO-XOXOOXO-XOXXOXO-XOOOOXO-XXXXXXO--------- O']) {
    const plain = run(single, ['perft', 'reversi', board, '6']);
    const simd = run(threaded, ['perft', board, '6']);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(simd.status, 0, simd.stderr);
    assert.equal(simd.stdout.trim(), plain.stdout.trim().split('\n').pop(), board);
  }
  const bad = run(threaded, ['perft', 'XO', '3']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad board/);
});

test('more threads than the thread pool holds are capped', () => {
  const threads = run(threaded, ['reversi', ffo40, '--threads', '12']);
  assert.equal(threads.status, 0, threads.stderr);
  assert.match(threads.stderr, /at most 9 threads; solving on 9/);
  assert.match(threads.stdout, /\n\+38 a2\n$/);
});

finish();
