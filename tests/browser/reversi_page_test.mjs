// The Reversi page in headless Chromium, driven like a player: the game
// picker, clicks on the board, a full game against the AI, a forced pass,
// transcripts and GGF files with passes in and out, a restored game, hints,
// the evaluation graph's values (one engine call per position, whoever
// reached it), per-side AI levels and reduced motion. Every wait is on the
// page's state (window.qipan), never on the clock.
//   node tests/browser/reversi_page_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { events, launch, newGame, openGame, pageTests, root, serveDist, shot, snapshot } from './page_harness.mjs';

const QipanEngine = createRequire(import.meta.url)(process.env.QIPAN_WEB_ENGINE || join(root, 'build/wasm/qipan_web.js'));
const engine = await QipanEngine();
const evaluator = new engine.ReversiSearcher();
// The graph's value of a position: the engine's own graph search (ai_levels.h).
const engineValue = (board) => evaluator.evaluate({ board }, { graph: true }).score;

let seed = 12345;
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);

// A position where one move forces the opponent to pass, found by replaying
// seeded random games through the engine itself (Node build of the page's engine).
function findForcedPass() {
  for (let game = 0; game < 500; game++) {
    const session = new engine.ReversiSession();
    for (;;) {
      const snap = session.snapshot();
      if (snap.status.over) break;
      for (const square of snap.legal) {
        const probe = new engine.ReversiSession();
        probe.startGame({ position: snap.positionText });
        probe.play(square);
        const after = probe.snapshot();
        probe.delete();
        if (after.passed && !after.status.over) {
          session.delete();
          return { board: snap.positionText, square, mover: snap.side };
        }
      }
      session.play(snap.legal[next() % snap.legal.length]);
    }
    session.delete();
  }
  throw new Error('no forced pass found');
}

// A finished random game with a forced pass before its end, as GGF.
function ggfWithPasses() {
  for (;;) {
    const session = new engine.ReversiSession();
    let passed = false;
    for (let snap = session.snapshot(); !snap.status.over; snap = session.snapshot()) {
      session.play(snap.legal[next() % snap.legal.length]);
      passed ||= !!session.snapshot().passed && !session.snapshot().status.over;
    }
    if (passed) {
      const out = {
        ggf: session.exportGgf({ black: 'Alice', white: 'Bob', date: '2026.12.01_10:00:00.UTC' }),
        snap: session.snapshot(),
      };
      session.delete();
      return out;
    }
    session.delete();
  }
}

async function clickSquare(page, square) {
  const p = await page.evaluate((s) => window.qipan.squareCenter(s), square);
  await page.mouse.click(p.x, p.y);
}

const settled = (page) => page.waitForFunction(() => !window.qipan.animating());

async function openReversi(page, url) {
  await openGame(page, url);
  if ((await page.evaluate(() => window.qipan.game())) !== 'reversi') {
    await page.selectOption('#game-picker', 'reversi');
    await page.waitForFunction(
      () =>
        window.qipan &&
        window.qipan.game &&
        window.qipan.game() === 'reversi' &&
        window.qipan.events().some((e) => e.type === 'ready'),
    );
  }
}

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
}

// Waits until the graph has valued the shown position (the graph fills from
// ply 0 up, so every earlier one is valued too); returns {board: value} from
// the page's 'eval' events.
async function graphValues(page) {
  await page.waitForFunction(
    () => {
      const board = window.qipan.snapshot().positionText;
      return window.qipan.events().some((e) => e.type === 'eval' && e.detail.board === board);
    },
    null,
    { timeout: 60000 },
  );
  return Object.fromEntries((await events(page)).filter((e) => e.type === 'eval').map((e) => [e.detail.board, e.detail.score]));
}

async function importText(page, text) {
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="record"]', text);
  await page.click('#record-dialog [data-action="import-record"]');
}

const browser = await launch();
const server = await serveDist();
const forcedPass = findForcedPass();

const tests = pageTests(browser, { prefix: 'reversi-', open: (page) => openReversi(page, server.url) });
const test = tests.test;

