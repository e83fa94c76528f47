// Shared by the tests/web/*renderer_screenshots.mjs scripts: serves the
// repository over http on 127.0.0.1 (random port) so a harness page can load
// the real ES modules, opens it in headless Chromium (launched as the browser
// tests do, tests/browser/page_harness.mjs), counts page errors and saves PNGs.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { launch, root } from '../browser/page_harness.mjs';

export { root };

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
};

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// The output folder: argv[2], else build/screenshots/<name>; created.
export function outputDir(name) {
  const dir = path.resolve(process.argv[2] || path.join(root, 'build', 'screenshots', name));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

// Minified size of an esbuild IIFE bundle of `modules` (repository paths), so
// a script notices when the renderer stops bundling.
export async function bundleBytes(modules, globalName) {
  const result = await esbuild.build({
    stdin: { contents: modules.map((m) => `export * from './${m}';`).join(''), resolveDir: root },
    bundle: true,
    format: 'iife',
    globalName,
    write: false,
    minify: true,
  });
  return result.outputFiles[0].contents.length;
}

// Serves the repository and launches Chromium for tests/web/<page>.
// `failures` counts page errors and console errors, plus failed requests
// when `watchRequests` (the checkers script never counted those).
export async function openHarness(page, { watchRequests = true } = {}) {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/tests/web/${page}`;
  const browser = await launch();
  const harness = {
    failures: 0,
    // A fresh context at w x h CSS pixels and dpr, on base + query, once the
    // page has drawn (body[data-ready]).
    async openPage(w, h, dpr, query) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr });
      const p = await context.newPage();
      p.on('pageerror', (e) => {
        harness.failures++;
        console.error('page error:', e.message);
      });
      p.on('console', (m) => {
        if (m.type() === 'error') {
          harness.failures++;
          console.error('console:', m.text());
        }
      });
      if (watchRequests)
        p.on('requestfailed', (r) => {
          harness.failures++;
          console.error('request failed:', r.url());
        });
      await p.goto(base + query);
      await p.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
      return { context, page: p };
    },
    async close() {
      await browser.close();
      server.close();
    },
    // Exits 1 if anything was counted.
    finish() {
      if (harness.failures) {
        console.error(`${harness.failures} problem(s) found`);
        process.exit(1);
      }
    },
  };
  return harness;
}

// Writes a screenshot (clipped if `clip`) and logs its path and `note`.
export async function saveShot(page, file, note, clip) {
  await page.screenshot(clip ? { path: file, clip } : { path: file });
  console.log(`wrote ${path.relative(root, file)} (${note})`);
}
