// How a room's game ends on the pages, in headless Chromium against a real
// room server: a Chinese checkers player who resigns (the server gives the
// seat to the AI and makes that player's sockets spectators) watches at
// once, without Undo or Resign and without the seat's key in the address;
// after a resignation (xiangqi) and a draw by agreement (Reversi) no card
// keeps its "to move" badge, since the page's engine records the room's
// ending; and the records a room exports (PGN, GGF, the checkers record)
// name the seats' players. Every wait is on the pages' state.
//   node tests/browser/online_endings_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { click, snapshot } from './page_harness.mjs';
import {
  createRoom,
  openBrowser,
  openLink,
  player,
  runAndExit,
  shotOnline,
  startServer,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

const server = await startServer({ QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function clickCell(page, cell) {
  const p = await page.evaluate((c) => window.qipan.squareCenter(c), cell);
  await page.mouse.click(p.x, p.y);
}

// A room of `game` made by a desktop player named `first`, joined by a
// phone player who names themself `second`; both pages ready.
async function room(game, first, second) {
  const a = await player(browser, server.url, { locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  if (game !== 'xiangqi') {
    await a.page.selectOption('#game-picker', game);
    await a.page.waitForFunction(
      (g) => window.qipan && window.qipan.game() === g && window.qipan.events().some((e) => e.type === 'ready'),
      game,
    );
  }
  const created = await createRoom(a.page, { name: first });
  const context = await browser.newContext({ locale: 'en-US', ...PHONE });
  const b = await openLink(context, created.links.invite);
  await b.page.waitForSelector('#room-name-form:not([hidden])');
  await b.page.fill('#room-name-input', second);
  await b.page.click('#room-name-form button');
  for (const page of [a.page, b.page]) await waitOnline(page, (s, name) => s.ready && s.seats[1].name === name, second);
  return { a, b, context, roomId: created.roomId };
}

// The player cards that carry the "to move" badge.
const badges = (page) =>
  page.$$eval('#cards .card', (cards) => cards.filter((c) => c.querySelector('.card-badge')).map((c) => c.dataset.seat));

async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-room="export"]')]);
  return readFileSync(await file.path(), 'utf8');
}

// Checkers: the record names both players; then the second resigns, the AI
// takes the seat, and that page watches at once.
async function checkersResignation() {
  const { a, b, context } = await room('checkers', 'Ann', 'Bob');
  const snap = await snapshot(a.page);
  const move = snap.legal[0];
  await clickCell(a.page, move.from);
  await clickCell(a.page, move.to);
  await waitAllAtStep([a.page, b.page], 1);
  const record = await download(a.page);
  assert.match(record, /^# p1: Ann\n# p2: Bob\n/, `the record names the players:\n${record}`);

  await b.page.click('[data-room="resign"]');
  await b.page.waitForSelector('#confirm-dialog[open]');
  await b.page.click('#confirm-ok');
  const watching = await waitOnline(b.page, (s) => s.seat === null);
  assert.equal(watching.watch, true);
  assert.equal(watching.seats[1].kind, 'ai', 'the AI plays the seat');
  assert.deepEqual(
    [watching.panel.buttons.undo.shown, watching.panel.buttons.resign.shown, watching.panel.buttons.draw.shown],
    [false, false, false],
    'no Undo, Draw or Resign for a spectator',
  );
  assert.equal(await b.page.evaluate(() => document.body.dataset.online), 'watch');
  const url = new URL(b.page.url());
  assert.deepEqual([url.searchParams.get('watch'), url.searchParams.get('key')], ['1', null], 'the address watches');
  assert.match(watching.panel.status, /^You are watching/);
  assert.equal(await b.page.isVisible('#room-name-form'), false);
  await shotOnline(b.page, 'endings-checkers-resigned-phone');
  // A reload keeps watching (the seat's token is forgotten).
  await b.page.reload();
  await waitOnline(b.page, (s) => s.watch && s.seat === null && s.ready);
  const token = await b.page.evaluate(
    () => JSON.parse(localStorage.getItem('qipan.online.tokens') || '{}')[window.qipan.online().roomId] ?? null,
  );
  assert.equal(token, null, "the seat's token is forgotten");
  console.log(
    'ok - checkers: a resigning player watches at once (no Undo or Resign), and after a reload too; the record names the players',
  );
  for (const [name, problems] of [
    ['first', a.problems],
    ['second', b.problems],
  ])
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  await a.context.close();
  await context.close();
}

// Xiangqi: the side to move resigns; no card keeps the badge; the PGN names
// the players.
async function xiangqiResignation() {
  const { a, b, context } = await room('xiangqi', 'Ann', 'Bob');
  await click(a.page, 'h2');
  await click(a.page, 'e2');
  await waitAllAtStep([a.page, b.page], 1);
  assert.deepEqual(await badges(a.page), ['1'], 'black to move');
  await b.page.click('[data-room="resign"]');
  await b.page.waitForSelector('#confirm-dialog[open]');
  await b.page.click('#confirm-ok');
  for (const page of [a.page, b.page]) {
    await waitOnline(page, (s) => !!s.result);
    await page.waitForFunction(() => ![...document.querySelectorAll('#cards .card-badge')].length);
    const snap = await snapshot(page);
    assert.deepEqual([snap.status.over, snap.status.reason], [true, 'resignation'], "the page's engine has the ending");
  }
  const pgn = await download(a.page);
  assert.match(pgn, /\[Red "Ann"\]/, pgn);
  assert.match(pgn, /\[Black "Bob"\]/, pgn);
  assert.match(pgn, /\[Result "1-0"\]/, pgn);
  await shotOnline(a.page, 'endings-xiangqi-resigned-desktop');
  console.log('ok - xiangqi: after a resignation no card has the "to move" badge; the PGN names the players');
  for (const problems of [a.problems, b.problems]) assert.deepEqual(problems, []);
  await a.context.close();
  await context.close();
}

// Reversi: a draw by agreement; no badge; the GGF names the players.
async function reversiAgreement() {
  const { a, b, context } = await room('reversi', 'Ann', 'Bob');
  const snap = await snapshot(a.page);
  await clickCell(a.page, snap.legal[0]);
  await waitAllAtStep([a.page, b.page], 1);
  await a.page.click('[data-room="draw"]');
  await waitOnline(b.page, (s) => s.panel.offer && s.panel.offer.kind === 'draw');
  await b.page.click('#room-offer [data-room="accept"]');
  for (const page of [a.page, b.page]) {
    const s = await waitOnline(page, (st) => !!st.result);
    assert.equal(s.result.code, 'agreement');
    await page.waitForFunction(() => ![...document.querySelectorAll('#cards .card-badge')].length);
    assert.equal((await snapshot(page)).status.reason, 'agreement');
  }
  const ggf = await download(b.page);
  assert.match(ggf, /PB\[Ann\]PW\[Bob\]/, ggf);
  console.log('ok - reversi: after a draw by agreement no card has the "to move" badge; the GGF names the players');
  for (const problems of [a.problems, b.problems]) assert.deepEqual(problems, []);
  await a.context.close();
  await context.close();
}

await runAndExit(browser, server, async () => {
  await checkersResignation();
  await xiangqiResignation();
  await reversiAgreement();
});
