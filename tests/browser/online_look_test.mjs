// How a room looks, in headless Chromium against a real room server that
// serves the page itself. The create dialog asks for no server address (the
// page's own) and its title names the game. Typed text reads on its field in
// every game and theme (the dialog's fields, the name and the chat). At
// 1366x768 the room panel holds: seat labels on one line, six lines of chat
// and the move list in view, toasts off the room's header; a free seat's
// card says it waits for a player, no card says "玩家" twice, and a
// 24-character name without spaces stays inside its card, on a phone too,
// where it does not widen the page. The result of the game is printed once.
// Screenshots in build/screenshots/online.
//   node tests/browser/online_look_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { click } from './page_harness.mjs';
import {
  createRoom,
  openBrowser,
  openCreateDialog,
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
const DESKTOP = { width: 1366, height: 768 };
const LONG_NAME = 'Abcdefghijklmnopqrstuvwx'; // 24 characters, the most a name may have

const rect = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height };
  });
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// WCAG contrast of an input's text on its own background.
const contrast = (page, selector) =>
  page.$eval(selector, (el) => {
    const rgb = (text) =>
      text
        .match(/[\d.]+/g)
        .slice(0, 3)
        .map(Number);
    const luminance = (c) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(el);
    const [a, b] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });

async function pickGame(page, game) {
  if ((await page.evaluate(() => window.qipan.game())) === game) return;
  await page.selectOption('#game-picker', game);
  await page.waitForFunction(
    (g) => window.qipan && window.qipan.game() === g && window.qipan.events().some((e) => e.type === 'ready'),
    game,
  );
}

// The dialog of a page the server served: no address to give, the game in its title.
async function dialogOnServedPage() {
  for (const [game, title] of [
    ['xiangqi', '创建象棋房间'],
    ['checkers', '创建跳棋房间'],
  ]) {
    const { context, page, problems } = await player(browser, server.url, { viewport: DESKTOP });
    await pickGame(page, game);
    await openCreateDialog(page);
    assert.equal(await page.textContent('#online-title'), title);
    assert.equal(await page.isVisible('#online-dialog input[name="server"]'), false, 'no server address to give');
    assert.equal(await page.isVisible('#online-dialog .hint.online-server'), false);
    if (game === 'checkers') await shotOnline(page, 'look-create-dialog-checkers');
    assert.deepEqual(problems, []);
    await context.close();
  }
  console.log('ok - the create dialog of a page the server served asks for no address; its title names the game');
}

