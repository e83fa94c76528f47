// A timed game through a server restart and a lost connection, in headless
// Chromium against a real room server: nothing the player does or sees is
// lost or made up. Red (desktop) and black (phone) play a 3+2 room; on
// black's turn the server is killed (kill -9). Black's clocks stand still,
// marked paused, instead of counting down and jumping back, and the move
// black makes during the outage is kept ("sent once it is back"); the
// server starts again on the same port and database, the page reconnects
// by itself and the move is sent and confirmed on both pages, the clocks
// running again from the server's figures. Then black's network alone is
// cut while red resigns: the move black makes meanwhile cannot be sent to a
// game that is over, and black is told so instead of it vanishing.
// Screenshots in build/screenshots/online.
//   node tests/browser/online_outage_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { click, openGame, watchErrors } from './page_harness.mjs';
import {
  createRoom,
  cuttableNetwork,
  online,
  openBrowser,
  player,
  runAndExit,
  shotOnline,
  startServer,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

const PHONE = { width: 390, height: 844 };
const LINE = ['h2e2', 'h9g7', 'b0c2', 'b9c7'];
// While the server is down or the network cut, the page's attempts to reach
// it fail: that is the outage itself, not the page's error.
const OUTAGE = /socket\.io\/\?EIO=4|net::ERR_(FAILED|CONNECTION_REFUSED|ABORTED)|WebSocket/;

const server = await startServer({ QIPAN_FIRST_MOVE_MS: '30000', QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await runAndExit(browser, server, async () => {
  const red = await player(browser, server.url);
  const created = await createRoom(red.page, {
    name: 'Red',
    setup: (page) => page.selectOption('#online-dialog select[name="clock"]', '3+2'),
  });
  const phone = await browser.newContext({ locale: 'zh-CN', viewport: PHONE, hasTouch: true, isMobile: true });
  const black = { page: await phone.newPage() };
  black.problems = watchErrors(black.page);
  // Black's own network, which the test can cut: the WebSocket and the polling.
  const network = await cuttableNetwork(black.page);
  await openGame(black.page, created.links.invite);
  await waitOnline(black.page, (s) => s.ready && s.seat === 1);
  const pages = [red.page, black.page];
  for (const [i, move] of LINE.slice(0, 3).entries()) {
    const page = i % 2 ? black.page : red.page;
    await click(page, move.slice(0, 2));
    await click(page, move.slice(2));
    await waitAllAtStep(pages, i + 1);
  }
  await waitOnline(black.page, (s) => s.panel.clocks.seats[1].state === 'running');

  // ---- the server dies on black's turn ----
  const marks = [red.problems.length, black.problems.length];
  await server.kill('SIGKILL');
  const lost = await waitOnline(black.page, (s) => !s.connected && s.panel.clocks.paused);
  const pausedAt = lost.panel.clocks.seats[1];
  assert.match(pausedAt.state, /paused/, 'the running clock is marked paused');
  assert.equal(
    await black.page.getAttribute('[data-clock-seat="1"]', 'title'),
    '连接断开：时钟暂停显示，重连后以服务器为准',
    'the paused clock says why',
  );
  // It stands still: no countdown made up while the server cannot say.
  await delay(2500);
  const later = (await online(black.page)).panel.clocks.seats[1];
  assert.equal(later.text, pausedAt.text, 'the clock did not count down during the outage');
  await shotOnline(black.page, 'outage-paused-phone');

  // A move made meanwhile is kept, and the player is told it waits.
  await click(black.page, LINE[3].slice(0, 2));
  await click(black.page, LINE[3].slice(2));
  const kept = await waitOnline(black.page, (s) => s.pending !== null);
  assert.deepEqual([kept.pending.step, kept.pending.move], [4, LINE[3]]);
  assert.equal(kept.panel.status, '连接断开，正在重连…你的着法将在连上后发出');

  // ---- the server is back: the move is sent, both pages agree ----
  await server.start();
  await waitAllAtStep(pages, 4);
  const back = await waitOnline(
    black.page,
    (s) => s.connected && !s.panel.clocks.paused && s.panel.clocks.seats[0].state === 'running',
  );
  assert.doesNotMatch(back.panel.clocks.seats[1].state, /paused/);
  const acked = await black.page.evaluate(() =>
    window.qipan
      .events()
      .filter((e) => e.type === 'online-acked')
      .map((e) => e.detail.step),
  );
  assert.ok(acked.includes(4), 'the move made during the outage was confirmed');
  const outage = (list, mark) => list.splice(mark).filter((p) => !OUTAGE.test(p));
  red.problems.push(...outage(red.problems, marks[0]));
  black.problems.push(...outage(black.problems, marks[1]));

  // ---- black's network cut while red resigns: black's move cannot be sent, and black is told ----
  await click(red.page, 'c3');
  await click(red.page, 'c4');
  await waitAllAtStep(pages, 5);
  const mark = black.problems.length;
  await network.cut();
  await waitOnline(black.page, (s) => !s.connected);
  await red.page.click('[data-room="resign"]');
  await red.page.waitForSelector('#confirm-dialog[open]');
  await red.page.click('#confirm-ok');
  await waitOnline(red.page, (s) => !!s.result);
  await click(black.page, 'a9');
  await click(black.page, 'a8');
  await waitOnline(black.page, (s) => s.pending !== null);
  network.restore();
  const dropped = await waitOnline(black.page, (s) => s.connected && !!s.result && s.pending === null);
  assert.equal(dropped.result.code, 'resignation');
  assert.equal(dropped.step, 5, 'the move was not played into a finished game');
  const told = await black.page.evaluate(() => window.qipan.events().filter((e) => e.type === 'online-move-dropped'));
  assert.deepEqual(
    told.map((e) => e.detail.move),
    ['a9a8'],
  );
  await black.page.waitForFunction(() => /你的着法 a9a8 没有发出/.test(document.querySelector('#toast')?.textContent ?? ''));
  black.problems.push(...outage(black.problems, mark));

  for (const [name, problems] of [
    ['red', red.problems],
    ['black', black.problems],
  ])
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  console.log(
    'ok - a server restart mid-game: the clocks shown paused, a move made meanwhile kept and sent when back; a move made while cut off from a game that ended is not lost silently: the player is told',
  );
});
