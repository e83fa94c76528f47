// Accounts and ratings in headless Chromium against a real room server
// (server/PROTOCOL.md "Accounts and ratings", started here on 127.0.0.1).
// Ann (English, desktop) signs up with a password in the lobby, after the
// server refused a weak one by its code; her name shows with sign out, and
// her session cookie is not readable by script. 李四 (Chinese, phone) finds
// the Rated box off while signed out, signs up by keyboard, signs out and in
// again (a wrong password refused first). Ann makes a rated xiangqi blitz
// seek (5+3, red); 李四 sees it with Ann's provisional rating and "计分", and
// accepts it; both move once (a rated game needs both sides' moves) and Ann
// resigns: both screens show each seat's rating change (+N / −N with U+2212)
// in the seats, the status line and the cards. Then Ann opens /@/李四: the
// profile with the blitz rating and one game, the chart where the answer has
// a history; from it the leaderboard of xiangqi blitz, back, and closed (the
// address is the page's own again). The lobby's leaderboard button opens it
// too, and a name in the room's seats the profile (desktop and phone).
// Screenshots in build/screenshots/online (accounts-*).
//   node tests/browser/online_accounts_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { click, openGame, watchErrors } from './page_harness.mjs';
import {
  openBrowser,
  openLobby,
  player,
  runAndExit,
  shotOnline,
  startServer,
  waitAllAtStep,
  waitEvent,
  unexpectedProblems,
  waitOnline,
} from './online_harness.mjs';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const MINUS = '\u2212';
const ANN = 'Ann';
const LI = '李四';
const PASSWORD = 'plum blossom 1987 river';
const LI_PASSWORD = '象棋 horse leg 4242';

const server = await startServer({ QIPAN_FIRST_MOVE_MS: '30000', QIPAN_SEAT_GRACE_MS: '60000' });
const browser = await openBrowser();

// The refusals this test asks for: a sign-up or sign-in refused.
const unexpected = (problems) => unexpectedProblems(problems, /^(signup|login)$/);

const accountName = (page) => page.evaluate(() => document.querySelector('#lobby-account-name')?.textContent ?? null);

// The sign-in or sign-up dialog, filled and sent; resolves with the
// answer's {ok, code} as the page saw it.
async function sendAccount(page, mode, name, password) {
  const before = await page.evaluate(() => window.qipan.events().filter((e) => e.type === 'account-answer').length);
  if (!(await page.isVisible('#account-dialog[open]'))) {
    await page.click(`#lobby-dialog [data-lobby="${mode}"]`);
    await page.waitForSelector('#account-dialog[open]');
  }
  await page.fill('#account-name', name);
  await page.fill('#account-password', password);
  await page.click('#account-go');
  await waitEvent(page, 'account-answer', before);
  return page.evaluate(
    () =>
      window.qipan
        .events()
        .filter((e) => e.type === 'account-answer')
        .at(-1).detail,
  );
}

// After a sign-up: the recovery codes, if the server gives them, saved.
async function saveRecoveryCodes(page) {
  if (await page.isVisible('#account-recovery')) {
    const codes = await page.$$eval('#account-codes li', (items) => items.map((li) => li.textContent));
    assert.ok(codes.length >= 1, 'the recovery codes are listed');
    await shotOnline(page, 'accounts-recovery-codes');
    await page.click('#account-dialog [data-account="done"]');
  }
  await page.waitForSelector('#account-dialog', { state: 'hidden' });
}

async function waitSignedIn(page, name) {
  await page.waitForFunction((n) => document.querySelector('#lobby-account-name')?.textContent === n, name, {
    timeout: 30000,
  });
  await waitEvent(page, 'lobby-ready');
}

