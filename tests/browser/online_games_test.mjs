// Online Reversi and Chinese checkers rooms in headless Chromium against a
// real room server (started here on 127.0.0.1): a Reversi room played by
// pointer from two browser contexts to the end (forced passes are the
// server's own steps), and a three-seat checkers room, two people and one AI
// seat the server plays, to its result. Every wait is on the pages' state
// (window.qipan.online()), never on a clock.
//   node tests/browser/online_games_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { greedyCheckersPlayer } from './checkers_test_player.mjs';
import { distDir, openGame, snapshot, watchErrors } from './page_harness.mjs';
import {
  createRoom,
  online,
  openBrowser,
  openCreateDialog,
  openLink,
  player,
  runAndExit,
  shotOnline,
  startServer,
  waitOnline,
} from './online_harness.mjs';

const GRACE_MS = 8000; // long enough for a restart's reconnection, short for the abandonment case
const server = await startServer({ QIPAN_SEAT_GRACE_MS: String(GRACE_MS) });
const browser = await openBrowser();

// Every page has reached at least `step` with nothing in flight and its own
// engine at the server's pos; resolves with the states.
async function settledAt(pages, step) {
  const states = [];
  for (const page of pages) {
    states.push(
      await waitOnline(
        page,
        (s, n) => (s.step >= n || !!s.result) && !s.pending && s.localSteps === s.step && s.localPos === s.pos,
        step,
      ),
    );
  }
  return states;
}

async function clickSquare(page, square) {
  const p = await page.evaluate((s) => window.qipan.squareCenter(s), square);
  await page.mouse.click(p.x, p.y);
}

async function reversiRoom() {
  const black = await player(browser, server.url, { locale: 'en-US' });
  await black.page.selectOption('#game-picker', 'reversi');
  await black.page.waitForFunction(
    () => window.qipan && window.qipan.game() === 'reversi' && window.qipan.events().some((e) => e.type === 'ready'),
  );
  const created = await createRoom(black.page, { name: 'Bea' });
  assert.equal(created.seat, 0);
  const whiteContext = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  const white = await openLink(whiteContext, created.links.invite);
  assert.equal(await white.page.evaluate(() => window.qipan.game()), 'reversi', "the invite opens the room's game");
  await waitOnline(white.page, (s) => s.ready && s.seat === 1);
  await waitOnline(black.page, (s) => s.ready);
  const pages = [black.page, white.page];
  let state = await online(black.page);
  let moves = 0;
  while (!state.result) {
    const mover = pages[state.toMove];
    const snap = await snapshot(mover);
    assert.ok(snap.legal.length > 0, "the side to move has a move (passes are the server's)");
    await clickSquare(mover, snap.legal[moves % snap.legal.length]);
    moves++;
    [state] = await settledAt(pages, state.step + 1);
    if (moves === 20) await shotOnline(white.page, 'reversi-room');
    if (moves === 24) state = await serverRestart(pages, state, [black.problems, white.problems]);
    if (moves === 30) await watchFromDisk(created.roomId, state);
  }
  const [b, w] = await settledAt(pages, state.step);
  assert.equal(b.step, w.step);
  assert.equal(b.pos, w.pos);
  const final = await snapshot(white.page);
  assert.equal(final.status.over, true);
  assert.equal(b.result.code, final.status.reason, "the room's result is the engine's");
  assert.equal(b.result.winner, final.status.winner, "the room's result is the engine's (seats from 0)");
  const passes =
    (await black.page.evaluate(
      () => window.qipan.events().filter((e) => e.type === 'online-event' && e.detail.type === 'move').length,
    )) - moves;
  console.log(
    `ok - online reversi: ${moves} moves by pointer and ${passes} forced passes to the end (${b.result.code}, winner ${b.result.winner})`,
  );
  for (const [name, problems] of [
    ['black', black.problems],
    ['white', white.problems],
  ])
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  await black.context.close();
  await whiteContext.close();
}

// The network goes away under both players: the server is killed (-9) and
// started again on the same port and database. Both pages reconnect by
// themselves, take their seats back with their tokens and go on from the
// same step.
async function serverRestart(pages, before, problemLists) {
  const marks = problemLists.map((list) => list.length);
  const rejoined = await Promise.all(
    pages.map((page) => page.evaluate(() => window.qipan.events().filter((e) => e.type === 'online-rejoined').length)),
  );
  await server.restart();
  for (const [i, page] of pages.entries()) {
    await page.waitForFunction((n) => window.qipan.events().filter((e) => e.type === 'online-rejoined').length > n, rejoined[i], {
      timeout: 30000,
    });
  }
  // While the server was down the client's reconnection attempts failed: that
  // is the outage itself, not the page's error (anything else still counts).
  const outage = /socket\.io\/\?EIO=4|Failed to load resource: net::ERR_(FAILED|CONNECTION_REFUSED)/;
  for (const [i, list] of problemLists.entries()) {
    const during = list.splice(marks[i]);
    list.push(...during.filter((p) => !outage.test(p)));
  }
  const states = await settledAt(pages, before.step);
  for (const [i, s] of states.entries()) {
    assert.equal(s.seat, i, 'the same seat back');
    assert.equal(s.step, before.step, 'no move lost or doubled');
    assert.equal(s.pos, before.pos);
    assert.equal(s.connected, true);
  }
  // The other's seat shows connected again (after the restart everyone was away).
  for (const page of pages) await waitOnline(page, (s) => s.seats.every((seat) => seat.connected));
  return states[0];
}

