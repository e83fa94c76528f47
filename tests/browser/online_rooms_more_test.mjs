// What a player chose in the lobby carries through, and a room says what is
// the room's, in headless Chromium against a real room server:
// - "Invite a friend" with Chinese checkers chosen in the lobby (on a
//   phone) opens the create dialog for a checkers room, whose own game
//   select can change it; every other seat is a person unless asked; the
//   room made is a checkers room of people.
// - A second tab of the same player (the same browser's key) knows the
//   seek the first tab opened (its waiting line, nothing else to start) and
//   opens the game with it when someone accepts.
// - The paired game shows no host badge and no invite; spectators are
//   named; a player mutes a spectator's chat for themselves (the line
//   collapses, nothing over the board), and spectators' chat as a whole.
// - The PGN export carries the room's address, its time control and the
//   players' ids.
// - A finished game at its own address (/game/ROOMID) has no chat box and no
//   room to leave.
//   node tests/browser/online_rooms_more_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openGame, watchErrors } from './page_harness.mjs';
import {
  online,
  openBrowser,
  openLink,
  openLobby,
  player,
  runAndExit,
  startServer,
  waitEvent,
  waitOnline,
} from './online_harness.mjs';

const PHONE = { width: 390, height: 844 };
const server = await startServer({ QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();

const dialogState = (page) =>
  page.evaluate(() => ({
    game: window.qipan.game(),
    title: document.getElementById('online-title').textContent,
    chosen: document.querySelector('#online-dialog select[name="game"]').value,
    seats: [...document.querySelectorAll('#online-seat-rows select')].map((s) => s.value),
  }));

async function inviteChoosesItsGame() {
  const ann = await player(browser, server.url, { viewport: PHONE });
  await openLobby(ann.page);
  await ann.page.selectOption('#lobby-game', 'checkers');
  await ann.page.click('[data-lobby="invite"]');
  await ann.page.waitForSelector('#online-dialog[open]');
  let dialog = await dialogState(ann.page);
  assert.deepEqual([dialog.game, dialog.title, dialog.chosen], ['checkers', '创建跳棋房间', 'checkers']);
  // The dialog's own choice of game changes it again.
  await ann.page.selectOption('#online-dialog select[name="game"]', 'reversi');
  await ann.page.waitForFunction(() => window.qipan.game() === 'reversi' && document.querySelector('#online-dialog[open]'));
  dialog = await dialogState(ann.page);
  assert.deepEqual([dialog.title, dialog.chosen], ['创建黑白棋房间', 'reversi']);
  await ann.page.selectOption('#online-dialog select[name="game"]', 'checkers');
  await ann.page.waitForFunction(() => window.qipan.game() === 'checkers' && document.querySelector('#online-dialog[open]'));
  await ann.page.selectOption('#online-dialog select[name="count"]', '3');
  dialog = await dialogState(ann.page);
  assert.deepEqual(dialog.seats, ['human', 'human'], 'every other seat a person by default');
  await ann.page.click('#online-go');
  const room = await waitOnline(ann.page, (s) => !!s.roomId);
  assert.deepEqual(
    room.seats.map((s) => s.kind),
    ['human', 'free', 'free'],
    'a checkers room of three people, waiting for two',
  );
  assert.equal(await ann.page.evaluate(() => window.qipan.game()), 'checkers');
  await ann.context.close();
}

async function secondTabAndRoom() {
  // One browser, two tabs (one key); another player; a spectator.
  const browserA = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const tab1 = await browserA.newPage();
  const tab2 = await browserA.newPage();
  const problems = [watchErrors(tab1), watchErrors(tab2)];
  await openGame(tab1, server.url);
  await openGame(tab2, server.url);
  await tab1.evaluate(() => localStorage.setItem('qipan.online.name', JSON.stringify('阿安')));
  await openLobby(tab1);
  await tab1.selectOption('#lobby-clock', 'untimed');
  await tab1.selectOption('#lobby-color', 'first');
  await tab1.click('[data-lobby="create"]');
  await waitEvent(tab1, 'lobby-waiting');
  const seekId = await (await tab1.waitForSelector('#lobby-seeks .lobby-row.mine')).getAttribute('data-seek-id');

  // The second tab knows the seek is its player's: it waits on it too.
  await openLobby(tab2);
  await tab2.waitForSelector('#lobby-waiting:not([hidden])');
  assert.match(await tab2.textContent('#lobby-waiting-text'), /象棋 · 亚洲规则 · 不计时/);
  assert.equal(await tab2.isDisabled('#lobby-quick [data-control="3+2"]'), true, 'no second seek from the second tab');
  assert.equal(await tab2.isVisible(`#lobby-seeks [data-seek-id="${seekId}"] [data-lobby="accept"]`), false);

  const bo = await player(browser, server.url, { locale: 'zh-CN' });
  await bo.page.evaluate(() => localStorage.setItem('qipan.online.name', JSON.stringify('小波')));
  await openLobby(bo.page);
  await bo.page.click(`#lobby-seeks [data-seek-id="${seekId}"] [data-lobby="accept"]`);
  const boRoom = await waitOnline(bo.page, (s) => s.ready);
  // Both tabs of the seeker open the game, in its seat.
  for (const tab of [tab1, tab2]) {
    const s = await waitOnline(tab, (st, id) => st.roomId === id && st.ready, boRoom.roomId);
    assert.equal(s.seat, 0);
  }

  // A tab opened later finds the game under way in the lobby and goes back into its seat.
  const tab3 = await browserA.newPage();
  problems.push(watchErrors(tab3));
  await openGame(tab3, server.url);
  await openLobby(tab3);
  await tab3.waitForSelector(`#lobby-ongoing:not([hidden]) [data-room="${boRoom.roomId}"]`);
  assert.match(
    await tab3.getAttribute(`[data-lobby="rejoin"][data-room="${boRoom.roomId}"]`, 'aria-label'),
    /^回到对局：对手 小波 · 象棋 · 不计时 · 进行中/,
  );
  await tab3.click(`[data-lobby="rejoin"][data-room="${boRoom.roomId}"]`);
  const third = await waitOnline(tab3, (st, id) => st.roomId === id && st.ready, boRoom.roomId);
  assert.equal(third.seat, 0, 'the same seat, by the browser key');
  await tab3.close();

  // A lobby game: no host, no invite.
  const panel = (page) =>
    page.evaluate(() => ({
      host: !!document.querySelector('#room-seats .room-host'),
      invite: !document.querySelector('#room-invite').hidden,
    }));
  for (const page of [tab1, bo.page]) assert.deepEqual(await panel(page), { host: false, invite: false });

  // A spectator, named; its chat muted by bo alone.
  const watcherContext = await browser.newContext({ locale: 'zh-CN', viewport: PHONE });
  await watcherContext.addInitScript(() => localStorage.setItem('qipan.online.name', JSON.stringify('观众甲')));
  const watcher = await openLink(watcherContext, boRoom.links.watch);
  await waitOnline(bo.page, (s) => s.spectators === 1);
  await bo.page.waitForFunction(() => /1 人观战：观众甲/.test(document.querySelector('#room-seats').textContent));
  const say = async (page, text) => {
    await page.fill('#room-chat-input', text);
    await page.click('#room-chat-form button');
  };
  await say(watcher.page, '加油');
  await waitOnline(bo.page, (s) => s.chat.some((c) => c.text === '加油'));
  await bo.page.waitForFunction(() => /加油/.test(document.querySelector('#room-banner-chat').textContent));
  await bo.page.click('#room-chat-log [data-mute="s1"]');
  await bo.page.waitForFunction(() => document.querySelector('#room-chat-log li').textContent.includes('（已屏蔽）'));
  assert.equal(await bo.page.textContent('#room-chat-log'), '观众甲 观战 （已屏蔽） 🔈', 'the line collapses to its author');
  await bo.page.waitForFunction(() => document.querySelector('#room-banner-chat').hidden);
  const mark = (await online(bo.page)).chat.length;
  await say(watcher.page, '再来');
  await waitOnline(bo.page, (s, n) => s.chat.length > n, mark);
  assert.equal(await bo.page.evaluate(() => document.querySelector('#room-banner-chat').hidden), true, 'nothing over the board');
  assert.doesNotMatch(await bo.page.textContent('#room-chat-log'), /再来/);
  await waitOnline(tab1, (s) => s.chat.some((c) => c.text === '再来'));
  assert.match(await tab1.textContent('#room-chat-log'), /再来/, 'muted for bo alone');
  // Unmuted again with the same button; spectators muted as a whole.
  await bo.page.click('#room-chat-log [data-mute="s1"]');
  await bo.page.waitForFunction(() => /再来/.test(document.querySelector('#room-chat-log').textContent));
  await bo.page.check('#room-mute-spectators');
  await bo.page.waitForFunction(() => !/再来/.test(document.querySelector('#room-chat-log').textContent));
  await bo.page.reload();
  await waitOnline(bo.page, (s) => s.ready && s.chat.length >= 2);
  assert.doesNotMatch(await bo.page.textContent('#room-chat-log'), /加油|再来/, 'the mute survives a reload');
  assert.equal(await bo.page.isChecked('#room-mute-spectators'), true);

  // The PGN names the room's address, its control and the players' ids.
  const [file] = await Promise.all([tab1.waitForEvent('download'), tab1.click('[data-room="export"]')]);
  const pgn = readFileSync(await file.path(), 'utf8');
  const ids = (await online(tab1)).seats.map((s) => s.playerId);
  assert.match(pgn, new RegExp(`\\[Site "${new URL(`game/${boRoom.roomId}`, server.url).href}"\\]`));
  assert.match(pgn, /\[TimeControl "-"\]/);
  assert.match(pgn, new RegExp(`\\[RedPlayerId "${ids[0]}"\\]\\n\\[BlackPlayerId "${ids[1]}"\\]`));
  assert.match(ids[0], /^[0-9a-z]{10}$/);

  // Over, then seen at its own address: a record, without chat or a way out.
  await bo.page.click('[data-room="resign"]');
  await bo.page.waitForSelector('#confirm-dialog[open]');
  await bo.page.click('#confirm-ok');
  await waitOnline(tab1, (s) => !!s.result);
  assert.equal(await watcher.page.isVisible('#room-chat-form'), true, 'a live spectator keeps the chat');
  const archive = await watcherContext.newPage();
  await openGame(archive, new URL(`game/${boRoom.roomId}`, server.url).href);
  await waitOnline(archive, (s) => !!s.result);
  assert.equal(await archive.isVisible('#room-chat-form'), false, 'no chat box on the record');
  assert.equal(await archive.isVisible('[data-room="leave"]'), false, 'no room to leave');
  assert.equal(await archive.isVisible('[data-room="export"]'), true, 'the export stays');
  for (const list of [...problems, bo.problems, watcher.problems]) assert.deepEqual(list, []);
}

await runAndExit(browser, server, async () => {
  await inviteChoosesItsGame();
  console.log(
    'ok - invite a friend from the lobby with checkers chosen: a checkers room, its game changeable, people by default',
  );
  await secondTabAndRoom();
  console.log(
    'ok - a second tab knows its seek and opens the game; a lobby game has no host or invite; spectators named and muted; the PGN tags; a finished game at its address without chat',
  );
});
