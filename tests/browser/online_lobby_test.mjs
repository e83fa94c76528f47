// The online lobby in headless Chromium against a real room server (started
// here on 127.0.0.1). Two players pair by quick pairing (xiangqi 1+0; a relay
// on each socket gives the seek 15 s instead of the minute, which the server
// takes with QIPAN_MIN_CLOCK_MS lowered, so the flag falls within the test)
// and land in the new room with their seats; a third person opens it from
// the games to watch; black runs out of time; the loser goes back to the
// lobby, finds the game in "my games" and replays it at its own address
// (/game/ROOMID): read-only, the replay slider, the page's own analysis, the
// record's export. Before that, two other players meet through a seek made
// with the form (Reversi, first colour), cancelled once, accepted with one
// click: both pages, on xiangqi, start Reversi in place. The lobby in both
// languages, desktop (1366x768) and phone (390x844), its tabs by keyboard,
// every row a button or link named by the whole row. Screenshots in
// build/screenshots/online (lobby-*, lobby-clock-low, lobby-games-list,
// lobby-replay-*).
//   node tests/browser/online_lobby_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { click, openGame, settled, watchErrors } from './page_harness.mjs';
import {
  online,
  openBrowser,
  openLobby,
  player,
  pressOnline,
  runAndExit,
  shortenBulletClock,
  shotOnline,
  startServer,
  waitAllAtStep,
  waitEvent,
  waitOnline,
} from './online_harness.mjs';

const CLOCK_MS = 15_000; // what the relays give each side instead of the bullet minute
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const server = await startServer({
  QIPAN_MIN_CLOCK_MS: '1000',
  QIPAN_FIRST_MOVE_MS: '30000',
  QIPAN_SEAT_GRACE_MS: '60000',
});
const browser = await openBrowser();

// Every quick pairing and seek this page sends asks for CLOCK_MS instead of
// the bullet minute (both players must ask the same to meet).
const shortClock = (page) => shortenBulletClock(page, CLOCK_MS);

const count = (page, type) => page.evaluate((t) => window.qipan.events().filter((e) => e.type === t).length, type);

async function setName(page, name) {
  await page.fill('#lobby-name', name);
  await page.locator('#lobby-name').dispatchEvent('change');
}

// The accessible name of a row's button or link, and its visible parts.
const rowOf = (page, selector) =>
  page.evaluate((sel) => {
    const row = document.querySelector(sel);
    if (!row) return null;
    const control = row.querySelector('button, a');
    return {
      parts: [...row.querySelectorAll('.lobby-part')].map((p) => p.textContent),
      tag: control.tagName,
      label: control.getAttribute('aria-label'),
      text: control.textContent,
      href: control.getAttribute('href'),
    };
  }, selector);

async function shotDialog(page, name) {
  await settled(page).catch(() => {});
  await shotOnline(page, name);
}

