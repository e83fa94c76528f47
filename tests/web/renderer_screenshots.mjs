// Renders every state of tests/web/renderer_harness.html to PNG with headless
// Chromium and measures drawBoard's frame cost.
//
//   node tests/web/renderer_screenshots.mjs [outDir]
//
// Serves the repository over http on 127.0.0.1 (random port) so the harness can load
// the real ES modules, checks that the renderer bundles with esbuild, and prints the
// geometry round trip and frame-cost figures. Exit code 1 on any page error.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.resolve(process.argv[2] || path.join(root, 'build', 'screenshots', 'renderer'));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css', '.png': 'image/png' };

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

async function checkBundle() {
  const result = await esbuild.build({
    stdin: { contents: "export * from './web/xiangqi/board_renderer.js';" +
      "export * from './web/xiangqi/board_geometry.js';" +
      "export * from './web/common/canvas.js';", resolveDir: root },
    bundle: true, format: 'iife', globalName: 'qipanRenderer', write: false, minify: true,
  });
  return result.outputFiles[0].contents.length;
}

const bundleBytes = await checkBundle();
console.log(`esbuild bundle of the renderer: ${bundleBytes} bytes minified`);

fs.mkdirSync(outDir, { recursive: true });
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/tests/web/renderer_harness.html`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});

let failures = 0;
async function openPage(w, h, dpr, query) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr });
  const page = await context.newPage();
  page.on('pageerror', (e) => { failures++; console.error('page error:', e.message); });
  page.on('console', (m) => { if (m.type() === 'error') { failures++; console.error('console:', m.text()); } });
  page.on('requestfailed', (r) => { failures++; console.error('request failed:', r.url()); });
  await page.goto(base + query);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  return { context, page };
}

try {
  // State list and sizes come from the harness itself.
  const probe = await openPage(400, 400, 1, '?state=start&t=0');
  const states = await probe.page.evaluate(() => window.qipanHarness.states);
  // The embedded subset must be what draws the characters (not a system font).
  const embedded = await probe.page.evaluate(() =>
    [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Qipan Kai' && f.status === 'loaded'));
  console.log(`embedded font "Qipan Kai" loaded: ${embedded}`);
  if (!embedded) failures++;
  await probe.context.close();

  const sizes = {
    start: [760, 860, 1], middlegame: [760, 860, 2], check: [760, 860, 1], flipped: [760, 860, 1],
    western: [760, 860, 1], phone: [390, 844, 3], animation: [760, 860, 1], dragging: [760, 860, 1],
    landscape: [1100, 560, 1],
  };
  for (const name of states) {
    const [w, h, dpr] = sizes[name] || [760, 860, 1];
    // t=400 puts the breathing pulses near their bright phase.
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=400`);
    if (name === 'middlegame' || name === 'flipped') {
      const hit = await page.evaluate((n) => window.qipanHarness.hit(n, 22), name);
      console.log(`geometry ${name}: centerOf(e2)=(${hit.center.x.toFixed(1)},${hit.center.y.toFixed(1)})` +
        ` squareAt(center)=${hit.back} squareAt(+0.4 cell)=${hit.nearMiss} squareAt(cell corner)=${hit.gap}`);
      if (hit.back !== 22 || hit.nearMiss !== 22 || hit.gap !== -1) failures++;
    }
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(root, file)} (${w}x${h} @${dpr}x)`);
    if (name === 'middlegame') {
      // A close-up at full resolution for judging the pieces and highlights.
      const detail = path.join(outDir, 'middlegame_detail.png');
      await page.screenshot({ path: detail, clip: { x: 150, y: 340, width: 420, height: 320 } });
      console.log(`wrote ${path.relative(root, detail)} (close-up)`);
    }
    await context.close();
  }

  // Frame cost: a busy state (selection, targets, last move, pulses) at two densities,
  // timed with a one-pixel read-back so rasterization is inside the measurement.
  for (const [w, h, dpr, name] of [[760, 860, 1, 'middlegame'], [760, 860, 2, 'middlegame'],
    [390, 844, 3, 'phone'], [760, 860, 1, 'animation']]) {
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const r = await page.evaluate((n) => window.qipanHarness.bench(n, 200, true), name);
    console.log(`drawBoard ${r.state} ${r.width}x${r.height} @${r.dpr}x over ${r.frames} frames: ` +
      `median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(2)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
if (failures) {
  console.error(`${failures} problem(s) found`);
  process.exit(1);
}
