// `qipan-lab match checkers` as a change test: --sprt plays pairs of games
// (A first, then second) until the pentanomial SPRT decides, and is refused
// for more than two players, where games have no pairs.
//   node lab/tests/checkers_lab_test.mjs build/release/qipan-lab
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { finish, test } from '../../tests/js/harness.mjs';

const lab = process.argv[2];
if (!lab) {
  console.error('usage: node lab/tests/checkers_lab_test.mjs <path to native qipan-lab>');
  process.exit(2);
}
const run = (args) => spawnSync(lab, ['match', 'checkers', ...args], { encoding: 'utf8', timeout: 120000 });

test('--sprt stops once the test accepts a hypothesis, with a line for every pair', () => {
  const out = run(['--a', '4', '--b', '2', '--sprt', '0', '100']);
  assert.equal(out.status, 0, out.stderr);
  const pairs = out.stdout.match(/^sprt pair \d+ /gm);
  const verdict = out.stdout.match(/^sprt: H1 accepted.* after (\d+) pairs; no new games$/m);
  assert.ok(verdict, out.stdout);
  assert.equal(pairs.length, Number(verdict[1]));
  const [wins, draws, losses] = out.stdout
    .match(/^score of A: (\d+)-(\d+)-(\d+) /m)
    .slice(1)
    .map(Number);
  assert.equal(wins + draws + losses, 2 * pairs.length, 'no game past the verdict');
  assert.match(
    out.stdout,
    new RegExp(`^A \\(level 4\\): ${wins} wins, ${draws} draws, ${losses} losses of ${2 * pairs.length} `, 'm'),
  );
});

test('--sprt with three players is refused with the usage', () => {
  const out = run(['--a', '4', '--b', '2', '--players', '3', '--sprt', '0', '100']);
  assert.equal(out.status, 2);
  assert.match(out.stderr, /--sprt ELO0 ELO1\] +\(2 players\)/);
});

finish();
