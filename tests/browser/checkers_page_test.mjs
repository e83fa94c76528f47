// The Chinese checkers page in headless Chromium, driven like a player: the
// game picker, the new-game screen, a full two-player game by pointer against
// the AI (with a hop-by-hop chain trimmed and ended with the End turn button),
// a reload in the middle, a six-player all-AI game to the end, keyboard play
// through the ARIA mirror, refusals with reasons, undo, the phone layout, and
// no main-thread long task over 50 ms. Screenshots in build/screenshots/page.
//   node tests/browser/checkers_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { armCells, CELL_LIST } from '../../web/checkers/board_geometry.js';
import { events, launch, longTasksOver, openGame, pageTests, serveDist, shot, snapshot, watchLongTasks } from './page_harness.mjs';

// Short AI pause and quick animations keep each case well under a minute.
const FAST = '?aiPause=40&anim=0.3';

async function openCheckers(page, url) {
  await openGame(page, url);
  if ((await page.evaluate(() => window.qipan.game())) !== 'checkers') {
    await page.selectOption('#game-picker', 'checkers');
    await page.waitForFunction(() => window.qipan && window.qipan.game && window.qipan.game() === 'checkers' &&
      window.qipan.events().some((e) => e.type === 'ready'));
  }
}

// Starts a game from the new-game screen, as a player would.
async function newCheckersGame(page, { count, seats, levels = [], multiplayerEnd = 'firstWins' }) {
  const before = await page.evaluate(() => window.qipan.events().filter((e) => e.type === 'newgame').length);
  await page.click('[data-action="new"]');
  await page.selectOption('#cc-new-dialog select[name="count"]', String(count));
  for (let p = 1; p <= count; p++) {
    await page.selectOption(`#cc-new-dialog select[name="seat${p}"]`, seats[p - 1]);
    if (seats[p - 1] === 'ai') await page.selectOption(`#cc-new-dialog select[name="level${p}"]`, String(levels[p - 1] || 1));
  }
  if (count > 2) await page.selectOption('#cc-new-dialog select[name="multiplayerEnd"]', multiplayerEnd);
  await page.click('#cc-new-dialog button[value="start"]');
  await page.waitForFunction((n) => window.qipan.events().filter((e) => e.type === 'newgame').length > n &&
    window.qipan.snapshot().ply === 0, before);
}

async function clickCell(page, cell) {
  const p = await page.evaluate((c) => window.qipan.squareCenter(c), cell);
  await page.mouse.click(p.x, p.y);
}

const dist = (a, b) => {
  const p = CELL_LIST[a];
  const q = CELL_LIST[b];
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z));
};

// The test's own player (not the page's): forward progress towards the far
// apex, stragglers first, chosen among the engine's legal moves, never back
// into a position it has made before (so it does not draw by repetition).
const made = new Set();
function greedyMove(snap) {
  const seat = snap.seats.find((s) => s.player === snap.side);
  const apex = armCells(seat.targetArm)[0];
  const target = new Set(armCells(seat.targetArm));
  let best = null;
  let bestScore = -Infinity;
  for (const m of snap.legal) {
    const gain = dist(m.from, apex) - dist(m.to, apex);
    // Inside the target only deeper moves count; prefer moving the rearmost.
    // The mover's own army after the move: never the same twice.
    const board = snap.board.map((v) => (v === snap.side ? 1 : 0));
    board[m.from] = 0;
    board[m.to] = 1;
    const key = board.join('');
    const score = gain * 100 + dist(m.from, apex) + (target.has(m.to) ? 5 : 0) - (target.has(m.from) && gain <= 0 ? 500 : 0) -
      (made.has(key) ? 10000 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = m;
      best.key = key;
    }
  }
  made.add(best.key);
  return best;
}

const waitHumanOrOver = (page, ply) => page.waitForFunction((n) => {
  const s = window.qipan.snapshot();
  return s.status.over || (s.ply > n && s.side === 1 && !window.qipan.thinking());
}, ply, { timeout: 30000, polling: 50 });

const browser = await launch();
const server = await serveDist();

// `speed`: the page's AI pause and animation scale for the case.
const tests = pageTests(browser, { prefix: 'checkers-', open: (page, { speed = FAST }) => openCheckers(page, server.url + speed) });
const test = tests.test;

