// The xiangqi page in headless Chromium, driven like a player: real pointer
// events at board coordinates, the keyboard on the ARIA mirror, dialogs, and
// the game hooks of docs/page-contract.md (draw offers, continue from here,
// PGN files, a level per side). Every wait is on the page's state
// (window.qipan), never on a clock; timing figures are scripts/bench_page.mjs's.
//   node tests/browser/xiangqi_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import {
  centerOf,
  click,
  clickMove,
  distDir,
  dragMove,
  events,
  launch,
  newGame,
  openGame,
  pageTests,
  root,
  serveDist,
  shot,
  snapshot,
  sq,
  waitForPly,
} from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const fileUrl = pathToFileURL(join(distDir, 'index.html')).href;
const fixture = (name) => readFileSync(join(root, 'tests/xiangqi/fixtures', name), 'utf8');
// What the page reads at start (storage.js), for cases that need a set-up:
// the settings and the saved game, written once before the first load.
async function openWith(page, { url = server.url, settings, saved } = {}) {
  const items = [];
  if (settings) items.push(['qipan.settings.v2', JSON.stringify(settings)]);
  if (saved) items.push(['qipan.xiangqi.game.v1', JSON.stringify(saved)]);
  if (items.length) {
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('qipan-test-seeded')) return;
      for (const [key, value] of entries) localStorage.setItem(key, value);
      sessionStorage.setItem('qipan-test-seeded', '1');
    }, items);
  }
  await openGame(page, url);
}

const tests = pageTests(browser, { open: (page, options) => openWith(page, options) });
const test = tests.test;

// The board has been drawn and nothing on it moves any more.
const settled = (page) => page.waitForFunction(() => window.qipan.drawTimes().length > 0 && !window.qipan.animating());
const eventCount = (page, type) => page.evaluate((t) => window.qipan.events().filter((e) => e.type === t).length, type);
const waitForEvent = (page, type, before, timeout = 30000) =>
  page.waitForFunction(([t, n]) => window.qipan.events().filter((e) => e.type === t).length > n, [type, before], { timeout });
const lastEvent = (page, type) =>
  page.evaluate(
    (t) =>
      window.qipan
        .events()
        .filter((e) => e.type === t)
        .pop(),
    type,
  );

// A game hook through the shell's control for it.
async function action(page, name) {
  if (name === 'download') {
    await page.click('[data-action="record"]');
    await page.click('#record-dialog [data-action="download"]');
    await page.click('#record-dialog button[value="close"]');
    return;
  }
  await page.click(`[data-action="${{ offerDraw: 'draw', continueFromHere: 'continue' }[name] ?? name}"]`);
}

async function importRecord(page, text) {
  const before = await eventCount(page, 'import');
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', text);
  await page.click('#record-dialog [data-action="import-record"]');
  await waitForEvent(page, 'import', before);
}

async function importPosition(page, fen) {
  const before = await eventCount(page, 'import');
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="position"]', fen);
  await page.click('#record-dialog [data-action="import-position"]');
  await waitForEvent(page, 'import', before);
}

await test(
  'opens from file:// with no error and no request',
  async (page) => {
    const snap = await snapshot(page);
    assert.equal(snap.ply, 0);
    assert.equal(snap.legal.length, 44);
    await settled(page);
    await shot(page, 'start-file');
  },
  { url: fileUrl },
);

