// A timed game on a phone (390x844, touch) in headless Chromium against a
// real room server, where nothing is missed: red plays on a desktop and
// creates a 1+0 room through the Online dialog (a relay on red's socket
// gives each side CLOCK_MS instead of the minute, which the server takes
// with QIPAN_MIN_CLOCK_MS lowered); black joins on the phone by the invite
// link. At every ply both clocks stay on the phone's screen, one above the
// board and one below it, never covered, and the room panel does not scroll
// by itself (it used to follow the move list, carrying the clocks and the
// actions away). Black queues a premove while red thinks; red's move comes
// and black's premove is played at once. Then black's own clock runs low:
// red, with a sound, a vibration and a line over the board, not only for a
// screen reader; black flags, and the status line on the phone's screen
// says so. In the rematch black aborts before anyone moved: both pages say
// who aborted. The Online button sits in the phone's toolbar, and the
// room's small buttons are a finger's size. Screenshots in
// build/screenshots/online.
//   node tests/browser/online_phone_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { click, openGame, settled, watchErrors } from './page_harness.mjs';
import {
  createRoom,
  online,
  openBrowser,
  player,
  runAndExit,
  shortenBulletClock,
  shotOnline,
  startServer,
  vibrationSpy,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

const CLOCK_MS = 20_000;
const PHONE = { width: 390, height: 844 };
// An opening both sides can play quickly; black's a8d8 (ply 8) is queued as a premove.
const LINE = ['h2e2', 'h9g7', 'b0c2', 'b9c7', 'a0a1', 'a9a8', 'a1d1', 'a8d8', 'h0g2', 'i9h9', 'i0h0'];
const PREMOVE_PLY = 8;

const server = await startServer({ QIPAN_MIN_CLOCK_MS: '1000', QIPAN_FIRST_MOVE_MS: '30000', QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();

// Where the phone's clocks are, against the board and the screen, and
// whether each is the element actually on top at its centre.
const clockPlaces = (page) =>
  page.evaluate(() => {
    const board = document.querySelector('#board-wrap').getBoundingClientRect();
    return [...document.querySelectorAll('[data-clock-seat]')].map((cell) => {
      const r = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        seat: Number(cell.dataset.clockSeat),
        onScreen: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && r.height > 0,
        onTop: hit === cell || cell.contains(hit),
        above: r.bottom <= board.top + 1,
        below: r.top >= board.bottom - 1,
      };
    });
  });

// The element's box is on the screen and it is what a tap there reaches.
const onScreen = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= innerHeight && r.height > 0 && (hit === el || el.contains(hit));
  });