await test('two players by pointer against the AI to a finish: a chain trimmed and ended with End turn, a reload, no long task', async (page) => {
  await newCheckersGame(page, { count: 2, seats: ['human', 'ai'], levels: [3, 3] });
  let snap = await snapshot(page);
  assert.equal(snap.players, 2);
  assert.equal(snap.legal.length, 14);
  await page.waitForTimeout(700); // the pieces drop in
  let turns = 0;
  let chainDone = false;
  let reloaded = false;
  while (!snap.status.over) {
    if (snap.side === 1) {
      turns++;
      const chain = !chainDone && snap.legal.find((m) => m.path.length >= 4);
      if (chain) {
        // Hop by hop: from, h1, h2; trim back to h1; h2 again; End turn.
        const [from, h1, h2] = chain.path;
        await clickCell(page, from);
        await clickCell(page, h1);
        await clickCell(page, h2);
        assert.deepEqual(await page.evaluate(() => window.qipan.chain()), [from, h1, h2]);
        assert.equal(await page.isVisible('#cc-end-turn'), true);
        await clickCell(page, h1);
        assert.deepEqual(await page.evaluate(() => window.qipan.chain()), [from, h1], 'a click back trims the chain');
        await clickCell(page, h2);
        await page.click('#cc-end-turn');
        const after = await snapshot(page);
        assert.deepEqual(after.moves[snap.ply].path, [from, h1, h2], 'the chain played is the one clicked');
        assert.equal(after.moves[snap.ply].text, `${from}:${h1}:${h2}`);
        assert.ok((await events(page)).some((e) => e.type === 'endturn'));
        chainDone = true;
      } else {
        const move = greedyMove(snap);
        await clickCell(page, move.from);
        await clickCell(page, move.to);
        // A one-hop landing that can hop on starts a chain: end it there.
        if (await page.evaluate(() => window.qipan.chain())) await page.click('#cc-end-turn');
        const after = await snapshot(page);
        // (The AI may already have replied: check the move in the list.)
        const played = after.moves[snap.ply];
        assert.ok(played && played.player === 1 && played.from === move.from && played.to === move.to,
          `the human's move ${move.from}-${move.to} was played`);
      }
      if (turns === 1) await watchLongTasks(page);
      if (turns === 12) {
        await page.waitForTimeout(400);
        await shot(page, 'checkers-2p');
      }
      if (turns === 8 && !reloaded) {
        // The game survives a reload: replayed and re-validated by the engine.
        await waitHumanOrOver(page, snap.ply + 1);
        const before = await snapshot(page);
        await page.reload();
        await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
        const back = await snapshot(page);
        assert.equal(back.positionString, before.positionString);
        assert.deepEqual(back.moves, before.moves);
        assert.equal(await page.evaluate(() => window.qipan.game()), 'checkers');
        reloaded = true;
        await watchLongTasks(page);
        snap = back;
        continue;
      }
    }
    await waitHumanOrOver(page, snap.ply);
    snap = await snapshot(page);
    assert.ok(turns < 200, 'the game ends');
  }
  assert.ok(chainDone, 'a hop chain was played hop by hop');
  assert.ok(reloaded);
  assert.ok(turns >= 15, `the human moved ${turns} times`);
  await page.waitForSelector('#over-dialog[open]');
  const title = await page.textContent('#over-title');
  assert.ok(title.length > 0);
  await shot(page, 'checkers-2p-over');
  const ai = (await events(page)).filter((e) => e.type === 'ai');
  assert.ok(ai.length >= 10, 'the AI moved');
  assert.deepEqual(await longTasksOver(page, 50), [], 'no long task over 50 ms');
  console.log(`#   ${snap.status.text} after ${snap.ply} plies (${turns} by pointer)`);
});

await test('six players, all AI, to a finish with places; no long task', async (page) => {
  await newCheckersGame(page, { count: 6, seats: Array(6).fill('ai'), levels: Array(6).fill(1), multiplayerEnd: 'firstWins' });
  // Observe from the first move on: the first sound's one-time AudioContext
  // set-up (about 80 ms in headless Chromium) is not part of playing.
  await page.waitForFunction(() => window.qipan.snapshot().ply >= 1);
  await watchLongTasks(page);
  // Polled every 100 ms: the hook's snapshot copies are main-thread work too.
  await page.waitForFunction(() => window.qipan.snapshot().ply >= 36, null, { timeout: 30000, polling: 100 });
  await page.waitForTimeout(150);
  await shot(page, 'checkers-6p');
  await page.waitForFunction(() => window.qipan.snapshot().status.over, null, { timeout: 50000, polling: 100 });
  const snap = await snapshot(page);
  assert.equal(snap.players, 6);
  assert.ok(['win', 'draw'].includes(snap.status.kind));
  await page.waitForSelector('#over-dialog[open]');
  const places = await page.$$eval('#over-places li', (items) => items.map((li) => li.textContent));
  assert.equal(places.length, 6, 'the dialog lists six places');
  await shot(page, 'checkers-6p-over');
  await page.click('#over-dialog button[value="close"]');
  await page.waitForTimeout(300);
  await shot(page, 'checkers-6p-end');
  assert.deepEqual(await longTasksOver(page, 50), [], 'no long task over 50 ms');
  const players = new Set((await events(page)).filter((e) => e.type === 'move').map((e) => e.detail.player));
  assert.equal(players.size, 6, 'every seat moved');
  console.log(`#   ${snap.status.text} after ${snap.ply} plies`);
}, { speed: '?aiPause=15&anim=0.15' });

