// The page under its Content-Security-Policy (server/net/content_security.js)
// in headless Chromium, served by both servers that send it: the room
// server (server/main.js) and scripts/serve.mjs (scripts/play). The page
// must load, start a game whose AI moves in a Web Worker, and (from the room
// server) open a room over Socket.IO, with no CSP violation reported. A
// script injected into the page is refused, so the policy is really in force.
//   node tests/browser/page_csp_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

import { ServerProcess } from '../server/harness.mjs';
import { createRoom, online } from './online_harness.mjs';
import { launch, newGame, openGame, root, waitForPly, watchErrors } from './page_harness.mjs';

// scripts/serve.mjs on a free port; resolves with its URL and a stop().
async function startStaticServer() {
  const proc = spawn(process.execPath, [`${root}/scripts/serve.mjs`, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => proc.kill('SIGKILL'));
  const url = await new Promise((done, fail) => {
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /served at (http:\/\/\S+)/.exec(out);
      if (m) done(m[1]);
    });
    proc.once('exit', (code) => fail(new Error(`scripts/serve.mjs exited (${code})`)));
  });
  proc.stdout.resume();
  return { url, stop: () => proc.kill('SIGTERM') };
}

// A page that records every CSP violation of its document (workers report
// theirs on the console, which watchErrors records).
async function openWatched(browser, url) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto(url);
  const policy = response.headers()['content-security-policy'] ?? '';
  await openGame(page, url);
  return { context, page, problems, workers, policy };
}

const violations = (page) => page.evaluate(() => window.__cspViolations);

async function checkPage(browser, url, { room = false } = {}) {
  const { context, page, problems, workers, policy } = await openWatched(browser, url);
  assert.match(policy, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ 'wasm-unsafe-eval'/, 'the page came with its policy');
  assert.match(policy, /frame-ancestors 'none'/);
  // Two AI seats at level 1: the game moves on only through the worker.
  await newGame(page, 'ai', 'ai', 1);
  await waitForPly(page, 2);
  assert.ok(
    workers.some((w) => w.startsWith('blob:')),
    `the AI ran in a blob: worker (${workers.join(', ')})`,
  );
  if (room) {
    const state = await createRoom(page);
    assert.ok(state.roomId && state.links.invite.startsWith(url), 'a room was opened over Socket.IO');
    assert.equal((await online(page)).connected, true);
  }
  assert.deepEqual(await violations(page), [], 'no CSP violation');
  assert.deepEqual(problems, [], 'no console error, page error or failed request');
  // The policy is enforced: an inline script the page did not ship is refused.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  await page.waitForFunction(() => window.__cspViolations.length > 0);
  assert.equal(await page.evaluate(() => window.__injected === true), false, 'the injected script did not run');
  assert.match((await violations(page))[0], /^script-src/);
  await context.close();
}

const browser = await launch();
const roomServer = await new ServerProcess().start();
const staticServer = await startStaticServer();
let failed = 0;
for (const [name, url, options] of [
  ['the room server', roomServer.url, { room: true }],
  ['scripts/serve.mjs', staticServer.url, {}],
]) {
  try {
    await checkPage(browser, url, options);
    console.log(`ok - served by ${name}: the page plays, its AI worker runs and no CSP violation is reported`);
  } catch (error) {
    failed++;
    console.log(`not ok - served by ${name}\n${error.stack}`);
  }
}
await browser.close();
await roomServer.stop();
staticServer.stop();
console.log(`${2 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
