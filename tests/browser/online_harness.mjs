// Shared by the online browser tests (tests/browser/online_*_test.mjs): a
// real room server (server/main.js through tests/server/harness.mjs, serving
// this checkout's dist/ at `/`, on 127.0.0.1 with short timings), browser
// contexts for the players, and waits on the page's online state
// (window.qipan.online(), web/online/room_controller.js testState()). Not a
// test itself.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ServerProcess } from '../server/harness.mjs';
import { launch, openGame, root, settled, watchErrors } from './page_harness.mjs';

export const screenshotDir = join(root, 'build/screenshots/online');

// The page opened from disk (origin `null`) may connect too, as
// `--allow-origin null` lets it.
export async function startServer(env = {}) {
  return new ServerProcess({ env: { QIPAN_AI_MIN_DELAY_MS: '0', QIPAN_ALLOW_ORIGINS: 'null', ...env } }).start();
}

export async function openBrowser() {
  return launch();
}

// A player: its own context (own storage, like another device) and page.
// `beforeOpen(page)` runs before the page loads (a WebSocket route, say).
export async function player(
  browser,
  url,
  { locale = 'zh-CN', viewport = { width: 1280, height: 860 }, beforeOpen = null } = {},
) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  const problems = watchErrors(page);
  if (beforeOpen) await beforeOpen(page);
  await openGame(page, url);
  return { context, page, problems };
}

export const online = (page) => page.evaluate(() => window.qipan.online());

// An init script (context.addInitScript): the vibrations the page asks
// for, recorded in window.__vibrations.
export function vibrationSpy() {
  window.__vibrations = [];
  navigator.vibrate = (pattern) => {
    window.__vibrations.push(pattern);
    return true;
  };
}

// The page's own network to the room server, which the test can cut (the
// WebSocket closed and refused, the polling aborted) and restore; call
// before the page opens. Returns {cut(), restore()}.
export async function cuttableNetwork(page) {
  let down = false;
  let socket = null;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) {
      ws.close();
      return;
    }
    socket = ws;
    ws.connectToServer();
  });
  await page.route(/\/socket\.io\//, (route) => (down ? route.abort() : route.fallback()));
  return {
    async cut() {
      down = true;
      await socket?.close();
    },
    restore() {
      down = false;
    },
  };
}

// A relay on the page's socket that gives the room it creates (and the
// seeks it makes) `initialMs` instead of the bullet minute its dialog sends,
// which a server started with QIPAN_MIN_CLOCK_MS lowered takes; `sent` gets
// each such message as the page sent it. Call before the page opens.
export function shortenBulletClock(page, initialMs, sent = () => {}) {
  return page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === 'string' && /"(room:create|seek:quick|seek:create)"/.test(message)) {
        sent(message);
        message = message.replace('"initialMs":60000', `"initialMs":${initialMs}`);
      }
      upstream.send(message);
    });
    upstream.onMessage((message) => ws.send(message));
  });
}

// Waits until the page's online state passes `predicate` (a function of the
// state, given as source text with its argument).
export async function waitOnline(page, predicate, arg = null, timeout = 30000) {
  // Playwright sends a page function as its source text and compiles it at
  // once, which the page's Content-Security-Policy allows; text compiled
  // later by the page itself (new Function, or Playwright's own polling of a
  // string) it forbids. So the predicate's source is spliced into the source
  // of the function Playwright sends.
  const pageFunction = () => {};
  pageFunction.toString = () =>
    `(arg) => { const state = window.qipan && window.qipan.online(); return !!state && (${predicate.toString()})(state, arg); }`;
  await page.waitForFunction(pageFunction, arg, { timeout });
  return online(page);
}

// Every page has the room at `step` with nothing in flight, and the same pos.
export async function waitAllAtStep(pages, step) {
  for (const page of pages)
    await waitOnline(page, (s, n) => s.step === n && !s.pending && s.localSteps === n && s.localPos === s.pos, step);
}

// The Online button (in the toolbar's "more" menu when the toolbar is narrow).
export async function pressOnline(page) {
  if (!(await page.isVisible('[data-action="online"]'))) await page.click('#more-toggle');
  await page.click('[data-action="online"]');
}

// Resolves once the page's event log has an event of `type` (after `from` of them).
export async function waitEvent(page, type, from = 0) {
  await page.waitForFunction(([t, n]) => window.qipan.events().filter((e) => e.type === t).length > n, [type, from], {
    timeout: 30000,
  });
}

// The Online button, and the lobby subscribed to the server's lists.
export async function openLobby(page) {
  await pressOnline(page);
  await page.waitForSelector('#lobby-dialog[open]');
  await waitEvent(page, 'lobby-ready');
}

// The Online button (the lobby), its "invite a friend" (the create dialog),
// create; resolves with the room's state.
export async function openCreateDialog(page) {
  await pressOnline(page);
  await page.waitForSelector('#lobby-dialog[open]');
  await page.click('#lobby-dialog [data-lobby="invite"]');
  await page.waitForSelector('#online-dialog[open]');
}

export async function createRoom(page, { name = null, setup = null } = {}) {
  await openCreateDialog(page);
  if (name !== null) await page.fill('#online-dialog input[name="name"]', name);
  if (setup) await setup(page);
  await page.click('#online-go');
  return waitOnline(page, (s) => !!s.roomId && !!s.links);
}

// Opens a link (invite or watch) in a fresh page of `context`.
export async function openLink(context, url) {
  const page = await context.newPage();
  const problems = watchErrors(page);
  await openGame(page, url);
  await waitOnline(page, (s) => !!s.roomId);
  return { page, problems };
}

export async function shotOnline(page, name) {
  await settled(page).catch(() => {});
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

export const eventCount = (page, type) => page.evaluate((t) => window.qipan.events().filter((e) => e.type === t).length, type);

// Runs a test script's `body`, then closes the browser and the server
// whatever happened, and exits: 1 on a failure, shown with the server's
// last words.
export async function runAndExit(browser, server, body) {
  let failed = false;
  try {
    await body();
  } catch (error) {
    failed = true;
    console.error(error);
    if (server.stderr) console.error(server.stderr.slice(-2000));
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}

// A page's problems (page_harness.js watchErrors) less the refusals a test
// asked for: an account route in `routes` (a RegExp of its path after
// /api/account/) answering 4xx, and the console line the browser logs for
// each. Anything else is a problem.
export function unexpectedProblems(problems, routes) {
  const refused = problems.filter((p) => /^HTTP 4\d\d: /.test(p) && routes.test(p.replace(/^.*\/api\/account\//, '')));
  let logged = 0;
  return problems.filter((p) => {
    if (refused.includes(p)) return false;
    if (/^console: Failed to load resource: .*status of 4\d\d/.test(p) && logged < refused.length) {
      logged++;
      return false;
    }
    return true;
  });
}
