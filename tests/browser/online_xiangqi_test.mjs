// An online xiangqi room in headless Chromium against a real room server
// (started here on 127.0.0.1 with short timings): red creates the room with
// the Online button, the invite panel shows the link and its QR code, black
// opens the invite link in another browser context, a spectator the watch
// link; they play by pointer to a mate, with an undo asked and accepted, one
// left to expire, chat from a player and the spectator, a reload of black
// mid-game, black's page closed and reopened (the reconnect countdown on
// red's page), the replay slider and the record's export. Every wait is on
// the pages' state (window.qipan.online()), never on a clock. A relay on
// red's socket rewrites one move on the wire (the server's engine refuses it
// and the board goes back) and one event's pos (the page notices and syncs).
// Screenshots in build/screenshots/online.
//   node tests/browser/online_xiangqi_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { click, settled, snapshot } from './page_harness.mjs';
import {
  createRoom,
  eventCount,
  online,
  openBrowser,
  openLink,
  player,
  runAndExit,
  shotOnline,
  startServer,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

// A checkmate in 13 plies (tests/server/games_test.mjs; the engine says it is mate).
const MATE_LINE = ['b2b4', 'h7f7', 'b4b5', 'a6a5', 'a0a1', 'f7g7', 'h2e2', 'b9c7', 'a1e1', 'g7d7', 'e2e6', 'a5a4', 'b5e5'];
const UNDO_TIMEOUT_MS = 4000;

const server = await startServer({
  QIPAN_UNDO_TIMEOUT_MS: String(UNDO_TIMEOUT_MS),
  QIPAN_SEAT_GRACE_MS: '60000',
  QIPAN_OFFER_BACKOFF_MS: '200',
});
const browser = await openBrowser();
await runAndExit(browser, server, async () => {
  // ---- red creates the room ----
  // Red's socket goes through a relay that can rewrite red's next move on
  // the wire (a1 → a5 for the chariot, through its own pawn): the page's
  // engine played the move it was given, the server's refuses the other.
  let tamperNext = false;
  let tamperIncoming = false; // the next move event red receives gets a wrong pos
  const relay = (page) =>
    page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((message) => {
        if (tamperNext && typeof message === 'string' && message.includes('"move"')) {
          tamperNext = false;
          message = message.replace('"move":"a0a1"', '"move":"a0a5"');
        }
        upstream.send(message);
      });
      upstream.onMessage((message) => {
        if (tamperIncoming && typeof message === 'string' && message.includes('"type":"move"')) {
          tamperIncoming = false;
          message = message.replace(/"pos":"[0-9a-f]{16}"/, '"pos":"0123456789abcdef"');
        }
        ws.send(message);
      });
    });
  const red = await player(browser, server.url, { beforeOpen: relay });
  const created = await createRoom(red.page, { name: '红队长' });
  assert.equal(created.seat, 0);
  assert.equal(created.ready, false);
  assert.match(created.links.invite, new RegExp(`\\?room=${created.roomId}&key=[A-Za-z0-9_-]{22}$`));
  assert.match(created.links.watch, /&watch=1$/);
  const invitePanel = await waitOnline(red.page, (s) => s.panel.inviteOpen && s.panel.qrDrawn === s.links.invite);
  assert.equal(await red.page.inputValue('#room-invite-link'), created.links.invite);
  assert.equal(await red.page.inputValue('#room-watch-link'), created.links.watch);
  // The QR code is drawn on the canvas here (dark and light modules), not fetched.
  const qrInk = await red.page.evaluate(() => {
    const c = document.getElementById('room-qr');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 80) dark++;
    return dark / (d.length / 4);
  });
  assert.ok(qrInk > 0.2 && qrInk < 0.7, `the QR code has dark modules (${qrInk})`);
  assert.match(invitePanel.panel.line, /等待对手加入/);
  assert.equal(
    new URL(red.page.url()).searchParams.get('room'),
    created.roomId,
    'the address names the room (a reload comes back)',
  );
  await shotOnline(red.page, 'invite-panel');

  // ---- black opens the invite link in another context; a spectator the watch link ----
  const blackContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  let black = await openLink(blackContext, created.links.invite);
  const joined = await waitOnline(black.page, (s) => s.ready);
  assert.equal(joined.seat, 1);
  assert.equal(joined.roomId, created.roomId);
  assert.equal(await black.page.evaluate(() => window.qipan.game()), 'xiangqi');
  // Black came by the link with no name: the panel asks for one, and red sees it.
  await black.page.waitForSelector('#room-name-form:not([hidden])');
  assert.equal(await red.page.isHidden('#room-name-form'), true, 'red gave a name when creating');
  await black.page.fill('#room-name-input', 'Blackie');
  await black.page.click('#room-name-form button');
  await waitOnline(red.page, (s) => s.seats[1].name === 'Blackie');
  await red.page.waitForFunction(() => document.querySelector('#room-seats [data-seat="1"]').textContent.includes('Blackie'));
  await black.page.waitForSelector('#room-name-form', { state: 'hidden' });
  assert.equal(
    await black.page.evaluate(() => JSON.parse(localStorage.getItem('qipan.online.name'))),
    'Blackie',
    'remembered for next time',
  );
  const watcherContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const watcher = await openLink(watcherContext, created.links.watch);
  const watching = await online(watcher.page);
  assert.equal(watching.seat, null);
  assert.equal(watching.watch, true);
  // A third person with the invite link: both seats are taken, so they watch and are told why.
  const lateContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const late = await openLink(lateContext, created.links.invite);
  assert.equal((await online(late.page)).seat, null);
  await late.page.waitForFunction(() => /房间已满 · 你在观战/.test(document.querySelector('#toast')?.textContent ?? ''));
  await lateContext.close();
  await waitOnline(red.page, (s) => s.ready && s.spectators === 1 && s.seats[1].connected);
  const pages = [red.page, black.page, watcher.page];

  // Black cannot move on red's turn: two taps only queue a premove (the
  // board and the room unchanged), and a further tap cancels it.
  await click(black.page, 'h7');
  await click(black.page, 'e7');
  const queued = await waitOnline(black.page, (s) => s.premove === 'h7e7');
  assert.equal(queued.step, 0);
  assert.equal((await snapshot(black.page)).ply, 0);
  await click(black.page, 'a6');
  await waitOnline(black.page, (s) => s.premove === null);

  const play2 = async (all, page, move, step) => {
    await click(page, move.slice(0, 2));
    await click(page, move.slice(2));
    await waitAllAtStep(all, step);
  };
  const play = async (page, move, step) => {
    await click(page, move.slice(0, 2));
    await click(page, move.slice(2));
    // Shown at once (the page's engine played it), then confirmed.
    await waitAllAtStep([red.page, black.page, watcher.page], step);
  };

  for (let i = 0; i < 4; i++) await play(i % 2 ? black.page : red.page, MATE_LINE[i], i + 1);

  // ---- a refusal: the board goes back to the server's position, the reason in Chinese ----
  tamperNext = true;
  await click(red.page, 'a0');
  await click(red.page, 'a1');
  const refused = await red.page.waitForFunction(() => window.qipan.events().find((e) => e.type === 'online-refused'));
  assert.equal((await refused.jsonValue()).detail.code, 'illegal');
  const putBack = await waitOnline(red.page, (s) => s.step === 4 && s.localSteps === 4 && s.localPos === s.pos && !s.pending);
  assert.equal(putBack.step, 4);
  const toast = await red.page.textContent('#toast');
  assert.match(toast, /^棋盘已回到服务器的局面：/);
  console.log(`  refusal shown: ${toast}`);
  assert.doesNotMatch(toast, /[A-Za-z]{3,}/, `the reason is worded in Chinese: ${toast}`);
  assert.equal((await snapshot(red.page)).ply, 4, 'the chariot is back on a0');
  await waitAllAtStep(pages, 4);
  // A pos that differs from the page's own engine: the page syncs with the
  // server and goes on from its state.
  tamperIncoming = true;
  await play(red.page, MATE_LINE[4], 5);
  assert.equal(await eventCount(red.page, 'online-mismatch'), 1, 'the differing pos was noticed');
  assert.equal(await eventCount(black.page, 'online-mismatch'), 0);

  // ---- red asks to take back a0a1; black sees the request with its countdown and accepts ----
  await red.page.click('[data-room="undo"]');
  const asked = await waitOnline(black.page, (s) => s.panel.offer && s.panel.offer.kind === 'undo');
  assert.match(asked.panel.offer.text, /Red asks to undo \(answer within \d+ s\)/);
  assert.ok(Number(asked.panel.offer.seconds) > 0 && Number(asked.panel.offer.seconds) <= UNDO_TIMEOUT_MS / 1000);
  await waitOnline(red.page, (s) => /你请求悔棋，等待对方回答（\d+ 秒）/.test(s.panel.line));
  await black.page.click('#room-offer [data-room="accept"]');
  await waitAllAtStep(pages, 4);
  assert.equal((await snapshot(red.page)).ply, 4);
  await play(red.page, MATE_LINE[4], 5);
  await play(black.page, MATE_LINE[5], 6);

  // ---- black asks to undo f7g7 and red lets it expire (an automatic decline) ----
  const expiredBefore = await eventCount(black.page, 'online-event');
  await black.page.click('[data-room="undo"]');
  await waitOnline(red.page, (s) => s.panel.offer && s.panel.offer.kind === 'undo');
  await waitOnline(red.page, (s) => s.offers.undo === null && !s.panel.offer, null, UNDO_TIMEOUT_MS + 20000);
  // The request expired (an event of its own), on the asker's page too.
  await black.page.waitForFunction(
    (n) =>
      window.qipan
        .events()
        .filter((e) => e.type === 'online-event')
        .slice(n)
        .some((e) => e.detail.type === 'undo_expired'),
    expiredBefore,
  );
  assert.equal((await online(black.page)).step, 6, 'nothing was taken back');

  // ---- chat from a player and from the spectator ----
  await black.page.fill('#room-chat-input', 'good game 你好');
  await black.page.press('#room-chat-input', 'Enter');
  await watcher.page.fill('#room-chat-input', '加油');
  await watcher.page.click('#room-chat-form button');
  for (const page of pages) {
    const s = await waitOnline(page, (st) => st.chat.length === 2);
    assert.deepEqual(
      s.chat.map((c) => [c.seat, c.text]),
      [
        [1, 'good game 你好'],
        [null, '加油'],
      ],
    );
  }
  // The spectator's line carries the watching mark; the player's does not.
  assert.deepEqual(
    await red.page.$$eval('#room-chat-log li', (items) =>
      items.map((li) => li.querySelector('.room-chat-watching')?.textContent ?? null),
    ),
    [null, '观战'],
  );

  await play(red.page, MATE_LINE[6], 7);

  // ---- black reloads mid-game: the same seat back with its token, nothing lost ----
  await black.page.reload();
  await black.page.waitForFunction(() => window.qipan && window.qipan.online() && window.qipan.online().ready);
  const back = await waitOnline(black.page, (s) => s.step === 7 && s.localSteps === 7 && s.localPos === s.pos);
  assert.equal(back.seat, 1);
  assert.equal(back.chat.length, 2);
  await waitOnline(red.page, (s) => s.seats[1].connected);
  await play(black.page, MATE_LINE[7], 8);
  await play(red.page, MATE_LINE[8], 9);

  // ---- black's page goes away: red sees the reconnect countdown; black comes back ----
  await black.page.close();
  const counting = await waitOnline(red.page, (s) => !s.seats[1].connected && s.panel.countdown !== '');
  assert.ok(Number(counting.panel.countdown) > 0);
  assert.match(counting.panel.line, /黑方断线，\d+ 秒内可回来/);
  await shotOnline(red.page, 'reconnect-countdown');
  black = await openLink(blackContext, created.links.invite);
  const reseated = await waitOnline(black.page, (s) => s.ready && s.step === 9 && s.localPos === s.pos);
  assert.equal(reseated.seat, 1, 'the stored token took the same seat back');
  await waitOnline(red.page, (s) => s.seats[1].connected && s.panel.countdown === '');
  pages[1] = black.page;

  // The spectator looks back at step 5 while the game goes on: the moves
  // arrive, the board stays at step 5 and the slider grows.
  await watcher.page.fill('#room-replay-range', '5');
  await watcher.page.waitForFunction(() => window.qipan.snapshot().ply === 5);
  for (let i = 9; i < 12; i++) await play(i % 2 ? black.page : red.page, MATE_LINE[i], i + 1);
  const lookingBack = await online(watcher.page);
  assert.deepEqual(lookingBack.panel.replay, { value: 5, max: 12 });
  assert.deepEqual(await watcher.page.evaluate(() => [window.qipan.snapshot().ply, window.qipan.snapshot().live]), [5, false]);
  await watcher.page.fill('#room-replay-range', '12');
  await watcher.page.waitForFunction(() => window.qipan.snapshot().live && window.qipan.snapshot().ply === 12);
  await shotOnline(watcher.page, 'room-mid-game');

  // ---- the mate ----
  await play(red.page, MATE_LINE[12], 13);
  const results = [];
  for (const page of pages) results.push(await waitOnline(page, (s) => !!s.result && !!s.panel.result));
  for (const s of results) assert.deepEqual([s.result.winner, s.result.code], [0, 'checkmate']);
  assert.match(results[0].panel.result, /你赢了/);
  assert.match(results[1].panel.result, /You lost/);
  assert.doesNotMatch(results[2].panel.result, /你赢了|你输了/, 'a spectator sees the neutral result');
  const fens = await Promise.all(pages.map(async (p) => (await snapshot(p)).fen));
  assert.equal(new Set(fens).size, 1, 'the spectator sees the same board');
  assert.equal((await snapshot(watcher.page)).status.reason, 'checkmate');
  // No move after the result: the board takes none.
  assert.equal((await snapshot(black.page)).status.over, true);

  // ---- the replay slider on the spectator's page ----
  await watcher.page.fill('#room-replay-range', '6');
  await watcher.page.waitForFunction(() => window.qipan.snapshot().ply === 6);
  const replay = await online(watcher.page);
  assert.deepEqual(replay.panel.replay, { value: 6, max: 13 });
  await shotOnline(watcher.page, 'replay-slider');
  await watcher.page.focus('#room-replay-range');
  await watcher.page.keyboard.press('ArrowRight');
  await watcher.page.waitForFunction(() => window.qipan.snapshot().ply === 7);
  await watcher.page.fill('#room-replay-range', '13');
  await watcher.page.waitForFunction(() => window.qipan.snapshot().live && window.qipan.snapshot().ply === 13);

  // ---- the record's export: PGN with the moves the room played ----
  const [download] = await Promise.all([red.page.waitForEvent('download'), red.page.click('[data-room="export"]')]);
  const pgn = readFileSync(await download.path(), 'utf8');
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.equal((pgn.match(/\d+\./g) || []).length >= 7, true);

  // ---- rematch: colours swap, the same tokens take the new seats ----
  await red.page.click('[data-room="rematch"]');
  await waitOnline(black.page, (s) => s.panel.offer && s.panel.offer.kind === 'rematch');
  await black.page.click('#room-offer [data-room="accept"]');
  const again = await waitOnline(red.page, (s, first) => s.roomId !== first && s.ready && !s.result, created.roomId);
  assert.equal(again.seat, 1, 'red plays black in the rematch');
  const againBlack = await waitOnline(black.page, (s, id) => s.roomId === id && s.ready, again.roomId);
  assert.equal(againBlack.seat, 0);
  await settled(red.page);

  // ---- the rematch: a draw offered and declined, then a resignation ----
  // (black's page now plays red, red's page black; the board faces its player.)
  assert.equal((await snapshot(red.page)).ply, 0);
  await play2([black.page, red.page, watcher.page], black.page, 'h2e2', 1);
  await red.page.click('[data-room="draw"]');
  const drawOffer = await waitOnline(black.page, (s) => s.panel.offer && s.panel.offer.kind === 'draw');
  assert.match(drawOffer.panel.offer.text, /Black offers a draw/);
  await black.page.click('#room-offer [data-room="decline"]');
  await waitOnline(red.page, (s) => s.offers.draw === null);
  await red.page.waitForFunction(() => /对方拒绝了和棋/.test(document.getElementById('toast').textContent));
  await red.page.click('[data-room="resign"]');
  await red.page.waitForSelector('#confirm-dialog[open]');
  await red.page.click('#confirm-ok');
  const resigned = await waitOnline(black.page, (s) => !!s.result && !!s.panel.result);
  assert.deepEqual([resigned.result.winner, resigned.result.code], [0, 'resignation']);
  assert.match(resigned.panel.result, /You won/);
  assert.match((await waitOnline(red.page, (s) => !!s.panel.result)).panel.result, /你输了/);
  assert.match((await waitOnline(watcher.page, (s) => !!s.panel.result)).panel.result, /黑方认输/);

  for (const [name, problems] of [
    ['red', red.problems],
    ['black', black.problems],
    ['watcher', watcher.problems],
  ]) {
    assert.deepEqual(problems, [], `${name}'s page had errors`);
  }
  console.log(
    'ok - online xiangqi: invite + QR, join by link, spectator, undo accepted and expired, chat, reload, reconnect, mate, replay, export, rematch with a declined draw and a resignation, a refusal put right',
  );
});
