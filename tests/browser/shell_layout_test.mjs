// The page's layout at five screen sizes (phone portrait and landscape,
// tablet, laptop, desktop), screenshots in build/screenshots/page: the
// toolbar is one row that fits; on phones every touch target is at least
// 44 px (the overflow menu and the dialogs too) and the board is as large as
// the screen allows; toasts never cover the board; the player cards sit
// beside the board on wide screens and under it in portrait (contract test
// double: the games do not give playerCards yet).
//   node tests/browser/shell_layout_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import {
  buildContractPage,
  clickMove,
  launch,
  newGame,
  openGame,
  pageTests,
  serveDist,
  shot,
  waitForPly,
} from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const contract = await serveDist(await buildContractPage());
const tests = pageTests(browser, { prefix: 'shell-layout-', open: (page, { url = contract.url }) => openGame(page, url) });
const test = tests.test;

const SIZES = [
  { name: 'phone-portrait', width: 390, height: 844, phone: true },
  { name: 'phone-landscape', width: 844, height: 390, phone: true },
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'desktop', width: 1920, height: 1080 },
];

const rect = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  });
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// The toolbar's items that show: one row (they share a horizontal band),
// inside the screen, nothing cut off.
async function toolbarRow(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.toolbar');
    const items = [...bar.querySelectorAll('.brand, #game-picker, .tools > button, .more > *')]
      .filter((el) => el.checkVisibility() && !el.closest('.more.open'))
      .filter((el) => getComputedStyle(el.closest('.more') || el).position !== 'absolute' || !el.closest('.more'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.dataset.action || el.id || el.className,
          top: r.top,
          bottom: r.bottom,
          left: r.left,
          right: r.right,
          clipped: el.scrollWidth > el.clientWidth + 1,
        };
      });
    return {
      items,
      height: bar.getBoundingClientRect().height,
      overflow: bar.scrollWidth > bar.clientWidth + 1,
      width: innerWidth,
    };
  });
}

// Every control a finger may touch, with its size; `scope` limits the search.
async function touchTargets(page, scope = 'body') {
  return page.$$eval(`${scope} :is(button, select, input, textarea, summary, a[href], [role="button"])`, (els) =>
    els
      .filter((el) => el.checkVisibility() && !el.closest('.sr-only, .sr-board') && el.type !== 'file')
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          what: el.dataset.action || el.dataset.nav || el.name || el.id || el.textContent.trim().slice(0, 12) || el.tagName,
          width: r.width,
          height: r.height,
        };
      }),
  );
}

function assertTouchable(targets, where) {
  const small = targets
    .filter((t) => t.width < 44 || t.height < 44)
    .map((t) => `${t.what} ${t.width.toFixed(0)}x${t.height.toFixed(0)}`);
  assert.deepEqual(small, [], `${where}: touch targets under 44 px`);
}

for (const size of SIZES) {
  for (const language of ['en', 'zh']) {
    await test(
      `${size.name} ${size.width}x${size.height} (${language})`,
      async (page) => {
        await newGame(page, 'human', 'ai', 1);
        await clickMove(page, 'h2e2');
        await waitForPly(page, 2, 20000);
        const row = await toolbarRow(page);
        const band = { top: Math.max(...row.items.map((i) => i.top)), bottom: Math.min(...row.items.map((i) => i.bottom)) };
        assert.ok(band.top < band.bottom, `one row: ${JSON.stringify(row.items)}`);
        assert.equal(row.overflow, false, 'the toolbar does not overflow');
        assert.ok(
          row.items.every((i) => i.right <= row.width + 0.5 && i.left >= -0.5),
          `inside the screen: ${JSON.stringify(row.items)}`,
        );
        assert.deepEqual(
          row.items.filter((i) => i.clipped).map((i) => i.name),
          [],
          'no label cut off',
        );

        const board = await rect(page, '#board-wrap');
        const cards = await rect(page, '#cards');
        const panel = await rect(page, '.panel');
        assert.ok(!overlaps(board, cards) && !overlaps(board, panel), 'board, cards and panel do not overlap');
        if (size.width > size.height && size.width >= 1200) {
          assert.ok(cards.right <= board.left + 0.5, 'the cards are left of the board');
        } else if (size.width < size.height) {
          assert.ok(cards.top >= board.bottom - 0.5, 'the cards are under the board');
          assert.ok(board.width >= size.width - 0.5, `the board is as wide as the screen (${board.width})`);
        } else {
          assert.ok(
            board.height >= size.height - row.height - 1,
            `the board takes the height left by the toolbar (${board.height})`,
          );
        }

        // A toast (a refused move) lands off the board.
        await clickMove(page, 'h0h1');
        await page.waitForSelector('#toast:not([hidden])');
        assert.equal(overlaps(await rect(page, '#toast'), board), false, 'the toast does not cover the board');
        await shot(page, `layout-${size.name}-${language}`);

        if (size.phone) {
          assertTouchable(await touchTargets(page), 'the page');
          await page.click('#more-toggle');
          await page.waitForSelector('#more-menu.open');
          assertTouchable(await touchTargets(page, '#more-menu'), 'the more menu');
          await shot(page, `layout-${size.name}-${language}-menu`);
          await page.keyboard.press('Escape');
          assert.equal(await page.isVisible('#more-menu [data-action="record"]'), false, 'Escape closes the menu');
          for (const [open, dialog, close] of [
            ['[data-action="new"]', '#new-dialog', 'button[value="cancel"]'],
            ['[data-action="settings"]', '#settings-dialog', 'button[value="close"]'],
          ]) {
            await page.click(open);
            await page.waitForSelector(`${dialog}[open]`);
            assertTouchable(await touchTargets(page, dialog), dialog);
            await page.click(`${dialog} ${close}`);
          }
          // The overflow menu's actions work: import/export from the menu.
          await page.click('#more-toggle');
          await page.click('#more-menu [data-action="record"]');
          await page.waitForSelector('#record-dialog[open]');
          assertTouchable(await touchTargets(page, '#record-dialog'), '#record-dialog');
          await shot(page, `layout-${size.name}-${language}-record`);
        }
      },
      { viewport: { width: size.width, height: size.height }, context: { locale: language === 'zh' ? 'zh-CN' : 'en-US' } },
    );
  }
}

await test(
  'real page at laptop size: the player cards beside the board, neither overlapping nor cut',
  async (page) => {
    const board = await rect(page, '#board-wrap');
    const cards = await rect(page, '#cards');
    assert.equal(await page.isVisible('#cards'), true);
    assert.ok(cards.right <= board.left + 1 || cards.left >= board.right - 1, 'cards beside the board');
    for (const r of [board, cards]) assert.ok(r.left >= 0 && r.right <= 1366 && r.bottom <= 768 + 1, JSON.stringify(r));
    await shot(page, 'layout-laptop-real');
  },
  { viewport: { width: 1366, height: 768 }, url: server.url },
);

contract.close();
server.close();
await browser.close();
process.exit(tests.finish());