// Typed text in every game and theme: the dialog's name field, and in a
// room the name form and the chat.
async function inputsReadEverywhere() {
  for (const scheme of ['light', 'dark']) {
    for (const game of ['xiangqi', 'reversi', 'checkers']) {
      const { context, page, problems } = await player(browser, server.url, { viewport: DESKTOP });
      await page.emulateMedia({ colorScheme: scheme });
      await pickGame(page, game);
      await openCreateDialog(page);
      await page.fill('#online-dialog input[name="name"]', 'typed');
      const dialog = await contrast(page, '#online-dialog input[name="name"]');
      assert.ok(dialog >= 4.5, `${game} ${scheme}: the dialog's name field reads (${dialog.toFixed(2)}:1)`);
      await page.click('#online-go');
      await waitOnline(page, (s) => !!s.links);
      await page.click('[data-room="rename"]');
      for (const [selector, text] of [
        ['#room-name-input', 'typed name'],
        ['#room-chat-input', 'typed chat'],
      ]) {
        await page.fill(selector, text);
        const ratio = await contrast(page, selector);
        assert.ok(ratio >= 4.5, `${game} ${scheme}: ${selector} reads (${ratio.toFixed(2)}:1)`);
      }
      if (game === 'checkers') await shotOnline(page, `look-inputs-checkers-${scheme}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
  console.log('ok - typed text reads on its field (4.5:1 at least) in every game and theme');
}

async function roomAtLaptopSize() {
  const red = await player(browser, server.url, { viewport: DESKTOP });
  await createRoom(red.page, { name: LONG_NAME });
  // Waiting for the opponent: the free seat's card says so.
  const waiting = await red.page.$$eval('#cards .card', (cards) =>
    cards.map((c) => [c.dataset.seat, c.querySelector('.card-role').textContent]).sort(),
  );
  assert.deepEqual(waiting, [
    ['0', LONG_NAME],
    ['1', '等待玩家'],
  ]);
  const links = (await waitOnline(red.page, (s) => !!s.links)).links;

  const phoneContext = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  const black = await openLink(phoneContext, links.invite);
  await black.page.fill('#room-name-input', '黑队');
  await black.page.click('#room-name-form button');
  await waitOnline(red.page, (s) => s.ready && s.seats[1].name === '黑队');
  await waitOnline(black.page, (s) => s.ready && s.seats[1].name === '黑队');

  // A toast (black joined) lands off the room's header.
  await red.page.waitForSelector('#toast:not([hidden])');
  assert.equal(
    overlaps(await rect(red.page, '#toast'), await rect(red.page, '.room-head')),
    false,
    'the toast leaves the header',
  );

  for (const [page, width] of [
    [red.page, DESKTOP.width],
    [black.page, 390],
  ]) {
    // Every card holds its words: no "玩家" twice, the long name inside.
    const cards = await page.$$eval('#cards .card', (list) =>
      list.map((c) => ({ text: c.textContent, overflow: c.scrollWidth > c.clientWidth + 1 })),
    );
    for (const card of cards) {
      assert.ok((card.text.match(/玩家/g) || []).length <= 1, `"玩家" once at most: ${card.text}`);
      assert.equal(card.overflow, false, `nothing sticks out of the card: ${card.text}`);
    }
    assert.ok(
      await page.evaluate((w) => document.documentElement.scrollWidth <= w, width),
      'the page is no wider than the screen',
    );
  }

  await click(red.page, 'h2');
  await click(red.page, 'e2');
  await waitAllAtStep([red.page, black.page], 1);
  // Six lines (a socket may send five at once: the sixth is black's).
  for (let i = 1; i <= 6; i++) {
    const page = i < 6 ? red.page : black.page;
    await page.fill('#room-chat-input', `line ${i} of the chat`);
    await page.press('#room-chat-input', 'Enter');
    await waitOnline(red.page, (s, n) => s.chat.length === n, i);
  }
  // Six lines of chat in view, the move list in view, seat labels on one line.
  const log = await red.page.$eval('#room-chat-log', (el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  assert.ok(log.scroll <= log.client + 1, `the six lines show without scrolling: ${JSON.stringify(log)}`);
  const moves = await rect(red.page, '#moves');
  assert.ok(moves.top < DESKTOP.height - 100, `the move list is in view: ${JSON.stringify(moves)}`);
  assert.equal(await red.page.$eval('.panel', (el) => el.scrollTop), 0);
  for (const side of await red.page.$$eval('.room-side', (list) => list.map((el) => el.getBoundingClientRect().height))) {
    assert.ok(side < 30, `a seat label on one line (${side}px)`);
  }
  await shotOnline(red.page, 'look-room-laptop');
  await shotOnline(black.page, 'look-room-phone-dark');

  // The result, once.
  await red.page.click('[data-room="resign"]');
  await red.page.waitForSelector('#confirm-dialog[open]');
  await red.page.click('#confirm-ok');
  for (const page of [red.page, black.page]) {
    const s = await waitOnline(page, (st) => !!st.result);
    const count = await page.evaluate(() => (document.body.innerText.match(/红方认输/g) || []).length);
    assert.equal(count, 1, `the result is printed once: ${s.panel.status}`);
    assert.match(await page.textContent('#status'), /红方认输/);
  }
  await shotOnline(red.page, 'look-result-laptop');
  await shotOnline(black.page, 'look-result-phone-dark');
  assert.deepEqual(red.problems, []);
  assert.deepEqual(black.problems, []);
  console.log(
    'ok - at 1366x768 the room panel holds (seats on one line, six lines of chat, the moves in view, toasts off its header); cards: a free seat waits for a player, "玩家" once, a long name inside its card and the phone no wider; the result printed once',
  );
  await red.context.close();
  await phoneContext.close();
}

await runAndExit(browser, server, async () => {
  await dialogOnServedPage();
  await inputsReadEverywhere();
  await roomAtLaptopSize();
});
