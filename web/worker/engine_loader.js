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

export async function startEngine() {
  if (typeof QipanWasmGzip !== 'string') return QipanEngine();
  return QipanEngine({ wasmBinary: await inflateBase64Gzip(QipanWasmGzip) });
}
