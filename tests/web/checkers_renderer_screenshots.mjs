// Renders every state of tests/web/checkers_renderer_harness.html to PNG with
// headless Chromium and measures the frame cost of drawBoard.
//
//   node tests/web/checkers_renderer_screenshots.mjs [outDir]
//
// Serves the repository over http on 127.0.0.1 so the harness loads the real
// ES modules; exit code 1 on any page error or hit-test miss.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.resolve(process.argv[2] || path.join(root, 'build', 'screenshots', 'checkers-renderer'));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8' };

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

fs.mkdirSync(outDir, { recursive: true });
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/tests/web/checkers_renderer_harness.html`;
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
  await page.goto(base + query);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  return { context, page };
}

const only = process.env.STATES ? process.env.STATES.split(',') : null;
try {
  const probe = await openPage(400, 400, 1, '?state=start2&t=0');
  const { states, sizes } = await probe.page.evaluate(() => ({ states: window.qipanHarness.states, sizes: window.qipanHarness.sizes }));
  const hit = await probe.page.evaluate(() => window.qipanHarness.hit());
  console.log(`hit test: ${hit.bad} misses at unit ${hit.unit.toFixed(1)}`);
  if (hit.bad) failures++;
  await probe.context.close();
  for (const name of states) {
    if (only && !only.includes(name)) continue;
    const [w, h, dpr] = sizes[name];
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(root, file)} (${w}x${h} @${dpr}x)`);
    await context.close();
  }
  for (const [w, h, dpr, name] of [[900, 760, 1, 'start6'], [900, 760, 2, 'selected'], [390, 468, 3, 'phone']]) {
    if (only) break;
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const r = await page.evaluate((n) => window.qipanHarness.bench(n, 120), name);
    console.log(`drawBoard ${r.state} ${r.width}x${r.height} @${r.dpr}x: median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`);
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