// ---- a seek made with the form: cancelled, made again, accepted with one click ----
async function seekByForm() {
  const ann = await player(browser, server.url, { locale: 'en-US', viewport: DESKTOP });
  const bo = await player(browser, server.url, { locale: 'zh-CN', viewport: PHONE });
  await openLobby(ann.page);
  await setName(ann.page, 'Ann');
  // The tabs follow the arrow keys, and the Play tab is first.
  await ann.page.focus('#lobby-tab-play');
  await ann.page.keyboard.press('ArrowRight');
  assert.equal(await ann.page.getAttribute('#lobby-tab-watch', 'aria-selected'), 'true');
  assert.equal(await ann.page.isVisible('#lobby-watch'), true);
  assert.equal(await ann.page.isVisible('#lobby-play'), false);
  assert.equal(await ann.page.evaluate(() => document.activeElement.id), 'lobby-tab-watch');
  await ann.page.keyboard.press('End');
  assert.equal(await ann.page.getAttribute('#lobby-tab-mine', 'aria-selected'), 'true');
  await ann.page.keyboard.press('Home');
  assert.equal(await ann.page.getAttribute('#lobby-tab-play', 'aria-selected'), 'true');

  // The quick buttons name what they do; the colours are the game's.
  assert.equal(await ann.page.getAttribute('#lobby-quick [data-control="5+3"]', 'aria-label'), 'Play Xiangqi Blitz 5+3 now');
  await ann.page.selectOption('#lobby-game', 'reversi');
  assert.deepEqual(await ann.page.$$eval('#lobby-color option', (os) => os.map((o) => o.textContent)), [
    'Random',
    'Black',
    'White',
  ]);
  await ann.page.selectOption('#lobby-clock', 'untimed');
  await ann.page.selectOption('#lobby-color', 'first');
  await ann.page.click('[data-lobby="create"]');
  await waitEvent(ann.page, 'lobby-waiting');
  assert.match(await ann.page.textContent('#lobby-waiting-text'), /^Waiting for an opponent… Reversi · Untimed · plays Black$/);
  const own = await ann.page.waitForSelector('#lobby-seeks .lobby-row.mine');
  const seekId = await own.getAttribute('data-seek-id');
  const mine = await rowOf(ann.page, '#lobby-seeks .lobby-row.mine');
  assert.equal(mine.text, 'Cancel', "one's own seek shows cancel, not accept");
  assert.equal(mine.label, 'Cancel your seek: Ann · Reversi · Untimed · plays Black');
  assert.equal(await ann.page.isDisabled('#lobby-quick [data-control="3+2"]'), true, 'one open seek at a time');

  // Bo (Chinese, phone) sees it; Ann cancels; it goes from Bo's list.
  await openLobby(bo.page);
  await setName(bo.page, '下棋人');
  const row = `#lobby-seeks [data-seek-id="${seekId}"]`;
  await bo.page.waitForSelector(row);
  const seen = await rowOf(bo.page, row);
  assert.deepEqual(seen.parts, ['Ann', '黑白棋', '不计时', '执黑棋']);
  assert.equal(seen.tag, 'BUTTON');
  assert.equal(seen.label, '应战：Ann · 黑白棋 · 不计时 · 执黑棋');
  await shotDialog(bo.page, 'lobby-phone-zh');
  await ann.page.click('#lobby-waiting [data-lobby="cancel-own"]');
  await bo.page.waitForSelector(row, { state: 'detached' });
  // Ann's page hides its waiting panel when the server acknowledges the
  // cancel, which may come after Bo has already seen the seek go.
  await ann.page.waitForSelector('#lobby-waiting', { state: 'hidden' });

  // Made again; Bo accepts with one click: both pages start Reversi in place.
  await ann.page.click('[data-lobby="create"]');
  await waitEvent(ann.page, 'lobby-waiting');
  const again = await ann.page.waitForSelector('#lobby-seeks .lobby-row.mine');
  const second = await again.getAttribute('data-seek-id');
  await bo.page.click(`#lobby-seeks [data-seek-id="${second}"] [data-lobby="accept"]`);
  const boRoom = await waitOnline(bo.page, (s) => s.ready);
  const annRoom = await waitOnline(ann.page, (s) => s.ready);
  assert.equal(boRoom.roomId, annRoom.roomId);
  assert.deepEqual([annRoom.seat, boRoom.seat], [0, 1], 'Ann plays black (first), as her seek asked');
  assert.deepEqual(
    annRoom.seats.map((s) => s.name),
    ['Ann', '下棋人'],
  );
  for (const page of [ann.page, bo.page]) {
    assert.equal(await page.evaluate(() => window.qipan.game()), 'reversi', 'the room is Reversi: the page switched');
    assert.equal(await page.isVisible('#lobby-dialog'), false);
  }
  assert.equal(
    await ann.page.evaluate(() => JSON.parse(localStorage.getItem('qipan.settings.v3') || '{}').game ?? 'xiangqi'),
    'xiangqi',
    "the offline choice is not the room's",
  );

  // A live game at its own address is simply watched.
  const live = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const livePage = await live.newPage();
  const liveProblems = watchErrors(livePage);
  await openGame(livePage, new URL(`game/${annRoom.roomId}`, server.url).href);
  const watched = await waitOnline(livePage, (st, id) => st.roomId === id && st.ready, annRoom.roomId);
  assert.deepEqual([watched.watch, watched.seat, watched.result], [true, null, null]);
  assert.equal(await livePage.evaluate(() => window.qipan.game()), 'reversi');
  assert.equal(new URL(livePage.url()).pathname, `/game/${annRoom.roomId}`);
  // The manifest and the service worker are found at the page's base, not under /game/.
  const base = new URL('/', server.url).href;
  assert.equal(await livePage.getAttribute('link[rel="manifest"]', 'href'), `${base}manifest.webmanifest`);
  await waitEvent(livePage, 'serviceworker');
  const registered = await livePage.evaluate(() => window.qipan.events().find((e) => e.type === 'serviceworker').detail);
  assert.equal(registered.scope, base);
  assert.deepEqual(liveProblems, [], 'the page at /game/ROOMID found all it needs');
  await live.close();
  for (const [who, problems] of [
    ['Ann', ann.problems],
    ['Bo', bo.problems],
  ])
    assert.deepEqual(problems, [], `${who}'s page had errors`);
  await ann.context.close();
  await bo.context.close();
  console.log('ok - a seek from the form: cancel, again, accepted with one click; both pages start its game in place');
}

