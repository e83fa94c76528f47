// Figures for the browser page, printed one per line: size of
//   dist/index.html (raw and gzip) and of the embedded fonts in it, time from
//   navigation to the first interactive board, cost of one board frame
//   (median, p95), main-thread long tasks while the AI thinks (over a Reversi
//   game, while xiangqi level 8 thinks, while six Chinese checkers AI seats
//   play; the tests measure no time), and the AI's search speed inside the
//   page's Web Worker beside the native figure.
//   node scripts/bench_page.mjs <native qipan>
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import {
  click,
  clickMove,
  distDir,
  launch,
  longTasksOver,
  newGame,
  openGame,
  serveDist,
  watchLongTasks,
} from '../tests/browser/page_harness.mjs';
import { UI_FONT_WOFF2_BASE64 } from '../web/fonts/ui_font_data.js';
import { PIECE_FONT_WOFF2_BASE64 } from '../web/games/xiangqi/board/piece_font_data.js';

const nativeQipan = process.argv[2];
const html = readFileSync(join(distDir, 'index.html'));
console.log(`page size: ${html.length} bytes raw, ${gzipSync(html, { level: 9 }).length} bytes gzip`);
for (const [name, base64] of [
  ['UI font (Qipan Sans)', UI_FONT_WOFF2_BASE64],
  ['piece font (Qipan Kai)', PIECE_FONT_WOFF2_BASE64],
]) {
  console.log(
    `${name}: ${Buffer.from(base64, 'base64').length} bytes woff2, ${base64.length} bytes base64 in the page, ` +
      `${gzipSync(base64, { level: 9 }).length} bytes of it gzip`,
  );
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const browser = await launch();
const server = await serveDist();
try {
  // Time to an interactive board, median of five cold loads.
  const loads = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await openGame(page, server.url);
    await page.waitForFunction(() => window.qipan.drawTimes().length > 0);
    loads.push(
      await page.evaluate(() => Math.max(window.qipan.events().find((e) => e.type === 'ready').at, window.qipan.lastFrameAt())),
    );
    await context.close();
  }
  console.log(
    `first interactive board: ${quantile(loads, 0.5).toFixed(0)} ms after navigation (median of 5 loads; min ${Math.min(...loads).toFixed(0)})`,
  );

  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await openGame(page, server.url);
  await click(page, 'h2'); // a selected piece breathes, so every frame is drawn
  await page.waitForTimeout(4000);
  const frames = await page.evaluate(() => window.qipan.drawTimes());
  console.log(
    `board frame (1200x800 @2x, selection glowing): median ${quantile(frames, 0.5).toFixed(2)} ms, ` +
      `p95 ${quantile(frames, 0.95).toFixed(2)} ms over ${frames.length} frames`,
  );

  // Main-thread long tasks (over 50 ms) while the strongest AI thinks.
  {
    const thinking = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const p = await thinking.newPage();
    await openGame(p, server.url);
    await newGame(p, 'human', 'ai', 8);
    await clickMove(p, 'h2e2');
    await p.waitForFunction(() => window.qipan.thinking() !== null);
    await watchLongTasks(p);
    await p.waitForTimeout(4000);
    const tasks = await longTasksOver(p, 50);
    console.log(
      `long tasks over 50 ms while the level-8 xiangqi AI thinks for 4 s: ${tasks.length}` +
        (tasks.length ? ` (longest ${Math.max(...tasks)} ms)` : ''),
    );
    await thinking.close();
  }

  // The same fixed-depth searches as `qipan bench`, in a worker built from the
  // page's own inlined engine, with clean tables for each position.
  const native = execFileSync(nativeQipan, ['bench', '--only', 'search-xiangqi', '--verbose'], { encoding: 'utf8' });
  const fens = [...native.matchAll(/ s {2}(\S+ [wb] .*)$/gm)].map((m) => m[1].trim());
  const summary = native.match(/^bench search\S* depth=(\d+) nodes=(\d+) seconds=([\d.]+) nps=(\d+)/m);
  if (!summary || fens.length === 0) throw new Error(`unexpected qipan bench output:\n${native}`);
  const depth = Number(summary[1]);
  const worker = await page.evaluate(
    async ({ fens, depth }) => {
      const source = [document.getElementById('engine-js').textContent, '\n', document.getElementById('worker-js').textContent];
      const w = new Worker(URL.createObjectURL(new Blob(source, { type: 'text/javascript' })));
      const run = (id, fen) =>
        new Promise((resolve) => {
          w.onmessage = (e) => {
            if (e.data.type === 'result') resolve(e.data.result);
          };
          w.postMessage({ id, game: 'xiangqi', request: { fen, moves: [] }, limits: { depth } });
        });
      let nodes = 0;
      let ms = 0;
      for (let i = 0; i < fens.length; i++) {
        const r = await run(i + 1, fens[i]);
        nodes += r.nodes;
        ms += r.timeMs;
      }
      w.terminate();
      return { nodes, ms };
    },
    { fens, depth },
  );
  const workerNps = worker.nodes / (worker.ms / 1000);
  const nativeNps = Number(summary[4]);
  console.log(
    `search depth ${depth} over ${fens.length} positions: worker ${worker.nodes} nodes, ` +
      `${(workerNps / 1e6).toFixed(2)} M nodes/s; native ${summary[2]} nodes, ${(nativeNps / 1e6).toFixed(2)} M nodes/s; ` +
      `worker/native ${(workerNps / nativeNps).toFixed(2)}` +
      (String(worker.nodes) === summary[2] ? ' (same node count)' : ' (NODE COUNTS DIFFER)'),
  );
  await context.close();
  await reversiLongTasks(browser, server.url);

  // Chinese checkers: main-thread long tasks (over 50 ms) while six AI seats
  // play 60 plies at a quick pace (every move animated, drawn and listed).
  const cc = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const ccPage = await cc.newPage();
  await openGame(ccPage, `${server.url}?aiPause=15&anim=0.15`);
  await ccPage.selectOption('#game-picker', 'checkers');
  await ccPage.waitForFunction(
    () => window.qipan && window.qipan.game() === 'checkers' && window.qipan.events().some((e) => e.type === 'ready'),
  );
  await ccPage.click('[data-action="new"]');
  await ccPage.selectOption('#cc-new-dialog select[name="count"]', '6');
  for (let p = 1; p <= 6; p++) {
    await ccPage.selectOption(`#cc-new-dialog select[name="seat${p}"]`, 'ai');
    await ccPage.selectOption(`#cc-new-dialog select[name="level${p}"]`, '1');
  }
  await ccPage.click('#cc-new-dialog button[value="start"]');
  await ccPage.waitForFunction(() => window.qipan.snapshot().ply >= 1);
  await ccPage.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  const started = Date.now();
  await ccPage.waitForFunction(() => window.qipan.snapshot().ply >= 61 || window.qipan.snapshot().status.over, null, {
    timeout: 120000,
    polling: 200,
  });
  const tasks = await ccPage.evaluate(() => window.__longTasks);
  const plies = (await ccPage.evaluate(() => window.qipan.snapshot().ply)) - 1;
  console.log(
    `checkers, six AI seats: ${tasks.length} main-thread tasks over 50 ms in ${plies} plies ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)${tasks.length ? `, longest ${Math.max(...tasks).toFixed(0)} ms` : ''}`,
  );
  await cc.close();

  // The main thread while xiangqi level 8 searches a middlegame in the worker:
  // long tasks (over 50 ms) from the search's start to its move.
  const thinkContext = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const thinkPage = await thinkContext.newPage();
  await thinkPage.addInitScript(() =>
    localStorage.setItem(
      'qipan.settings.v2',
      JSON.stringify({ game: 'xiangqi', xiangqi: { players: ['human', 'ai'], levels: [8, 8], level: 8 } }),
    ),
  );
  await openGame(thinkPage, server.url);
  await thinkPage.click('[data-action="record"]');
  await thinkPage.fill(
    '#record-dialog textarea[name="record"]',
    '1. h2e2 h9g7 2. h0g2 i9h9 3. g3g4 h7i7 4. b0c2 c6c5 5. b2b6 b9c7 6. b6c6 a9b9 7. a0b0',
  );
  await thinkPage.click('#record-dialog [data-action="import-record"]');
  await thinkPage.waitForFunction(() => window.qipan.thinking() !== null);
  await watchLongTasks(thinkPage);
  const thinkStart = await thinkPage.evaluate(() => performance.now());
  await thinkPage.waitForFunction(() => window.qipan.snapshot().ply === 14, null, { timeout: 120000 });
  const thinkMs = (await thinkPage.evaluate(() => performance.now())) - thinkStart;
  const longTasks = await longTasksOver(thinkPage, 50);
  console.log(
    `xiangqi level 8 thinking ${(thinkMs / 1000).toFixed(1)} s: ${longTasks.length} main-thread long tasks over 50 ms` +
      (longTasks.length ? ` (longest ${Math.max(...longTasks)} ms)` : ''),
  );
  await thinkContext.close();
} finally {
  server.close();
  await browser.close();
}

