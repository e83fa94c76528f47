// A repetition ruling on the xiangqi page, played by clicks like a player:
// the rule set picked on the new-game screen (and remembered), a perpetual
// chase that the page warns about once before the losing move and confirms
// once, the result worded in English and Chinese with the chased piece and
// the rule, the chasing and chased pieces marked on the board (the ARIA
// mirror says what the canvas rings), the cycle marked in the move list and
// stepped through. The engine rules; the page only shows it.
//   node tests/browser/xiangqi_ruling_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { clickMove, launch, openGame, pageTests, root, serveDist, settled, snapshot, sq, waitForPly } from './page_harness.mjs';

const browser = await launch();
const server = await serveDist();
const tests = pageTests(browser, { prefix: 'ruling-', open: (page) => openGame(page, server.url) });
const test = tests.test;

// Black's chariot chases red's unprotected horse between d0 and c2 (its
// general may not recapture on d0: the generals would face); black's last
// c3d3 repeats the start a third time (`qipan rule xiangqi` rules it).
const CHASE_FEN = '3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1';
const CHASE = ['d0c2', 'd3c3', 'c2d0', 'c3d3', 'd0c2', 'd3c3', 'c2d0', 'c3d3'];

const countOf = (page, type) => page.evaluate((t) => window.qipan.events().filter((e) => e.type === t).length, type);
const text = (page, selector) => page.$eval(selector, (el) => el.textContent);
const squareLabel = (page, name) => page.$eval(`.aria-board [data-square="${sq(name)}"]`, (el) => el.getAttribute('aria-label'));

// The new-game dialog with both seats human and the rule set given; returns
// the rule set the dialog showed first (the remembered one).
async function newHumanGame(page, rules) {
  await page.click('[data-action="new"]');
  const shown = await page.$eval('#new-dialog select[name="rules"]', (el) => el.value);
  for (const seat of [0, 1]) await page.selectOption(`#new-dialog select[name="seat${seat}"]`, 'human');
  await page.selectOption('#new-dialog select[name="rules"]', rules);
  const before = await countOf(page, 'newgame');
  await page.click('#new-dialog button[value="start"]');
  await page.waitForFunction((n) => window.qipan.events().filter((e) => e.type === 'newgame').length > n, before);
  return shown;
}

async function importPosition(page, fen) {
  const before = await countOf(page, 'import');
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="position"]', fen);
  await page.click('#record-dialog [data-action="import-position"]');
  await page.waitForFunction((n) => window.qipan.events().filter((e) => e.type === 'import').length > n, before);
}

async function setLanguage(page, language) {
  await page.click('[data-action="settings"]');
  await page.selectOption('#settings-dialog select[name="language"]', language);
  await page.click('#settings-dialog button[value="close"]');
}

await test('the rule set is picked on the new-game screen, remembered and named in the panel', async (page) => {
  assert.equal(await newHumanGame(page, 'simple'), 'asian', 'the Asian rules by default');
  assert.equal((await snapshot(page)).rules, 'simple');
  assert.equal(await text(page, '#xq-rules-text'), 'Rules: Simple rules');
  assert.equal((await page.evaluate(() => window.qipan.settings())).xiangqi.rules, 'simple');
  // The next new game offers the same choice, and a set-up position plays under it.
  assert.equal(await newHumanGame(page, 'chinese'), 'simple');
  await importPosition(page, CHASE_FEN);
  assert.equal((await snapshot(page)).rules, 'chinese');
  assert.equal(await text(page, '#xq-rules-text'), 'Rules: Chinese rules');
  // A reload restores the game under its rules.
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.deepEqual([(await snapshot(page)).rules, (await snapshot(page)).fen], ['chinese', CHASE_FEN]);
});

