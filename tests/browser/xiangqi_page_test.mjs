// The xiangqi page in headless Chromium, driven like a player: real pointer
// events at board coordinates, the keyboard on the ARIA mirror, dialogs.
//   node tests/browser/xiangqi_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { centerOf, click, clickMove, distDir, dragMove, events, launch, longTasksOver, newGame, openGame, pageTests, serveDist, shot, snapshot, sq, waitForPly, watchLongTasks } from './page_harness.mjs';


const browser = await launch();
const server = await serveDist();
const fileUrl = pathToFileURL(join(distDir, 'index.html')).href;
const tests = pageTests(browser, { open: (page, { url = server.url }) => openGame(page, url) });
const test = tests.test;

await test('opens from file:// with no error and no request', async (page) => {
  const snap = await snapshot(page);
  assert.equal(snap.ply, 0);
  assert.equal(snap.legal.length, 44);
  await page.waitForTimeout(300);
  await shot(page, 'start-file');
}, { url: fileUrl });

await test('opens from http://localhost with no error', async (page) => {
  assert.equal((await snapshot(page)).fen.split(' ')[0], 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR');
});

await test('pointer play: animation, refusal with reason, drag, undo/redo, flip, mate dialog', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await click(page, 'h2');
  await page.waitForTimeout(150);
  await shot(page, 'selected');
  const clickedAt = await page.evaluate(() => performance.now());
  await click(page, 'e2');
  // The move animates: an animation of the cannon from h2 to e2 started with it.
  const anim = await page.evaluate(() => window.qipan.lastAnimation());
  assert.ok(anim && anim.from === sq('h2') && anim.to === sq('e2'), JSON.stringify(anim));
  assert.ok(anim.start >= clickedAt && anim.duration >= 150 && anim.duration <= 400, JSON.stringify(anim));
  let snap = await snapshot(page);
  assert.equal(snap.moves[0].chinese, '炮二平五');

  // An illegal horse move is refused and the reason is shown.
  await clickMove(page, 'h9h8');
  await page.waitForSelector('#toast:not([hidden])');
  const toast = await page.textContent('#toast');
  assert.match(toast, /马走日字|horses move/);
  assert.equal((await snapshot(page)).ply, 1);
  assert.ok((await events(page)).some((e) => e.type === 'rejected'));

  await dragMove(page, 'h9g7');
  await waitForPly(page, 2);
  assert.equal((await snapshot(page)).moves[1].iccs, 'h9g7');

  await page.click('[data-action="undo"]');
  assert.equal((await snapshot(page)).ply, 1);
  await page.click('[data-action="redo"]');
  assert.equal((await snapshot(page)).ply, 2);

  // Flip: a true 180-degree turn; clicks still land on the right squares.
  const before = await centerOf(page, 'a0');
  await page.click('[data-action="flip"]');
  const after = await centerOf(page, 'a0');
  assert.ok(after.y < before.y && after.x > before.x, 'a0 moves to the top right');
  await clickMove(page, 'h0g2');
  await waitForPly(page, 3);
  await page.waitForTimeout(250);
  await shot(page, 'flipped');
  await page.click('[data-action="flip"]');

  // A known mate: import the position, then play it out by pointer.
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="position"]', '3k5/9/9/9/9/9/2p6/8R/R8/4K4 w - - 0 1');
  await page.click('#record-dialog [data-action="import-position"]');
  await clickMove(page, 'i2i8');
  await clickMove(page, 'c3c2');
  await clickMove(page, 'a1a9');
  await page.waitForSelector('#over-dialog[open]');
  snap = await snapshot(page);
  assert.equal(snap.status.reason, 'checkmate');
  assert.equal(snap.status.winner, 0);
  assert.equal(await page.getAttribute('#over-dialog', 'data-reason'), 'checkmate');
  assert.match(await page.textContent('#over-title'), /红方胜|Red wins/);
  await page.waitForTimeout(300);
  await shot(page, 'checkmate-dialog');
});