await test('a full game against the AI by pointer, then the transcript round-trips', async (page) => {
  await newGame(page, 'human', 'ai', 3);
  let snap = await snapshot(page);
  assert.equal(snap.legal.length, 4);
  await shot(page, 'reversi-start');
  let turns = 0;
  while (!snap.status.over) {
    if (snap.side === 0) {
      // Black (the human) plays the legal move listed first, by pointer.
      await clickSquare(page, snap.legal[0]);
      turns++;
      if (turns === 10) {
        await page.waitForFunction((ply) => window.qipan.snapshot().ply > ply, snap.ply);
        await settled(page);
        await shot(page, 'reversi-midgame');
      }
    }
    await page.waitForFunction(
      (ply) => {
        const s = window.qipan.snapshot();
        return s.status.over || (s.ply > ply && s.side === 0 && !window.qipan.thinking());
      },
      snap.ply,
      { timeout: 60000 },
    );
    snap = await snapshot(page);
  }
  assert.ok(turns >= 10, `the human moved ${turns} times`);
  assert.equal(snap.counts.black + snap.counts.white <= 64, true);
  await page.waitForSelector('#over-dialog[open]');
  assert.match(await page.textContent('#over-reason'), new RegExp(`${snap.status.finalBlack} : ${snap.status.finalWhite}`));
  await shot(page, 'reversi-game-over');
  const ai = (await events(page)).filter((e) => e.type === 'ai');
  assert.ok(ai.length >= 10, 'the AI moved');
  assert.ok(ai.every((e) => e.detail.level === 3 && e.detail.side === 2));

  // Export the transcript, start afresh, import it back.
  await page.click('#over-dialog button[value="close"]');
  await page.click('[data-action="record"]');
  const transcript = await page.inputValue('#record-dialog textarea[name="record"]');
  assert.match(transcript, /^([a-h][1-8])+$/);
  await page.click('#record-dialog button[value="close"]');
  await newGame(page, 'human', 'human', 3);
  await importText(page, transcript.toUpperCase());
  const back = await snapshot(page);
  assert.equal(back.positionText, snap.positionText);
  assert.deepEqual(
    back.moves.map((m) => m.name),
    snap.moves.map((m) => m.name),
  );
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
  assert.equal(snap.passed, 2 - forcedPass.mover); // the other colour (seat + 1)
  assert.equal(snap.side, forcedPass.mover, 'the same side moves again');
  assert.ok((await events(page)).some((e) => e.type === 'pass'));
  await settled(page);
  await shot(page, 'reversi-pass');
});

await test(
  'a GGF game with passes opens, is saved and restored, and is written back as GGF',
  async (page) => {
    const { ggf, snap: expected } = ggfWithPasses();
    await newGame(page, 'human', 'human', 3);
    await importText(page, ggf);
    await page.waitForFunction(() => window.qipan.events().some((e) => e.type === 'import'));
    let snap = await snapshot(page);
    assert.equal(snap.positionText, expected.positionText);
    assert.deepEqual(snap.moves, expected.moves);
    assert.ok(
      snap.moves.some((m) => m.square < 0),
      'the passes are in the move list',
    );
    assert.equal((await events(page)).find((e) => e.type === 'import').detail.format, 'ggf');
    await page.waitForSelector('#over-dialog[open]');
    await page.click('#over-dialog button[value="close"]');
    await shot(page, 'reversi-ggf-opened');

    // Saved: a reload restores the same game.
    await reload(page);
    snap = await snapshot(page);
    assert.equal(snap.positionText, expected.positionText);
    assert.deepEqual(snap.moves, expected.moves);

    // Written back: the GGF the page saves carries the seats, a date, the
    // result and the passes, and reads back to the same game.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-action="record"]');
    await page.click('#record-dialog [data-action="copy-ggf"]');
    await page.waitForFunction(() => /已复制|Copied/.test(document.querySelector('#toast')?.textContent || ''));
    const written = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(written, /PB\[Human\]PW\[Human\]/);
    assert.match(written, /DT\[\d{4}\.\d\d\.\d\d_\d\d:\d\d:\d\d\.UTC\]/);
    assert.ok(written.includes(`RE[${expected.status.blackScore >= 0 ? '+' : '-'}${Math.abs(expected.status.blackScore)}.000]`));
    assert.match(written, /[BW]\[PA\]/);
    const check = new engine.ReversiSession();
    assert.equal(check.importRecord(written).ok, true);
    assert.equal(check.snapshot().positionText, expected.positionText);
    check.delete();

    // A broken record is refused in the player's language and changes nothing.
    await page.fill('#record-dialog textarea[name="record"]', '(;GM[Othello]B[F5]W[F5];)');
    await page.click('#record-dialog [data-action="import-record"]');
    assert.match(await page.textContent('#record-error'), /GGF 第 2 手（F5）：f5 已经有棋子了/);
    assert.equal((await snapshot(page)).positionText, expected.positionText);
  },
  { context: { locale: 'zh-CN' } },
);

