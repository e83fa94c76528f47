// The weights manifests (lab/manifests/): every hash they list matches the
// file it names (in the working tree, or as committed then), every committed
// weights file has a manifest that hashes it, and its header names that
// manifest and no temporary folder.
//   node tests/js/weights_manifests_test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, test } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const manifests = join(root, 'lab/manifests');
const weightsFiles = {
  'engine/reversi/eval_weights.inc': 'reversi-eval-weights.md',
  'engine/reversi/search_probcut.inc': 'reversi-probcut-table.md',
  'engine/xiangqi/eval_weights.h': 'xiangqi-eval-weights.md',
  'engine/xiangqi/network_weights.inc': 'xiangqi-network-weights.md',
};

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
// The `<hash>  <what>` lines of a manifest's sha256 block.
function hashes(manifest) {
  const block = readFileSync(join(manifests, manifest), 'utf8').match(/```sha256\n([\s\S]*?)```/);
  assert.ok(block, `${manifest} has no sha256 block`);
  return block[1]
    .trim()
    .split('\n')
    .map((line) => {
      const [, hash, what] = line.match(/^([0-9a-f]{64}) {2}(\S+)$/) || [];
      assert.ok(hash, `${manifest}: not a hash line: ${line}`);
      return { hash, what };
    });
}
// A file's bytes: from the working tree, or `git:<commit>:<path>` as committed.
function bytesOf(what) {
  const committed = what.match(/^git:([0-9a-f]+):(.+)$/);
  if (!committed) return readFileSync(join(root, what));
  return execFileSync('git', ['show', `${committed[1]}:${committed[2]}`], { cwd: root, maxBuffer: 1 << 26 });
}

test('every manifest is listed for a weights file, and every weights file has one', () => {
  const listed = readdirSync(manifests).filter((name) => name.endsWith('.md') && name !== 'README.md');
  assert.deepEqual(listed.sort(), Object.values(weightsFiles).sort());
});

for (const [weights, manifest] of Object.entries(weightsFiles)) {
  test(`${manifest}: every hash matches, ${weights} among them`, () => {
    const lines = hashes(manifest);
    assert.ok(
      lines.some((line) => line.what === weights),
      `${manifest} does not hash ${weights}`,
    );
    for (const { hash, what } of lines) assert.equal(sha256(bytesOf(what)), hash, `${what} changed: update ${manifest}`);
  });

  test(`${weights}'s header names its manifest and no temporary folder`, () => {
    const header = readFileSync(join(root, weights), 'utf8').split('\n').slice(0, 12).join('\n');
    assert.ok(header.includes(`lab/manifests/${manifest}`), `${weights} does not cite lab/manifests/${manifest}`);
    assert.doesNotMatch(header, /\/tmp\/|\/scratch\//);
  });
}

finish();
