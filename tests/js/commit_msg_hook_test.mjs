// scripts/hooks/commit-msg, the hook scripts/setup installs: in a scratch git
// repository it commits sample changes with sample messages and checks which
// the hook lets through (long subjects, big changes without a body, dates
// and match tallies in the subject are refused).
//   node tests/js/commit_msg_hook_test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const hook = join(root, 'scripts/hooks/commit-msg');
const scratch = mkdtempSync(join(tmpdir(), 'qipan-commit-msg-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const git = (...args) => {
  const result = spawnSync('git', args, { cwd: scratch, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
};
git('init', '--quiet');
git('config', 'user.email', 'test@example.com');
git('config', 'user.name', 'Test');
git('config', 'core.hooksPath', dirname(hook));

let revision = 0;
// Stages a file of `lines` new lines and commits it with `message`; the
// commit is undone again, so that every case starts from the same history.
function commitWith(message, lines) {
  revision++;
  writeFileSync(join(scratch, `file${revision}.txt`), Array.from({ length: lines }, (_, i) => `${i}\n`).join(''));
  git('add', '--all');
  const result = spawnSync('git', ['commit', '--quiet', '--file', '-'], {
    cwd: scratch,
    input: message,
    encoding: 'utf8',
  });
  if (result.status === 0) git('reset', '--quiet', '--soft', 'HEAD~1');
  git('reset', '--quiet');
  rmSync(join(scratch, `file${revision}.txt`));
  return result;
}

// The first commit gives HEAD~1 to reset to.
git('commit', '--quiet', '--allow-empty', '--message', 'Start');

const accepted = (message, lines) => {
  const result = commitWith(message, lines);
  assert.equal(result.status, 0, `refused: ${JSON.stringify(message)}\n${result.stderr}`);
};
const refused = (message, lines, reason) => {
  const result = commitWith(message, lines);
  assert.notEqual(result.status, 0, `accepted: ${JSON.stringify(message)}`);
  assert.match(result.stderr, reason);
};

test('a short subject with a body is accepted, whatever the size', () => {
  accepted('Reversi search stops at the first beta cutoff\n\nWhy, and the SPRT line.\n', 200);
});

test('a small change needs no body', () => {
  accepted('Fix a typo in the deploy guide\n', 3);
  accepted('Fix a typo in the deploy guide\n', 10);
});

test('a subject of 72 characters is accepted, one of 73 refused', () => {
  accepted(`${'a'.repeat(72)}\n`, 1);
  refused(`${'a'.repeat(73)}\n`, 1, /73 characters; at most 72/);
});

test('a change of more than 10 lines without a body is refused', () => {
  refused('Rewrite the clock\n', 11, /11 lines changed and no body/);
  refused('Rewrite the clock\n\n# only a comment, which git drops\n', 40, /40 lines changed and no body/);
});

test('dates and match tallies in the subject are refused', () => {
  refused('Ladder run of 2026-12-06\n\nBody.\n', 1, /no dates/);
  refused('Xiangqi beats FSF 148-6-46\n\nBody.\n', 1, /match tallies/);
  refused('Correction history: +35 Elo\n\nBody.\n', 1, /no scores or Elo/);
  refused('Level 8 scores 55.2 % against Egaroucid\n\nBody.\n', 1, /no scores or Elo/);
});

test('numbers that are no tally pass', () => {
  accepted('Bump ws to 8.23.0 and C++20 flags for wasm\n', 2);
  accepted('FFO #40-#49 in the bench help\n', 2);
});

test('merge and fixup subjects are let through', () => {
  accepted(`Merge branch '${'x'.repeat(80)}'\n`, 20);
  accepted(`fixup! ${'y'.repeat(80)}\n`, 20);
});

finish();
