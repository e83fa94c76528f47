// A timed online xiangqi room in headless Chromium against a real room
// server: red creates it through the Online dialog with the 1+0 control
// (the dialog names the game and the controls; a relay on red's socket
// checks the dialog sent 60,000 ms and gives 25 s instead, which the server
// takes with QIPAN_MIN_CLOCK_MS lowered, so the flag falls within the test),
// black joins by the invite link. Both pages show two clocks; the first
// moves wait with the first-move hint; then the running clock is
// highlighted on both pages, the T key reads the clocks aloud, black's own
// clock turns red under ten seconds with a sound and a spoken warning, and
// black runs out of time: both pages name the loss on time, in their
// languages. A rematch nobody moves in is aborted (QIPAN_FIRST_MOVE_MS
// shortened), and both pages say so. Screenshots of the room panel with a
// clock under ten seconds, desktop and phone, dark and light, in
// build/screenshots/online.
//   node tests/browser/online_clock_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { click, settled, snapshot } from './page_harness.mjs';
import {
  createRoom,
  online,
  openBrowser,
  openLink,
  player,
  runAndExit,
  screenshotDir,
  shortenBulletClock,
  shotOnline,
  startServer,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

const CLOCK_MS = 25_000; // what the relay gives each side instead of the dialog's minute
const FIRST_MOVE_MS = 8000;

const server = await startServer({
  QIPAN_MIN_CLOCK_MS: '1000',
  QIPAN_FIRST_MOVE_MS: String(FIRST_MOVE_MS),
  QIPAN_SEAT_GRACE_MS: '60000',
});
const browser = await openBrowser();

// The room panel alone (desktop: it is beside the board, all in view).
async function shotPanel(page, name) {
  await settled(page).catch(() => {});
  mkdirSync(screenshotDir, { recursive: true });
  await page.locator('#room').screenshot({ path: join(screenshotDir, `${name}.png`) });
}

await runAndExit(browser, server, async () => {
  // ---- red creates a 1+0 room through the dialog ----
  let sentCreate = null;
  const relay = (page) => shortenBulletClock(page, CLOCK_MS, (message) => (sentCreate = message));
  const red = await player(browser, server.url, { beforeOpen: relay });
  // Red plays in the light theme, black in the dark one.
  await red.page.emulateMedia({ colorScheme: 'light' });
  let dialog = null;
  const created = await createRoom(red.page, {
    name: '红队长',
    setup: async (page) => {
      dialog = await page.evaluate(() => ({
        game: document.getElementById('online-title').textContent,
        controls: [...document.querySelectorAll('#online-dialog select[name="clock"] option')].map((o) => [
          o.value,
          o.textContent,
        ]),
        chosen: document.querySelector('#online-dialog select[name="clock"]').value,
      }));
      await page.selectOption('#online-dialog select[name="clock"]', '1+0');
      await page.check('#online-dialog input[name="public"]');
    },
  });
  assert.equal(dialog.game, '创建象棋房间', "the dialog's title says which game the room is");
  assert.deepEqual(dialog.controls, [
    ['untimed', '不计时'],
    ['1+0', '子弹棋 1+0'],
    ['3+2', '超快棋 3+2'],
    ['5+3', '超快棋 5+3'],
    ['10+5', '快棋 10+5'],
    ['15+10', '快棋 15+10'],
    ['30+20', '慢棋 30+20'],
  ]);
  assert.equal(dialog.chosen, 'untimed', 'untimed by default');
  assert.match(sentCreate, /"clock":\{"initialMs":60000,"incrementMs":0\}/, 'the dialog sends the control in ms');
  assert.match(sentCreate, /"public":true/, 'the room is listed in the games to watch when asked');
  assert.equal(
    await red.page.evaluate(() => JSON.parse(localStorage.getItem('qipan.online.clock'))),
    '1+0',
    'the choice is remembered for next time',
  );
  assert.equal(created.seat, 0);

  // ---- black joins by the invite link (English) ----
  const blackContext = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 860 },
    colorScheme: 'dark',
  });
  const black = await openLink(blackContext, created.links.invite);
  await waitOnline(black.page, (s) => s.ready);
  const pages = [red.page, black.page];

  // Two clocks on each page at the room's time; red's first move is awaited
  // (no clock runs), with the hint.
  const redWaiting = await waitOnline(red.page, (s) => s.ready && s.panel.clocks && s.panel.clocks.firstMove);
  assert.equal(redWaiting.panel.clocks.control, '子弹棋 0:25+0', "the room's own control, named as it is");
  assert.deepEqual(
    redWaiting.panel.clocks.seats.map((c) => [c.seat, c.text, c.state]),
    [
      [0, '00:25', 'first'],
      [1, '00:25', ''],
    ],
  );
  assert.match(redWaiting.panel.line, /请走第一步：还剩 \d+ 秒/);
  await shotPanel(red.page, 'clock-first-move-light');
  const blackWaiting = await waitOnline(
    black.page,
    (s) => s.panel.clocks && /Red to make a first move: \d+ s left/.test(s.panel.line),
  );
  assert.equal(blackWaiting.panel.clocks.seats.length, 2);

  const play = async (page, move, step) => {
    await click(page, move.slice(0, 2));
    await click(page, move.slice(2));
    await waitAllAtStep(pages, step);
  };
  await play(red.page, 'h2e2', 1);
  await waitOnline(black.page, (s) => /Make your first move: \d+ s left/.test(s.panel.line));
  await play(black.page, 'h9g7', 2);
  // Both first moves made: red's clock runs, highlighted on both pages.
  for (const page of pages) {
    const s = await waitOnline(page, (st) => st.panel.clocks.seats[0].state === 'running' && !st.panel.clocks.firstMove);
    assert.equal(s.panel.clocks.seats[1].state, '');
    assert.doesNotMatch(s.panel.line, /first move|第一步/);
  }
  await play(red.page, 'b0c2', 3);

  // ---- black's clock runs: highlighted on both pages ----
  for (const page of pages) await waitOnline(page, (s) => s.panel.clocks.seats[1].state === 'running');
  const redAfter = await online(red.page);
  assert.equal(redAfter.panel.clocks.seats[0].state, '', "red's clock stopped");
  const width = (page) => page.evaluate(() => document.querySelector('[data-clock-seat="1"]').getBoundingClientRect().width);
  const wideWidth = await width(black.page);
  await shotPanel(red.page, 'clock-running-desktop-light');
  // The clocks read aloud on demand (the T key), in the page's language.
  await black.page.locator('body').press('t');
  const read = await waitOnline(black.page, (s) => /Black's clock is running/.test(s.panel.clocks.live));
  assert.match(read.panel.clocks.live, /^Red 0?\d+ s, Black \d+ s, Black's clock is running$/);
  await red.page.click('[data-room="read-clocks"]');
  const readZh = await waitOnline(red.page, (s) => /黑方的时间在走/.test(s.panel.clocks.live));
  assert.match(readZh.panel.clocks.live, /^红方 \d+ 秒，黑方 \d+ 秒，黑方的时间在走$/);
  assert.equal(
    await red.page.getAttribute('[data-room="read-clocks"]', 'aria-label'),
    '读出双方剩余时间',
    'the button names what it does',
  );

  // ---- under ten seconds: tenths, the low-time colour, a sound and a spoken warning ----
  const low = await waitOnline(black.page, (s) => s.panel.clocks.seats[1].state === 'running low', null, CLOCK_MS + 10_000);
  assert.match(low.panel.clocks.seats[1].text, /^\d\.\d$/);
  const warned = await waitOnline(black.page, (s) => /10 seconds left on your clock/.test(s.panel.clocks.live));
  assert.ok(warned);
  const sound = await black.page.evaluate(() => window.qipan.lastSound());
  assert.equal(sound.kind, 'lowtime', 'the low-time sound played');
  assert.equal(
    (await red.page.evaluate(() => window.qipan.lastSound()?.kind ?? null)) === 'lowtime',
    false,
    "not on red's page: it is not red's clock",
  );
  assert.equal(await width(black.page), wideWidth, 'the clock keeps its width from mm:ss to tenths');
  const paint = await black.page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('[data-clock-seat="1"]'));
    return [style.color, style.backgroundColor];
  });
  assert.equal(paint[0], 'rgb(255, 255, 255)', 'white on red while running low');
  await shotPanel(black.page, 'clock-low-desktop-dark');
  await shotPanel(red.page, 'clock-low-desktop-light');
  await black.page.setViewportSize({ width: 390, height: 844 });
  // On a phone the panel sits under the board, its seats and clocks in view.
  await shotOnline(black.page, 'clock-low-phone-dark');
  await red.page.setViewportSize({ width: 390, height: 844 });
  await shotOnline(red.page, 'clock-low-phone-light');
  assert.equal(await black.page.evaluate(() => window.qipan.theme()), 'dark');

  // ---- black's time runs out: the server flags it, both pages name the loss on time ----
  const results = [];
  for (const page of pages) results.push(await waitOnline(page, (s) => !!s.result && !!s.panel.result, null, 20_000));
  for (const s of results) assert.deepEqual([s.result.code, s.result.winner, s.result.seat], ['timeout', 0, 1]);
  // The result is printed once: the status line.
  assert.equal(results[0].panel.result, '你赢了 · 红方胜 · 黑方超时判负');
  assert.equal(results[1].panel.result, 'You lost · Red wins · Black lost on time');
  assert.equal(await red.page.textContent('#status'), '你赢了 · 红方胜 · 黑方超时判负');
  assert.equal(await black.page.textContent('#status'), 'You lost · Red wins · Black lost on time');
  const over = await waitOnline(black.page, (s) => s.panel.clocks.seats.every((c) => !c.state.includes('running')));
  assert.equal(over.panel.clocks.seats[1].text, '0.0');
  assert.equal(over.panel.clocks.running, null);
  assert.equal((await snapshot(black.page)).status.reason, 'timeout', "the page's engine records the ending");
  await shotOnline(black.page, 'clock-flagged-phone-dark');
  await black.page.setViewportSize({ width: 1280, height: 860 });

  // ---- a rematch nobody moves in is aborted ----
  await red.page.click('[data-room="rematch"]');
  await waitOnline(black.page, (s) => s.panel.offer && s.panel.offer.kind === 'rematch');
  await black.page.click('#room-offer [data-room="accept"]');
  const again = await waitOnline(black.page, (s, first) => s.roomId !== first && s.ready && !s.result, created.roomId);
  assert.equal(again.seat, 0, 'black plays red in the rematch');
  const fresh = await waitOnline(black.page, (s) => s.panel.clocks && s.panel.clocks.firstMove);
  assert.deepEqual(
    fresh.panel.clocks.seats.map((c) => c.text),
    ['00:25', '00:25'],
    'the rematch keeps the control, with full clocks',
  );
  assert.match(fresh.panel.line, /Make your first move: \d+ s left/);
  const aborted = [];
  for (const page of pages)
    aborted.push(await waitOnline(page, (s, id) => s.roomId === id && !!s.result, again.roomId, FIRST_MOVE_MS + 20_000));
  for (const s of aborted) assert.deepEqual([s.result.code, s.result.winner], ['aborted', null]);
  assert.equal(aborted[0].panel.result, '对局取消：有一方没有按时走第一步');
  assert.equal(aborted[1].panel.result, 'Game aborted: a player did not make a first move in time');
  assert.doesNotMatch(await black.page.textContent('#status'), /won|lost|draw/i);

  for (const [name, problems] of [
    ['red', red.problems],
    ['black', black.problems],
  ]) {
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  }
  console.log(
    'ok - online clocks: a 1+0 room from the dialog, two clocks on each page, the first-move hint, the running clock highlighted, read aloud, low time (tenths, colour, sound, warning), a loss on time named on both pages, an aborted rematch',
  );
});
