// The shell's dialogs and controls in headless Chromium: resigning asks for
// confirmation in a dialog (never window.confirm); the game-over dialog says
// what the result means to the player and offers rematch, swapped sides, a
// new game; a level per AI seat (new-game and settings dialogs, stored as
// levels [l0, l1], old saves migrated); a saved game that cannot be restored
// is reported and kept for export; download and open file; the thinking line.
// Hooks the games do not give yet are tested against the contract test
// double (tests/web/contract_game.js), their defaults on the real page.
//   node tests/browser/shell_dialogs_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
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
const tests = pageTests(browser, { prefix: 'shell-dialogs-', open: (page, { url = contract.url }) => openGame(page, url) });
const test = tests.test;

// Red to move mates with a1a9 (the rook on i8 guards the eighth rank).
const MATE_IN_ONE = '3k5/8R/9/9/9/9/9/2p6/R8/4K4 w - - 0 1';
// After 1. a3a4 a6a5, red to move: out of the opening book, so the
// computer's reply is searched (and shows a thinking line).
const OUT_OF_BOOK = 'rnbakabnr/9/1c5c1/2p1p1p1p/p8/P8/2P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 2';
// Two generals alone: drawn at once.
const BARE_GENERALS = '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1';

async function importPosition(page, fen) {
  await page.click('[data-action="record"]');
  await page.fill('#record-dialog textarea[name="position"]', fen);
  await page.click('#record-dialog [data-action="import-position"]');
}

// Imports a position where the human moves next, and waits until the game
// holds it: a move clicked before would be played on the old position (from
// the start, h2e2 draws an instant book reply and no thinking line).
async function importForHuman(page, fen) {
  await importPosition(page, fen);
  const placement = fen.split(' ').slice(0, 2).join(' ');
  await page.waitForFunction((p) => window.qipan.snapshot().fen.split(' ').slice(0, 2).join(' ') === p, placement);
}

async function overDialog(page) {
  await page.waitForSelector('#over-dialog[open]');
  return {
    title: await page.textContent('#over-title'),
    reason: await page.textContent('#over-reason'),
    outcome: await page.getAttribute('#over-dialog', 'data-outcome'),
    buttons: await page.$$eval('#over-dialog menu button', (bs) => bs.filter((b) => !b.hidden).map((b) => b.value)),
  };
}

const hooks = async (page, name) => (await eventsOf(page, 'hook')).filter((h) => h.name === name);

await test('resign asks for confirmation in a dialog, then the dialog says "You lost"', async (page) => {
  const native = [];
  page.on('dialog', (d) => {
    native.push(d.type());
    d.dismiss();
  });
  await newGame(page, 'human', 'ai', 1);
  assert.equal(await page.isVisible('[data-action="resign"]'), true);
  await page.click('[data-action="resign"]');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.equal(await page.textContent('#confirm-title'), 'Resign this game?');
  assert.equal(await page.textContent('#confirm-ok'), 'Resign');
  await shot(page, 'shell-resign-confirm');
  await page.click('#confirm-dialog button[value="cancel"]');
  assert.deepEqual(await hooks(page, 'resign'), []);
  assert.equal((await snapshot(page)).status.over, false);
  await page.click('[data-action="resign"]');
  await page.click('#confirm-dialog button[value="ok"]');
  await waitForEvent(page, 'hook', { name: 'resign' });
  const over = await overDialog(page);
  assert.equal(over.title, 'You lost');
  assert.equal(over.outcome, 'loss');
  assert.match(over.reason, /Black wins · resignation/);
  assert.deepEqual(over.buttons, ['close', 'new', 'swap', 'rematch']);
  assert.deepEqual(native, [], 'no window.confirm');
  await shot(page, 'shell-over-lost');
  // Resigning is over: the control goes.
  await page.click('#over-dialog button[value="close"]');
  assert.equal(await page.isVisible('[data-action="resign"]'), false);
});

await test('game over from the player\'s view: "You won", "Draw", and neutral when both seats are human', async (page) => {
  await newGame(page, 'human', 'ai', 1);
  await importPosition(page, MATE_IN_ONE);
  await clickMove(page, 'a1a9');
  let over = await overDialog(page);
  assert.deepEqual([over.title, over.outcome], ['You won', 'win']);
  assert.match(over.reason, /Red wins · checkmate/);
  await shot(page, 'shell-over-won');
  await page.click('#over-dialog button[value="close"]');

  await importPosition(page, BARE_GENERALS);
  over = await overDialog(page);
  assert.deepEqual([over.title, over.outcome], ['Draw', 'draw']);
  await page.click('#over-dialog button[value="close"]');

  await newGame(page, 'human', 'human', 3);
  await importPosition(page, MATE_IN_ONE);
  await clickMove(page, 'a1a9');
  over = await overDialog(page);
  assert.deepEqual([over.title, over.outcome], ['Red wins', 'neutral']);
  assert.equal(over.reason, 'checkmate');
  assert.match(await page.textContent('#status'), /Red wins · checkmate/);
});

