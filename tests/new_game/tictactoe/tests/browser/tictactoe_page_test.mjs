// The test game (scripts/prove-new-game) on the built page: the game picker
// offers tic-tac-toe, and a human plays a whole game against the AI by
// pointer to the engine's result, the game-over text worded from its code.
//   node tests/browser/tictactoe_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
/* global window */

import { launch, newGame, openGame, pageTests, serveDist, snapshot } from './page_harness.mjs';

async function openTictactoe(page, url) {
  await openGame(page, url);
  await page.selectOption('#game-picker', 'tictactoe');
  await page.waitForFunction(() => window.qipan.game() === 'tictactoe' && window.qipan.events().some((e) => e.type === 'ready'));
}

const browser = await launch();
const server = await serveDist();
const tests = pageTests(browser, { prefix: 'tictactoe-', open: (page) => openTictactoe(page, server.url) });

await tests.test('a whole game against the AI by pointer', async (page) => {
  await newGame(page, 'human', 'ai', 8);
  let snap = await snapshot(page);
  assert.equal(snap.legal.length, 9);
  while (!snap.status.over) {
    if (snap.side === 0) {
      const p = await page.evaluate((s) => window.qipan.squareCenter(s), snap.legal[0]);
      await page.mouse.click(p.x, p.y);
    }
    await page.waitForFunction(
      (ply) => {
        const s = window.qipan.snapshot();
        return s.ply > ply && (s.status.over || s.side === 0);
      },
      snap.ply,
      { timeout: 30000 },
    );
    snap = await snapshot(page);
  }
  // Level 8 plays perfectly: the human never wins.
  assert.ok(['three_in_row', 'board_full'].includes(snap.status.reason), snap.status.reason);
  assert.notEqual(snap.status.winner, 0);
  const events = await page.evaluate(() => window.qipan.events());
  assert.ok(
    events.some((e) => e.type === 'ai'),
    'the AI moved',
  );
});

server.close();
await browser.close();
process.exit(tests.finish());
