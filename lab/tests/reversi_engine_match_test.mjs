// `qipan-lab match reversi` as a referee of NBoard engines: two `qipan nboard`
// processes play each opening with both colours, every game is recorded as
// GGF with its result, an engine that answers with an illegal move loses,
// and --sprt stops at its bound (also in the in-process level match).
//   node lab/tests/reversi_engine_match_test.mjs build/release/qipan-lab [build/release/qipan]
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from '../../tests/js/harness.mjs';

const lab = process.argv[2];
if (!lab) {
  console.error('usage: node lab/tests/reversi_engine_match_test.mjs <path to native qipan-lab> [<path to native qipan>]');
  process.exit(2);
}
const qipan = process.argv[3] || join(dirname(lab), 'qipan');
const suiteFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'openings', 'reversi-heldout.txt');

const dir = mkdtempSync(join(tmpdir(), 'qipan-reversi-match-'));
const run = (args) => spawnSync(lab, ['match', 'reversi', ...args], { encoding: 'utf8', timeout: 300000 });
const OPENINGS = ['f5d6c3d3c4f4c5b3', 'f5f6e6f4e3c5c4e7'];
const suite = join(dir, 'two.txt');
writeFileSync(suite, `# two openings for the referee's test\n${OPENINGS.map((o) => `${o}|0`).join('\n')}\n`);
const ours = (level) => ['nboard:' + qipan + ' nboard', `level ${level}`];

test('two qipan nboard engines play each opening with both colours; each game is recorded as GGF with its result', () => {
  const ggf = join(dir, 'games.ggf');
  const [a, aSet] = ours(3);
  const [b, bSet] = ours(2);
  const out = run(['--a', a, '--a-set', aSet, '--b', b, '--b-set', bSet, '--openings', suite, '--games', '4', '--ggf', ggf]);
  assert.equal(out.status, 0, out.stderr);
  const games = [...out.stdout.matchAll(/^game (\d+): A (black|white), opening (\w+), A ([+-]\d+) discs \((\w+)\)/gm)];
  assert.deepEqual(
    games.map((g) => [Number(g[1]), g[2], g[3]]),
    [
      [1, 'black', OPENINGS[0]],
      [2, 'white', OPENINGS[0]],
      [3, 'black', OPENINGS[1]],
      [4, 'white', OPENINGS[1]],
    ],
  );
  for (const g of games) assert.equal(g[5], 'end', 'played to the end');
  const records = readFileSync(ggf, 'utf8').trim().split('\n');
  assert.equal(records.length, 4);
  records.forEach((record, i) => {
    const [, , colour, opening, discs] = games[i];
    const moves = [...record.matchAll(/[BW]\[([A-H][1-8]|PA)\]/g)].map((m) => m[1].toLowerCase());
    assert.equal(moves.slice(0, 8).join(''), opening, 'the record starts with the opening');
    assert.ok(moves.filter((m) => m !== 'pa').length <= 60);
    const blackDiscs = colour === 'black' ? Number(discs) : -Number(discs);
    assert.match(record, new RegExp(`RE\\[${blackDiscs >= 0 ? '\\+' : '-'}${Math.abs(blackDiscs)}\\.000\\]`));
    assert.match(record, colour === 'black' ? /PB\[A Qipan\]PW\[B Qipan\]/ : /PB\[B Qipan\]PW\[A Qipan\]/);
  });
  const wins = games.filter((g) => Number(g[4]) > 0).length;
  const losses = games.filter((g) => Number(g[4]) < 0).length;
  assert.match(out.stdout, new RegExp(`score of A: ${wins}-${4 - wins - losses}-${losses} `));
  assert.match(out.stdout, /A: \d+ ms per move \(longest [\d.]+ s\); B: \d+ ms per move/);
});

test('an engine that answers with an illegal move loses that game, and the match goes on', () => {
  const bad = join(dir, 'bad-engine.sh');
  writeFileSync(
    bad,
    [
      '#!/bin/sh',
      'while read -r command rest; do',
      '  case $command in',
      '    nboard) echo "set myname Bad" ;;',
      '    ping) echo "pong $rest" ;;',
      '    go) echo "=== A1/0.00/0.00" ;;',
      '    quit) exit 0 ;;',
      '  esac',
      'done',
      '',
    ].join('\n'),
  );
  chmodSync(bad, 0o755);
  const [a, aSet] = ours(2);
  const out = run(['--a', a, '--a-set', aSet, '--b', `nboard:${bad}`, '--openings', suite, '--games', '4']);
  assert.equal(out.status, 0, out.stderr);
  const reasons = [...out.stdout.matchAll(/^game \d+: A (black|white), .*\((.*)\); score/gm)].map((m) => [m[1], m[2]]);
  assert.equal(reasons.length, 4);
  for (const [colour, reason] of reasons) {
    // As white, A's first move may come only after B's illegal one.
    assert.equal(reason, 'B played the illegal move A1', `A ${colour}`);
  }
  assert.match(out.stdout, /score of A: 4-0-0 /);
});

test('--sprt stops the match at its bound, between engines and in the in-process level match', () => {
  const [a, aSet] = ours(4);
  const [b, bSet] = ours(2);
  const engines = run(['--a', a, '--a-set', aSet, '--b', b, '--b-set', bSet, '--openings', suiteFile, '--sprt', '0', '100']);
  assert.equal(engines.status, 0, engines.stderr);
  assert.match(engines.stdout, /^sprt pair 1 \(games 1-2\): A [\d.]+; LLR /m);
  const verdict = engines.stdout.match(/^sprt: H1 accepted.* after (\d+) pairs; no new games$/m);
  assert.ok(verdict, engines.stdout);
  const games = engines.stdout
    .match(/^score of A: (\d+)-(\d+)-(\d+) /m)
    .slice(1)
    .map(Number);
  assert.equal(games[0] + games[1] + games[2], 2 * Number(verdict[1]), 'one slot: no game beyond the last pair');

  const levels = run(['--a', '3', '--b', '2', '--sprt', '0', '100', '--random-plies', '6']);
  assert.equal(levels.status, 0, levels.stderr);
  assert.match(levels.stdout, /^sprt: H1 accepted.* no new games$/m);
});

test('a match without openings, or with an engine that is not NBoard, is refused with the usage', () => {
  const [a] = ours(2);
  for (const args of [
    ['--a', a, '--b', a],
    ['--a', a, '--b', 'uci:qipan', '--openings', suite],
  ]) {
    const out = run(args);
    assert.equal(out.status, 2);
    assert.match(out.stderr, /usage: qipan-lab match reversi/);
  }
});

rmSync(dir, { recursive: true, force: true });
finish();
