// A checkout copied or moved with its build/ folder: CMake refuses a cache
// written for another folder, so scripts/build (and scripts/play, serve and
// cluster through it) first removes such a build folder, saying so, and
// builds afresh (scripts/lib.sh qipan_forget_moved_build). Shown with the
// real CMake on a tiny project: configured, moved, refused as it is, then
// configured again once the function has removed the old cache; a build
// folder that belongs where it is stays untouched.
//   node tests/js/moved_build_test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(join(tmpdir(), 'qipan-moved-build-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const run = (command, args) => spawnSync(command, args, { encoding: 'utf8', timeout: 120000 });
const cmake = (source) => run('cmake', ['-S', source, '-B', join(source, 'build/release')]);
// The function as scripts/build calls it, with the checkout's root set to `source`.
const forget = (source) =>
  run('bash', [
    '-c',
    'source "$1/scripts/lib.sh"; QIPAN_ROOT=$2; qipan_forget_moved_build "$2/build/release"',
    '_',
    root,
    source,
  ]);

test('a build folder moved with its checkout is removed and built afresh; one that belongs stays', () => {
  const first = join(scratch, 'first');
  mkdirSync(first);
  writeFileSync(join(first, 'CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.20)\nproject(moved NONE)\n');
  const made = cmake(first);
  assert.equal(made.status, 0, made.stderr);

  const kept = forget(first);
  assert.equal(kept.status, 0, kept.stderr);
  assert.equal(kept.stderr, '', 'nothing to say of a folder that belongs');
  assert.ok(existsSync(join(first, 'build/release/CMakeCache.txt')), 'its cache is kept');

  const moved = join(scratch, 'moved');
  renameSync(first, moved);
  const refused = cmake(moved);
  assert.notEqual(refused.status, 0, 'CMake refuses the moved cache as it is');
  assert.match(refused.stderr, /CMakeCache\.txt directory .* is different than the directory/);

  const forgotten = forget(moved);
  assert.equal(forgotten.status, 0, forgotten.stderr);
  assert.match(forgotten.stderr, /was made for .*first.*building it afresh/);
  assert.equal(existsSync(join(moved, 'build/release')), false, 'the old build folder is gone');
  const again = cmake(moved);
  assert.equal(again.status, 0, again.stderr);
});

finish();