// The page opened from disk asks once for the server's address, keeps it,
// and joins the watch link's room.
async function watchFromDisk(roomId, live) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const problems = watchErrors(page);
  const fileUrl = `${pathToFileURL(join(distDir, 'index.html')).href}?room=${roomId}&watch=1`;
  await openGame(page, fileUrl);
  await page.waitForSelector('#online-dialog[open]');
  await page.fill('#online-dialog input[name="server"]', server.url.replace(/^http:\/\//, '').replace(/\/$/, ''));
  await page.click('#online-go');
  const s = await waitOnline(page, (st) => st.watch && st.localSteps === st.step && st.localPos === st.pos);
  assert.equal(s.seat, null);
  assert.ok(s.step >= live.step);
  assert.equal(
    await page.evaluate(() => localStorage.getItem('qipan.online.server')),
    JSON.stringify(server.url.replace(/\/$/, '')),
  );
  assert.equal(await page.evaluate(() => window.qipan.game()), 'reversi');
  await shotOnline(page, 'phone-watch-from-disk');
  assert.deepEqual(problems, []);
  await context.close();
}

// From disk, the Online dialog asks for the server (once) and creates a room there.
async function createFromDisk() {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await openGame(page, pathToFileURL(join(distDir, 'index.html')).href);
  await openCreateDialog(page);
  assert.equal(
    await page.inputValue('#online-dialog input[name="server"]'),
    'http://127.0.0.1:8080',
    'a guess until the player says',
  );
  await page.fill('#online-dialog input[name="server"]', server.url);
  await page.click('#online-go');
  const s = await waitOnline(page, (st) => !!st.links);
  assert.ok(s.links.invite.startsWith(server.url), s.links.invite);
  assert.equal(s.seat, 0);
  assert.match(page.url(), new RegExp(`^file://.*\\?room=${s.roomId}&key=[A-Za-z0-9_-]{22}$`));
  assert.deepEqual(problems, []);
  console.log('ok - from disk: the Online dialog asks for the server once and creates a room there');
  await context.close();
}

const greedyMove = greedyCheckersPlayer();

async function checkersRoom() {
  const first = await player(browser, server.url, { locale: 'zh-CN' });
  await first.page.selectOption('#game-picker', 'checkers');
  await first.page.waitForFunction(
    () => window.qipan && window.qipan.game() === 'checkers' && window.qipan.events().some((e) => e.type === 'ready'),
  );
  const created = await createRoom(first.page, {
    setup: async (page) => {
      await page.selectOption('#online-dialog select[name="count"]', '3');
      await page.selectOption('#online-dialog select[name="seat1"]', 'human');
      await page.selectOption('#online-dialog select[name="seat2"]', '1');
    },
  });
  assert.equal(created.seats.length, 3);
  assert.deepEqual(
    created.seats.map((s) => s.kind),
    ['human', 'free', 'ai'],
  );
  const secondContext = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  const second = await openLink(secondContext, created.links.invite);
  await waitOnline(second.page, (s) => s.ready && s.seat === 1);
  await waitOnline(first.page, (s) => s.ready);
  const pages = [first.page, second.page];
  let state = await online(first.page);
  let ours = 0;
  while (!state.result) {
    if (state.toMove === 2) {
      [state] = await settledAt(pages, state.step + 1); // the server's AI seat
      continue;
    }
    const mover = pages[state.toMove];
    const snap = await snapshot(mover);
    if (snap.mustPass) {
      [state] = await settledAt(pages, state.step + 1); // the server plays the pass
      continue;
    }
    const move = greedyMove(snap);
    await clickSquare(mover, move.from);
    await clickSquare(mover, move.to);
    // A one-hop landing that can hop on starts a chain: end it there.
    if (await mover.evaluate(() => window.qipan.chain())) await mover.click('#cc-end-turn');
    ours++;
    [state] = await settledAt(pages, state.step + 1).catch(async (error) => {
      for (const page of pages) console.error(JSON.stringify({ ...(await online(page)), chat: undefined }));
      console.error('move', move, JSON.stringify(await mover.evaluate(() => window.qipan.events().slice(-8))));
      throw error;
    });
    if (ours === 12) await shotOnline(first.page, 'checkers-room');
    assert.ok(ours < 400, 'the game ends');
  }
  const [a, b] = await settledAt(pages, state.step).catch(async (error) => {
    for (const page of pages) console.error(JSON.stringify({ ...(await online(page)), chat: undefined }));
    throw error;
  });
  assert.equal(a.pos, b.pos);
  const final = await snapshot(second.page);
  assert.equal(final.status.over, true, "the page's engine agrees the game is over");
  assert.equal(a.result.code, final.status.reason);
  assert.deepEqual(a.result.places, final.status.finishOrder, 'seats from 0 in both');
  const aiSteps = final.moves.filter((m) => m.player === 3 && !m.pass).length;
  assert.ok(aiSteps > 0, 'the server played the AI seat');
  console.log(
    `ok - online checkers, 3 seats (2 people, 1 AI): ${ours} moves by pointer, ${aiSteps} by the server's AI seat, ${a.step} steps to the result (${a.result.code}, places ${a.result.places})`,
  );
  for (const [name, problems] of [
    ['first', first.problems],
    ['second', second.problems],
  ])
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  await first.context.close();
  await secondContext.close();
}

// A player goes away and does not come back: the countdown runs out, the
// seat expires and the opponent claims the game (abandonment).
async function abandonedRoom() {
  const red = await player(browser, server.url, { locale: 'zh-CN' });
  const created = await createRoom(red.page);
  const blackContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const black = await openLink(blackContext, created.links.invite);
  await waitOnline(red.page, (s) => s.ready);
  for (const [page, from, to, step] of [
    [red.page, 'h2', 'e2', 1],
    [black.page, 'h9', 'g7', 2],
  ]) {
    for (const square of [from, to]) await clickSquare(page, (square.charCodeAt(1) - 48) * 9 + (square.charCodeAt(0) - 97));
    await settledAt([red.page, black.page], step);
  }
  await blackContext.close();
  const counting = await waitOnline(red.page, (s) => s.panel.countdown !== '');
  assert.ok(Number(counting.panel.countdown) <= GRACE_MS / 1000);
  const expired = await waitOnline(red.page, (s) => /黑方的座位已过期/.test(s.panel.line), null, GRACE_MS + 30000);
  assert.equal(expired.panel.countdown, '');
  await red.page.click('[data-room="claim"]');
  const over = await waitOnline(red.page, (s) => !!s.result && !!s.panel.result);
  assert.deepEqual([over.result.winner, over.result.code], [0, 'abandonment']);
  assert.match(over.panel.result, /你赢了.*黑方弃局/);
  assert.deepEqual(red.problems, []);
  console.log("ok - online xiangqi: the opponent's seat counts down, expires, and the game is claimed (abandonment)");
  await red.context.close();
}

// A person plays the AI online (xiangqi): the dialog puts the server's AI at
// level 1 on black's seat, every move by pointer is answered by the server,
// and resigning ends the game as the engine records it.
async function aiRoom() {
  const red = await player(browser, server.url, { locale: 'en-US' });
  const created = await createRoom(red.page, {
    setup: async (page) => {
      assert.equal(await page.isVisible('#online-dialog select[name="count"]'), false, 'xiangqi has one player count');
      await page.selectOption('#online-dialog select[name="seat1"]', '1');
    },
  });
  assert.deepEqual(
    created.seats.map((s) => [s.kind, s.ai]),
    [
      ['human', null],
      ['ai', 1],
    ],
  );
  assert.equal(created.ready, true);
  let state = created;
  for (let i = 0; i < 3; i++) {
    const snap = await snapshot(red.page);
    const move = snap.legal[(i * 7) % snap.legal.length];
    await clickSquare(red.page, move.from);
    await clickSquare(red.page, move.to);
    state = await waitOnline(red.page, (s, n) => s.step === n && !s.pending && s.localPos === s.pos, state.step + 2);
  }
  const answers = await red.page.evaluate(
    () => window.qipan.events().filter((e) => e.type === 'online-event' && e.detail.type === 'move').length,
  );
  assert.equal(answers, 6, "three moves by pointer, three answers by the server's AI");
  await red.page.click('[data-room="resign"]');
  await red.page.waitForSelector('#confirm-dialog[open]');
  await red.page.click('#confirm-ok');
  const over = await waitOnline(red.page, (s) => !!s.result && !!s.panel.result);
  assert.deepEqual([over.result.winner, over.result.code, over.result.seat], [1, 'resignation', 0]);
  const snap = await snapshot(red.page);
  assert.deepEqual(
    [snap.status.over, snap.status.reason, snap.status.winner],
    [true, 'resignation', 1],
    "the page's engine records the room's ending",
  );
  assert.deepEqual(red.problems, []);
  console.log("ok - online xiangqi against the server's AI: three moves answered, then a resignation the engine records");
  await red.context.close();
}

await runAndExit(browser, server, async () => {
  if (!process.env.ONLY_REVERSI && !process.env.ONLY_CHECKERS) {
    await createFromDisk();
    await abandonedRoom();
    await aiRoom();
  }
  if (!process.env.ONLY_CHECKERS) await reversiRoom();
  if (!process.env.ONLY_REVERSI) await checkersRoom();
});
