// The page installed for offline use when served over http: the manifest
// and the service worker register, the worker keeps the build under its
// content hash and serves the page with the network gone, and a new build
// replaces the old copy; opened from disk (file://) nothing registers and
// the page works as before.
//   node tests/browser/shell_offline_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clickMove, distDir, launch, openGame, pageTests, root, serveDist, snapshot, waitForPly } from './page_harness.mjs';

// A copy of dist/ the test may change (a "new build").
const copy = join(root, 'build/offline-test');
rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
cpSync(distDir, copy, { recursive: true });
const version = readFileSync(join(copy, 'sw.js'), 'utf8').match(/const VERSION = '([0-9a-f]{16})'/)?.[1];
assert.ok(version, 'dist/sw.js carries the build hash');

const browser = await launch();
const server = await serveDist(copy);
const tests = pageTests(browser, { prefix: 'shell-offline-', open: (page, { url = server.url }) => openGame(page, url) });
const test = tests.test;

const cacheNames = (page) => page.evaluate(() => caches.keys());
const ready = (page) => page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));

await test('over http: manifest and service worker; the page opens and plays offline', async (page) => {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  assert.deepEqual(await cacheNames(page), [`qipan-${version}`]);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const response = await fetch(link.href);
    return { type: response.headers.get('content-type'), body: await response.json() };
  });
  assert.equal(manifest.type, 'application/manifest+json');
  assert.equal(manifest.body.display, 'standalone');
  for (const icon of manifest.body.icons) {
    const status = await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), icon.src);
    assert.equal(status, 'image/png', icon.src);
  }
  const cached = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
    `qipan-${version}`,
  );
  assert.deepEqual(cached.sort(), [
    '/',
    '/icon-192.png',
    '/icon-512.png',
    '/icon-maskable-512.png',
    '/index.html',
    '/manifest.webmanifest',
  ]);

  server.close(); // the host is gone too, not only the network
  await page.context().setOffline(true);
  await page.reload();
  await ready(page);
  await clickMove(page, 'h2e2');
  await waitForPly(page, 1);
  assert.equal((await snapshot(page)).moves[0].iccs, 'h2e2');
  // A page address with a query (the checkers test speed-ups) is served too.
  await page.goto(`${page.url().split('?')[0]}?aiPause=40`);
  await ready(page);
});

const server2 = await serveDist(copy);

await test(
  'a new build replaces the old copy',
  async (page) => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    assert.deepEqual(await cacheNames(page), [`qipan-${version}`]);
    // The next build: another page and a worker with another hash.
    writeFileSync(
      join(copy, 'index.html'),
      readFileSync(join(copy, 'index.html'), 'utf8').replace('</body>', '<!-- build two --></body>'),
    );
    writeFileSync(join(copy, 'sw.js'), readFileSync(join(copy, 'sw.js'), 'utf8').replace(version, 'feedfacefeedface'));
    await page.reload();
    await ready(page);
    await page.waitForFunction(async () => (await caches.keys()).join() === 'qipan-feedfacefeedface', null, { timeout: 20000 });
    await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'serviceworkerupdated'));
    assert.match(await page.textContent('#toast'), /new version/);
    await page.reload();
    await ready(page);
    assert.match(await page.content(), /<!-- build two -->/);
  },
  { url: server2.url },
);

await test(
  'from file:// no manifest and no service worker, and the page plays',
  async (page) => {
    assert.equal(await page.$('link[rel="manifest"]'), null);
    const registrations = await page.evaluate(async () => {
      try {
        return (await navigator.serviceWorker?.getRegistrations())?.length ?? 0;
      } catch {
        return 0;
      }
    });
    assert.equal(registrations, 0);
    assert.ok(!(await page.evaluate(() => window.qipan.events())).some((e) => e.type.startsWith('serviceworker')));
    await clickMove(page, 'h2e2');
    await waitForPly(page, 1);
  },
  { url: pathToFileURL(join(distDir, 'index.html')).href },
);

server2.close();
await browser.close();
process.exit(tests.finish());
