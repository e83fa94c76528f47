// Stepping through a game in headless Chromium: ←/→/Home/End and the
// first/previous/next/last buttons (disabled at the ends), keys left alone
// in fields, the board's keyboard grid and dialogs; "Analyse" and "Continue
// from here" while an earlier position is shown: hidden where the game gives
// no hook (the real xiangqi page today), and against the contract test
// double (tests/web/contract_game.js) showing the game's {score, line} and
// calling its continueFromHere().
//   node tests/browser/shell_navigation_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import {
  buildContractPage,
  clickMove,
  eventsOf,
  launch,
  newGame,
  openGame,
  pageTests,
  serveDist,
  shot,
  snapshot,
  waitForEvent,
  waitForPly,
} from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const contract = await serveDist(await buildContractPage());
const tests = pageTests(browser, { prefix: 'shell-nav-', open: (page, { url = server.url }) => openGame(page, url) });
const test = tests.test;

const MOVES = ['h2e2', 'h9g7', 'h0g2', 'i9h9'];

// Plays MOVES by pointer; returns the FEN after each ply (index = ply).
async function playOpening(page) {
  await newGame(page, 'human', 'human', 3);
  const fens = [(await snapshot(page)).fen];
  for (let i = 0; i < MOVES.length; i++) {
    await clickMove(page, MOVES[i]);
    await waitForPly(page, i + 1);
    fens.push((await snapshot(page)).fen);
  }
  return fens;
}

const shown = (page) => page.evaluate(() => ({ ply: window.qipan.snapshot().ply, live: window.qipan.snapshot().live }));
const disabled = (page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-nav]')].map((b) => [b.dataset.nav, b.disabled])));

await test('arrow keys, Home and End step through the game; the buttons are disabled at the ends', async (page) => {
  const fens = await playOpening(page);
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  assert.deepEqual(await disabled(page), { first: false, prev: false, next: true, last: true });
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await shown(page), { ply: 3, live: false });
  assert.match(await page.textContent('#browse-text'), /Viewing move 3/);
  assert.deepEqual(await disabled(page), { first: false, prev: false, next: false, last: false });
  await page.keyboard.press('Home');
  assert.deepEqual(await shown(page), { ply: 0, live: false });
  assert.equal((await snapshot(page)).fen, fens[0]);
  assert.match(await page.textContent('#browse-text'), /start position/);
  assert.deepEqual(await disabled(page), { first: true, prev: true, next: false, last: false });
  await page.keyboard.press('ArrowLeft'); // nothing before the start
  assert.deepEqual(await shown(page), { ply: 0, live: false });
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await shown(page), { ply: 1, live: false });
  // The position shown is the one after the first move.
  assert.equal((await snapshot(page)).fen, fens[1]);
  await page.keyboard.press('End');
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  await page.keyboard.press('ArrowRight'); // nothing after the live position
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  // Browsing: the game's analyse and continue-from-here buttons show.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.isVisible('[data-action="analyse"]'), true);
  assert.equal(await page.isVisible('[data-action="continue"]'), true);
  assert.equal(await page.isVisible('[data-action="live"]'), true);
  await shot(page, 'shell-nav-browsing');
  await page.click('[data-action="live"]');
  assert.deepEqual(await shown(page), { ply: 4, live: true });
});

await test('the first/previous/next/last buttons', async (page) => {
  await playOpening(page);
  await page.click('[data-nav="prev"]');
  assert.deepEqual(await shown(page), { ply: 3, live: false });
  await page.click('[data-nav="first"]');
  assert.deepEqual(await shown(page), { ply: 0, live: false });
  await page.click('[data-nav="next"]');
  await page.click('[data-nav="next"]');
  assert.deepEqual(await shown(page), { ply: 2, live: false });
  await page.click('[data-nav="last"]');
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  const steps = (await eventsOf(page, 'navigate')).map((e) => `${e.step}:${e.ply}`);
  assert.deepEqual(steps, ['prev:3', 'first:0', 'next:1', 'next:2', 'last:4']);
  // Every button names itself in the page's language.
  for (const button of await page.$$('[data-nav]')) assert.ok((await button.getAttribute('aria-label')).length > 3);
});

await test('keys keep their meaning in a select, on the board grid and in a dialog', async (page) => {
  await playOpening(page);
  await page.focus('#notation');
  await page.keyboard.press('Home');
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  await page.focus('.aria-board');
  await page.keyboard.press('ArrowLeft'); // moves the board cursor instead
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  await page.click('[data-action="new"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  assert.deepEqual(await shown(page), { ply: 4, live: true });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#new-dialog:not([open])', { state: 'attached' });
  await page.focus('body');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await shown(page), { ply: 3, live: false });
});

await test(
  "contract page: Analyse shows the game's score and line for the position shown",
  async (page) => {
    await playOpening(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.deepEqual(await shown(page), { ply: 2, live: false });
    assert.equal(await page.isVisible('[data-action="analyse"]'), true);
    await page.click('[data-action="analyse"]');
    await page.waitForSelector('#analysis:not([hidden])');
    await page.waitForFunction(() => document.querySelector('#analysis-score').textContent === '+2.5');
    assert.equal(await page.textContent('#analysis-line'), '#2 …');
    assert.deepEqual(
      (await eventsOf(page, 'hook')).filter((h) => h.name === 'analyse'),
      [{ name: 'analyse', ply: 2 }],
    );
    await shot(page, 'shell-nav-analysis');
    // Another position: the old analysis goes.
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.isVisible('#analysis'), false);
    // A result for a position the player has left is not shown.
    await page.click('[data-action="analyse"]');
    await page.keyboard.press('ArrowRight');
    await waitForEvent(page, 'hook', { name: 'analyse', ply: 1 });
    await page.waitForFunction(
      () => window.qipan.events().filter((e) => e.type === 'hook' && e.detail.name === 'analyse').length === 2,
    );
    assert.equal(await page.isVisible('#analysis'), false);
  },
  { url: contract.url },
);

await test(
  'contract page: Continue from here plays on from the position shown',
  async (page) => {
    await playOpening(page);
    await page.click('#moves [data-ply="2"]');
    assert.deepEqual(await shown(page), { ply: 2, live: false });
    await page.click('[data-action="continue"]');
    await waitForEvent(page, 'hook', { name: 'continueFromHere', ply: 2 });
    const snap = await snapshot(page);
    assert.equal(snap.live, true);
    assert.equal(snap.ply, 2);
    assert.equal(snap.plies, 2);
    assert.equal(await page.isVisible('#browse'), false);
    await clickMove(page, 'b0c2');
    await waitForPly(page, 3);
  },
  { url: contract.url },
);

contract.close();
server.close();
await browser.close();
process.exit(tests.finish());