await test('rematch keeps the seats, swap exchanges them with their levels, new game opens the dialog', async (page) => {
  await newGame(page, 'human', 'ai', [2, 6]); // the human seat keeps its level (3)
  await importPosition(page, MATE_IN_ONE);
  await clickMove(page, 'a1a9');
  await overDialog(page);
  await page.click('#over-dialog button[value="rematch"]');
  await waitForEvent(page, 'rematch', { swap: false });
  let calls = await hooks(page, 'newGame');
  assert.deepEqual(calls.at(-1), { name: 'newGame', players: ['human', 'ai'], levels: [3, 6] });
  assert.equal((await snapshot(page)).ply, 0);

  await importPosition(page, MATE_IN_ONE);
  await clickMove(page, 'a1a9');
  await overDialog(page);
  await page.click('#over-dialog button[value="swap"]');
  await waitForEvent(page, 'rematch', { swap: true });
  calls = await hooks(page, 'newGame');
  assert.deepEqual(calls.at(-1), { name: 'newGame', players: ['ai', 'human'], levels: [6, 3] });
  const settings = await page.evaluate(() => window.qipan.settings().xiangqi);
  assert.deepEqual(
    [settings.players, settings.levels],
    [
      ['ai', 'human'],
      [6, 3],
    ],
  );
  // The computer (red) opens the swapped game.
  await waitForPly(page, 1);

  await page.click('[data-action="resign"]');
  await page.click('#confirm-dialog button[value="ok"]');
  await overDialog(page);
  await page.click('#over-dialog button[value="new"]');
  await page.waitForSelector('#new-dialog[open]');
});

await test('a level for each computer seat: the new-game dialog, the settings dialog, storage', async (page) => {
  await page.click('[data-action="new"]');
  await page.selectOption('#new-dialog select[name="seat0"]', 'human');
  assert.equal(await page.isVisible('#new-dialog select[name="level0"]'), false, 'no level for a human seat');
  await page.selectOption('#new-dialog select[name="seat0"]', 'ai');
  assert.equal(await page.isVisible('#new-dialog select[name="level0"]'), true);
  await page.selectOption('#new-dialog select[name="level0"]', '2');
  await page.selectOption('#new-dialog select[name="seat1"]', 'ai');
  await page.selectOption('#new-dialog select[name="level1"]', '7');
  await shot(page, 'shell-new-game-levels');
  await page.click('#new-dialog button[value="start"]');
  await waitForEvent(page, 'hook', { name: 'newGame', players: ['ai', 'ai'], levels: [2, 7] });
  let stored = await page.evaluate(() => JSON.parse(localStorage.getItem('qipan.settings.v3')).xiangqi);
  assert.deepEqual([stored.players, stored.levels, 'level' in stored], [['ai', 'ai'], [2, 7], false]);

  await newGame(page, 'human', 'ai', [3, 4]); // the human seat keeps 2
  await page.click('[data-action="settings"]');
  // Only the computer's seat has a level here.
  assert.deepEqual(await page.$$eval('#settings-levels select', (s) => s.map((e) => e.name)), ['level1']);
  assert.equal(await page.inputValue('#settings-levels select[name="level1"]'), '4');
  await page.selectOption('#settings-levels select[name="level1"]', '8');
  await page.click('#settings-dialog button[value="close"]');
  stored = await page.evaluate(() => JSON.parse(localStorage.getItem('qipan.settings.v3')).xiangqi);
  assert.deepEqual(stored.levels, [2, 8]);
});

