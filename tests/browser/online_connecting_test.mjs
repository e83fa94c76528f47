// An invite link while its server is down, in headless Chromium: the page
// opened from disk (the server's address remembered) shows at once the room
// it is trying to reach, over the board, keeps trying (the attempts
// counted), and offers to play offline meanwhile. One player waits: when the
// server is back the page joins the room by itself, in the room's game
// (Reversi, not the page's xiangqi). The other plays offline: the room is
// given up, the board is theirs, and nothing joins later. Every wait is on
// the page (its overlay, its events, window.qipan.online()).
//   node tests/browser/online_connecting_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clickMove, distDir, openGame, snapshot, watchErrors } from './page_harness.mjs';
import { createRoom, openBrowser, player, runAndExit, shotOnline, startServer, waitOnline } from './online_harness.mjs';

const server = await startServer({ QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();

// While the server is away the page's attempts fail: that is the outage,
// not the page's error.
const OUTAGE = /socket\.io\/\?EIO=4|net::ERR_(FAILED|CONNECTION_REFUSED)|WebSocket/;

// The invite opened from disk, the server's address remembered from before.
async function openInvite(invite, { viewport, locale }) {
  const context = await browser.newContext({
    locale,
    viewport,
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(
    (url) => localStorage.setItem('qipan.online.server', JSON.stringify(url)),
    server.url.replace(/\/$/, ''),
  );
  const page = await context.newPage();
  const problems = watchErrors(page);
  const link = new URL(invite);
  await openGame(page, `${pathToFileURL(join(distDir, 'index.html')).href}${link.search}`);
  return { context, page, problems };
}

await runAndExit(browser, server, async () => {
  // ---- a Reversi room, then its server goes ----
  const host = await player(browser, server.url, { locale: 'en-US', viewport: { width: 1366, height: 768 } });
  await host.page.selectOption('#game-picker', 'reversi');
  await host.page.waitForFunction(
    () => window.qipan && window.qipan.game() === 'reversi' && window.qipan.events().some((e) => e.type === 'ready'),
  );
  const created = await createRoom(host.page, { name: 'Host' });
  await host.context.close();
  await server.stop();

  // ---- two players open the invite while it is down ----
  const waiter = await openInvite(created.links.invite, { locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  const leaver = await openInvite(created.links.invite, { locale: 'en-US', viewport: { width: 390, height: 844 } });
  for (const [who, text] of [
    [waiter, `正在连接房间 ${created.roomId}…`],
    [leaver, `Connecting to room ${created.roomId}…`],
  ]) {
    // At once, while the server is still down: the room it is trying to reach.
    await who.page.waitForSelector('#room-connecting:not([hidden])');
    assert.equal(await who.page.textContent('#room-connecting-title'), text);
    assert.equal(await who.page.isVisible('#room-play-offline'), true, 'playing offline is offered');
    assert.equal(await who.page.evaluate(() => window.qipan.online()), null);
  }
  // It keeps trying, and says so.
  await waiter.page.waitForFunction(() => /第 [2-9]\d* 次/.test(document.getElementById('room-connecting-retry').textContent));
  await leaver.page.waitForFunction(() => /attempt [2-9]\d*/.test(document.getElementById('room-connecting-retry').textContent));
  await shotOnline(waiter.page, 'connecting-desktop');
  await shotOnline(leaver.page, 'connecting-phone');

  // ---- one plays offline meanwhile ----
  await leaver.page.click('#room-play-offline');
  await leaver.page.waitForSelector('#room-connecting', { state: 'detached' });
  assert.equal(new URL(leaver.page.url()).searchParams.get('room'), null, 'the room is given up');
  const ply = (await snapshot(leaver.page)).ply;
  await clickMove(leaver.page, 'h2e2');
  await leaver.page.waitForFunction((n) => window.qipan.snapshot().ply > n, ply);

  // ---- the server is back: the other joins by itself, in the room's game ----
  await server.start();
  const joined = await waitOnline(waiter.page, (s) => s.ready && s.seat === 1);
  assert.equal(joined.roomId, created.roomId);
  assert.equal(await waiter.page.evaluate(() => window.qipan.game()), 'reversi');
  assert.equal(await waiter.page.isVisible('#room-connecting'), false);
  await shotOnline(waiter.page, 'connecting-joined-desktop');
  // The one who went offline stays offline.
  await waitOnline(waiter.page, (s) => s.seats[1].connected);
  assert.equal(await leaver.page.evaluate(() => window.qipan.online()), null);
  assert.equal(await leaver.page.evaluate(() => window.qipan.game()), 'xiangqi');

  for (const [name, problems] of [
    ['waiting', waiter.problems],
    ['offline', leaver.problems],
  ])
    assert.deepEqual(
      problems.filter((p) => !OUTAGE.test(p)),
      [],
      `${name} page had errors`,
    );
  console.log(
    "ok - an invite while the server is down: the room it is trying shown at once with its attempts, play offline meanwhile, joined by itself in the room's game when the server is back",
  );
  await waiter.context.close();
  await leaver.context.close();
});