await test('the AI replies within its limit, the game survives a reload', async (page) => {
  await newGame(page, 'human', 'ai', 2);
  await clickMove(page, 'b2e2');
  await waitForPly(page, 2, 20000);
  const ai = (await events(page)).find((e) => e.type === 'ai');
  assert.ok(ai && ai.detail.depth <= 2, 'level 2 searches two plies');
  await clickMove(page, 'b0c2');
  await waitForPly(page, 4, 20000);
  const fen = (await snapshot(page)).fen;
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  const resumed = await snapshot(page);
  assert.equal(resumed.fen, fen);
  assert.equal(resumed.ply, 4);
  // Undo against the AI takes back the pair.
  await page.click('[data-action="undo"]');
  assert.equal((await snapshot(page)).ply, 2);
});

await test('a pasted Chinese record reproduces the game', async (page) => {
  await newGame(page, 'human', 'human', 3);
  const record = '1. 炮二平五 马８进７\n2. 马二进三 车９平８\n3. 车一平二 马２进３\n4. 兵七进一 卒７进１';
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', record);
  await page.click('#record-dialog [data-action="import-record"]');
  const snap = await snapshot(page);
  assert.deepEqual(snap.moves.map((m) => m.iccs), ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'c3c4', 'g6g5']);
  // A bad record is refused with its reason and changes nothing.
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', '1. 炮二平五 马８进７ 2. 马二进四');
  await page.click('#record-dialog [data-action="import-record"]');
  assert.match(await page.textContent('#record-error'), /move 3/);
  assert.equal((await snapshot(page)).ply, 8);
  await page.click('#record-dialog button[value="close"]');
  // Browsing an earlier move is read-only, then back to live.
  await page.click('#moves [data-ply="2"]');
  assert.equal((await snapshot(page)).ply, 2);
  await click(page, 'e2');
  assert.equal((await snapshot(page)).ply, 2);
  await page.click('[data-action="live"]');
  assert.equal((await snapshot(page)).ply, 8);
  await page.waitForTimeout(250);
  await shot(page, 'imported-game');
});

await test('keyboard-only play through the ARIA mirror', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await page.focus('.aria-board');
  // The cursor starts on e0; walk to h2, pick up, walk to e2, drop.
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  const snap = await snapshot(page);
  assert.equal(snap.moves[0]?.iccs, 'h2e2');
  assert.match(await page.textContent('#announce'), /炮二平五/);
  const label = await page.getAttribute(`.aria-board [data-square="${sq('e2')}"]`, 'aria-label');
  assert.match(label, /e2 red cannon/);
});

await test('no main-thread long task while the strongest AI thinks; the board keeps animating', async (page) => {
  await newGame(page, 'human', 'ai', 8);
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => window.qipan.thinking() !== null);
  // Observe from the moment the search runs (one-time set-up such as the
  // first AudioContext happens before and is not part of thinking).
  await watchLongTasks(page);
  // The page keeps animating: animation frames keep firing at display rate,
  // and the thinking line's clock keeps moving.
  await page.evaluate(() => {
    window.__frames = 0;
    const tick = () => { window.__frames++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  const line0 = await page.textContent('#thinking');
  await page.waitForTimeout(4000);
  const thinking = await page.evaluate(() => window.qipan.thinking());
  assert.ok(thinking, 'still searching after 4 s at level 8');
  const frames = await page.evaluate(() => window.__frames);
  assert.ok(frames > 120, `${frames} animation frames in 4 s`);
  assert.notEqual(await page.textContent('#thinking'), line0, 'the thinking line updates');
  await shot(page, 'ai-thinking');
  assert.deepEqual(await longTasksOver(page, 50), [], 'no long task over 50 ms');
  // A new game cancels the search: no stale reply lands.
  await newGame(page, 'human', 'human', 3);
  await page.waitForTimeout(500);
  assert.equal((await snapshot(page)).ply, 0);
});

await test('phone portrait layout with western pieces', async (page) => {
  await page.click('[data-action="settings"]');
  await page.selectOption('#settings-dialog select[name="pieceStyle"]', 'western');
  await page.click('#settings-dialog button[value="close"]');
  await clickMove(page, 'h2e2');
  await page.waitForTimeout(400);
  await shot(page, 'phone-western');
  assert.equal((await snapshot(page)).ply >= 1, true);
}, { viewport: { width: 390, height: 844 } });

server.close();
await browser.close();
process.exit(tests.finish());
