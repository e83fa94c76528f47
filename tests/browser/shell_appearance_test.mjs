// Appearance in headless Chromium: light and dark themes following
// prefers-color-scheme and the settings switch; reduced motion from the
// system (emulated) and from the settings; the sound volume; the language and
// notation the browser's locale gives until the player picks; the embedded
// Chinese UI font (this machine has no Chinese font, so without it every
// Chinese character would be the same box).
//   node tests/browser/shell_appearance_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { clickMove, launch, newGame, openGame, pageTests, serveDist, shot, waitForPly } from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const tests = pageTests(browser, { prefix: 'shell-look-', open: (page) => openGame(page, server.url) });
const test = tests.test;

const theme = (page) =>
  page.evaluate(() => ({
    data: document.documentElement.dataset.theme,
    hook: window.qipan.theme(),
    scheme: getComputedStyle(document.documentElement).colorScheme,
    ink: getComputedStyle(document.body).color,
  }));
// Perceived lightness (0..255) of a CSS rgb() colour.
const lightness = (rgb) => {
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
};

async function setSetting(page, name, value) {
  await page.click('[data-action="settings"]');
  if (name === 'volume')
    await page.$eval(
      '#settings-dialog input[name="volume"]',
      (el, v) => {
        el.value = String(v);
        el.dispatchEvent(new Event('change', { bubbles: true }));
      },
      value,
    );
  else await page.selectOption(`#settings-dialog select[name="${name}"]`, value);
  await page.click('#settings-dialog button[value="close"]');
}

await test(
  'the theme follows prefers-color-scheme (dark)',
  async (page) => {
    const t = await theme(page);
    assert.deepEqual([t.data, t.hook, t.scheme], ['dark', 'dark', 'dark']);
    assert.ok(lightness(t.ink) > 180, `light ink on dark: ${t.ink}`);
    await shot(page, 'shell-theme-dark');
  },
  { context: { colorScheme: 'dark' } },
);

await test(
  'the theme follows prefers-color-scheme (light), live, and the switch overrides it',
  async (page) => {
    let t = await theme(page);
    assert.deepEqual([t.data, t.scheme], ['light', 'light']);
    assert.ok(lightness(t.ink) < 80, `dark ink on light: ${t.ink}`);
    await shot(page, 'shell-theme-light');
    // The system changes its mind while the page is open.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    // The switch: dark on a light system, then light on a dark one, then back.
    await setSetting(page, 'theme', 'dark');
    t = await theme(page);
    assert.deepEqual([t.data, t.scheme], ['dark', 'dark']);
    await page.emulateMedia({ colorScheme: 'dark' });
    await setSetting(page, 'theme', 'light');
    assert.equal((await theme(page)).data, 'light');
    await page.reload();
    await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
    assert.equal((await theme(page)).data, 'light', 'the choice is kept');
    await setSetting(page, 'theme', 'system');
    assert.equal((await theme(page)).data, 'dark');
  },
  { context: { colorScheme: 'light' } },
);

await test(
  'reduced motion from the system: the page knows, and its CSS animations stop',
  async (page) => {
    assert.equal(await page.evaluate(() => window.qipan.reducedMotion()), true);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.motion), 'reduced');
    await clickMove(page, 'h9h8'); // refused: a toast appears
    await page.waitForSelector('#toast:not([hidden])');
    assert.equal(await page.$eval('#toast', (el) => getComputedStyle(el).animationName), 'none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForFunction(() => window.qipan.reducedMotion() === false);
    assert.ok(
      (await page.evaluate(() => window.qipan.events())).some((e) => e.type === 'appearance' && e.detail.reducedMotion === false),
    );
    await clickMove(page, 'h9h8');
    assert.equal(await page.$eval('#toast', (el) => getComputedStyle(el).animationName), 'toast-in');
  },
  { context: { reducedMotion: 'reduce' } },
);

await test('reduced motion from the settings: animations off', async (page) => {
  assert.equal(await page.evaluate(() => window.qipan.reducedMotion()), false);
  await setSetting(page, 'animations', 'off');
  assert.equal(await page.evaluate(() => window.qipan.reducedMotion()), true);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.motion), 'reduced');
  await newGame(page, 'human', 'ai', 3);
  await clickMove(page, 'h2e2');
  await page.waitForSelector('#thinking:not([hidden])');
  assert.equal(await page.$eval('.thinking-head', (el) => getComputedStyle(el, '::before').animationName), 'none');
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.equal(await page.evaluate(() => window.qipan.reducedMotion()), true, 'the setting is kept');
  await setSetting(page, 'animations', 'on');
  assert.equal(await page.evaluate(() => window.qipan.reducedMotion()), false);
});

