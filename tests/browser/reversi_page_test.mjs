// The Reversi page in headless Chromium, driven like a player: the game
// picker, clicks on the board, a full game against the AI, a forced pass, the
// transcript exported and imported back, hints, and no long main-thread task.
//   node tests/browser/reversi_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { events, launch, longTasksOver, newGame, openGame, pageTests, root, serveDist, shot, snapshot, watchLongTasks } from './page_harness.mjs';


// A position where one move forces the opponent to pass, found by replaying
// seeded random games through the engine itself (Node build of the page's engine).
async function findForcedPass() {
  const QipanEngine = createRequire(import.meta.url)(process.env.QIPAN_WEB_ENGINE || join(root, 'build/wasm/qipan_web.js'));
  const engine = await QipanEngine();
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let game = 0; game < 500; game++) {
    const session = new engine.ReversiSession();
    for (;;) {
      const snap = session.snapshot();
      if (snap.status.over) break;
      for (const square of snap.legal) {
        const probe = new engine.ReversiSession();
        probe.loadBoard(snap.boardString);
        probe.play(square);
        const after = probe.snapshot();
        probe.delete();
        if (after.passed && !after.status.over) {
          session.delete();
          return { board: snap.boardString, square, mover: snap.side };
        }
      }
      session.play(snap.legal[next() % snap.legal.length]);
    }
    session.delete();
  }
  throw new Error('no forced pass found');
}

async function clickSquare(page, square) {
  const p = await page.evaluate((s) => window.qipan.squareCenter(s), square);
  await page.mouse.click(p.x, p.y);
}

async function openReversi(page, url) {
  await openGame(page, url);
  if ((await page.evaluate(() => window.qipan.game())) !== 'reversi') {
    await page.selectOption('#game-picker', 'reversi');
    await page.waitForFunction(() => window.qipan && window.qipan.game && window.qipan.game() === 'reversi' &&
      window.qipan.events().some((e) => e.type === 'ready'));
  }
}

const browser = await launch();
const server = await serveDist();
const forcedPass = await findForcedPass();

const tests = pageTests(browser, { prefix: 'reversi-', open: (page) => openReversi(page, server.url) });
const test = tests.test;

await test('a full game against the AI by pointer, with no long task, then the transcript round-trips', async (page) => {
  await newGame(page, 'human', 'ai', 3);
  let snap = await snapshot(page);
  assert.equal(snap.legal.length, 4);
  await shot(page, 'reversi-start');
  let turns = 0;
  while (!snap.status.over) {
    if (snap.side === 1) {
      // Black (the human) plays the legal move listed first, by pointer.
      await clickSquare(page, snap.legal[0]);
      turns++;
      // Observe from the first move on: the first sound's one-time AudioContext
      // set-up (about 80 ms in headless Chromium) is not part of playing.
      if (turns === 1) {
        await watchLongTasks(page);
      }
      if (turns === 10) {
        await page.waitForTimeout(500);
        await shot(page, 'reversi-midgame');
      }
    }
    await page.waitForFunction((ply) => {
      const s = window.qipan.snapshot();
      return s.status.over || (s.ply > ply && s.side === 1 && !window.qipan.thinking());
    }, snap.ply, { timeout: 60000 });
    snap = await snapshot(page);
  }
  assert.ok(turns >= 10, `the human moved ${turns} times`);
  assert.equal(snap.counts.black + snap.counts.white <= 64, true);
  await page.waitForSelector('#over-dialog[open]');
  assert.match(await page.textContent('#over-reason'), /\d+ : \d+/);
  await shot(page, 'reversi-game-over');
  const ai = (await events(page)).filter((e) => e.type === 'ai');
  assert.ok(ai.length >= 10, 'the AI moved');
  assert.deepEqual(await longTasksOver(page, 50), [], 'no long task over 50 ms');

  // Export the transcript, start afresh, import it back.
  await page.click('#over-dialog button[value="close"]');
  await page.click('[data-action="record"]');
  const transcript = await page.inputValue('#record-dialog textarea[name="record"]');
  assert.match(transcript, /^([a-h][1-8])+$/);
  await page.click('#record-dialog button[value="close"]');
  await newGame(page, 'human', 'human', 3);
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', transcript.toUpperCase());
  await page.click('#record-dialog [data-action="import-record"]');
  const back = await snapshot(page);
  assert.equal(back.boardString, snap.boardString);
  assert.deepEqual(back.moves.map((m) => m.name), snap.moves.map((m) => m.name));
});

await test('a forced pass is announced and play continues', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="position"]', forcedPass.board);
  await page.click('#record-dialog [data-action="import-position"]');
  await clickSquare(page, forcedPass.square);
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.textContent('#toast'), /停一手|passes/);
  const snap = await snapshot(page);
  assert.equal(snap.passed, 3 - forcedPass.mover);
  assert.equal(snap.side, forcedPass.mover, 'the same side moves again');
  assert.ok((await events(page)).some((e) => e.type === 'pass'));
  await page.waitForTimeout(600);
  await shot(page, 'reversi-pass');
});

await test('illegal clicks are refused with the reason; hints show a value on every legal square', async (page) => {
  await newGame(page, 'human', 'human', 3);
  await clickSquare(page, 0); // a1: nothing to flip
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.textContent('#toast'), /翻转|flip/);
  assert.equal((await snapshot(page)).ply, 0);
  await page.click('[data-action="hint"]');
  await page.waitForFunction(() => window.qipan.hints() && window.qipan.hints().length === 4, null, { timeout: 30000 });
  const hints = await page.evaluate(() => window.qipan.hints());
  assert.deepEqual(hints.map((h) => h.square).sort((a, b) => a - b), (await snapshot(page)).legal.slice().sort((a, b) => a - b));
  assert.ok(hints.some((h) => h.best));
  await page.waitForTimeout(300);
  await shot(page, 'reversi-hints');
});

await test('phone portrait', async (page) => {
  await newGame(page, 'human', 'human', 3);
  const snap = await snapshot(page);
  await clickSquare(page, snap.legal[1]);
  await page.waitForTimeout(900);
  assert.equal((await snapshot(page)).ply, 1);
  await shot(page, 'reversi-phone');
}, { viewport: { width: 390, height: 844 } });

server.close();
await browser.close();
process.exit(tests.finish());
