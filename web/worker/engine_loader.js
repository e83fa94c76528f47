// Starts the engine factory (QipanEngine) in the page and in its AI worker.
// The page built by scripts/build_page.mjs carries the engine's wasm
// gzip-compressed, as base64 in the global QipanWasmGzip (defined just
// before the factory in the inlined engine script, so the worker's Blob has
// it too); it is inflated with DecompressionStream and handed to the factory
// as `wasmBinary`. Without that global (the engine script as built, in Node
// and the tests) the factory reads the wasm that -sSINGLE_FILE inlined.
// docs/platform.md, "The page's engine".
/* global QipanEngine, QipanWasmGzip */

export async function inflateBase64Gzip(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks = [];
  let length = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    chunks.push(r.value);
    length += r.value.length;
  }
  const out = new Uint8Array(length);
  for (let i = 0, at = 0; i < chunks.length; at += chunks[i].length, i++) out.set(chunks[i], at);
  return out;
}

// The smallest module that uses 128-bit SIMD: one function returning
// v128.const 0. The engine is built with SIMD (CMakeLists.txt), and a browser
// without it would fail to compile the engine with a bare CompileError.
// prettier-ignore
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, // "\0asm", version 1
  1, 5, 1, 96, 0, 1, 123, // types: () -> v128
  3, 2, 1, 0, // one function of that type
  10, 22, 1, 20, 0, 253, 12, ...new Array(16).fill(0), 11, // its body: v128.const 0, end
]);

// Thrown when the browser cannot run the engine; `i18nKey` names the
// page's own words for it.
class EngineUnsupported extends Error {
  constructor() {
    super('this browser lacks WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later have it)');
    this.i18nKey = 'needsWasmSimd';
  }
}

export async function startEngine() {
  if (!WebAssembly.validate(SIMD_PROBE)) throw new EngineUnsupported();
  if (typeof QipanWasmGzip !== 'string') return QipanEngine();
  return QipanEngine({ wasmBinary: await inflateBase64Gzip(QipanWasmGzip) });
}
