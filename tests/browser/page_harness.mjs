// Shared set-up for the browser tests: the system Chromium through
// playwright-core, a tiny static server for dist/, and error collection.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES } from '../../scripts/content_types.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = process.env.QIPAN_DIST || join(root, 'dist');
export const screenshotDir = process.env.QIPAN_SCREENSHOTS || join(root, 'build/screenshots/page');

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: LAUNCH_ARGS });
}

// Serves `dir` (dist/ by default) on 127.0.0.1 at a free port.
export async function serveDist(dir = distDir) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

// Resolves once nothing on the page moves any more: no board animation, the
// fonts loaded and two frames painted since (for screenshots and pixels).
export async function settled(page) {
  await page.waitForFunction(() => document.fonts.status === 'loaded' && (!window.qipan || !window.qipan.animating()));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// Saves a screenshot of the page as build/screenshots/page/<name>.png once
// it has settled, and notes when it was taken (see longTasksOver).
export async function shot(page, name) {
  await settled(page).catch(() => {});
  const start = await page.evaluate(() => performance.now()).catch(() => null);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  if (start === null) return;
  await page
    .evaluate((from) => {
      (window.__shots ||= []).push([from, performance.now()]);
    }, start)
    .catch(() => {});
}

// Starts recording long main-thread tasks (the Long Tasks API, over 50 ms),
// dropping what was recorded before.
export function watchLongTasks(page) {
  return page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  });
}

// The durations (ms) of the recorded long tasks over `ms`. Tasks overlapping
// a shot() are left out: painting and capturing the page for a screenshot is
// the test's own main-thread work, not the game's.
export function longTasksOver(page, ms) {
  return page.evaluate((limit) => {
    const shots = window.__shots || [];
    return window.__longTasks
      .filter((t) => t.duration > limit && !shots.some(([a, b]) => t.start < b && t.start + t.duration > a))
      .map((t) => Math.round(t.duration));
  }, ms);
}

// Records console errors, page errors and failed requests of a page.
export function watchErrors(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    // Cancelling the AI terminates its worker (ai_client.js); a worker still
    // loading its blob: script then reports that load as aborted. Intended.
    if (r.url().startsWith('blob:') && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    // Chromium fetches the manifest's icons itself; a reload or the network
    // going away aborts that. Not the page's request.
    if (/\/(icon-[\w-]+\.png|manifest\.webmanifest)$/.test(r.url()) && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

export async function openGame(page, url) {
  await page.goto(url);
  await page.waitForFunction(
    () => window.qipan && window.qipan.snapshot() && window.qipan.events().some((e) => e.type === 'ready'),
  );
}

// ICCS square name to index.
export function sq(name) {
  return (name.charCodeAt(1) - 48) * 9 + (name.charCodeAt(0) - 97);
}

export async function centerOf(page, name) {
  return page.evaluate((s) => window.qipan.squareCenter(s), sq(name));
}

export async function click(page, name) {
  const p = await centerOf(page, name);
  await page.mouse.click(p.x, p.y);
}

// Click-click move through real pointer events.
export async function clickMove(page, iccs) {
  await click(page, iccs.slice(0, 2));
  await click(page, iccs.slice(2, 4));
}

export async function dragMove(page, iccs) {
  const a = await centerOf(page, iccs.slice(0, 2));
  const b = await centerOf(page, iccs.slice(2, 4));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
  await page.mouse.up();
}

export const snapshot = (page) => page.evaluate(() => window.qipan.snapshot());
export const events = (page) => page.evaluate(() => window.qipan.events());

export async function waitForPly(page, ply, timeout = 30000) {
  await page.waitForFunction((n) => window.qipan.snapshot().ply === n, ply, { timeout });
}

// Starts a new game from the dialog, as a player would: each seat human or
// 'ai', and the level of each AI seat (one number for both, or [l0, l1]).
export async function newGame(page, red, black, level) {
  const levels = Array.isArray(level) ? level : [level, level];
  const count = () => window.qipan.events().filter((e) => e.type === 'newgame').length;
  const before = await page.evaluate(count);
  await page.click('[data-action="new"]');
  for (const [seat, role] of [
    [0, red],
    [1, black],
  ]) {
    await page.selectOption(`#new-dialog select[name="seat${seat}"]`, role);
    if (role === 'ai') await page.selectOption(`#new-dialog select[name="level${seat}"]`, String(levels[seat]));
  }
  await page.click('#new-dialog button[value="start"]');
  await page.waitForFunction(
    (n) => window.qipan.events().filter((e) => e.type === 'newgame').length > n && window.qipan.snapshot().ply === 0,
    before,
  );
}

// The runner of the page tests. Each case gets a fresh browser context with
// `viewport` (by default the common laptop's width, where the toolbar shows
// every command in its row) and Playwright's `context` options (locale, colorScheme, ...),
// its page opened by open(page, options) (`options`: the case's other
// options), and fails on any console error, page error or failed
// request; a failing case leaves a screenshot failure-<prefix><name>.png.
// finish() prints the totals and returns the exit code.
export function pageTests(browser, { prefix = '', open }) {
  let passed = 0;
  let failed = 0;
  return {
    async test(name, body, { viewport = { width: 1366, height: 800 }, context: contextOptions = {}, ...options } = {}) {
      const context = await browser.newContext({ viewport, ...contextOptions });
      const page = await context.newPage();
      const problems = watchErrors(page);
      try {
        await open(page, options);
        await body(page, problems);
        assert.deepEqual(problems, [], 'no console error, page error or failed request');
        passed++;
        console.log(`ok - ${name}`);
      } catch (error) {
        failed++;
        console.log(`not ok - ${name}\n${error.stack}`);
        await shot(page, `failure-${prefix}${name.replace(/\W+/g, '_')}`).catch(() => {});
      } finally {
        await context.close();
      }
    },
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      return failed ? 1 : 0;
    },
  };
}

// Builds the shell's contract test page (tests/web/contract_main.js: the
// shell with a test double of the game hooks) into build/contract-page,
// with the files of the offline copy beside it, and returns that folder.
export async function buildContractPage() {
  const { buildPage } = await import('../../scripts/build_page.mjs');
  const outPath = join(root, 'build/contract-page/index.html');
  await buildPage({
    entry: 'tests/web/contract_main.js',
    outPath,
    enginePath: process.env.QIPAN_WEB_ENGINE || join(root, 'build/wasm/qipan_web.js'),
  });
  return dirname(outPath);
}

// The latest events of a type from the page's log.
export async function eventsOf(page, type) {
  return (await events(page)).filter((e) => e.type === type).map((e) => e.detail);
}

// Waits until the page has logged an event of `type` whose detail has the
// values given in `detail`.
export async function waitForEvent(page, type, detail = {}, timeout = 30000) {
  await page.waitForFunction(
    ({ type, detail }) =>
      window.qipan
        .events()
        .some(
          (e) => e.type === type && Object.entries(detail).every(([k, v]) => JSON.stringify(e.detail?.[k]) === JSON.stringify(v)),
        ),
    { type, detail },
    { timeout },
  );
}
