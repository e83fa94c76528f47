// The help dialog in headless Chromium: opened from the toolbar (inline on a
// desktop, in the "more" menu on a phone), by F1 and by ?; the game on the
// board is the topic shown first, in Chinese and in English, with a tab for
// each other game and for online play; the ARIA tab keys, Tab and Shift+Tab
// kept inside the dialog, Escape closing it and the focus given back; a ? typed
// into a field stays there; the dialog fits a phone (390x844) and a desktop
// (1366x768) in light and dark; each topic's words are all in the page's
// language. Screenshots in build/screenshots/help/.
//   node tests/browser/help_dialog_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openGame, pageTests, root, serveDist, settled } from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const tests = pageTests(browser, { prefix: 'help-', open: (page) => openGame(page, server.url) });
const test = tests.test;

const SHOTS = join(root, 'build/screenshots/help');
mkdirSync(SHOTS, { recursive: true });
async function shot(page, name) {
  await settled(page).catch(() => {});
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const TOPICS = ['xiangqi', 'reversi', 'checkers', 'online'];
const FIRST_HEADING = {
  zh: { xiangqi: '胜负', reversi: '落子与翻转', checkers: '目标', online: '开始' },
  en: { xiangqi: 'The goal', reversi: 'Placing and flipping', checkers: 'The goal', online: 'Starting' },
};

// What the dialog shows: open or not, its title, the tabs and the one
// selected, the panel's topic and headings, and where the focus is.
const helpState = (page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('#help-dialog');
    const active = document.activeElement;
    return {
      open: !!dialog?.open,
      dialogs: document.querySelectorAll('#help-dialog').length,
      title: dialog?.querySelector('h2')?.textContent,
      labelledBy: dialog?.getAttribute('aria-labelledby'),
      tabs: [...(dialog?.querySelectorAll('[role="tab"]') ?? [])].map((t) => t.dataset.topic),
      tabNames: [...(dialog?.querySelectorAll('[role="tab"]') ?? [])].map((t) => t.textContent),
      selected: dialog?.querySelector('[role="tab"][aria-selected="true"]')?.dataset.topic,
      tabbable: [...(dialog?.querySelectorAll('[role="tab"]') ?? [])].filter((t) => t.tabIndex === 0).map((t) => t.dataset.topic),
      topic: dialog?.querySelector('[role="tabpanel"]')?.dataset.topic,
      panelLabel: dialog?.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby'),
      headings: [...(dialog?.querySelectorAll('[role="tabpanel"] h3') ?? [])].map((h) => h.textContent),
      focus: active?.id || active?.dataset?.action || active?.tagName,
      focusInDialog: !!dialog?.contains(active),
    };
  });

// The panel's words that are not in the page's language: Chinese in English,
// or an English word in Chinese (notation, format names, single letters and
// coordinates like h2e2 aside). Keys (kbd) and text marked with the other
// language's lang attribute are what they are.
const wrongWords = (page, language) =>
  page.evaluate((language) => {
    const BOTH = new Set(['WXF', 'ICCS', 'GGF', 'FEN']);
    const CHINESE = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
    const panel = document.querySelector('#help-dialog [role="tabpanel"]');
    const out = [];
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el.closest('kbd') || el.closest('[lang]').lang.slice(0, 2) !== language) continue;
      const text = node.textContent;
      if (language === 'en' && CHINESE.test(text)) out.push(text);
      if (language === 'zh') {
        const words = text.split(/[^A-Za-z]+/).filter((w) => w.length >= 2 && !BOTH.has(w) && !/^[a-z]\d|^[A-Z]\d/.test(w));
        if (words.length) out.push(`${words.join(' ')} in "${text}"`);
      }
    }
    return out;
  }, language);

// The dialog within the viewport, the Close button in sight, the tabs not
// wider than the dialog, the page not wider than its box.
const layout = (page) =>
  page.evaluate(() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect().toJSON();
    const tabs = document.querySelector('#help-dialog .help-tabs');
    const body = document.querySelector('#help-dialog .help-body');
    return {
      dialog: box('#help-dialog'),
      close: box('#help-close'),
      tabsOverflow: tabs.scrollWidth - tabs.clientWidth,
      bodyOverflowX: body.scrollWidth - body.clientWidth,
      bodyScrolls: body.scrollHeight > body.clientHeight,
      viewport: { width: innerWidth, height: innerHeight },
    };
  });

function assertFits(l, what) {
  const { dialog, close, viewport } = l;
  assert.ok(dialog.left >= 0 && dialog.top >= 0, `${what}: the dialog starts on screen ${JSON.stringify(dialog)}`);
  assert.ok(dialog.right <= viewport.width && dialog.bottom <= viewport.height, `${what}: the dialog ends on screen`);
  assert.ok(close.bottom <= dialog.bottom && close.top >= dialog.top, `${what}: Close is in sight`);
  assert.ok(l.tabsOverflow <= 0, `${what}: the tabs fit (${l.tabsOverflow}px over)`);
  assert.ok(l.bodyOverflowX <= 0, `${what}: no sideways scrolling (${l.bodyOverflowX}px)`);
}

