// The Chinese checkers page in headless Chromium, driven like a player: the
// game picker, the new-game screen (rows that apply, six seats in a 1366x768
// window), a full two-player game by pointer against the AI (with a hop-by-hop
// chain trimmed and ended with the End turn button, moves written in hole
// names), a reload in the middle, a six-player all-AI game to the end, a
// three-seat play-on game of AI seats to the last place, keyboard play
// through the ARIA mirror, refusals worded from their codes, undo, the hole
// names on the board, reduced motion, and the phone layout. Every wait is on
// the page's state (window.qipan); timing figures live in scripts/bench_page.mjs.
// Screenshots in build/screenshots/page.
//   node tests/browser/checkers_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { CELL_LIST, neighbours } from '../../web/games/checkers/board/board_geometry.js';
import { greedyCheckersPlayer } from './checkers_test_player.mjs';
import { events, launch, openGame, pageTests, serveDist, shot, snapshot } from './page_harness.mjs';

// Short AI pause and quick animations keep each case well under a minute.
const FAST = '?aiPause=40&anim=0.3';

async function openCheckers(page, url) {
  await openGame(page, url);
  if ((await page.evaluate(() => window.qipan.game())) !== 'checkers') {
    await page.selectOption('#game-picker', 'checkers');
    await page.waitForFunction(
      () =>
        window.qipan &&
        window.qipan.game &&
        window.qipan.game() === 'checkers' &&
        window.qipan.events().some((e) => e.type === 'ready'),
    );
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
  // (With every seat an AI the first moves may already be made.)
  await page.waitForFunction(
    ([n, players]) =>
      window.qipan.events().filter((e) => e.type === 'newgame').length > n && window.qipan.snapshot().players === players,
    [before, count],
  );
}

// Nothing on the board moves any more (the pieces have dropped in, the last
// move has landed).
const settled = (page) => page.waitForFunction(() => !window.qipan.animating(), null, { polling: 50 });

// The test's own reading of the notation (engine/checkers/game/hole_names.h): a row
// letter from the bottom tip (a) to the top (q), and the position in the row.
function holeName(i) {
  const c = CELL_LIST[i];
  let first = i;
  while (first > 0 && CELL_LIST[first - 1].z === c.z) first--;
  return `${String.fromCharCode(97 + 8 - c.z)}${i - first + 1}`;
}

// A chain of at least three hops for the side to move, found by the test's
// own hop rule (over an adjacent piece to the empty hole beyond; the start
// counts as empty; no landing twice): [from, h1, h2, h3, ...].
function findLongChain(snap) {
  const at = new Map(CELL_LIST.map((c) => [`${c.x},${c.z}`, c.index]));
  const hopsFrom = (c, from) => {
    const out = [];
    const p = CELL_LIST[c];
    for (const n of neighbours(c)) {
      const q = CELL_LIST[n];
      const land = at.get(`${2 * q.x - p.x},${2 * q.z - p.z}`);
      if (land === undefined) continue;
      const full = (i) => i !== from && snap.board[i] !== 0;
      if (full(n) && !full(land)) out.push(land);
    }
    return out;
  };
  for (let from = 0; from < 121; from++) {
    if (snap.board[from] !== snap.side + 1) continue;
    const stack = [[from]];
    while (stack.length) {
      const path = stack.pop();
      if (path.length >= 4) return path;
      for (const next of hopsFrom(path[path.length - 1], from)) if (!path.includes(next)) stack.push(path.concat(next));
    }
  }
  return null;
}

async function clickCell(page, cell) {
  const p = await page.evaluate((c) => window.qipan.squareCenter(c), cell);
  await page.mouse.click(p.x, p.y);
}

const greedyMove = greedyCheckersPlayer();

const waitHumanOrOver = (page, ply) =>
  page.waitForFunction(
    (n) => {
      const s = window.qipan.snapshot();
      return s.status.over || (s.ply > n && s.side === 0 && !window.qipan.thinking());
    },
    ply,
    { timeout: 30000, polling: 50 },
  );

const browser = await launch();
const server = await serveDist();

// `speed`: the page's AI pause and animation scale for the case.
const tests = pageTests(browser, {
  prefix: 'checkers-',
  open: (page, { speed = FAST }) => openCheckers(page, server.url + speed),
});
const test = tests.test;

await test('two players by pointer against the AI to a finish: a chain trimmed and ended with End turn, a reload, moves in hole names', async (page) => {
  await newCheckersGame(page, { count: 2, seats: ['human', 'ai'], levels: [3, 3] });
  let snap = await snapshot(page);
  assert.equal(snap.players, 2);
  assert.equal(snap.legal.length, 14);
  await settled(page); // the pieces drop in
  let turns = 0;
  let chainDone = false;
  let reloaded = false;
  while (!snap.status.over) {
    if (snap.side === 0) {
      turns++;
      const chain = !chainDone && findLongChain(snap);
      if (chain) {
        // Hop by hop: from, h1, h2; trim back to h1; h2 again; End turn.
        const [from, h1, h2] = chain;
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
        assert.equal(after.moves[snap.ply].text, `${holeName(from)}:${holeName(h1)}:${holeName(h2)}`);
        assert.match(
          await page.textContent('#moves'),
          new RegExp(`${holeName(from)}:${holeName(h1)}:${holeName(h2)}`),
          'the move list shows it',
        );
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
        assert.ok(
          played && played.player === 1 && played.from === move.from && played.to === move.to,
          `the human's move ${move.from}-${move.to} was played`,
        );
      }
      if (turns === 12) {
        await settled(page);
        await shot(page, 'checkers-2p');
      }
      if (turns === 8 && !reloaded) {
        // The game survives a reload: replayed and re-validated by the engine.
        await waitHumanOrOver(page, snap.ply + 1);
        const before = await snapshot(page);
        await page.reload();
        await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
        const back = await snapshot(page);
        assert.equal(back.positionText, before.positionText);
        assert.deepEqual(back.moves, before.moves);
        assert.equal(await page.evaluate(() => window.qipan.game()), 'checkers');
        reloaded = true;
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
  assert.ok(
    snap.moves.every((m) => m.pass || /^([a-q]\d{1,2}[-:])+[a-q]\d{1,2}$/.test(m.text)),
    'every move in hole names',
  );
  console.log(`#   ${snap.status.text} after ${snap.ply} plies (${turns} by pointer)`);
});

await test(
  'six players, all AI, to a finish with places',
  async (page) => {
    await newCheckersGame(page, { count: 6, seats: Array(6).fill('ai'), levels: Array(6).fill(1), multiplayerEnd: 'firstWins' });
    // Polled every 100 ms: the hook's snapshot copies are main-thread work too.
    await page.waitForFunction(() => window.qipan.snapshot().ply >= 36, null, { timeout: 30000, polling: 100 });
    await settled(page);
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
    await page.waitForFunction(() => !document.querySelector('#over-dialog').open);
    await settled(page);
    await shot(page, 'checkers-6p-end');
    const players = new Set((await events(page)).filter((e) => e.type === 'move').map((e) => e.detail.player));
    assert.equal(players.size, 6, 'every seat moved');
    console.log(`#   ${snap.status.text} after ${snap.ply} plies`);
  },
  { speed: '?aiPause=15&anim=0.15' },
);

await test(
  'keyboard through the ARIA mirror; refusals worded from their codes; undo back to the human; a bad record refused',
  async (page) => {
    await newCheckersGame(page, { count: 2, seats: ['human', 'human'] });
    // Clicking the opponent's piece says why nothing happens.
    await clickCell(page, 0);
    await page.waitForSelector('#toast:not([hidden])');
    // Worded from the code and its parameters (the hole by name), in Chinese.
    assert.match(await page.textContent('#toast'), /q1 不是你的棋子/);
    assert.ok((await events(page)).every((e) => e.type !== 'rejected' || e.detail.code));
    // A piece, then a hole it cannot reach.
    await clickCell(page, 111);
    await clickCell(page, 60);
    await page.waitForFunction(() => /太远了：从 d1 到 i5/.test(document.querySelector('#toast').textContent));
    assert.equal((await events(page)).filter((e) => e.type === 'rejected').at(-1).detail.code, 'too_far');
    assert.equal((await snapshot(page)).ply, 0);
    await page.keyboard.press('Escape');
    // Keyboard: focus the mirror, walk from the centre hole (60) down to 111, Enter,
    // then up to 102, Enter.
    await page.focus('#aria-board-host [role="grid"]');
    const walk = async (keys) => {
      for (const k of keys) await page.keyboard.press(k);
    };
    const cursor = () =>
      page.evaluate(() => document.querySelector('#aria-board-host [role="grid"]').getAttribute('aria-activedescendant'));
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
    assert.ok(label.includes(holeName(to)), `the mirror names the hole (${label})`);
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
    assert.equal(snap.side, 0);
    // A hint: the AI's suggestion, shown as a selected piece and its path.
    await page.click('[data-action="hint"]');
    await page.waitForFunction(() => window.qipan.hint(), null, { timeout: 20000 });
    const hint = await page.evaluate(() => window.qipan.hint());
    assert.ok(
      snap.legal.some((m) => m.from === hint.from && m.to === hint.to),
      'the hint is a legal move',
    );
    assert.equal(hint.path[0], hint.from);
    assert.equal(hint.path.at(-1), hint.to);
    assert.match(await page.textContent('#toast'), /提示：[a-q]\d/);
    await page.keyboard.press('Escape');
    // Export and import the record.
    await clickCell(page, move.from);
    await clickCell(page, move.to);
    if (await page.evaluate(() => window.qipan.chain())) await page.click('#cc-end-turn');
    await waitHumanOrOver(page, 1);
    const played = await snapshot(page);
    await page.click('[data-action="record"]');
    const record = await page.inputValue('#record-dialog textarea[name="record"]');
    assert.match(record, /^[.1-6]{121} 1 2\n1\. [a-q]\d/);
    assert.equal(await page.inputValue('#record-dialog textarea[name="position"]'), played.positionText);
    await page.click('#record-dialog button[value="close"]');
    await newCheckersGame(page, { count: 2, seats: ['human', 'human'] });
    await page.click('[data-action="record"]');
    // A bad record is refused in words from its code, and changes nothing.
    await page.fill('#record-dialog textarea[name="record"]', '1. d1-e5 zz');
    await page.click('#record-dialog [data-action="import-record"]');
    await page.waitForFunction(() => /第 2 步（zz）/.test(document.querySelector('#record-error').textContent));
    assert.equal((await snapshot(page)).ply, 0);
    await page.fill('#record-dialog textarea[name="record"]', record);
    await page.click('#record-dialog [data-action="import-record"]');
    assert.equal((await snapshot(page)).positionText, played.positionText);
    await shot(page, 'checkers-keyboard');
  },
  { context: { locale: 'zh-CN' } },
);

await test(
  'phone portrait: the star fits and a tap moves',
  async (page) => {
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
    await settled(page);
    const move = snap.legal[3];
    await clickCell(page, move.from);
    await clickCell(page, move.to);
    if (await page.evaluate(() => window.qipan.chain())) await page.click('#cc-end-turn');
    await page.waitForFunction(() => window.qipan.snapshot().ply === 1);
    await settled(page);
    await shot(page, 'checkers-phone');
  },
  { viewport: { width: 390, height: 844 } },
);

await test(
  'play on for places: three AI seats play on after the first finish, to the last place',
  async (page) => {
    await newCheckersGame(page, { count: 3, seats: ['ai', 'ai', 'ai'], levels: [3, 2, 4], multiplayerEnd: 'playOn' });
    // Waiting on the page's own state: the first seat home, then the end.
    await page.waitForFunction(
      () => window.qipan.snapshot().status.finishOrder.length >= 1 || window.qipan.snapshot().status.over,
      null,
      { timeout: 120000, polling: 200 },
    );
    if (!(await snapshot(page)).status.over) {
      await settled(page);
      await shot(page, 'checkers-3p-play-on');
    }
    await page.waitForFunction(() => window.qipan.snapshot().status.over, null, { timeout: 120000, polling: 200 });
    const snap = await snapshot(page);
    assert.equal(snap.status.kind, 'places', snap.status.text);
    assert.equal(snap.status.reason, 'finished');
    assert.equal(snap.status.finishOrder.length, 2);
    assert.deepEqual([...snap.status.places].sort(), [1, 2, 3]);
    // The page's log: the first seat home (while the game went on), and the
    // plies after it.
    const log = await events(page);
    const finished = log.findIndex((e) => e.type === 'finished');
    assert.ok(finished > 0, 'a seat finished while the game went on');
    const home = log[finished].detail.player;
    assert.equal(home - 1, snap.status.finishOrder[0], 'the status counts seats from 0, the board players from 1');
    const firstPly = log
      .slice(0, finished)
      .filter((e) => e.type === 'move')
      .at(-1).detail.ply;
    assert.ok(snap.ply > firstPly, 'the AI seats moved after the first finish');
    assert.ok(
      snap.moves.slice(firstPly).every((m) => m.player !== home),
      'the finished seat is skipped',
    );
    const first = { ply: firstPly };
    await page.waitForSelector('#over-dialog[open]');
    const places = await page.$$eval('#over-places li', (items) => items.map((li) => li.textContent));
    assert.equal(places.length, 3);
    assert.match(places[0], /^第 1 名/);
    await shot(page, 'checkers-3p-play-on-over');
    console.log(`#   ${snap.status.text} after ${snap.ply} plies (${snap.ply - first.ply} after the first finish)`);
  },
  { speed: '?aiPause=10&anim=0.1', context: { locale: 'zh-CN' } },
);

await test(
  'the new-game screen shows the rows that apply, and six seats fit a 1366x768 window',
  async (page) => {
    await page.click('[data-action="new"]');
    const dialog = '#cc-new-dialog';
    await page.waitForSelector(`${dialog}[open]`);
    await page.click(`${dialog} summary`); // the more-rules part open: every row is there
    const shown = (selector) =>
      page.$eval(selector, (el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0);
    await page.selectOption(`${dialog} select[name="count"]`, '2');
    assert.equal(await shown(`${dialog} .cc-multi`), false, 'no multi-player ending with 2 players');
    assert.equal(await shown(`${dialog} .cc-two`), true, 'equal turns with 2 players');
    for (const count of ['3', '4', '6']) {
      await page.selectOption(`${dialog} select[name="count"]`, count);
      assert.equal(await shown(`${dialog} .cc-multi`), true, `the multi-player ending with ${count}`);
      assert.equal(await shown(`${dialog} .cc-two`), false, `no equal turns with ${count}`);
    }
    assert.equal(await page.$$eval(`${dialog} .cc-seat`, (rows) => rows.length), 6);
    // Every row shown and the Start button lie inside the window.
    const outside = await page.$$eval(
      `${dialog} label, ${dialog} .cc-seat, ${dialog} summary, ${dialog} button[value="start"]`,
      (els) =>
        els
          .filter((el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
          .map((el) => ({
            text: (el.textContent || el.getAttribute('name') || '').trim().slice(0, 30),
            r: el.getBoundingClientRect(),
          }))
          .filter(({ r }) => r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
          .map(
            ({ text, r }) =>
              `${text} (${Math.round(r.left)},${Math.round(r.top)})-(${Math.round(r.right)},${Math.round(r.bottom)})`,
          ),
    );
    assert.deepEqual(outside, [], 'everything inside 1366x768');
    await shot(page, 'checkers-new-6p-1366');
    await page.click(`${dialog} button[value="cancel"]`);
  },
  { viewport: { width: 1366, height: 768 } },
);

await test('hole names on the board on demand (L and the a1 button)', async (page) => {
  await newCheckersGame(page, { count: 2, seats: ['human', 'human'] });
  await settled(page);
  const pixels = () => page.evaluate(() => document.querySelector('#board').toDataURL());
  const before = await pixels();
  assert.equal(await page.getAttribute('#cc-labels', 'aria-pressed'), 'false');
  await page.keyboard.press('l');
  await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'labels' && e.detail.shown));
  await page.waitForFunction((old) => document.querySelector('#board').toDataURL() !== old, before);
  assert.equal(await page.getAttribute('#cc-labels', 'aria-pressed'), 'true');
  await shot(page, 'checkers-labels');
  // The setting survives a reload; the button turns it off again.
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.equal(await page.getAttribute('#cc-labels', 'aria-pressed'), 'true');
  await page.click('#cc-labels');
  await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'labels' && !e.detail.shown));
  assert.equal(await page.getAttribute('#cc-labels', 'aria-pressed'), 'false');
});

await test('reduced motion: moves land without animation', async (page) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await newCheckersGame(page, { count: 2, seats: ['human', 'human'] });
  assert.equal(await page.evaluate(() => window.qipan.animating()), false, 'no drop-in animation');
  await clickCell(page, 111);
  await clickCell(page, 102);
  await page.waitForFunction(() => window.qipan.snapshot().ply === 1);
  assert.equal(await page.evaluate(() => window.qipan.lastAnimation()), null);
  assert.equal(await page.evaluate(() => window.qipan.animating()), false);
});

server.close();
await browser.close();
process.exit(tests.finish());
