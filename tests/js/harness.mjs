// Shared by the tests/js/bindings_*_test.mjs scripts: the wasm engine they
// exercise and a minimal TAP-like runner. Not a test itself (scripts/test
// only runs *_test.mjs and *_differential.mjs).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// The Embind module; scripts/test points QIPAN_WEB_ENGINE at the wasm build.
export async function loadEngine() {
  const enginePath = process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`;
  const QipanEngine = createRequire(import.meta.url)(enginePath);
  return QipanEngine();
}

let passed = 0;
let failed = 0;

// Runs one synchronous case; a failure is reported and the run goes on.
export function test(name, body) {
  try {
    body();
    passed++;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed++;
    console.log(`not ok - ${name}\n${error.stack}`);
  }
}

// The same for a case that awaits.
export async function testAsync(name, body) {
  try {
    await body();
    passed++;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed++;
    console.log(`not ok - ${name}\n${error.stack}`);
  }
}

// The last case of each script: every Embind object was deleted and the
// emval handle count is back to what it was before the first case.
export function testNoLeakedHandles(engine, handlesAtStart) {
  test('no Embind handle is left alive', () => {
    engine.flushPendingDeletes();
    assert.equal(engine.getInheritedInstanceCount(), 0);
    assert.equal(engine.count_emval_handles(), handlesAtStart);
  });
}

// Prints the tally and exits non-zero if any case failed.
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
