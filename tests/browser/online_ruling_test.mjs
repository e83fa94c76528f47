// A repetition ruling in an online xiangqi room, in headless Chromium
// against a real room server: red (Chinese page) creates the room, black
// (English page) comes by the invite link, both pages name the room's rule
// set (the Asian rules, the rooms' default), and they play by pointer the
// rook chase of tests/server/rulings_test.mjs: red's rook chases black's
// cannon between b4 and b5 until the position stands a third time. Red's
// page asks before the losing move; once played, the server's result
// carries the engine's ruling, and both pages say it in their language,
// with the chasing rook and the chased cannon marked. The room's own
// address (/game/ROOMID) replays it and exports the PGN with the ruling
// ([Termination], [Rules], the comment on the last move).
// Screenshots in build/screenshots/online (ruling-*.png).
//   node tests/browser/online_ruling_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clickMove } from './page_harness.mjs';
import {
  createRoom,
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

const CHASE_LINE = ['i0i1', 'h9g7', 'i1d1', 'b7b4', 'd1d4', 'b4b5', 'd4d5', 'b5b4', 'd5d4', 'b4b5', 'd4d5', 'b5b4', 'd5d4'];

const rulesText = (page) => page.textContent('#xq-rules-text');

const server = await startServer({ QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();
await runAndExit(browser, server, async () => {
  const red = await player(browser, server.url);
  const created = await createRoom(red.page, { name: '红' });
  const blackContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const black = await openLink(blackContext, created.links.invite);
  await waitOnline(black.page, (s) => s.ready);
  await waitOnline(red.page, (s) => s.ready);
  assert.equal((await rulesText(red.page)).trim(), '规则：亚洲规则', "red's page names the room's rule set");
  assert.equal((await rulesText(black.page)).trim(), 'Rules: Asian rules');

  const pages = [red.page, black.page];
  for (const [i, move] of CHASE_LINE.entries()) {
    const page = pages[i % 2];
    await clickMove(page, move);
    if (i === CHASE_LINE.length - 1) {
      // The losing repetition: the page asks once before playing it.
      await page.waitForSelector('#confirm-dialog[open]');
      assert.match(await page.textContent('#confirm-text'), /长捉/);
      await page.click('#confirm-ok');
    }
    await waitAllAtStep(pages, i + 1);
  }
  const redSide = await waitOnline(red.page, (s) => !!s.result && s.localSteps === s.step);
  const blackSide = await waitOnline(black.page, (s) => !!s.result && s.localSteps === s.step);
  for (const state of [redSide, blackSide]) {
    assert.equal(state.result.code, 'perpetual_chase');
    assert.equal(state.result.winner, 1);
    assert.deepEqual(state.result.ruling.chased, [{ square: 'b4', piece: 'c', by: 'd4', by_piece: 'R' }]);
  }
  assert.match(redSide.panel.status, /红方长捉.*判负/, 'the ruling in words, in Chinese');
  assert.match(blackSide.panel.status, /Red loses: perpetual chase/, 'and in English');
  // The board marks the chasing rook and the chased cannon (the page's own engine ruled the same).
  for (const page of pages) {
    const marks = await page.evaluate(() => window.qipan.snapshot().ruling?.chased);
    assert.deepEqual(marks, [{ square: 'b4', piece: 'c', by: 'd4', by_piece: 'R' }]);
  }
  await shotOnline(red.page, 'ruling-red');
  await shotOnline(black.page, 'ruling-black');

  // ---- the room's own address: the replay and the PGN ----
  const visitor = await player(browser, `${server.url}game/${created.roomId}`, { locale: 'en-US' });
  const replay = await waitOnline(visitor.page, (s) => !!s.result && s.localSteps === s.step);
  assert.equal(replay.watch, true);
  assert.equal(replay.result.ruling.side, 'red');
  assert.match(replay.panel.status, /Red loses: perpetual chase/);
  assert.match(await rulesText(visitor.page), /^Rules: Asian rules · The cycle: moves 6–13/);
  const [download] = await Promise.all([visitor.page.waitForEvent('download'), visitor.page.click('[data-room="export"]')]);
  const pgn = readFileSync(await download.path(), 'utf8');
  assert.match(pgn, /\[Result "0-1"\]\n\[Termination "perpetual chase"\]\n\[Rules "asian"\]\n/);
  assert.match(
    pgn,
    /\{Red loses: perpetual chase of the black cannon on b4 by the red rook on d4 \(Asian rules; WXF rules, general rule 3\)\}\n0-1\n$/,
  );
  await shotOnline(visitor.page, 'ruling-game-address');

  for (const [who, problems] of [
    ['red', red.problems],
    ['black', black.problems],
    ['visitor', visitor.problems],
  ])
    assert.deepEqual(problems, [], `${who}'s page had errors`);
  assert.equal((await online(red.page)).result.code, 'perpetual_chase');
  console.log('ok - an online chase: the rule set named, the losing move confirmed, the ruling said and exported');
});