await test('a saved game that cannot be restored is reported and the page still plays', async (page) => {
  await page.evaluate(() => localStorage.setItem('qipan.reversi.game.v1', JSON.stringify({ record: 'f5 zz' })));
  await reload(page);
  assert.ok((await events(page)).some((e) => e.type === 'brokensave' && e.detail.code === 'transcript_bad_move'));
  // The shell tells the player (its own dialog, tested in shell_dialogs_test).
  await page.waitForSelector('#broken-dialog[open]');
  await page.click('#broken-dialog button[value="close"]');
  await newGame(page, 'human', 'human', 3);
  const snap = await snapshot(page);
  await clickSquare(page, snap.legal[0]);
  await page.waitForFunction(() => window.qipan.snapshot().ply === 1);
});

await test("illegal clicks are refused with their code's text; hints show values and stay out of the graph", async (page) => {
  await newGame(page, 'human', 'human', 3);
  await clickSquare(page, 0); // a1: nothing to flip
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.textContent('#toast'), /a1：落子必须能翻转对方的棋子|a1: a disc must flip/);
  const rejected = (await events(page)).find((e) => e.type === 'rejected');
  assert.deepEqual([rejected.detail.code, rejected.detail.params.square], ['flips_nothing', 'a1']);
  assert.equal((await snapshot(page)).ply, 0);
  await page.click('[data-action="hint"]');
  await page.waitForFunction(() => window.qipan.hints() && window.qipan.hints().length === 4, null, { timeout: 30000 });
  const hints = await page.evaluate(() => window.qipan.hints());
  assert.deepEqual(
    hints.map((h) => h.square).sort((a, b) => a - b),
    (await snapshot(page)).legal.slice().sort((a, b) => a - b),
  );
  assert.ok(hints.some((h) => h.best));
  // Play on with hints on: every graph value is the engine's evaluation of
  // its position, never a hint.
  for (let i = 0; i < 4; i++) {
    const snap = await snapshot(page);
    await clickSquare(page, snap.legal[0]);
    await page.waitForFunction((n) => window.qipan.snapshot().ply === n && window.qipan.hints(), snap.ply + 1, {
      timeout: 30000,
    });
  }
  const values = await graphValues(page);
  for (const [board, value] of Object.entries(values)) assert.equal(value, engineValue(board), board);
  assert.ok(Object.keys(values).length >= 5);
  await settled(page);
  await shot(page, 'reversi-hints');
});