await test('keyboard through the ARIA mirror; refusals with reasons; undo back to the human', async (page) => {
  await newCheckersGame(page, { count: 2, seats: ['human', 'human'] });
  // Clicking the opponent's piece says why nothing happens.
  await clickCell(page, 0);
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.textContent('#toast'), /不是你的棋子|not your piece/);
  // A piece, then a hole it cannot reach.
  await clickCell(page, 111);
  await clickCell(page, 60);
  await page.waitForFunction(() => /太远|too far/.test(document.querySelector('#toast').textContent));
  assert.equal((await snapshot(page)).ply, 0);
  await page.keyboard.press('Escape');
  // Keyboard: focus the mirror, walk from the centre hole (60) down to 111, Enter,
  // then up to 102, Enter.
  await page.focus('#aria-board-host [role="grid"]');
  const walk = async (keys) => { for (const k of keys) await page.keyboard.press(k); };
  const cursor = () => page.evaluate(() => document.querySelector('#aria-board-host [role="grid"]').getAttribute('aria-activedescendant'));
  await walk(['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']);
  const at = await cursor();
  const cell = Number(at.replace('aria-hole-', ''));
  assert.ok(CELL_LIST[cell].z === 5, `five rows down from the centre is the bottom arm's front row (${cell})`);
  await page.keyboard.press('Enter');
  await walk(['ArrowUp']);
  const to = Number((await cursor()).replace('aria-hole-', ''));
  await page.keyboard.press('Enter');
  let snap = await snapshot(page);
  assert.equal(snap.ply, 1, 'a move by keyboard');
  assert.equal(snap.board[to], 1);
  const label = await page.getAttribute(`#aria-hole-${to}`, 'aria-label');
  assert.match(label, /红|Red/);
  // Undo against the AI takes back to the human's turn.
  await newCheckersGame(page, { count: 2, seats: ['human', 'ai'], levels: [1, 1] });
  snap = await snapshot(page);
  const move = greedyMove(snap);
  await clickCell(page, move.from);
  await clickCell(page, move.to);
  if (await page.evaluate(() => window.qipan.chain())) await page.click('#cc-end-turn');
  await waitHumanOrOver(page, 1);
  assert.equal((await snapshot(page)).ply, 2);
  await page.click('[data-action="undo"]');
  snap = await snapshot(page);
  assert.equal(snap.ply, 0);
  assert.equal(snap.side, 1);
  // A hint: the AI's suggestion, shown as a selected piece and its path.
  await page.click('[data-action="hint"]');
  await page.waitForFunction(() => window.qipan.hint(), null, { timeout: 20000 });
  const hint = await page.evaluate(() => window.qipan.hint());
  assert.ok(snap.legal.some((m) => m.from === hint.from && m.to === hint.to), 'the hint is a legal move');
  await page.keyboard.press('Escape');
  // Export and import the record.
  await clickCell(page, move.from);
  await clickCell(page, move.to);
  if (await page.evaluate(() => window.qipan.chain())) await page.click('#cc-end-turn');
  await waitHumanOrOver(page, 1);
  const played = await snapshot(page);
  await page.click('[data-action="record"]');
  const record = await page.inputValue('#record-dialog textarea[name="record"]');
  assert.match(record, /^[.1-6]{121} 1 2\n1\. /);
  assert.equal(await page.inputValue('#record-dialog textarea[name="position"]'), played.positionString);
  await page.click('#record-dialog button[value="close"]');
  await newCheckersGame(page, { count: 2, seats: ['human', 'human'] });
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', record);
  await page.click('#record-dialog [data-action="import-record"]');
  assert.equal((await snapshot(page)).positionString, played.positionString);
  await shot(page, 'checkers-keyboard');
});

await test('phone portrait: the star fits and a tap moves', async (page) => {
  await newCheckersGame(page, { count: 3, seats: ['human', 'human', 'human'] });
  const snap = await snapshot(page);
  const box = await page.evaluate(() => {
    const r = document.querySelector('#board').getBoundingClientRect();
    const top = window.qipan.squareCenter(0);
    const bottom = window.qipan.squareCenter(120);
    const left = window.qipan.squareCenter(98);
    const right = window.qipan.squareCenter(110);
    return { r: { left: r.left, right: r.right, top: r.top, bottom: r.bottom }, top, bottom, left, right };
  });
  assert.ok(box.top.y > box.r.top && box.bottom.y < box.r.bottom && box.left.x > box.r.left && box.right.x < box.r.right);
  await page.waitForTimeout(900);
  const move = snap.legal[3];
  await clickCell(page, move.from);
  await clickCell(page, move.to);
  await page.waitForTimeout(600);
  assert.equal((await snapshot(page)).ply, 1);
  await shot(page, 'checkers-phone');
}, { viewport: { width: 390, height: 844 } });

server.close();
await browser.close();
process.exit(tests.finish());
