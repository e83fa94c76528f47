// The results log (scripts/results_log.mjs) and docs/measuring.md's table of
// current figures made from it (scripts/results_table.mjs): rows appended by
// `run` and `append` carry the lab's summary, the table keeps each command's
// latest row that was not dropped, and the committed document's table is
// the one the committed log gives.
//   node tests/js/results_log_test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from './harness.mjs';
import { columns, readResults, summarize } from '../../scripts/results_log.mjs';
import { begin, end, renderTable, withTable } from '../../scripts/results_table.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = join(root, 'tests/js/results_fixture.tsv');
const scratch = mkdtempSync(join(tmpdir(), 'qipan-results-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

test('the table keeps the latest row of each command, leaving out dropped changes', () => {
  assert.equal(
    renderTable(readResults(fixture)),
    [
      '| command | result | figures | measured |',
      '|---|---|---|---|',
      '| `scripts/bench --ladder reversi` | each level beats the one below | 2-1 91 % | 2026-12-02, eeeeeee |',
      '| `scripts/bench --only perft-xiangqi` | signature 100 nodes | native 12 M nodes/s \\| wasm 9 M | 2026-12-02, ccccccc |',
    ].join('\n'),
  );
});

test('only the text between the markers is replaced', () => {
  const document = `# Title\n\nHow-to.\n\n${begin}\nold table\n${end}\nAfter.\n`;
  assert.equal(withTable(document, '| new |'), `# Title\n\nHow-to.\n\n${begin}\n| new |\n${end}\nAfter.\n`);
  assert.throws(() => withTable('no markers', '| new |'), /no results-table markers/);
});

test("docs/measuring.md's table is what docs/results.tsv gives now", () => {
  const check = spawnSync('node', [join(root, 'scripts/results_table.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stderr);
  const document = readFileSync(join(root, 'docs/measuring.md'), 'utf8');
  assert.equal(withTable(document, renderTable(readResults(join(root, 'docs/results.tsv')))), document);
});

test('an SPRT run is summed up by its verdict, its score and its times, and decides kept', () => {
  const output = [
    'match xiangqi: level 6 (A) vs level 6 (B), 400 games, seed 1',
    '  game 1: A red, ...',
    'A (level 6): 120 wins, 200 draws, 80 losses of 400; score 55.0% +/- 3.0%',
    'Elo difference A - B: +34.9 +/- 21.0 (95%)',
    'A (level 6): 9000 moves, 0.1000 s/move, 30000 nodes/move',
    'sprt: H1 accepted: A is elo1 (5) better rather than elo0 (0) after 210 pairs; LLR 2.98',
    '812 s',
  ].join('\n');
  assert.deepEqual(summarize(output, 0), {
    result: 'H1 accepted: A is elo1 (5) better rather than elo0 (0) after 210 pairs; LLR 2.98',
    figures:
      'A (level 6): 120 wins, 200 draws, 80 losses of 400; score 55.0% +/- 3.0% | Elo difference A - B: +34.9 +/- 21.0 (95%) | A (level 6): 9000 moves, 0.1000 s/move, 30000 nodes/move',
    kept: 'yes',
  });
  assert.equal(summarize('sprt: H0 accepted: ... after 90 pairs; LLR -2.95', 0).kept, 'no');
  assert.deepEqual(summarize('page size: 10 bytes\n\nframe: 2 ms\n', 3), {
    result: 'failed (exit 3)',
    figures: 'page size: 10 bytes | frame: 2 ms',
    kept: '-',
  });
});

test('run and append write one row each, under a header, with the command status kept', () => {
  const log = join(scratch, 'results.tsv');
  const env = { ...process.env, QIPAN_RESULTS: log };
  const script = join(root, 'scripts/results_log.mjs');
  const run = spawnSync(
    'node',
    [script, 'run', '--', 'bash', '-c', 'echo "score of A: 3-1-0 (87.5% +/- 9.0) in 4 games, Elo +338"; exit 4'],
    { env, encoding: 'utf8' },
  );
  assert.equal(run.status, 4);
  assert.match(run.stdout, /score of A: 3-1-0/);
  const append = spawnSync(
    'node',
    [script, 'append', '--command', 'by hand', '--result', 'ok', '--figures', 'a\tb\nc', '--kept', 'yes'],
    { env, encoding: 'utf8' },
  );
  assert.equal(append.status, 0, append.stderr);
  const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
  assert.equal(lines[0], columns.join('\t'));
  const rows = readResults(log);
  assert.equal(rows.length, 2);
  assert.match(rows[0].date, /^\d{4}-\d{2}-\d{2}$/);
  assert.match(rows[0].commit, /^[0-9a-f]{7,}(-dirty)?$/);
  assert.match(rows[0].command, /^bash -c /);
  assert.equal(rows[0].result, 'failed (exit 4): score of A: 3-1-0 (87.5% +/- 9.0) in 4 games, Elo +338');
  assert.deepEqual(
    { command: rows[1].command, result: rows[1].result, figures: rows[1].figures, kept: rows[1].kept },
    { command: 'by hand', result: 'ok', figures: 'a b c', kept: 'yes' },
  );
  writeFileSync(log, 'date\tresult\n');
  assert.throws(() => readResults(log), /the header is not/);
});

finish();