await test('opens from http://localhost with no error', async (page) => {
  assert.equal((await snapshot(page)).fen.split(' ')[0], 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR');
});

await test('pointer play: animation, refusal with reason, drag, undo/redo, flip, mate dialog', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await click(page, 'h2');
  await page.waitForSelector(`.aria-board [data-square="${sq('h2')}"][aria-selected="true"]`, { state: 'attached' });
  await shot(page, 'selected');
  const clickedAt = await page.evaluate(() => performance.now());
  await click(page, 'e2');
  // The move animates: an animation of the cannon from h2 to e2 started with it.
  const anim = await page.evaluate(() => window.qipan.lastAnimation());
  assert.ok(anim && anim.from === sq('h2') && anim.to === sq('e2'), JSON.stringify(anim));
  assert.ok(anim.start >= clickedAt && anim.duration >= 150 && anim.duration <= 400, JSON.stringify(anim));
  let snap = await snapshot(page);
  assert.equal(snap.moves[0].chinese, '炮二平五');

  // An illegal horse move is refused and the reason is worded from its code.
  await clickMove(page, 'h9h8');
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.textContent('#toast'), /马走日字|horses move/);
  assert.equal((await snapshot(page)).ply, 1);
  const rejected = (await events(page)).find((e) => e.type === 'rejected');
  assert.equal(rejected?.detail.code, 'horse_shape');

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
  await settled(page);
  await shot(page, 'flipped');
  await page.click('[data-action="flip"]');

  // A known mate: import the position, then play it out by pointer.
  await importPosition(page, '3k5/9/9/9/9/9/2p6/8R/R8/4K4 w - - 0 1');
  await clickMove(page, 'i2i8');
  await clickMove(page, 'c3c2');
  await clickMove(page, 'a1a9');
  await page.waitForSelector('#over-dialog[open]');
  snap = await snapshot(page);
  assert.equal(snap.status.reason, 'checkmate');
  assert.equal(snap.status.winner, 0);
  assert.equal(await page.getAttribute('#over-dialog', 'data-reason'), 'checkmate');
  assert.match(await page.textContent('#over-title'), /红方胜|Red wins/);
  await settled(page);
  await shot(page, 'checkmate-dialog');
});

await test('the AI replies at its level, the game survives a reload', async (page) => {
  await newGame(page, 'human', 'ai', 2);
  await clickMove(page, 'b2e2');
  await waitForPly(page, 2, 20000);
  const ai = await lastEvent(page, 'ai');
  assert.deepEqual([ai.detail.seat, ai.detail.level], [1, 2]);
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

await test(
  'a level per side: red and black AIs each play at their own level',
  async (page) => {
    await page.waitForFunction(() => window.qipan.events().filter((e) => e.type === 'ai').length >= 4, null, { timeout: 30000 });
    const ai = (await events(page)).filter((e) => e.type === 'ai').slice(0, 4);
    assert.deepEqual(
      ai.map((e) => [e.detail.seat, e.detail.level]),
      [
        [0, 2],
        [1, 6],
        [0, 2],
        [1, 6],
      ],
    );
    assert.ok(
      ai.every((e) => e.detail.book),
      'both sides open from the book',
    );
  },
  { settings: { game: 'xiangqi', xiangqi: { players: ['ai', 'ai'], levels: [2, 6], level: 6 } } },
);

await test('a pasted Chinese record reproduces the game; bad records are refused by code', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await importRecord(page, '1. 炮二平五 马８进７\n2. 马二进三 车９平８\n3. 车一平二 马２进３\n4. 兵七进一 卒７进１');
  const snap = await snapshot(page);
  assert.deepEqual(
    snap.moves.map((m) => m.iccs),
    ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'c3c4', 'g6g5'],
  );
  // A bad record is refused with its number and reason and changes nothing.
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', '1. 炮二平五 马８进７ 2. 马二进四');
  await page.click('#record-dialog [data-action="import-record"]');
  await page.waitForFunction(() => document.querySelector('#record-error').textContent.length > 0);
  assert.match(await page.textContent('#record-error'), /第 3 步（马二进四）：蹩马腿|move 3 \(马二进四\): horse leg blocked/);
  assert.equal((await snapshot(page)).ply, 8);
  await page.click('#record-dialog button[value="close"]');
  // Browsing an earlier move is read-only, then back to live.
  await page.click('#moves [data-ply="2"]');
  assert.equal((await snapshot(page)).ply, 2);
  await click(page, 'e2');
  assert.equal((await snapshot(page)).ply, 2);
  await page.click('[data-action="live"]');
  assert.equal((await snapshot(page)).ply, 8);
  await settled(page);
  await shot(page, 'imported-game');
});

