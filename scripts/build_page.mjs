// Builds dist/index.html: one self-contained page with the engine, the
// worker glue and the bundled app, so it works opened from disk and from any
// static host, with no network. The engine's wasm, which -sSINGLE_FILE
// inlines as base64, is taken out of the engine script, gzipped and put back
// as base64 of the gzip in a global the page inflates
// (web/worker/engine_loader.js); the page is a third of its size that way. Beside it, for
// a page served over http(s): the web app manifest, its icons and the service
// worker (sw.js) that keeps an offline copy under the build's content hash.
//   node scripts/build_page.mjs <engine.js> <out.html>
// Fails when a Chinese UI string has a character the embedded UI font lacks
// (run web/fonts/make_ui_font.py then).
import { build, transformSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { uiChineseText } from '../web/fonts/ui_text.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function bundle(entry) {
  const result = await build({
    entryPoints: [resolve(root, entry)],
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

// The engine script with its wasm packed: the -sSINGLE_FILE payload (a
// base64 data URI) emptied, and the wasm gzipped, as base64, in the global
// QipanWasmGzip before the factory. An empty data URI keeps Emscripten from
// fetching a file; engine_loader.js passes the inflated bytes as wasmBinary.
// Emscripten's glue is then minified (it keeps its names and spaces at -O3):
// 4 KB of the page's gzip. Its Embind code builds functions with
// new Function from strings that name only their own parameters, so
// renaming the glue's locals is safe; its globals (QipanEngine) keep their
// names, as esbuild leaves a script's top level alone.
const WASM_DATA_URI = /(wasmBinaryFile\s*=\s*"data:application\/octet-stream;base64,)([A-Za-z0-9+/=]*)"/g;
export function packEngine(engine) {
  const found = [...engine.matchAll(WASM_DATA_URI)];
  if (found.length !== 1)
    throw new Error(`the engine script has ${found.length} inlined wasm payloads, not 1 (built without -sSINGLE_FILE?)`);
  const wasm = Buffer.from(found[0][2], 'base64');
  const packed = gzipSync(wasm, { level: 9 }).toString('base64');
  const glue = transformSync(
    engine.replace(WASM_DATA_URI, (_, prefix) => `${prefix}"`),
    { minify: true, target: 'es2020', legalComments: 'none' },
  ).code;
  const text = `var QipanWasmGzip="${packed}";\n` + glue;
  return { text, wasmBytes: wasm.length, packedBytes: packed.length };
}

// Raw and gzip (level 9) bytes of a text, as a host would serve it.
export function sizes(text) {
  const bytes = Buffer.from(text);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

// The characters of the page's Chinese text that the embedded font lacks.
export async function missingUiGlyphs() {
  const { UI_FONT_CHARS } = await import(pathToFileURL(join(root, 'web/fonts/ui_font_data.js')).href);
  const covered = new Set(UI_FONT_CHARS);
  return [...uiChineseText(root)].filter((ch) => !covered.has(ch));
}

// The page's style sheet: the shell's (web/style.css), then each game's own
// (web/games/<game>/theme.css, scoped by the body's data-game), found by folder.
export function pageStyle() {
  const games = join(root, 'web/games');
  const themes = readdirSync(games, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(games, entry.name, 'theme.css'))
    .filter((file) => existsSync(file))
    .sort();
  return [join(root, 'web/style.css'), ...themes].map((file) => readFileSync(file, 'utf8')).join('\n');
}

const PWA_ICONS = ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'];

// The manifest, icons and service worker beside the page. The worker's
// version is a hash of everything it caches, so any change is an update.
function writeOfflineFiles(outDir, html) {
  const manifest = readFileSync(join(root, 'web/pwa/manifest.webmanifest'));
  writeFileSync(join(outDir, 'manifest.webmanifest'), manifest);
  const hash = createHash('sha256').update(html).update(manifest);
  for (const icon of PWA_ICONS) {
    copyFileSync(join(root, 'web/pwa', icon), join(outDir, icon));
    hash.update(readFileSync(join(root, 'web/pwa', icon)));
  }
  const version = hash.digest('hex').slice(0, 16);
  const files = ['./', 'index.html', 'manifest.webmanifest', ...PWA_ICONS];
  const source = readFileSync(join(root, 'web/pwa/sw.js'), 'utf8');
  // The placeholders as web/pwa/sw.js writes them, whatever the spacing the
  // formatter gives them; a worker without them would cache nothing.
  const filesMarker = /\/\*QIPAN_FILES\*\/\s*\[\]/;
  if (!source.includes('/*QIPAN_VERSION*/') || !filesMarker.test(source)) throw new Error('web/pwa/sw.js lacks its placeholders');
  const worker = source.replace('/*QIPAN_VERSION*/', version).replace(filesMarker, JSON.stringify(files));
  writeFileSync(join(outDir, 'sw.js'), worker);
  return version;
}

// entry: the app's entry module (the real page, or a test page of the
// shell); offline: also write the manifest, icons and service worker.
export async function buildPage({
  enginePath = `${root}/build/wasm/qipan_web.js`,
  outPath = `${root}/dist/index.html`,
  entry = 'web/main.js',
  offline = true,
} = {}) {
  const missing = await missingUiGlyphs();
  if (missing.length > 0) {
    throw new Error(
      `the embedded UI font lacks ${missing.join('')} (${missing.length} characters of the page's Chinese text): ` +
        'run web/fonts/make_ui_font.py (see its header)',
    );
  }
  const [app, worker] = await Promise.all([bundle(entry), bundle('web/worker/engine_worker.js')]);
  const engine = packEngine(readFileSync(enginePath, 'utf8'));
  const style = pageStyle();
  const parts = {
    '/*QIPAN_STYLE*/': style,
    '/*QIPAN_ENGINE*/': inline(engine.text),
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
  const version = offline ? writeOfflineFiles(dirname(outPath), html) : null;
  return { outPath, ...sizes(html), wasmBytes: engine.wasmBytes, packedWasmBytes: engine.packedBytes, version };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [enginePath, outPath] = process.argv.slice(2);
  try {
    const page = await buildPage({ enginePath: enginePath || undefined, outPath: outPath || undefined });
    console.log(
      `wrote ${page.outPath} (${page.bytes} bytes, ${page.gzipBytes} gzipped; wasm ${page.wasmBytes} bytes, ` +
        `${page.packedWasmBytes} as base64 of its gzip)${page.version ? `, offline copy ${page.version}` : ''}`,
    );
  } catch (error) {
    console.error(`build_page: ${error.message}`);
    process.exit(1);
  }
}