await test('old settings migrate: one level becomes a level per side; bad values fall back', async (page) => {
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem(
      'qipan.settings.v2',
      JSON.stringify({ game: 'xiangqi', language: 'zh', notation: 'chinese', xiangqi: { players: ['ai', 'human'], level: 6 } }),
    );
  });
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  let settings = await page.evaluate(() => window.qipan.settings());
  assert.deepEqual(
    [settings.xiangqi.players, settings.xiangqi.levels],
    [
      ['ai', 'human'],
      [6, 6],
    ],
  );
  // 'zh' was the old default, saved whether picked or not: the browser's
  // language (English here) decides.
  assert.deepEqual([settings.language, settings.notation], ['en', 'wxf']);

  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem(
      'qipan.settings.v3',
      JSON.stringify({
        game: 'chess',
        theme: 'purple',
        volume: 'loud',
        language: 'fr',
        languagePicked: 'yes',
        xiangqi: { players: ['ai', 'robot', 'human'], levels: ['x', 99, -1] },
        reversi: { levels: [0, 5] },
        checkers: { count: 5, levels: null },
      }),
    );
    localStorage.setItem('qipan.xiangqi.game.v1', '{not json');
  });
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  settings = await page.evaluate(() => window.qipan.settings());
  assert.equal(settings.game, 'xiangqi');
  assert.equal(settings.theme, 'system');
  assert.equal(settings.volume, 0.8);
  assert.equal(settings.language, 'en');
  assert.deepEqual(
    [settings.xiangqi.players, settings.xiangqi.levels],
    [
      ['human', 'ai'],
      [3, 8],
    ],
  );
  assert.deepEqual(settings.reversi.levels, [3, 5]);
  assert.deepEqual([settings.checkers.count, settings.checkers.levels], [2, [3, 3, 3, 3, 3, 3]]);
  assert.equal((await snapshot(page)).ply, 0);
});

await test('a saved game that cannot be restored is reported and kept for export until discarded', async (page) => {
  const broken = '1. h2e2 h9g7 2. z9z9';
  await page.evaluate((record) => localStorage.setItem('qipan.xiangqi.game.v1', JSON.stringify({ record })), broken);
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  await page.waitForSelector('#broken-dialog[open]');
  const reason = await page.textContent('#broken-notice-reason');
  assert.match(reason, /^Reason: \S/, reason);
  assert.match(await page.textContent('#broken-dialog'), /kept in Import\/Export/);
  await shot(page, 'shell-broken-notice');
  // "Open Import/Export" shows the kept text.
  await page.click('#broken-dialog button[value="open"]');
  await page.waitForSelector('#record-dialog[open]');
  assert.equal(await page.inputValue('#record-dialog textarea[name="broken"]'), broken);
  assert.equal(await page.textContent('#broken-reason'), reason);
  await shot(page, 'shell-broken-export');
  await page.click('#record-dialog button[value="close"]');
  // The game goes on (the computer replies); the text survives reloads
  // (the notice is not repeated).
  await clickMove(page, 'h2e2');
  await waitForPly(page, 2, 20000);
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.equal((await snapshot(page)).ply, 2);
  assert.equal(await page.isVisible('#broken-dialog'), false);
  assert.equal((await page.evaluate(() => window.qipan.brokenSave())).text, broken);
  const download = page.waitForEvent('download');
  await page.click('[data-action="record"]');
  await page.click('#record-dialog [data-action="download-broken"]');
  assert.equal(await readFile(await (await download).path(), 'utf8'), broken);
  await page.click('#record-dialog [data-action="discard-broken"]');
  assert.equal(await page.isVisible('#broken-save'), false);
  await page.reload();
  await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  assert.equal(await page.evaluate(() => window.qipan.brokenSave()), null);
  assert.equal(await page.evaluate(() => localStorage.getItem('qipan.xiangqi.broken.v1')), null);
});

// Storage can hold text that is not even JSON (a cut-off write, another
// program): reported like a record the engine refuses, on the real page.
await test(
  'a saved game that is not JSON is reported and kept for export too',
  async (page) => {
    const broken = '{"record":"1. h2e2 h9g7 2. h0g2';
    await page.evaluate((text) => localStorage.setItem('qipan.xiangqi.game.v1', text), broken);
    await page.reload();
    await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
    await page.waitForSelector('#broken-dialog[open]');
    assert.deepEqual(
      (await eventsOf(page, 'brokensave')).map((d) => d.code),
      ['saved_game_unreadable'],
    );
    const reason = await page.textContent('#broken-notice-reason');
    assert.match(reason, /^Reason: .*saved game/, reason);
    await page.click('#broken-dialog button[value="open"]');
    await page.waitForSelector('#record-dialog[open]');
    assert.equal(await page.inputValue('#record-dialog textarea[name="broken"]'), broken);
    await page.click('#record-dialog button[value="close"]');
    // A fresh game is played and saved; the text stays until discarded.
    assert.equal((await snapshot(page)).ply, 0);
    await newGame(page, 'human', 'human', 3);
    await clickMove(page, 'h2e2');
    await waitForPly(page, 1);
    await page.reload();
    await page.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
    assert.equal((await snapshot(page)).ply, 1);
    assert.equal(await page.isVisible('#broken-dialog'), false);
    assert.equal((await page.evaluate(() => window.qipan.brokenSave())).text, broken);
    await page.click('[data-action="record"]');
    await page.click('#record-dialog [data-action="discard-broken"]');
    assert.equal(await page.evaluate(() => window.qipan.brokenSave()), null);
  },
  { url: server.url, context: { locale: 'en-US' } },
);

