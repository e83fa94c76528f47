// What a room says reaches the player wherever they look, in headless
// Chromium against a real room server: red plays on a desktop, black on a
// phone (390x844) whose room panel is scrolled away. An undo asked of black
// shows over the board with its countdown and its answers, and the phone
// vibrates; declined, red's Undo button is disabled and counts the back-off
// down on its label until it may be asked again; a draw offer and new chat
// show over the board too. Red switches notifications on (the room panel's
// toggle): in a background tab red's title starts with "● 轮到你" and a
// notification says it is red's move. Black's connection goes: black's
// status line says so instead of "Red to move", over the board too, with a
// vibration; red sees black's reconnect countdown over the board; black
// comes back by itself. Vibration and notifications are recorded by spies
// the test puts in the pages. Screenshots in build/screenshots/online.
//   node tests/browser/online_alerts_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { click, openGame, watchErrors } from './page_harness.mjs';
import {
  createRoom,
  cuttableNetwork,
  online,
  openBrowser,
  runAndExit,
  shotOnline,
  startServer,
  vibrationSpy,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

const BACKOFF_MS = 3000;
const server = await startServer({
  QIPAN_UNDO_TIMEOUT_MS: '30000',
  QIPAN_SEAT_GRACE_MS: '60000',
  QIPAN_OFFER_BACKOFF_MS: String(BACKOFF_MS),
});
const browser = await openBrowser();

// The notifications the page sent, in window.__notifications.
function notificationSpy() {
  window.__notifications = [];
  const Real = window.Notification;
  function Spy(title, options) {
    window.__notifications.push({ title, body: options?.body ?? '' });
    return { close() {} };
  }
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  Spy.requestPermission = () => Real.requestPermission();
  window.Notification = Spy;
}

// The tab goes to the background (or comes back), as the browser says it.
const setHidden = (page, hidden) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value: h, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

const rect = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// While the network is cut, the page's attempts to reach the server fail:
// that is the outage itself, not the page's error.
const OUTAGE = /socket\.io\/\?EIO=4|net::ERR_(FAILED|CONNECTION_REFUSED|ABORTED)|WebSocket/;

await runAndExit(browser, server, async () => {
  // ---- red (desktop) creates the room; black (phone) joins by the link ----
  const redContext = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1366, height: 768 },
    permissions: ['notifications'],
  });
  await redContext.addInitScript(notificationSpy);
  await redContext.addInitScript(vibrationSpy);
  const red = { page: await redContext.newPage() };
  red.problems = watchErrors(red.page);
  await openGame(red.page, server.url);
  const created = await createRoom(red.page, { name: 'Ann' });

  const blackContext = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await blackContext.addInitScript(notificationSpy);
  await blackContext.addInitScript(vibrationSpy);
  const black = { page: await blackContext.newPage() };
  black.problems = watchErrors(black.page);
  // Black's network, which the test can cut: the WebSocket and the polling.
  const network = await cuttableNetwork(black.page);
  await openGame(black.page, created.links.invite);
  await black.page.waitForSelector('#room-name-form:not([hidden])');
  await black.page.fill('#room-name-input', 'Bob');
  await black.page.click('#room-name-form button');
  await waitOnline(red.page, (s) => s.ready && s.seats[1].name === 'Bob');
  const pages = [red.page, black.page];
  await click(red.page, 'h2');
  await click(red.page, 'e2');
  await waitAllAtStep(pages, 1);
  await click(black.page, 'h9');
  await click(black.page, 'g7');
  await waitAllAtStep(pages, 2);

  // ---- an undo asked of black, whose panel is scrolled away ----
  await black.page.$eval('.panel', (el) => {
    el.scrollTop = el.scrollHeight;
  });
  await red.page.click('[data-room="undo"]');
  const asked = await waitOnline(black.page, (s) => s.panel.offer && s.panel.offer.kind === 'undo');
  assert.match(asked.panel.offer.text, /Red asks to undo \(answer within \d+ s\)/);
  // Over the board, on the screen as it is (nothing scrolled), its buttons on top.
  const offer = await rect(black.page, '#room-offer');
  const board = await rect(black.page, '#board-wrap');
  assert.ok(offer.top >= board.top && offer.bottom <= board.bottom, `over the board: ${JSON.stringify([offer, board])}`);
  assert.equal(await black.page.evaluate(() => window.scrollY), 0);
  for (const answer of ['accept', 'decline']) {
    const selector = `#room-offer [data-room="${answer}"]`;
    const button = await rect(black.page, selector);
    assert.ok(button.bottom - button.top >= 44, `${answer} is a touch target: ${JSON.stringify(button)}`);
    const hit = await black.page.evaluate(
      ([sel, x, y]) => document.elementFromPoint(x, y) === document.querySelector(sel),
      [selector, (button.left + button.right) / 2, (button.top + button.bottom) / 2],
    );
    assert.ok(hit, `${answer} is on top where it shows`);
  }
  assert.deepEqual(await black.page.evaluate(() => window.__vibrations), [[120, 80, 120]], 'the phone vibrated once');
  await shotOnline(black.page, 'alerts-undo-phone');
  await black.page.click('#room-offer [data-room="decline"]');
  await waitOnline(black.page, (s) => !s.panel.offer && !s.panel.banner.offer);

  // ---- declined: red's Undo waits out the back-off, counting down ----
  const waiting = await waitOnline(
    red.page,
    (s) => s.panel.buttons.undo.disabled && /^请求悔棋（\d+ 秒）$/.test(s.panel.buttons.undo.text),
  );
  assert.ok(Number(/（(\d+) 秒）/.exec(waiting.panel.buttons.undo.text)[1]) <= BACKOFF_MS / 1000);
  await shotOnline(red.page, 'alerts-undo-backoff-desktop');
  await waitOnline(
    red.page,
    (s) => !s.panel.buttons.undo.disabled && s.panel.buttons.undo.text === '请求悔棋',
    null,
    BACKOFF_MS + 20000,
  );

  // ---- a draw offer and chat over black's board ----
  await red.page.click('[data-room="draw"]');
  const draw = await waitOnline(black.page, (s) => s.panel.offer && s.panel.offer.kind === 'draw');
  assert.match(draw.panel.banner.offer, /Red offers a draw/);
  await black.page.click('#room-offer [data-room="decline"]');
  await waitOnline(red.page, (s) => s.offers.draw === null);
  await red.page.fill('#room-chat-input', 'hello Bob');
  await red.page.press('#room-chat-input', 'Enter');
  await waitOnline(black.page, (s) => s.panel.banner.chat === 'Ann: hello Bob');
  assert.equal((await online(red.page)).panel.banner.chat, '', "one's own chat is not shown back");

  // ---- red's notifications and title in a background tab ----
  assert.equal(await red.page.getAttribute('[data-room="notify"]', 'aria-pressed'), 'false');
  await red.page.click('[data-room="notify"]');
  await red.page.waitForSelector('[data-room="notify"][aria-pressed="true"]');
  await click(red.page, 'h0');
  await click(red.page, 'g2');
  await waitAllAtStep(pages, 3);
  await setHidden(red.page, true);
  await click(black.page, 'i9');
  await click(black.page, 'h9');
  await waitAllAtStep(pages, 4);
  await red.page.waitForFunction(() => document.title.startsWith('● 轮到你 · '));
  assert.deepEqual(await red.page.evaluate(() => window.__notifications), [
    { title: `房间 ${created.roomId}`, body: '轮到你走' },
  ]);
  await setHidden(red.page, false);
  await red.page.waitForFunction(() => !document.title.startsWith('●'));

  // ---- black's connection goes ----
  const vibrations = (await black.page.evaluate(() => window.__vibrations)).length;
  const marks = [red.problems.length, black.problems.length];
  await network.cut();
  const lost = await waitOnline(black.page, (s) => !s.connected);
  assert.equal(lost.panel.status, 'Connection to the server lost, reconnecting…', 'not "Red to move"');
  assert.equal(lost.panel.banner.connection, 'Connection to the server lost, reconnecting…');
  assert.deepEqual((await black.page.evaluate(() => window.__vibrations)).slice(vibrations), [[300]]);
  await shotOnline(black.page, 'alerts-offline-phone');
  const away = await waitOnline(red.page, (s) => !s.seats[1].connected && /黑方断线，\d+ 秒内可回来/.test(s.panel.banner.away));
  assert.ok(overlaps(await rect(red.page, '#room-banner-away'), await rect(red.page, '#board-wrap')), 'over the board');
  assert.match(away.panel.line, /黑方断线，\d+ 秒内可回来/);
  await shotOnline(red.page, 'alerts-opponent-away-desktop');
  network.restore();
  const back = await waitOnline(black.page, (s) => s.connected && s.ready && s.step === 4 && !s.panel.banner.connection);
  assert.equal(back.seat, 1);
  assert.doesNotMatch(back.panel.status, /lost/);
  await waitOnline(red.page, (s) => s.seats[1].connected && !s.panel.banner.away);
  const outage = (list, mark) => list.splice(mark).filter((p) => !OUTAGE.test(p));
  black.problems.push(...outage(black.problems, marks[1]));
  red.problems.push(...outage(red.problems, marks[0]));

  for (const [name, problems] of [
    ['red', red.problems],
    ['black', black.problems],
  ])
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  console.log(
    'ok - online alerts: an undo and a draw over the phone\'s board with their answers and a vibration, the undo back-off counted down on the button, chat over the board, "● 轮到你" in a background tab with a notification, the connection lost in the status line and over the board, the opponent\'s countdown',
  );
  await redContext.close();
  await blackContext.close();
});