await runAndExit(browser, server, async () => {
  // ---- red (desktop) creates a 1+0 room; black (phone) joins by the link ----
  const shortClock = (page) => shortenBulletClock(page, CLOCK_MS);
  const red = await player(browser, server.url, { beforeOpen: shortClock });
  const created = await createRoom(red.page, {
    name: 'Red',
    setup: (page) => page.selectOption('#online-dialog select[name="clock"]', '1+0'),
  });
  const phone = await browser.newContext({ locale: 'zh-CN', viewport: PHONE, hasTouch: true, isMobile: true });
  await phone.addInitScript(vibrationSpy);
  const black = { page: await phone.newPage() };
  black.problems = watchErrors(black.page);
  await openGame(black.page, created.links.invite);
  await waitOnline(black.page, (s) => s.ready && s.seat === 1);
  const pages = [red.page, black.page];

  // The Online button is in the phone's toolbar, not in the overflow menu;
  // the room's small buttons are a finger's size.
  assert.equal(await black.page.isVisible('.toolbar [data-action="online"]'), true, 'Online in the bar');
  for (const selector of ['[data-action="online"]', '.room-rename', '[data-room="read-clocks"]']) {
    const box = await black.page.locator(selector).first().boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `${selector} is at least 44x44: ${JSON.stringify(box)}`);
  }

  const panelScroll = () => black.page.$eval('.panel', (el) => el.scrollTop);
  const scrollBefore = await panelScroll();
  for (const [i, move] of LINE.entries()) {
    const step = i + 1;
    if (step === PREMOVE_PLY) continue; // played as the premove
    if (step === PREMOVE_PLY - 1) {
      // Black's move is queued while red thinks...
      const premove = LINE[PREMOVE_PLY - 1];
      await click(black.page, premove.slice(0, 2));
      await click(black.page, premove.slice(2));
      const queued = await waitOnline(black.page, (s, m) => s.premove === m, premove);
      assert.equal(queued.step, step - 1, 'a premove changes nothing yet');
      assert.match(queued.panel.status, /预走：a8d8/);
    }
    const page = i % 2 ? black.page : red.page;
    await click(page, move.slice(0, 2));
    await click(page, move.slice(2));
    // ...and played the moment red's move arrives.
    await waitAllAtStep(pages, step === PREMOVE_PLY - 1 ? PREMOVE_PLY : step);
    await settled(black.page);
    const places = await clockPlaces(black.page);
    assert.deepEqual(
      places.map((p) => [p.seat, p.onScreen, p.onTop]).sort(),
      [
        [0, true, true],
        [1, true, true],
      ],
      `ply ${step}: both clocks on the phone's screen, uncovered: ${JSON.stringify(places)}`,
    );
    assert.ok(places.find((p) => p.seat === 0).above, `ply ${step}: red's clock above the board`);
    assert.ok(places.find((p) => p.seat === 1).below, `ply ${step}: black's own clock below the board`);
    assert.equal(await panelScroll(), scrollBefore, `ply ${step}: the room panel did not scroll by itself`);
    for (const action of ['draw', 'resign'])
      assert.ok(await onScreen(black.page, `[data-room="${action}"]`), `ply ${step}: ${action} on the screen`);
    if (step === 4) await shotOnline(black.page, 'phone-clocks-light');
  }
  const played = await online(black.page);
  assert.equal(played.pending, null);
  assert.equal(played.premove, null, 'the premove was used');
  assert.equal(
    (await black.page.evaluate(() => window.qipan.events().filter((e) => e.type === 'online-send')))[3].detail.move,
    'a8d8',
    "black's fourth move sent was the premove",
  );

  // ---- black's own clock runs low: seen, heard and felt on the phone ----
  const low = await waitOnline(black.page, (s) => s.panel.clocks.seats[1].state === 'running low', null, CLOCK_MS + 10_000);
  assert.match(low.panel.clocks.seats[1].text, /^\d\.\d$/);
  const told = await waitOnline(black.page, (s) => /你的时间还剩 10 秒/.test(s.panel.banner.lowTime));
  assert.ok(told.panel.banner.shown);
  // The banner lets taps through to the board (pointer-events: none), so it is placed, not hit.
  const banner = await black.page.$eval('#room-banner-time', (el) => {
    const r = el.getBoundingClientRect();
    const board = document.querySelector('#board-wrap').getBoundingClientRect();
    return r.height > 0 && r.top >= Math.max(0, board.top) && r.bottom <= Math.min(innerHeight, board.bottom);
  });
  assert.ok(banner, 'the warning is over the board, on the screen');
  assert.equal((await black.page.evaluate(() => window.qipan.lastSound())).kind, 'lowtime');
  assert.deepEqual(await black.page.evaluate(() => window.__vibrations.at(-1)), [200, 100, 200], 'the phone vibrated');
  await shotOnline(black.page, 'phone-clock-low-light');

  // ---- black flags: the phone's screen says so ----
  const flagged = await waitOnline(black.page, (s) => !!s.result, null, 20_000);
  assert.deepEqual([flagged.result.code, flagged.result.seat], ['timeout', 1]);
  assert.equal(await black.page.textContent('#status'), '你输了 · 红方胜 · 黑方超时判负');
  assert.ok(await onScreen(black.page, '#status'), 'the loss on time is on the screen');
  for (const p of await clockPlaces(black.page)) assert.ok(p.onScreen && p.onTop, 'the clocks stay in view');
  await shotOnline(black.page, 'phone-flagged-light');

  // ---- the rematch: black aborts before anyone moved ----
  await red.page.click('[data-room="rematch"]');
  await waitOnline(black.page, (s) => s.panel.offer?.kind === 'rematch');
  await black.page.click('#room-offer [data-room="accept"]');
  const again = await waitOnline(black.page, (s, first) => s.roomId !== first && s.ready, created.roomId);
  assert.equal(again.seat, 0, 'black plays red in the rematch');
  await waitOnline(red.page, (s, id) => s.roomId === id && s.ready, again.roomId);
  const buttons = (await online(black.page)).panel.buttons;
  assert.equal(buttons.abort.shown, true, 'Abort before the first moves');
  await black.page.click('[data-room="abort"]');
  await black.page.waitForSelector('#confirm-dialog[open]');
  await black.page.click('#confirm-ok');
  for (const page of pages) {
    const over = await waitOnline(page, (s, id) => s.roomId === id && !!s.result, again.roomId);
    assert.deepEqual([over.result.code, over.result.winner, over.result.seat], ['aborted', null, 0]);
  }
  assert.equal(await black.page.textContent('#status'), '对局取消：红方取消了对局');
  assert.equal(await red.page.textContent('#status'), '对局取消：红方取消了对局');
  assert.equal((await online(red.page)).panel.buttons.abort.shown, false, 'no Abort once the game is over');

  for (const [name, problems] of [
    ['red', red.problems],
    ['black', black.problems],
  ])
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  console.log(
    'ok - a 1+0 game on a phone: both clocks above and below the board at every ply, the panel still, a premove played on arrival, low time seen, heard and felt, the own flag on screen, an abort named on both pages',
  );
});