await test('a published PGN opens through the page and exports back with its result', async (page) => {
  // Seated as red against the AI: the record's 1-0 is the record's result,
  // not this player's win, nor a resignation of black (the record gives no cause).
  await newGame(page, 'human', 'ai', 3);
  await importRecord(page, fixture('xu_yinchuan_nie_weiping_1999.pgn'));
  await page.waitForSelector('#over-dialog[open]');
  const snap = await snapshot(page);
  assert.equal(snap.fen.split(' ').slice(0, 2).join(' '), '2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b');
  assert.deepEqual([snap.status.reason, snap.status.winner, snap.plies], ['recorded', 0, 75]);
  const dialog = {
    title: await page.textContent('#over-title'),
    reason: await page.textContent('#over-reason'),
    outcome: await page.getAttribute('#over-dialog', 'data-outcome'),
  };
  assert.equal(dialog.outcome, 'neutral', 'not "you won": the player did not play this game');
  assert.doesNotMatch(`${dialog.title} ${dialog.reason}`, /你赢了|You won|认输|resign/i);
  assert.match(`${dialog.title} ${dialog.reason}`, /棋谱记录的结果|the result as recorded/);
  await settled(page);
  await shot(page, 'pgn-imported');
  await page.click('#over-dialog button[value="close"]');
  // Download it: PGN in the chosen notation, with the game's own tags.
  const downloading = page.waitForEvent('download');
  await action(page, 'download');
  const download = await downloading;
  assert.match(download.suggestedFilename(), /^qipan-\d{8}\.pgn$/);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /\[Red "许银川"\]/);
  assert.match(text, /\[Result "1-0"\]/);
  assert.match(text, /\[FEN "rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/9\/1C5C1\/9\/RN2K2NR w - - 0 1"\]/);
  // The export dialog shows the same PGN; importing it back gives the same game.
  await page.click('[data-action="record"]');
  const shown = await page.inputValue('#record-dialog textarea[name="record"]');
  assert.equal(shown, text);
  await page.click('#record-dialog button[value="close"]');
  await newGame(page, 'human', 'human', 3);
  await importRecord(page, text);
  const again = await snapshot(page);
  assert.equal(again.fen, snap.fen);
  assert.equal(again.status.reason, 'recorded', "the result round-trips as the record's, still without a cause");
});

await test('draw offers: declined too early and when the computer is ahead, accepted when level', async (page) => {
  await newGame(page, 'human', 'ai', 3);
  let before = await eventCount(page, 'draw-offer');
  await action(page, 'offerDraw');
  await waitForEvent(page, 'draw-offer', before);
  assert.deepEqual((await lastEvent(page, 'draw-offer')).detail.answer, 'too_early');
  await page.waitForFunction(() => /拒绝|declines/.test(document.querySelector('#toast').textContent));
  assert.equal((await snapshot(page)).status.over, false);

  // Move 30, black (the computer) a rook up: declined.
  await importPosition(page, '3k5/9/9/9/1r7/9/9/9/9/5K3 w - - 0 30');
  before = await eventCount(page, 'draw-offer');
  await action(page, 'offerDraw');
  await waitForEvent(page, 'draw-offer', before);
  assert.equal((await lastEvent(page, 'draw-offer')).detail.answer, 'ahead');
  assert.equal((await snapshot(page)).status.over, false);

  // Move 30, one rook each: accepted, and the engine records the agreement.
  await importPosition(page, '3k5/9/9/9/1r7/7R1/9/9/9/5K3 w - - 0 30');
  before = await eventCount(page, 'draw-offer');
  await action(page, 'offerDraw');
  await waitForEvent(page, 'draw-offer', before);
  assert.equal((await lastEvent(page, 'draw-offer')).detail.answer, 'accept');
  await page.waitForSelector('#over-dialog[open]');
  const snap = await snapshot(page);
  assert.deepEqual([snap.status.over, snap.status.reason, snap.status.winner], [true, 'agreement', null]);
  assert.equal(await page.getAttribute('#over-dialog', 'data-reason'), 'agreement');
  await shot(page, 'draw-agreed');
  // It is part of the saved game.
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.equal((await snapshot(page)).status.reason, 'agreement');
});

await test("resignation is the engine's: recorded, saved and taken back by undo", async (page) => {
  await newGame(page, 'human', 'ai', 1);
  await clickMove(page, 'h2e2');
  await waitForPly(page, 2, 20000);
  await page.click('[data-action="resign"]');
  await page.waitForSelector('#confirm-dialog[open]');
  await page.click('#confirm-ok');
  await page.waitForSelector('#over-dialog[open]');
  assert.deepEqual(await page.evaluate(() => [window.qipan.snapshot().status.reason, window.qipan.snapshot().status.winner]), [
    'resignation',
    1,
  ]);
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.equal((await snapshot(page)).status.reason, 'resignation');
  await page.click('[data-action="undo"]');
  const snap = await snapshot(page);
  assert.deepEqual([snap.status.over, snap.ply], [false, 2]);
});