// ---- quick pairing, a game to watch, a loss on time, my games, the replay ----
async function quickPairing() {
  const a = await player(browser, server.url, { locale: 'zh-CN', viewport: DESKTOP, beforeOpen: shortClock });
  const b = await player(browser, server.url, { locale: 'en-US', viewport: PHONE, beforeOpen: shortClock });
  await openLobby(a.page);
  await setName(a.page, '棋手');
  await shotDialog(a.page, 'lobby-desktop-zh');
  await a.page.click('#lobby-quick [data-control="1+0"]');
  await waitEvent(a.page, 'lobby-waiting');
  // The seek as the server lists it (once listed): xiangqi names its rule set (quick pairing: the default).
  await a.page.waitForFunction(() => document.querySelector('#lobby-waiting-text').textContent.includes('规则'));
  assert.match(await a.page.textContent('#lobby-waiting-text'), /^正在等待对手… 象棋 · 亚洲规则 · 子弹棋 0:15\+0 · 颜色随机$/);
  await shotDialog(a.page, 'lobby-waiting-desktop-zh');

  await openLobby(b.page);
  await setName(b.page, 'Bea');
  await b.page.waitForSelector('#lobby-seeks .lobby-row');
  const seek = await rowOf(b.page, '#lobby-seeks .lobby-row');
  assert.deepEqual(seek.parts, ['棋手', 'Xiangqi', 'Asian rules', 'Bullet 0:15+0', 'random colours']);
  await shotDialog(b.page, 'lobby-phone-en');
  await b.page.click('#lobby-quick [data-control="1+0"]');

  // Both land in the room, seated, with their names and the seek's clock.
  const states = [await waitOnline(a.page, (s) => s.ready), await waitOnline(b.page, (s) => s.ready)];
  assert.equal(states[0].roomId, states[1].roomId);
  const roomId = states[0].roomId;
  assert.deepEqual(states.map((s) => s.seat).sort(), [0, 1]);
  assert.deepEqual(states[0].seats.map((s) => s.name).sort(), ['Bea', '棋手'].sort());
  // Another tab of the same browser, knowing no token, takes the player's
  // seat by the player key alone (the server's player seats).
  const tab = await a.context.newPage();
  await tab.addInitScript(() => localStorage.removeItem('qipan.online.tokens'));
  await openGame(tab, new URL(`?room=${roomId}`, server.url).href);
  const again = await waitOnline(tab, (s, id) => s.roomId === id && s.ready, roomId);
  assert.deepEqual([again.seat, again.watch], [states[0].seat, false], "the other tab plays the player's seat");
  await tab.close();
  const [red, black] = states[0].seat === 0 ? [a, b] : [b, a];
  for (const page of [a.page, b.page]) {
    const s = await waitOnline(page, (st) => !!st.panel.clocks);
    assert.deepEqual(
      s.panel.clocks.seats.map((c) => c.text),
      ['00:15', '00:15'],
    );
    assert.equal(await page.evaluate(() => window.qipan.game()), 'xiangqi');
  }
  assert.match(red.page.url(), new RegExp(`\\?room=${roomId}&key=`), "a player's address is the room's");
  const pages = [red.page, black.page];
  const play = async (page, move, step) => {
    await click(page, move.slice(0, 2));
    await click(page, move.slice(2));
    await waitAllAtStep(pages, step);
  };
  await play(red.page, 'h2e2', 1);

  // ---- a third person opens it from the games to watch ----
  const watcher = await player(browser, server.url, { locale: 'zh-CN', viewport: DESKTOP });
  await openLobby(watcher.page);
  await watcher.page.click('#lobby-tab-watch');
  const gameRow = `#lobby-games [data-room-id="${roomId}"]`;
  await watcher.page.waitForSelector(gameRow);
  const listed = await rowOf(watcher.page, gameRow);
  assert.equal(listed.tag, 'A', 'a game to watch is a link');
  assert.match(listed.href, new RegExp(`\\?room=${roomId}&watch=1$`));
  assert.equal(listed.parts[1], '象棋');
  assert.equal(listed.parts[2], '子弹棋 0:15+0');
  assert.match(listed.parts[0], /^(棋手 对 Bea|Bea 对 棋手)$/);
  assert.match(listed.parts[3], /^\d+ 步$/);
  assert.equal(listed.label, `观战：${listed.parts.join(' · ')}`);
  assert.match(await watcher.page.textContent('#lobby-tab-watch'), /^观战（\d）$/);
  await shotDialog(watcher.page, 'lobby-games-list');
  await watcher.page.click(`${gameRow} a`);
  const watching = await waitOnline(watcher.page, (s, id) => s.roomId === id && s.watch && s.step >= 1, roomId);
  assert.equal(watching.seat, null);
  await waitOnline(red.page, (s) => s.spectators === 1);

  await play(black.page, 'h9g7', 2);
  await play(red.page, 'b0c2', 3);

  // ---- black's clock runs down: under ten seconds, then the flag ----
  const low = await waitOnline(black.page, (s) => s.panel.clocks.seats[1].state === 'running low', null, CLOCK_MS + 10_000);
  assert.match(low.panel.clocks.seats[1].text, /^\d\.\d$/);
  // The clocks in view: beside the board on a desktop, the panel scrolled to them on a phone.
  for (const page of pages) {
    await page.locator('#room-seats').scrollIntoViewIfNeeded();
    await shotOnline(page, page === a.page ? 'lobby-clock-low-desktop' : 'lobby-clock-low-phone');
  }
  const results = [];
  for (const page of [...pages, watcher.page])
    results.push(await waitOnline(page, (s) => !!s.result && !!s.panel.result, null, 20_000));
  for (const s of results) assert.deepEqual([s.result.code, s.result.winner, s.result.seat], ['timeout', 0, 1]);

  // ---- the loser: back to the lobby, my games, the replay at /game/ROOMID ----
  const loser = black.page;
  await Promise.all([loser.waitForURL(/[?&]lobby=1/).catch(() => {}), pressOnline(loser)]);
  await loser.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'lobby-ready'));
  assert.equal(await online(loser), null, 'the lobby page has no room');
  assert.doesNotMatch(loser.url(), /lobby=1|room=/, 'the lobby request is taken out of the address');
  const mineBefore = await count(loser, 'lobby-mine');
  await loser.click('#lobby-tab-mine');
  await waitEvent(loser, 'lobby-mine', mineBefore);
  const mineRow = `#lobby-mine-list [data-room-id="${roomId}"]`;
  const row = await rowOf(loser, mineRow);
  const redName = red === a ? '棋手' : 'Bea';
  const lost =
    black === a
      ? ['对手 ' + redName, '象棋', '子弹棋 0:15+0', '负（超时）']
      : ['vs ' + redName, 'Xiangqi', 'Bullet 0:15+0', 'Lost on time'];
  assert.deepEqual(row.parts.slice(0, 4), lost);
  assert.equal(row.parts.length, 5, 'and the date');
  assert.equal(row.tag, 'A');
  assert.equal(new URL(row.href, server.url).pathname, `/game/${roomId}`);
  await shotDialog(loser, 'lobby-my-games');
  await Promise.all([loser.waitForURL(new RegExp(`/game/${roomId}$`)), loser.click(`${mineRow} a`)]);
  await loser.waitForFunction(() => window.qipan && window.qipan.events().some((e) => e.type === 'ready'));
  const replay = await waitOnline(loser, (s) => !!s.result && s.localSteps === s.step);
  assert.equal(replay.watch, true, 'read-only: the page watches');
  assert.equal(replay.seat, null);
  assert.equal(replay.step, 3);
  assert.deepEqual([replay.result.code, replay.result.winner], ['timeout', 0]);
  assert.equal(new URL(loser.url()).pathname, `/game/${roomId}`, 'the address stays the room’s own');
  // The replay slider by keyboard: to the first move, then analysed by the page's engine.
  await loser.focus('#room-replay-range');
  await loser.keyboard.press('Home');
  await loser.keyboard.press('ArrowRight');
  await loser.waitForFunction(() => window.qipan.snapshot().ply === 1);
  assert.equal(await loser.isVisible('#browse [data-action="analyse"]'), true, 'a finished game may be analysed');
  const analysed = await count(loser, 'analysis');
  await loser.click('#browse [data-action="analyse"]');
  await waitEvent(loser, 'analysis', analysed);
  await loser.waitForFunction(() => !document.querySelector('#analysis').classList.contains('busy'));
  assert.notEqual((await loser.textContent('#analysis-score')).trim(), '');
  await shotOnline(loser, 'lobby-replay-phone');
  await loser.setViewportSize(DESKTOP);
  await shotOnline(loser, 'lobby-replay-desktop');
  // The record's export: the game's PGN with its moves and the loss on time.
  const [download] = await Promise.all([loser.waitForEvent('download'), loser.click('[data-room="export"]')]);
  assert.match(download.suggestedFilename(), /\.pgn$/);
  const pgn = readFileSync(await download.path(), 'utf8');
  assert.match(pgn, /^1\. \S+ \S+\n2\. \S+\n1-0$/m);
  assert.match(pgn, /\[Result "1-0"\]/);

  for (const [who, problems] of [
    ['a', a.problems],
    ['b', b.problems],
    ['watcher', watcher.problems],
  ])
    assert.deepEqual(problems, [], `${who}'s page had errors`);
  for (const p of [a, b, watcher]) await p.context.close();
  console.log(
    'ok - quick pairing (xiangqi 1+0) seats both players; a spectator from the games list; a loss on time; the loser replays it from my games at /game/ROOMID (slider, analysis, export)',
  );
}

await runAndExit(browser, server, async () => {
  await seekByForm();
  await quickPairing();
});
