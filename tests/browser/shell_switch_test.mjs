// Switching games without a reload: the game picker tears the current
// controller down (its AI, timers, listeners and engine session) and starts
// the chosen game's controller in place, with that game's saved game.
// xiangqi → Reversi → checkers → xiangqi → checkers on one page: a marker on
// window survives (no reload), window.qipan follows each controller, each
// game plays and gets its saved game back, and the page ends with as many
// event listeners, ARIA boards and workers as it started with; one keypress
// does one thing.
//   node tests/browser/shell_switch_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { clickMove, launch, newGame, openGame, pageTests, serveDist, shot, snapshot, waitForPly } from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const tests = pageTests(browser, { prefix: 'shell-switch-', open: (page) => openGame(page, server.url) });
const test = tests.test;

async function switchTo(page, game) {
  await page.selectOption('#game-picker', game);
  await page.waitForFunction((g) => window.qipan.game() === g && window.qipan.events().some((e) => e.type === 'ready'), game);
}

async function clickSquare(page, square) {
  const p = await page.evaluate((s) => window.qipan.squareCenter(s), square);
  await page.mouse.click(p.x, p.y);
}

// Event listeners on the page by `target:type` (the document, its whole DOM
// and the window), read through the DevTools protocol.
async function listenerCounts(cdp) {
  const counts = {};
  for (const [name, expression, depth] of [
    ['window', 'window', 0],
    ['dom', 'document', -1],
  ]) {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId, depth });
    for (const l of listeners) counts[`${name}:${l.type}`] = (counts[`${name}:${l.type}`] || 0) + 1;
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
  }
  return counts;
}

// What one page holds per game controller, whichever game it is.
const parts = (page) =>
  page.evaluate(() => ({
    ariaBoards: document.querySelectorAll('#aria-board-host .aria-board').length,
    labelButtons: document.querySelectorAll('#cc-labels').length,
    game: document.body.dataset.game,
    picker: document.querySelector('#game-picker').value,
  }));

await test('xiangqi → Reversi → checkers → xiangqi → checkers without a reload, each game playable and restored', async (page) => {
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(() => {
    window.switchMarker = 'still here';
  });
  const navigations = () => page.evaluate(() => performance.getEntriesByType('navigation').length);
  const navigated = await navigations();

  // Xiangqi: one move of a two-player game.
  await newGame(page, 'human', 'human', 3);
  await clickMove(page, 'h2e2');
  await waitForPly(page, 1);
  const start = await listenerCounts(cdp);
  assert.ok(start['dom:keydown'] >= 3 && start['dom:pointerdown'] >= 1, JSON.stringify(start)); // the count sees the page's own
  const startWorkers = page.workers().length;
  assert.deepEqual(await parts(page), { ariaBoards: 1, labelButtons: 0, game: 'xiangqi', picker: 'xiangqi' });

  // Reversi: the hook follows, the board is Reversi's, a move by pointer.
  await switchTo(page, 'reversi');
  assert.equal(await page.evaluate(() => window.switchMarker), 'still here', 'no reload');
  assert.deepEqual(await parts(page), { ariaBoards: 1, labelButtons: 0, game: 'reversi', picker: 'reversi' });
  await newGame(page, 'human', 'human', 3);
  let snap = await snapshot(page);
  assert.equal(snap.positionText.length > 60, true);
  await clickSquare(page, snap.legal[0]);
  await waitForPly(page, 1);
  const reversiBoard = (await snapshot(page)).positionText;
  // One Ctrl+Z takes back one move (a leaked xiangqi handler would take back
  // one of its own too, or fail on its deleted session).
  await page.keyboard.press('Control+z');
  await waitForPly(page, 0);
  await page.keyboard.press('Control+y');
  await waitForPly(page, 1);
  assert.deepEqual(
    (await page.evaluate(() => window.qipan.events())).filter((e) => ['undo', 'redo'].includes(e.type)).map((e) => e.type),
    ['undo', 'redo'],
  );
  await shot(page, 'shell-switch-reversi');

  // Checkers against the AI: a move by pointer and the AI's reply.
  await switchTo(page, 'checkers');
  assert.deepEqual(await parts(page), { ariaBoards: 1, labelButtons: 1, game: 'checkers', picker: 'checkers' });
  snap = await snapshot(page);
  if (snap.ply !== 0 || snap.players !== 2) {
    await page.click('[data-action="new"]');
    await page.selectOption('#cc-new-dialog select[name="count"]', '2');
    await page.selectOption('#cc-new-dialog select[name="seat1"]', 'human');
    await page.selectOption('#cc-new-dialog select[name="seat2"]', 'ai');
    await page.click('#cc-new-dialog button[value="start"]');
    await page.waitForFunction(() => window.qipan.snapshot().ply === 0);
  }
  snap = await snapshot(page);
  const first = snap.legal[0];
  await clickSquare(page, first.from);
  await clickSquare(page, first.to);
  await page.waitForFunction(() => window.qipan.snapshot().ply >= 2 && !window.qipan.thinking(), null, { timeout: 30000 });
  const checkersRecord = (await snapshot(page)).moves.map((m) => m.text);
  await shot(page, 'shell-switch-checkers');

  // Back to xiangqi: its saved game, and the page as it was.
  await switchTo(page, 'xiangqi');
  assert.equal(await page.evaluate(() => window.switchMarker), 'still here');
  snap = await snapshot(page);
  assert.deepEqual(
    snap.moves.map((m) => m.iccs),
    ['h2e2'],
    'the xiangqi game is restored',
  );
  assert.deepEqual(await parts(page), { ariaBoards: 1, labelButtons: 0, game: 'xiangqi', picker: 'xiangqi' });
  await clickMove(page, 'h9g7');
  await waitForPly(page, 2);
  // One ← browses one move back.
  await page.keyboard.press('ArrowLeft');
  assert.equal((await snapshot(page)).ply, 1);
  assert.equal((await page.evaluate(() => window.qipan.events())).filter((e) => e.type === 'navigate').length, 1);
  await page.keyboard.press('End');
  assert.equal((await snapshot(page)).ply, 2);
  assert.deepEqual(await listenerCounts(cdp), start, 'no listener left behind by the controllers torn down');
  for (let i = 0; i < 50 && page.workers().length > startWorkers; i++) await page.waitForTimeout(100);
  assert.equal(page.workers().length, startWorkers, 'no worker left behind');
  await shot(page, 'shell-switch-xiangqi');

  // Checkers again: its game restored; one L toggles the hole names once.
  await switchTo(page, 'checkers');
  assert.deepEqual(
    (await snapshot(page)).moves.map((m) => m.text),
    checkersRecord,
    'the checkers game is restored',
  );
  const shown = await page.evaluate(() => localStorage.getItem('qipan.checkers.labels') === '1');
  await page.keyboard.press('l');
  await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'labels'));
  assert.deepEqual(
    (await page.evaluate(() => window.qipan.events())).filter((e) => e.type === 'labels').map((e) => e.detail.shown),
    [!shown],
  );
  assert.equal(await page.getAttribute('#cc-labels', 'aria-pressed'), String(!shown));

  // Reversi's game was kept too.
  await switchTo(page, 'reversi');
  assert.equal((await snapshot(page)).positionText, reversiBoard, 'the Reversi game is restored');
  assert.equal(await navigations(), navigated, 'the page was never loaded again');
});

server.close();
await browser.close();
process.exit(tests.finish());
