// The Reversi solve shared by workers that share no memory, in wasm
// (bindings/, QipanEndgame in build/wasm/qipan_endgame.js, beside
// QIPAN_WEB_ENGINE): a split driven here agrees with the exact score, bad
// input is refused with a code, and bench_ffo_workers.mjs solves FFO #40 on
// two real worker threads.
//   node --no-experimental-fetch lab/reversi_root_split/bindings_root_split_test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from '../../tests/js/harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webEngine = process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`;
const modulePath = resolve(dirname(webEngine), 'qipan_endgame.js');
const engine = await createRequire(import.meta.url)(modulePath)();

const ffo = engine.ffoPositions();
const ffo40 = ffo.find((p) => p.number === 40);

// Drives a split with `workers` solvers, finishing the jobs out last-first.
function solveSplit(board, workers) {
  const split = new engine.ReversiRootSplit();
  const solvers = Array.from({ length: workers }, () => new engine.ReversiEndgameWorker(4));
  try {
    const started = split.start(board);
    assert.ok(started.ok, started.reason);
    const out = [];
    const busy = new Set();
    for (let finished = started.finished; !finished;) {
      for (let w = 0; w < workers; w++) {
        if (busy.has(w)) continue;
        const next = split.nextJob(w);
        assert.ok(next.ok);
        if (next.job) {
          out.push({ w, job: next.job });
          busy.add(w);
        }
      }
      assert.ok(out.length > 0, 'nothing out and not finished');
      const { w, job } = out.pop();
      busy.delete(w);
      const r = solvers[w].solveWindow(job.board, job.alpha, job.beta);
      assert.ok(r.ok, r.reason);
      const reported = split.report(job.id, r.score, r.nodes);
      assert.ok(reported.ok, reported.reason);
      finished = reported.finished;
    }
    return split.solution();
  } finally {
    split.delete();
    solvers.forEach((s) => s.delete());
  }
}

test('the FFO table comes through the module', () => {
  assert.equal(ffo.length, 20);
  assert.deepEqual([ffo40.number, ffo40.score, ffo40.best], [40, 38, 'a2']);
});

test('a split solve of FFO #40 on two workers is +38 by a2, as on one', () => {
  for (const workers of [1, 2]) {
    const s = solveSplit(ffo40.board, workers);
    assert.ok(s.ok, s.reason);
    assert.deepEqual([s.score, s.name], [38, 'a2']);
    assert.ok(s.nodes > 0 && s.passes >= 1);
  }
});

test('a finished game is solved without jobs; a forced pass is the move', () => {
  const over = 'X'.repeat(61) + '--- O';
  const split = new engine.ReversiRootSplit();
  assert.deepEqual(split.start(over), { ok: true, finished: true });
  const s = split.solution();
  assert.deepEqual([s.score, s.name, s.square], [-64, 'none', null]);
  assert.equal(split.nextJob(0).job, null);
  split.delete();
  // O to move has no move (every O line is blocked); X has.
  const pass = 'XXXXXXXX'.repeat(7) + 'XXXXXOO- O';
  const solved = solveSplit(pass, 2);
  const exact = new engine.ReversiEndgameWorker(1);
  assert.equal(solved.square, -1);
  assert.equal(solved.score, exact.solveWindow(pass, -64, 64).score);
  exact.delete();
});

test('bad boards, windows and job ids are refused with a code', () => {
  const split = new engine.ReversiRootSplit();
  const worker = new engine.ReversiEndgameWorker(1);
  try {
    assert.equal(split.nextJob(0).code, 'bad_argument'); // not started
    assert.equal(split.start('XO').code, 'board_square_count');
    assert.ok(split.start(ffo40.board).ok);
    assert.equal(split.solution().code, 'bad_argument'); // not finished
    assert.equal(split.report(12345, 0, 0).code, 'bad_argument');
    const { job } = split.nextJob(0);
    assert.equal(worker.solveWindow(job.board, 3, 3).code, 'bad_argument');
    assert.equal(worker.solveWindow(job.board, -65, 0).code, 'bad_argument');
    assert.equal(worker.solveWindow('nonsense', -1, 1).ok, false);
    const r = worker.solveWindow(job.board, job.alpha, job.beta);
    assert.ok(split.report(job.id, r.score, r.nodes).ok);
    assert.equal(split.report(job.id, r.score, r.nodes).code, 'bad_argument'); // twice
  } finally {
    split.delete();
    worker.delete();
  }
});

test('bench_ffo_workers.mjs solves FFO #40 on two worker threads', () => {
  const out = execFileSync(
    process.execPath,
    [
      '--no-experimental-fetch',
      `${root}/lab/reversi_root_split/bench_ffo_workers.mjs`,
      '--ffo',
      '40',
      '--workers',
      '2',
      '--hash',
      '16',
    ],
    { env: { ...process.env, QIPAN_ENDGAME_ENGINE: modulePath }, encoding: 'utf8' },
  );
  assert.match(out, /^ffo #40 empties=20 score=\+38 move=a2 .* ok$/m);
  assert.match(out, /^ffo total positions=1 wrong=0 /m);
});

finish();
