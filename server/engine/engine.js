// The engine: the same Emscripten/Embind build the page uses
// (build/wasm/qipan_web.js, wasm inlined), loaded once per thread. Every
// rule, result and AI move the server uses comes from it.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function enginePath() {
  return process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`;
}

export async function loadEngine(path = enginePath()) {
  const factory = createRequire(import.meta.url)(path);
  return factory();
}