// Reversi: main-thread long tasks (over 50 ms) while a human plays a whole
// game against level 3 by pointer, from the first move on (the first
// sound's one-time AudioContext set-up is not part of playing).
async function reversiLongTasks(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  await openGame(page, url);
  await page.selectOption('#game-picker', 'reversi');
  // Switching games reloads the page: window.qipan is briefly absent.
  await page.waitForFunction(
    () => window.qipan && window.qipan.game() === 'reversi' && window.qipan.events().some((e) => e.type === 'ready'),
  );
  await newGame(page, 'human', 'ai', 3);
  let snap = await page.evaluate(() => window.qipan.snapshot());
  let moves = 0;
  while (!snap.status.over) {
    if (snap.side === 1) {
      const p = await page.evaluate((s) => window.qipan.squareCenter(s), snap.legal[0]);
      await page.mouse.click(p.x, p.y);
      if (++moves === 1) await watchLongTasks(page);
    }
    await page.waitForFunction(
      (ply) => {
        const s = window.qipan.snapshot();
        return s.status.over || (s.ply > ply && s.side === 1 && !window.qipan.thinking());
      },
      snap.ply,
      { timeout: 60000 },
    );
    snap = await page.evaluate(() => window.qipan.snapshot());
  }
  const long = await longTasksOver(page, 50);
  console.log(
    `reversi game against level 3 (${moves} human moves): ${long.length} main-thread tasks over 50 ms` +
      (long.length ? ` (longest ${Math.max(...long)} ms)` : ''),
  );
  await context.close();
}