await test('a perpetual chase: warned once, confirmed once, ruled with words, rings and the cycle', async (page) => {
  await newHumanGame(page, 'asian');
  await importPosition(page, CHASE_FEN);
  assert.equal(await text(page, '#xq-rules-text'), 'Rules: Asian rules');
  for (const [i, move] of CHASE.slice(0, -1).entries()) {
    assert.equal(await countOf(page, 'repetitionWarning'), 0, `no warning before move ${i + 1}`);
    await clickMove(page, move);
    await waitForPly(page, i + 1);
  }
  // Black to move: c3d3 would complete the cycle it loses. The notice, once.
  await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'repetitionWarning'));
  const [warning] = (await page.evaluate(() => window.qipan.events())).filter((e) => e.type === 'repetitionWarning');
  assert.deepEqual([warning.detail.moves, warning.detail.reasons], [['c3d3'], ['perpetual_chase']]);
  assert.match(await text(page, '#toast'), /^Repeating this chase loses: R3\.4 would repeat the position a third time/);
  // Picking the move asks first (the page's dialog); cancelling keeps the game as it was.
  await clickMove(page, 'c3d3');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.equal(await text(page, '#confirm-title'), 'This move loses');
  assert.match(await text(page, '#confirm-text'), /Repeating this chase loses: R3\.4 .*\. Play it anyway\?$/);
  await page.click('#confirm-dialog button[value="cancel"]');
  assert.equal((await snapshot(page)).ply, 7);
  await clickMove(page, 'c3d3');
  await page.waitForSelector('#confirm-dialog[open]');
  // Cancelled and picked again in one task: the dialog opens again before
  // the first close event is delivered, which must not answer the new question.
  await page.evaluate(
    ({ to }) => {
      document.querySelector('#confirm-dialog button[value="cancel"]').click();
      const at = window.qipan.squareCenter(to);
      const canvas = document.elementFromPoint(at.x, at.y);
      canvas.dispatchEvent(
        new PointerEvent('pointerdown', {
          clientX: at.x,
          clientY: at.y,
          button: 0,
          pointerId: 1,
          pointerType: 'mouse',
          bubbles: true,
        }),
      );
    },
    { to: sq('d3') },
  );
  await page.waitForSelector('#confirm-dialog[open]');
  await page.click('#confirm-ok');
  await waitForPly(page, 8);
  assert.equal(await countOf(page, 'repetitionWarning'), 1, 'the notice came once');
  assert.equal(await countOf(page, 'repetitionConfirm'), 3, 'asked at each pick until confirmed');

  // The result in words, with the piece and the rule.
  const snap = await snapshot(page);
  assert.deepEqual([snap.status.reason, snap.status.winner, snap.ruling.side], ['perpetual_chase', 0, 'black']);
  await page.waitForSelector('#over-dialog[open]');
  // The rule as the engine names it (`qipan rule xiangqi` prints the same).
  const rule = 'Black loses: perpetual chase of the red horse (WXF rules, general rule 3)';
  assert.deepEqual([await text(page, '#over-title'), await text(page, '#over-reason')], ['Red wins', rule]);
  await page.click('#over-dialog button[value="close"]');
  assert.equal(await text(page, '#status'), `Red wins · ${rule}`);
  // The rings: the chased horse on d0, the chasing chariot on d3; the cycle in the move list.
  assert.equal(await squareLabel(page, 'd0'), 'd0 red horse · chased');
  assert.equal(await squareLabel(page, 'd3'), 'd3 black rook · chasing');
  assert.equal(await squareLabel(page, 'e0'), 'e0 red king');
  assert.equal(await page.$$eval('#moves .move.cycle', (items) => items.length), 8);
  assert.equal(await text(page, '#xq-rules-text'), 'Rules: Asian rules · The cycle: moves 1–8');

  await setLanguage(page, 'zh');
  assert.equal(await text(page, '#status'), '红方胜 · 黑方长捉红马，判负（世界象棋联合会规则 通则第3条）');
  assert.equal(await squareLabel(page, 'd0'), 'd0 红马 · 被捉');
  assert.equal(await squareLabel(page, 'd3'), 'd3 黑车 · 捉子');
  assert.equal(await text(page, '#xq-rules-text'), '规则：亚洲规则 · 循环：第 1–8 步');
  // The screenshot once the warning's toast has gone, so the status line shows.
  await page.waitForSelector('#toast', { state: 'hidden' });
  await settled(page);
  mkdirSync(join(root, 'build/screenshots'), { recursive: true });
  await page.screenshot({ path: join(root, 'build/screenshots/xiangqi-ruling.png') });

  // Stepping through the cycle: each move's own chase is marked.
  await page.click('[data-action="xq-cycle"]');
  await page.waitForFunction(() => window.qipan.snapshot().ply === 0);
  assert.equal(await squareLabel(page, 'd0'), 'd0 红马');
  await page.click('[data-nav="next"]');
  await page.click('[data-nav="next"]');
  await page.waitForFunction(() => window.qipan.snapshot().ply === 2);
  assert.equal(await squareLabel(page, 'c2'), 'c2 红马 · 被捉');
  assert.equal(await squareLabel(page, 'c3'), 'c3 黑车 · 捉子');
});

await test('the simple rules draw the same cycle, without a warning', async (page) => {
  await newHumanGame(page, 'simple');
  await importPosition(page, CHASE_FEN);
  for (const [i, move] of CHASE.entries()) {
    await clickMove(page, move);
    await waitForPly(page, i + 1);
  }
  assert.equal(await countOf(page, 'repetitionWarning'), 0);
  assert.equal(await countOf(page, 'repetitionConfirm'), 0);
  await page.waitForSelector('#over-dialog[open]');
  assert.match(await text(page, '#over-reason'), /^Draw by repetition \(Simple rules\)$/);
  assert.equal(await squareLabel(page, 'd0'), 'd0 red horse');
});

server.close();
await browser.close();
process.exit(tests.finish());