async function pickGame(page, game) {
  await page.selectOption('#game-picker', game);
  await page.waitForFunction((g) => window.qipan.game() === g && window.qipan.events().some((e) => e.type === 'ready'), game);
}

// Open: the dialog is up. Closed: it is down and its close event has run
// (the focus is given back then), as the page's log says.
const waitOpen = (page, open = true) =>
  page.waitForFunction(
    (o) =>
      !!document.querySelector('#help-dialog')?.open === o &&
      (o || window.qipan.events().findLast((e) => e.type === 'help')?.detail.open === false),
    open,
  );

for (const [language, locale, scheme] of [
  ['zh', 'zh-CN', 'dark'],
  ['en', 'en-US', 'light'],
]) {
  await test(
    `${language}, desktop ${scheme}: the toolbar's Help opens on the current game; each topic in ${language}; Escape gives the focus back`,
    async (page) => {
      const button = page.locator('[data-action="help"]');
      assert.equal(await button.isVisible(), true, 'Help sits in the toolbar on a desktop');
      assert.equal(await button.textContent(), language === 'zh' ? '帮助' : 'Help');
      assert.equal(await button.getAttribute('title'), language === 'zh' ? '帮助（F1 或 ?）' : 'Help (F1 or ?)');
      // With Help in it the toolbar still fits in a row, or its less-used
      // actions go to the "more" menu (below 1331 px).
      for (const width of [1181, 1280, 1331, 1366]) {
        await page.setViewportSize({ width, height: 768 });
        const bar = await page.evaluate(() => {
          const t = document.querySelector('.toolbar');
          return t.scrollWidth - t.clientWidth;
        });
        assert.ok(bar <= 0, `the toolbar fits ${width} px (${bar} px over)`);
      }
      assert.equal(await button.isVisible(), true, 'Help in the row at 1366 px');
      await button.click();
      await waitOpen(page);
      let s = await helpState(page);
      assert.equal(s.dialogs, 1);
      assert.equal(s.title, language === 'zh' ? '玩法说明' : 'How to play');
      assert.equal(s.labelledBy, 'help-title');
      assert.deepEqual(s.tabs, TOPICS);
      assert.deepEqual(
        s.tabNames,
        language === 'zh' ? ['象棋', '黑白棋', '跳棋', '在线'] : ['Xiangqi', 'Reversi', 'Chinese checkers', 'Online'],
      );
      assert.deepEqual([s.selected, s.topic, s.tabbable], ['xiangqi', 'xiangqi', ['xiangqi']]);
      assert.equal(s.panelLabel, 'help-tab-xiangqi');
      assert.equal(s.headings[0], FIRST_HEADING[language].xiangqi);
      assert.equal(s.focus, 'help-tab-xiangqi', 'the selected tab has the focus');
      assertFits(await layout(page), 'desktop');
      await shot(page, `${language}-desktop-${scheme}-xiangqi`);
      for (const topic of TOPICS) {
        await page.click(`#help-tab-${topic}`);
        s = await helpState(page);
        assert.deepEqual([s.selected, s.topic], [topic, topic]);
        assert.equal(s.headings[0], FIRST_HEADING[language][topic]);
        assert.ok(s.headings.length >= 4, `${topic}: ${s.headings.length} headings`);
        assert.deepEqual(await wrongWords(page, language), [], `${topic}: all in ${language}`);
        if (topic !== 'xiangqi') await shot(page, `${language}-desktop-${scheme}-${topic}`);
      }
      await page.keyboard.press('Escape');
      await waitOpen(page, false);
      s = await helpState(page);
      assert.equal(s.focus, 'help', 'the focus is back on the Help button');
      const opened = (await page.evaluate(() => window.qipan.events())).filter((e) => e.type === 'help');
      assert.deepEqual(opened.at(0).detail, { open: true, topic: 'xiangqi', by: 'button' });
      assert.deepEqual(opened.at(-1).detail, { open: false, topic: 'online' });
    },
    { viewport: DESKTOP, context: { locale, colorScheme: scheme } },
  );
}