async function accounts() {
  const ann = await player(browser, server.url, { locale: 'en-US', viewport: DESKTOP });
  const li = await player(browser, server.url, { locale: 'zh-CN', viewport: PHONE });

  // ---- Ann signs up with a password -------------------------------------------------
  await openLobby(ann.page);
  assert.equal(
    await ann.page.isVisible('#lobby-account'),
    true,
    "the lobby shows the account line: the server's hello names an account (the server has accounts)",
  );
  assert.equal(await ann.page.isVisible('#lobby-dialog [data-lobby="signin"]'), true);
  assert.equal(await ann.page.isDisabled('#lobby-rated'), true, 'signed out: no rated games');
  assert.match(await ann.page.textContent('#lobby-online'), /^[1-9]\d* players? online$/, 'counting at least Ann');
  assert.equal(await ann.page.textContent('#lobby-rated-hint'), 'Sign in to play rated games');
  const weak = await sendAccount(ann.page, 'signup', ANN, 'password');
  assert.deepEqual([weak.ok, weak.code], [false, 'weak_password'], 'a common password is refused');
  assert.equal(await ann.page.getAttribute('#account-error', 'data-code'), 'weak_password');
  assert.equal(await ann.page.textContent('#account-error-text'), 'That password is too easy to guess');
  assert.equal(await ann.page.getAttribute('#account-password', 'aria-invalid'), 'true');
  await shotOnline(ann.page, 'accounts-signup-refused-desktop');
  const made = await sendAccount(ann.page, 'signup', ANN, PASSWORD);
  assert.deepEqual([made.ok, made.code], [true, null]);
  await saveRecoveryCodes(ann.page);
  await waitSignedIn(ann.page, ANN);
  assert.equal(await ann.page.isVisible('#lobby-dialog [data-lobby="signout"]'), true);
  assert.equal(await ann.page.isVisible('.lobby-name'), false, 'an account plays under its own name');
  assert.equal(await ann.page.isDisabled('#lobby-rated'), false);
  assert.equal(await ann.page.isChecked('#lobby-rated'), true, 'rated by default once signed in');
  assert.equal(await ann.page.evaluate(() => document.cookie.includes('session')), false, 'the session is HttpOnly');
  // The quick buttons carry her (new, provisional) rating in each speed.
  await ann.page.waitForSelector('#lobby-quick [data-control="5+3"] .lobby-quick-rating');
  assert.equal(await ann.page.textContent('#lobby-quick [data-control="5+3"] .lobby-quick-rating'), '1500?');
  await shotOnline(ann.page, 'accounts-signed-in-desktop');

  // ---- 李四 signs up by keyboard, signs out, and in again ------------------------------
  await openLobby(li.page);
  assert.equal(await li.page.textContent('#lobby-rated-hint'), '登录后才能下计分对局');
  await li.page.focus('#lobby-dialog [data-lobby="signup"]');
  await li.page.keyboard.press('Enter');
  await li.page.waitForSelector('#account-dialog[open]');
  assert.equal(await li.page.evaluate(() => document.activeElement.id), 'account-name', 'the name field has the focus');
  assert.equal(await li.page.textContent('#account-title'), '注册账号');
  await li.page.keyboard.type(LI);
  await li.page.keyboard.press('Tab');
  assert.equal(await li.page.evaluate(() => document.activeElement.id), 'account-password');
  await li.page.keyboard.type(LI_PASSWORD);
  await li.page.keyboard.press('Enter');
  await waitEvent(li.page, 'account-answer');
  await saveRecoveryCodes(li.page);
  await waitSignedIn(li.page, LI);
  await li.page.click('#lobby-dialog [data-lobby="signout"]');
  await li.page.waitForSelector('#lobby-dialog [data-lobby="signin"]:not([hidden])');
  assert.equal(await accountName(li.page), null);
  assert.equal(await li.page.isDisabled('#lobby-rated'), true);
  const wrong = await sendAccount(li.page, 'signin', LI, 'not the password at all');
  assert.deepEqual([wrong.ok, wrong.code], [false, 'bad_credentials']);
  assert.equal(await li.page.textContent('#account-error-text'), '用户名或密码不对');
  await shotOnline(li.page, 'accounts-signin-refused-phone-zh');
  // The name as the player typed it in another width matches (NFKC, case folded).
  const back = await sendAccount(li.page, 'signin', LI, LI_PASSWORD);
  assert.equal(back.ok, true);
  await waitSignedIn(li.page, LI);

  // ---- a rated blitz seek, seen with its rating and accepted --------------------------
  await ann.page.selectOption('#lobby-game', 'xiangqi');
  await ann.page.selectOption('#lobby-clock', '5+3');
  await ann.page.selectOption('#lobby-color', 'first');
  assert.equal(await ann.page.isVisible('#lobby-range'), true, 'a signed-in seeker may ask for a rating range');
  await ann.page.selectOption('#lobby-range', '300');
  await ann.page.click('[data-lobby="create"]');
  await waitEvent(ann.page, 'lobby-waiting');
  const sent = await ann.page.evaluate(
    () =>
      window.qipan
        .events()
        .filter((e) => e.type === 'lobby-command')
        .at(-1).detail,
  );
  assert.deepEqual([sent.event, sent.ok, sent.rated], ['seek:create', true, true], 'the seek was sent rated');
  const own = await ann.page.waitForSelector('#lobby-seeks .lobby-row.mine');
  const seekId = await own.getAttribute('data-seek-id');
  await ann.page.waitForFunction(() => document.querySelector('#lobby-waiting-text').textContent.includes('Rated'));
  const row = `#lobby-seeks [data-seek-id="${seekId}"]`;
  await li.page.waitForSelector(row);
  const parts = await li.page.$$eval(`${row} .lobby-part`, (ps) => ps.map((p) => p.textContent));
  assert.deepEqual(parts.slice(0, 2), [ANN, '1500?'], "the seeker's provisional rating beside the name");
  assert.ok(parts.includes('计分'), `the row says rated: ${parts.join(' · ')}`);
  assert.ok(parts.includes('超快棋 5+3'), parts.join(' · '));
  assert.ok(parts.includes('对手 1200–1800'), `the range around Ann's 1500: ${parts.join(' · ')}`);
  assert.equal(await li.page.getAttribute(`${row} a.lobby-profile`, 'href'), new URL('@/Ann', server.url).href);
  await shotOnline(li.page, 'accounts-rated-seek-phone-zh');
  await li.page.click(`${row} [data-lobby="accept"]`);
  const liRoom = await waitOnline(li.page, (s) => s.ready);
  const annRoom = await waitOnline(ann.page, (s) => s.ready);
  assert.equal(liRoom.roomId, annRoom.roomId);
  assert.deepEqual([annRoom.seat, liRoom.seat], [0, 1], 'Ann plays red, as her seek asked');
  assert.equal(annRoom.rated, true, 'the room is rated');
  assert.match(annRoom.panel.title, / · Rated$/);
  assert.deepEqual(
    annRoom.seats.map((s) => s.name),
    [ANN, LI],
  );

  // ---- both move, Ann resigns: both see the rating changes ---------------------------
  await click(ann.page, 'h2');
  await click(ann.page, 'e2');
  await waitAllAtStep([ann.page, li.page], 1);
  await click(li.page, 'h9');
  await click(li.page, 'g7');
  await waitAllAtStep([ann.page, li.page], 2);
  await ann.page.click('[data-room="resign"]');
  await ann.page.waitForSelector('#confirm-dialog[open]');
  await ann.page.click('#confirm-ok');
  const rated = (s) => !!s.result && Array.isArray(s.result.ratingDiff);
  const annOver = await waitOnline(ann.page, rated);
  const liOver = await waitOnline(li.page, rated);
  const [annDiff, liDiff] = annOver.result.ratingDiff;
  assert.deepEqual(liOver.result.ratingDiff, [annDiff, liDiff], 'both screens have the same changes');
  assert.ok(annDiff < 0 && liDiff > 0, `the loser loses, the winner gains: ${annDiff}, ${liDiff}`);
  const minus = `${MINUS}${-annDiff}`;
  const plus = `+${liDiff}`;
  for (const state of [annOver, liOver]) {
    assert.ok(state.panel.seatLines[0].includes(minus), `red's seat: ${state.panel.seatLines[0]}`);
    assert.ok(state.panel.seatLines[1].includes(plus), `black's seat: ${state.panel.seatLines[1]}`);
  }
  assert.ok(annOver.panel.status.includes(`Rating ${minus}`), annOver.panel.status);
  assert.ok(liOver.panel.status.includes(`等级分 ${plus}`), liOver.panel.status);
  const cards = await li.page.$$eval('#cards .card', (cs) => cs.map((c) => c.textContent));
  assert.ok(
    cards.some((c) => c.includes(plus)),
    `the cards show the change: ${cards.join(' | ')}`,
  );
  await shotOnline(ann.page, 'accounts-rated-result-desktop');
  await shotOnline(li.page, 'accounts-rated-result-phone-zh');

  // ---- the profile at /@/NAME, its leaderboard, back, closed --------------------------
  const profilePage = await ann.context.newPage();
  const profileProblems = watchErrors(profilePage);
  await openGame(profilePage, new URL(`@/${encodeURIComponent(LI)}`, server.url).href);
  await profilePage.waitForSelector('#profile-dialog[open]');
  await waitEvent(profilePage, 'profile-loaded');
  const loaded = await profilePage.evaluate(() => window.qipan.events().find((e) => e.type === 'profile-loaded').detail);
  assert.deepEqual([loaded.ok, loaded.name], [true, LI]);
  assert.equal(await profilePage.textContent('#profile-title'), `Player ${LI}`);
  assert.match(await profilePage.textContent('#profile-joined'), /^Joined /);
  const blitz = await profilePage.$$eval('#profile-perfs tr[data-perf="xiangqi-blitz"] > *', (cells) =>
    cells.map((c) => c.textContent),
  );
  assert.equal(blitz[0], 'Xiangqi Blitz');
  assert.match(blitz[1], /^\d{3,4}\?$/, 'provisional after one game');
  assert.equal(Number(blitz[1].slice(0, -1)), 1500 + liDiff, "the profile's rating is the one the game gave");
  // Ann, signed in, sees her record against this player.
  assert.equal(
    await profilePage.textContent('#profile-head-to-head'),
    `${LI} against you in rated games: 1 won, 0 drawn, 0 lost`,
  );
  assert.equal(blitz[2], '1');
  if (await profilePage.isVisible('#profile-history')) {
    assert.ok(Number(await profilePage.getAttribute('#profile-chart', 'data-points')) >= 1, 'the chart has its points');
    assert.match(await profilePage.getAttribute('#profile-chart', 'aria-label'), /Xiangqi Blitz rating history/);
  }
  // The manifest and service worker are found at the page's base, not under /@/.
  assert.equal(await profilePage.getAttribute('link[rel="manifest"]', 'href'), new URL('manifest.webmanifest', server.url).href);
  await shotOnline(profilePage, 'accounts-profile-desktop');
  await profilePage.click('#profile-to-board');
  await waitEvent(profilePage, 'leaderboard-loaded');
  assert.equal(await profilePage.textContent('#profile-title'), 'Leaderboard: Xiangqi Blitz');
  assert.equal(await profilePage.inputValue('#board-game'), 'xiangqi');
  assert.equal(await profilePage.inputValue('#board-speed'), 'blitz');
  // One rated game is not enough for the board (10 games, a settled rating).
  const boardRows = await profilePage.$$eval('#board-table tbody tr', (rs) => rs.length);
  assert.equal(boardRows > 0 || (await profilePage.isVisible('#board-empty')), true);
  await shotOnline(profilePage, 'accounts-leaderboard-desktop');
  await profilePage.selectOption('#board-speed', 'rapid');
  await waitEvent(profilePage, 'leaderboard-loaded', 1);
  assert.equal(await profilePage.textContent('#profile-title'), 'Leaderboard: Xiangqi Rapid');
  await profilePage.click('[data-profile="back"]');
  await profilePage.waitForFunction((n) => document.querySelector('#profile-title').textContent === `Player ${n}`, LI);
  await profilePage.keyboard.press('Escape');
  await waitEvent(profilePage, 'profile-closed');
  assert.equal(new URL(profilePage.url()).pathname, '/', 'closed: the page at its own address');
  assert.deepEqual(unexpected(profileProblems), [], 'the profile page had errors');
  await profilePage.close();

  // ---- the lobby's leaderboard button; a name in the room opens the profile -----------
  const annLobby = await ann.context.newPage();
  const annLobbyProblems = watchErrors(annLobby);
  await openGame(annLobby, server.url);
  await openLobby(annLobby);
  await waitSignedIn(annLobby, ANN);
  assert.equal(
    await annLobby.textContent('#lobby-quick [data-control="5+3"] .lobby-quick-rating'),
    `${1500 + annDiff}?`,
    'the new rating in the lobby',
  );
  await annLobby.selectOption('#lobby-clock', '5+3');
  await annLobby.click('#lobby-dialog [data-lobby="leaderboard"]');
  await annLobby.waitForSelector('#profile-dialog[open]');
  await waitEvent(annLobby, 'leaderboard-loaded');
  assert.equal(await annLobby.textContent('#profile-title'), 'Leaderboard: Xiangqi Blitz');
  await annLobby.keyboard.press('Escape');
  await annLobby.waitForSelector('#profile-dialog', { state: 'hidden' });
  assert.equal(await annLobby.isVisible('#lobby-dialog[open]'), true, 'back in the lobby');
  assert.deepEqual(unexpected(annLobbyProblems), []);
  await annLobby.close();

  await ann.page.click(`#room-seats a[data-profile-name="${LI}"]`);
  await ann.page.waitForSelector('#profile-dialog[open]');
  await waitEvent(ann.page, 'profile-loaded');
  assert.equal(await ann.page.textContent('#profile-title'), `Player ${LI}`);
  // On the phone, in Chinese: Ann's profile from the room's seats.
  await li.page.click(`#room-seats a[data-profile-name="${ANN}"]`);
  await li.page.waitForSelector('#profile-dialog[open]');
  await waitEvent(li.page, 'profile-loaded');
  assert.equal(await li.page.textContent('#profile-title'), `棋手 ${ANN}`);
  assert.equal(await li.page.textContent('#profile-perfs tr[data-perf="xiangqi-blitz"] th'), '象棋 超快棋');
  await shotOnline(li.page, 'accounts-profile-phone-zh');

  for (const [who, problems] of [
    [ANN, ann.problems],
    [LI, li.problems],
  ])
    assert.deepEqual(unexpected(problems), [], `${who}'s page had errors`);
  await ann.context.close();
  await li.context.close();
  console.log(
    'ok - sign up (a weak password refused), sign out and in (a wrong password refused), a rated blitz seek with its ' +
      'rating, both see the rating changes, the profile at /@/NAME, the leaderboard',
  );
}

await runAndExit(browser, server, async () => {
  await accounts();
  console.log('1 passed, 0 failed');
});
