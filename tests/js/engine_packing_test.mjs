// The page's packing of the engine (scripts/build_page.mjs packEngine and
// web/worker/engine_loader.js): the engine script loses its inlined wasm,
// the wasm travels gzipped as base64, and the loader inflates it with
// DecompressionStream into an engine that plays as the unpacked one does.
//   node --no-experimental-fetch tests/js/engine_packing_test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { packEngine, sizes } from '../../scripts/build_page.mjs';
import { finish, testAsync } from './harness.mjs';
import { inflateBase64Gzip, startEngine } from '../../web/worker/engine_loader.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const enginePath = process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`;
const source = readFileSync(enginePath, 'utf8');
const wasm = Buffer.from(source.match(/wasmBinaryFile="data:application\/octet-stream;base64,([^"]*)"/)[1], 'base64');
const packed = packEngine(source);
const payload = packed.text.match(/^var QipanWasmGzip="([A-Za-z0-9+/=]+)";\n/)?.[1];

await testAsync('the packed script holds the wasm once, gzipped, and an empty data URI', () => {
  assert.ok(payload, 'QipanWasmGzip leads the script');
  assert.deepEqual(gunzipSync(Buffer.from(payload, 'base64')), wasm);
  assert.equal(packed.wasmBytes, wasm.length);
  assert.equal(packed.packedBytes, payload.length);
  // The glue is minified (wasmBinaryFile renamed); its data URI stays, empty.
  assert.ok(packed.text.includes('="data:application/octet-stream;base64,"'));
  const glue = packed.text.slice(packed.text.indexOf('\n') + 1);
  assert.ok(!/base64,[A-Za-z0-9+/=]+"/.test(glue), 'the glue keeps no payload');
  assert.ok(packed.text.length < source.length * 0.75, `${packed.text.length} of ${source.length}`);
  assert.throws(() => packEngine('var x = 1;'), /0 inlined wasm payloads/);
});

await testAsync('the loader inflates the payload to the same bytes', async () => {
  assert.deepEqual(Buffer.from(await inflateBase64Gzip(payload)), wasm);
});

await testAsync('the packed engine started by the loader plays and searches', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-packed-'));
  try {
    writeFileSync(join(dir, 'engine.cjs'), packed.text);
    globalThis.QipanEngine = createRequire(import.meta.url)(join(dir, 'engine.cjs'));
    globalThis.QipanWasmGzip = payload;
    const engine = await startEngine();
    const session = new engine.ReversiSession();
    const snap = session.snapshot();
    assert.deepEqual(session.play(snap.legal[0]), { ok: true });
    const searcher = new engine.ReversiSearcher();
    const result = searcher.search(session.searchRequest(), { depth: 4 }, null);
    assert.equal(result.ok, true, JSON.stringify(result));
    searcher.delete();
    session.delete();
  } finally {
    delete globalThis.QipanEngine;
    delete globalThis.QipanWasmGzip;
    rmSync(dir, { recursive: true, force: true });
  }
});

await testAsync('sizes counts raw and gzip bytes', () => {
  const s = sizes('a'.repeat(1000));
  assert.equal(s.bytes, 1000);
  assert.ok(s.gzipBytes > 0 && s.gzipBytes < 100);
});

finish();
