// Renders every state of tests/web/reversi_renderer_harness.html to PNG with headless
// Chromium and measures the frame cost of drawBoard and drawEvalGraph.
//
//   node tests/web/reversi_renderer_screenshots.mjs [outDir]
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
const outDir = path.resolve(process.argv[2] || path.join(root, 'build', 'screenshots', 'reversi-renderer'));
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
    stdin: { contents: "export * from './web/reversi/board_renderer.js';" +
      "export * from './web/reversi/board_geometry.js';" +
      "export * from './web/reversi/animation.js';" +
      "export * from './web/reversi/eval_graph.js';", resolveDir: root },
    bundle: true, format: 'iife', globalName: 'qipanReversi', write: false, minify: true,
  });
  return result.outputFiles[0].contents.length;
}

const bundleBytes = await checkBundle();
console.log(`esbuild bundle of the Reversi renderer: ${bundleBytes} bytes minified`);

fs.mkdirSync(outDir, { recursive: true });
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/tests/web/reversi_renderer_harness.html`;
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

// Close-ups at full resolution for judging discs, flips and hint text: state -> clip.
const DETAILS = {
  hints: { x: 190, y: 120, width: 420, height: 330 },
  flip_middle: { x: 330, y: 60, width: 420, height: 420 },
  middlegame: { x: 100, y: 120, width: 420, height: 420 },
  endgame_hints: { x: 300, y: 0, width: 460, height: 400 },
  phone: { x: 0, y: 220, width: 230, height: 200 },
};

try {
  const probe = await openPage(400, 400, 1, '?state=start&t=0');
  const { states, kinds, sizes } = await probe.page.evaluate(() => ({
    states: window.qipanHarness.states, kinds: window.qipanHarness.kinds, sizes: window.qipanHarness.sizes }));
  await probe.context.close();

  for (const name of states) {
    const [w, h, dpr] = sizes[name];
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    if (name === 'middlegame' || name === 'phone' || name === 'landscape') {
      const hit = await page.evaluate(() => window.qipanHarness.hit());
      console.log(`geometry ${name}: cell ${hit.cell.toFixed(2)}, a1 at (${hit.a1.x.toFixed(1)},${hit.a1.y.toFixed(1)}),` +
        ` h8 at (${hit.h8.x.toFixed(1)},${hit.h8.y.toFixed(1)}), round-trip misses ${hit.bad}, outside -> ${hit.outside}`);
      if (hit.bad !== 0 || hit.outside !== -1 || !(hit.a1.x < hit.h8.x && hit.a1.y < hit.h8.y)) failures++;
    }
    if (kinds[name] === 'graph') {
      const plies = await page.evaluate((n) => window.qipanHarness.graphHit(n), name);
      console.log(`eval graph ${name}: plyAt(x of 0, 10, 36, last, 1000) = ${plies.join(', ')}`);
    }
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(root, file)} (${w}x${h} @${dpr}x)`);
    if (DETAILS[name]) {
      const detail = path.join(outDir, `${name}_detail.png`);
      await page.screenshot({ path: detail, clip: DETAILS[name] });
      console.log(`wrote ${path.relative(root, detail)} (close-up)`);
    }
    await context.close();
  }

  // Frame cost, timed with a one-pixel read-back so rasterization is inside the
  // measurement: a static busy state at two densities, the phone, the flip animation
  // (frames spread over the whole animation) and the graph.
  for (const [w, h, dpr, name] of [[760, 760, 1, 'hints'], [760, 760, 2, 'hints'],
    [390, 844, 3, 'phone'], [760, 760, 1, 'flip_middle'], [760, 760, 2, 'flip_middle'],
    [300, 140, 2, 'graph']]) {
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const r = await page.evaluate((n) => window.qipanHarness.bench(n, 200, true), name);
    const what = name === 'graph' ? 'drawEvalGraph' : 'drawBoard';
    console.log(`${what} ${r.state} ${r.width}x${r.height} @${r.dpr}x over ${r.frames} frames: ` +
      `median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(2)} ms`);
    if (name === 'hints' || name === 'phone') {
      const c = await page.evaluate(() => window.qipanHarness.layerCost(5));
      console.log(`board layer (once per size/dpr) ${c.width}x${c.height} @${c.dpr}x: median ${c.median.toFixed(1)} ms`);
    }
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