await test('download the record and open it again from a file; a bad file is refused with its reason', async (page) => {
  await newGame(page, 'human', 'human', 3);
  for (const [i, move] of ['h2e2', 'h9g7', 'h0g2'].entries()) {
    await clickMove(page, move);
    await waitForPly(page, i + 1);
  }
  const played = await snapshot(page);
  await page.click('[data-action="record"]');
  const download = page.waitForEvent('download');
  await page.click('#record-dialog [data-action="download"]');
  const file = await download;
  assert.equal(file.suggestedFilename(), 'contract-game.txt');
  const text = await readFile(await file.path(), 'utf8');
  assert.match(text, /h2e2/);
  await page.click('#record-dialog button[value="close"]');
  await newGame(page, 'human', 'human', 3);

  await page.click('[data-action="record"]');
  const chooser = page.waitForEvent('filechooser');
  await page.click('#record-dialog [data-action="open-file"]');
  await (await chooser).setFiles({ name: 'saved.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await waitForEvent(page, 'openfile', { name: 'saved.txt', ok: true });
  assert.equal((await snapshot(page)).fen, played.fen);
  assert.equal(await page.isVisible('#record-dialog'), false);

  await page.click('[data-action="record"]');
  await page.setInputFiles('#open-file', {
    name: 'bad.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1. h2e2 h9g7 2. h0h9'),
  });
  await waitForEvent(page, 'openfile', { name: 'bad.txt', ok: false });
  assert.notEqual(await page.textContent('#record-error'), '');
  assert.equal((await snapshot(page)).fen, played.fen, 'a refused file changes nothing');
});

await test("the thinking line shows the game's score and expected line, the depth and the time", async (page) => {
  await newGame(page, 'human', 'ai', 4);
  await importForHuman(page, OUT_OF_BOOK);
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => /^\d+ …$/.test(document.querySelector('#thinking-line').textContent), null, {
    timeout: 20000,
  });
  const head = await page.textContent('#thinking-head');
  assert.match(head, /^Computer is thinking… · depth \d+ · ≈\S+ · \d+\.\d s$/, head);
  await shot(page, 'shell-thinking');
  await waitForPly(page, 2, 20000);
  assert.equal(await page.isVisible('#thinking'), false);
});

await test('offer a draw: the button calls the game', async (page) => {
  await newGame(page, 'human', 'ai', 1);
  await page.click('[data-action="draw"]');
  await waitForEvent(page, 'hook', { name: 'offerDraw' });
});

await test(
  'real page: the xiangqi game gives the hooks (resign, draw, download, open file, cards)',
  async (page) => {
    await newGame(page, 'human', 'ai', 1);
    for (const action of ['resign', 'draw']) assert.equal(await page.isVisible(`[data-action="${action}"]`), true, action);
    assert.equal(await page.isVisible('#cards'), true);
    await page.click('[data-action="record"]');
    for (const action of ['download', 'open-file'])
      assert.equal(await page.isVisible(`#record-dialog [data-action="${action}"]`), true, action);
    await page.click('#record-dialog button[value="close"]');
    // The game-over dialog speaks from the human's view, and swap starts
    // the game with the seats exchanged.
    await importPosition(page, MATE_IN_ONE);
    await clickMove(page, 'a1a9');
    const over = await overDialog(page);
    assert.equal(over.title, 'You won');
    await page.click('#over-dialog button[value="swap"]');
    await page.waitForFunction(() => window.qipan.settings().xiangqi.players.join() === 'ai,human');
    await waitForPly(page, 1);
  },
  { url: server.url },
);

await test(
  "real page: a new game keeps both levels; the game's thinking line",
  async (page) => {
    await newGame(page, 'ai', 'ai', [2, 4]);
    await newGame(page, 'human', 'ai', [5, 6]);
    const settings = await page.evaluate(() => window.qipan.settings().xiangqi);
    assert.deepEqual(
      [settings.players, settings.levels],
      [
        ['human', 'ai'],
        [2, 6],
      ],
    );
    await importForHuman(page, OUT_OF_BOOK);
    // Every text the thinking head shows while the computer replies.
    await page.evaluate(() => {
      window.__heads = [];
      const head = document.querySelector('#thinking-head');
      new MutationObserver(() => window.__heads.push(head.textContent)).observe(head, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await clickMove(page, 'h2e2');
    await waitForPly(page, 2, 20000);
    // The game's thinkingText: the score from red's view.
    const heads = await page.evaluate(() => window.__heads);
    assert.ok(
      heads.some((h) => / · Red [+−±]\d+\.\d · /.test(h)),
      heads.join(' | '),
    );
  },
  { url: server.url },
);

contract.close();
server.close();
await browser.close();
process.exit(tests.finish());
