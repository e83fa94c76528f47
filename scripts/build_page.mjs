// Builds dist/index.html: one self-contained page with the engine (wasm
// inlined by -sSINGLE_FILE), the worker glue and the bundled app, so it works
// opened from disk and from any static host, with no network.
//   node scripts/build_page.mjs <engine.js> <out.html>
import { build } from 'esbuild';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [enginePath = `${root}/build/wasm/qipan_web.js`, outPath = `${root}/dist/index.html`] = process.argv.slice(2);

async function bundle(entry) {
  const result = await build({
    entryPoints: [`${root}/${entry}`],
    bundle: true,
    format: 'iife',
    target: ['es2020'],
    minify: true,
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

// Inline script text must not close its own <script> element.
const inline = (text) => text.replace(/<\/script/gi, '<\\/script');

const [app, worker] = await Promise.all([bundle('web/main.js'), bundle('web/worker/engine_worker.js')]);
const engine = readFileSync(enginePath, 'utf8');
const style = readFileSync(`${root}/web/style.css`, 'utf8');
const parts = {
  '/*QIPAN_STYLE*/': style,
  '/*QIPAN_ENGINE*/': inline(engine),
  '/*QIPAN_WORKER*/': inline(worker),
  '/*QIPAN_APP*/': inline(app),
};
let html = readFileSync(`${root}/shell.html`, 'utf8');
for (const [marker, text] of Object.entries(parts)) {
  if (!html.includes(marker)) throw new Error(`shell.html lacks ${marker}`);
  html = html.replace(marker, () => text);
}
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, html);
console.log(`wrote ${outPath} (${html.length} bytes)`);