await test(
  'keyboard: F1 and ? open it on the game shown (after a switch), arrow keys pick topics, Tab stays inside, Escape returns the focus',
  async (page) => {
    await pickGame(page, 'reversi');
    await page.focus('[data-action="settings"]');
    await page.keyboard.press('F1');
    await waitOpen(page);
    let s = await helpState(page);
    assert.deepEqual([s.dialogs, s.selected, s.topic, s.focus], [1, 'reversi', 'reversi', 'help-tab-reversi']);
    await page.keyboard.press('ArrowRight');
    s = await helpState(page);
    assert.deepEqual([s.selected, s.topic, s.focus, s.tabbable], ['checkers', 'checkers', 'help-tab-checkers', ['checkers']]);
    await page.keyboard.press('End');
    assert.equal((await helpState(page)).topic, 'online');
    await page.keyboard.press('ArrowRight');
    assert.equal((await helpState(page)).topic, 'xiangqi', 'the arrows wrap around');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await helpState(page)).topic, 'online');
    await page.keyboard.press('Home');
    s = await helpState(page);
    assert.deepEqual([s.topic, s.focus], ['xiangqi', 'help-tab-xiangqi']);
    // ← → browse the moves elsewhere; here they only changed the topic.
    assert.equal((await page.evaluate(() => window.qipan.events())).filter((e) => e.type === 'navigate').length, 0);
    // Tab: the selected tab, the page (it scrolls), Close, and round again.
    await page.keyboard.press('Tab');
    assert.equal((await helpState(page)).focus, 'help-panel');
    await page.keyboard.press('Tab');
    assert.equal((await helpState(page)).focus, 'help-close');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      assert.equal((await helpState(page)).focusInDialog, true, `Tab ${i + 1} stays in the dialog`);
    }
    await page.focus('#help-tab-xiangqi');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await helpState(page)).focus, 'help-close', 'Shift+Tab from the first goes to the last');
    await page.keyboard.press('Escape');
    await waitOpen(page, false);
    assert.equal((await helpState(page)).focus, 'settings', 'the focus is back where it was');

    // ? opens it too, from the board's keyboard grid.
    await page.focus('#aria-board-host .aria-board');
    await page.keyboard.press('?');
    await waitOpen(page);
    s = await helpState(page);
    assert.deepEqual([s.topic, s.dialogs], ['reversi', 1]);
    await page.click('#help-close');
    await waitOpen(page, false);
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('aria-board')), true);

    // A ? typed into a field is a question mark; F1 there opens the help
    // over that dialog, and closing the help leaves that dialog as it was.
    await page.click('[data-action="record"]');
    await page.focus('#record-dialog textarea[name="position"]');
    await page.keyboard.press('End');
    await page.keyboard.press('?');
    assert.equal((await helpState(page)).open, false);
    assert.match(await page.inputValue('#record-dialog textarea[name="position"]'), /\?$/);
    await page.keyboard.press('F1');
    await waitOpen(page);
    await page.keyboard.press('Escape');
    await waitOpen(page, false);
    assert.equal(await page.evaluate(() => document.querySelector('#record-dialog').open), true);
    assert.equal(await page.evaluate(() => document.activeElement.name), 'position');
    await page.click('#record-dialog button[value="close"]');

    await pickGame(page, 'checkers');
    await page.keyboard.press('F1');
    await waitOpen(page);
    s = await helpState(page);
    assert.deepEqual([s.dialogs, s.topic], [1, 'checkers'], 'one dialog, taken over by the next game');
  },
  { viewport: DESKTOP, context: { locale: 'en-US' } },
);

for (const [language, locale, scheme, game] of [
  ['zh', 'zh-CN', 'light', 'reversi'],
  ['en', 'en-US', 'dark', 'checkers'],
]) {
  await test(
    `${language}, phone ${scheme}, ${game}: Help in the "more" menu; the dialog fits 390x844 and scrolls; the focus goes back to the menu's button`,
    async (page) => {
      await pickGame(page, game);
      assert.equal(await page.isVisible('[data-action="help"]'), false, 'on a phone Help is in the menu');
      await page.click('#more-toggle');
      await shot(page, `${language}-phone-${scheme}-menu`);
      await page.click('[data-action="help"]');
      await waitOpen(page);
      let s = await helpState(page);
      assert.deepEqual([s.selected, s.topic], [game, game]);
      const l = await layout(page);
      assertFits(l, 'phone');
      assert.equal(l.bodyScrolls, true, 'the page scrolls inside the dialog');
      for (const topic of TOPICS) {
        await page.click(`#help-tab-${topic}`);
        assertFits(await layout(page), `phone ${topic}`);
        assert.deepEqual(await wrongWords(page, language), []);
        await shot(page, `${language}-phone-${scheme}-${topic}`);
        // The end of the page, scrolled to, for the eye.
        await page.$eval('#help-panel', (el) => {
          el.scrollTop = el.scrollHeight;
        });
        await shot(page, `${language}-phone-${scheme}-${topic}-end`);
      }
      await page.click('#help-close');
      await waitOpen(page, false);
      s = await helpState(page);
      assert.equal(s.focus, 'more-toggle', 'the focus goes to the menu button');
    },
    { viewport: PHONE, context: { locale, colorScheme: scheme, hasTouch: true, isMobile: true } },
  );
}

await browser.close();
server.close();
process.exitCode = tests.finish();