await test('the evaluation graph: one value per position, whoever reached it, after a reload, an import and undo', async (page) => {
  const evalBoards = () =>
    page.evaluate(() =>
      window.qipan
        .events()
        .filter((e) => e.type === 'eval')
        .map((e) => e.detail.board),
    );
  const waitForValues = (boards) =>
    page.waitForFunction(
      (wanted) => {
        const have = new Set(
          window.qipan
            .events()
            .filter((e) => e.type === 'eval')
            .map((e) => e.detail.board),
        );
        return wanted.every((b) => have.has(b));
      },
      boards,
      { timeout: 60000 },
    );
  const values = async () =>
    Object.fromEntries((await events(page)).filter((e) => e.type === 'eval').map((e) => [e.detail.board, e.detail.score]));

  // Against the AI, hints off.
  await newGame(page, 'human', 'ai', 2);
  for (let turn = 0; turn < 5; turn++) {
    const snap = await snapshot(page);
    await clickSquare(page, snap.legal[snap.legal.length - 1]);
    await page.waitForFunction(
      (ply) => {
        const s = window.qipan.snapshot();
        return s.status.over || (s.ply > ply + 1 && s.side === 0 && !window.qipan.thinking());
      },
      snap.ply,
      { timeout: 60000 },
    );
  }
  const played = await snapshot(page);
  const transcript = played.moves
    .filter((m) => m.square >= 0)
    .map((m) => m.name)
    .join(' ');
  const check = new engine.ReversiSession();
  check.importRecord(transcript);
  const positions = check.positions();
  check.delete();
  assert.equal(positions.length, played.plies + 1);
  await waitForValues(positions);
  const byAi = await values();
  for (const board of positions) assert.equal(byAi[board], engineValue(board), `the AI game's value of ${board}`);
  await shot(page, 'reversi-graph');

  // Restored after a reload (a fresh page, nothing cached): the same values.
  await reload(page);
  await waitForValues(positions);
  const restored = await values();
  for (const board of positions) assert.equal(restored[board], byAi[board]);

  // The same moves by two humans, imported into a fresh page: the same values.
  await newGame(page, 'human', 'human', 3);
  await reload(page);
  await importText(page, transcript);
  await waitForValues(positions);
  const imported = await values();
  for (const board of positions) assert.equal(imported[board], byAi[board]);

  // Undo keeps the values it already has: no position is evaluated again.
  const count = (await evalBoards()).length;
  await page.click('[data-action="undo"]');
  await page.waitForFunction((n) => window.qipan.snapshot().ply < n, played.ply);
  assert.equal((await evalBoards()).length, count);
});

await test('per-side levels: each AI plays at its own level', async (page) => {
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('qipan.settings.v3') || '{}');
    settings.game = 'reversi';
    settings.reversi = { ...(settings.reversi || {}), players: ['ai', 'ai'], levels: [2, 5], hints: false };
    localStorage.setItem('qipan.settings.v3', JSON.stringify(settings));
    localStorage.removeItem('qipan.reversi.game.v1');
  });
  await reload(page);
  await page.waitForFunction(
    () => window.qipan.events().filter((e) => e.type === 'ai').length >= 20 || window.qipan.snapshot().status.over,
    null,
    { timeout: 90000 },
  );
  const ai = (await events(page)).filter((e) => e.type === 'ai').map((e) => e.detail);
  // Level 2 looks one ply ahead; level 5 at least four (its opening look), then six.
  assert.ok(
    ai.filter((e) => e.side === 1).every((e) => e.level === 2 && e.depth === 1),
    'Black: level 2',
  );
  assert.ok(
    ai.filter((e) => e.side === 2).every((e) => e.level === 5 && e.depth >= 4),
    'White: level 5',
  );
  assert.ok(ai.some((e) => e.side === 2 && e.depth >= 6));
  assert.equal((await page.evaluate(() => window.qipan.settings().reversi.levels)).join(), '2,5');
});

await test('reduced motion: moves are shown without the flip animation', async (page) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await reload(page);
  await newGame(page, 'human', 'human', 3);
  const snap = await snapshot(page);
  await clickSquare(page, snap.legal[0]);
  await page.waitForFunction(() => window.qipan.snapshot().ply === 1);
  assert.equal(await page.evaluate(() => window.qipan.lastAnimation()), null);
  assert.equal(await page.evaluate(() => window.qipan.animating()), false);
});

await test(
  'phone portrait',
  async (page) => {
    await newGame(page, 'human', 'human', 3);
    const snap = await snapshot(page);
    await clickSquare(page, snap.legal[1]);
    await page.waitForFunction(() => window.qipan.snapshot().ply === 1);
    await settled(page);
    await shot(page, 'reversi-phone');
  },
  { viewport: { width: 390, height: 844 } },
);

evaluator.delete();
server.close();
await browser.close();
process.exit(tests.finish());