await test('continue from here: browse back, drop the later moves and play on', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await importRecord(page, '1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. c3c4 g6g5');
  await page.click('#moves [data-ply="4"]');
  assert.equal((await snapshot(page)).live, false);
  const before = await eventCount(page, 'continue');
  await action(page, 'continueFromHere');
  await waitForEvent(page, 'continue', before);
  let snap = await snapshot(page);
  assert.deepEqual([snap.ply, snap.plies, snap.live, snap.canRedo], [4, 4, true, false]);
  await clickMove(page, 'b0c2');
  await waitForPly(page, 5);
  snap = await snapshot(page);
  assert.deepEqual(
    snap.moves.map((m) => m.iccs),
    ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'b0c2'],
  );
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
  // Announced in the page's notation (炮二平五 in Chinese, C2.5 in WXF on this English page).
  const { notation } = await page.evaluate(() => window.qipan.settings());
  assert.equal(await page.textContent('#announce'), `Red ${snap.moves[0][notation]}`);
  assert.equal(snap.moves[0].wxf, 'C2.5');
  const label = await page.getAttribute(`.aria-board [data-square="${sq('e2')}"]`, 'aria-label');
  assert.match(label, /e2 red cannon/);
});

await test('the board keeps animating while the strongest AI thinks; a new game cancels the search', async (page) => {
  await newGame(page, 'human', 'ai', 8);
  // Out of the book, so level 8 searches.
  await importRecord(page, '1. h2e2 h9g7 2. h0g2 i9h9 3. g3g4 h7i7 4. b0c2 c6c5 5. b2b6 b9c7 6. b6c6 a9b9 7. a0b0');
  await page.waitForFunction(() => window.qipan.thinking() !== null);
  await page.evaluate(() => {
    window.__frames = 0;
    const tick = () => {
      window.__frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // The thinking line reports the search's iterations while frames go on.
  await page.waitForFunction(() => (window.qipan.thinking()?.info?.depth ?? 0) >= 3);
  assert.match(await page.textContent('#thinking'), /\d/);
  await page.waitForFunction(() => window.__frames > 30);
  await shot(page, 'ai-thinking');
  // A new game cancels the search: no stale reply lands. The hint's round
  // trip through the fresh worker comes after anything the old one sent.
  await newGame(page, 'human', 'human', 3);
  const hints = await eventCount(page, 'hint');
  await page.click('[data-action="hint"]');
  await waitForEvent(page, 'hint', hints);
  const log = await events(page);
  const lastNew = log.map((e) => e.type).lastIndexOf('newgame');
  assert.equal(log.slice(lastNew).filter((e) => e.type === 'ai').length, 0);
  assert.equal((await snapshot(page)).ply, 0);
});

await test('reduced motion: moves land without animation', async (page) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await newGame(page, 'human', 'human', 3);
  await clickMove(page, 'h2e2');
  await waitForPly(page, 1);
  assert.equal(await page.evaluate(() => window.qipan.lastAnimation()), null);
  assert.equal(await page.evaluate(() => window.qipan.animating()), false);
});

await test(
  'a saved game that cannot be restored is reported, and a new game starts',
  async (page) => {
    await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'brokensave'));
    assert.equal((await lastEvent(page, 'brokensave')).detail.code, 'record_bad_move');
    assert.equal((await snapshot(page)).ply, 0);
    // The shell's notice, with the text kept for export.
    await page.waitForSelector('#broken-dialog[open]');
    assert.equal((await page.evaluate(() => window.qipan.brokenSave())).text, '1. h2e2 h9g7 2. zz99');
  },
  { saved: { record: '1. h2e2 h9g7 2. zz99', seed: 1 } },
);

await test(
  'phone portrait layout with western pieces',
  async (page) => {
    await page.click('[data-action="settings"]');
    await page.selectOption('#settings-dialog select[name="pieceStyle"]', 'western');
    await page.click('#settings-dialog button[value="close"]');
    await clickMove(page, 'h2e2');
    await page.waitForFunction(() => window.qipan.snapshot().ply >= 1);
    await settled(page);
    await shot(page, 'phone-western');
  },
  { viewport: { width: 390, height: 844 } },
);

server.close();
await browser.close();
process.exit(tests.finish());