await test('the sound volume scales every sound; sound off is silent', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await clickMove(page, 'h2e2');
  await waitForPly(page, 1);
  const full = await page.evaluate(() => window.qipan.lastSound());
  assert.deepEqual(full, { kind: 'move', peak: 0.4 * 0.8 });
  await setSetting(page, 'volume', 25);
  assert.equal((await page.evaluate(() => window.qipan.settings())).volume, 0.25);
  await clickMove(page, 'h9g7');
  await waitForPly(page, 2);
  assert.equal((await page.evaluate(() => window.qipan.lastSound())).peak, 0.4 * 0.25);
  await setSetting(page, 'sound', 'off');
  await clickMove(page, 'h0g2');
  await waitForPly(page, 3);
  assert.equal((await page.evaluate(() => window.qipan.lastSound())).peak, 0.4 * 0.25, 'no new sound');
});

await test(
  'a Chinese browser gets Chinese and Chinese notation',
  async (page) => {
    const s = await page.evaluate(() => window.qipan.settings());
    assert.deepEqual([s.language, s.languagePicked, s.notation, s.notationPicked], ['zh', false, 'chinese', false]);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal(await page.textContent('[data-action="new"]'), '新局');
    await shot(page, 'shell-language-zh');
  },
  { context: { locale: 'zh-CN' } },
);

await test(
  'an English browser gets English and WXF; picking a language sticks, notation follows it until picked',
  async (page) => {
    let s = await page.evaluate(() => window.qipan.settings());
    assert.deepEqual([s.language, s.notation], ['en', 'wxf']);
    assert.equal(await page.textContent('[data-action="new"]'), 'New game');
    await setSetting(page, 'language', 'zh');
    s = await page.evaluate(() => window.qipan.settings());
    assert.deepEqual([s.language, s.languagePicked, s.notation, s.notationPicked], ['zh', true, 'chinese', false]);
    assert.equal(await page.inputValue('#notation'), 'chinese');
    await page.reload();
    await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
    assert.equal(await page.textContent('[data-action="new"]'), '新局', 'the pick survives a reload');
    await page.selectOption('#notation', 'iccs');
    await setSetting(page, 'language', 'en');
    s = await page.evaluate(() => window.qipan.settings());
    assert.deepEqual([s.language, s.notation, s.notationPicked], ['en', 'iccs', true]);
  },
  { context: { locale: 'en-US' } },
);

await test(
  'Chinese UI text is drawn with the embedded font, not as boxes',
  async (page) => {
    assert.equal(await page.evaluate(() => document.fonts.check('16px "Qipan Sans"', '新局设置')), true);
    // The glyphs of two different characters differ, and differ from a
    // character no font here has (the box every Chinese character would be
    // without the embedded font on this machine).
    const images = await page.evaluate(() => {
      const draw = (text) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 48;
        const ctx = canvas.getContext('2d');
        ctx.font = '40px "Qipan Sans", sans-serif';
        ctx.textBaseline = 'top';
        ctx.fillText(text, 4, 4);
        const data = ctx.getImageData(0, 0, 48, 48).data;
        let ink = 0;
        let hash = 0;
        for (let i = 3; i < data.length; i += 4) {
          ink += data[i] > 0 ? 1 : 0;
          hash = (Math.imul(hash, 31) + data[i]) | 0;
        }
        return { ink, hash };
      };
      return { xin: draw('新'), ju: draw('局'), box: draw('\u{F8FF}'), box2: draw('\u{F8FE}') };
    });
    assert.deepEqual(images.box, images.box2, 'two missing characters draw the same box');
    assert.notDeepEqual(images.xin, images.box, '新 is not a box');
    assert.notDeepEqual(images.ju, images.box, '局 is not a box');
    assert.notDeepEqual(images.xin, images.ju);
    assert.ok(images.xin.ink > 100, `新 has ink (${images.xin.ink} pixels)`);
    // The DOM text itself: Chromium names the face each text node was drawn with.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const fontsOf = async (selector) => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
    };
    for (const selector of ['[data-action="new"]', '#status', '.moves-head span']) {
      const fonts = await fontsOf(selector);
      assert.ok(
        fonts.some((f) => f.familyName === 'Qipan Sans' && f.isCustomFont),
        `${selector}: ${JSON.stringify(fonts)}`,
      );
    }
    // Latin text keeps the system font.
    await page.selectOption('#notation', 'wxf');
    const latin = await fontsOf('#notation option[value="wxf"]');
    assert.ok(!latin.some((f) => f.familyName === 'Qipan Sans'), JSON.stringify(latin));
    await shot(page, 'shell-font-zh');
  },
  { context: { locale: 'zh-CN' } },
);

server.close();
await browser.close();
process.exit(tests.finish());
