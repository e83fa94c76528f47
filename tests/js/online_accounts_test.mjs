// The page's side of accounts and ratings without a browser (web/online/):
// perfs and their names, ratings as shown (`1500?` provisional) and their
// changes (`+12`, `−12` with U+2212), the account routes' refusals worded by
// code with the server's reason beside them, a seek's rating and mode in its
// row, who the page is signed in as from hello's answer, the profile's
// address (/@/NAME, any script) and the page's base seen from it, a
// profile's rows and recent outcomes, and the rating chart's layout.
//   node tests/js/online_accounts_test.mjs
import assert from 'node:assert/strict';
import { I18n, LANGUAGES, wordTables } from '../../web/app/i18n.js';
import { ACCOUNT, ACCOUNT_REFUSALS } from '../../web/app/strings/account.js';
import { GAMES } from '../../web/games/index.js';
import { accountsReachable, accountState, noteHello, onAccountChange } from '../../web/online/account.js';
import {
  accountRefusal,
  accountRefusalText,
  deviceText,
  diffKind,
  diffText,
  parsePerf,
  perfName,
  perfOf,
  perfRatingText,
  ratingText,
  seatRating,
  seekRating,
} from '../../web/online/account_words.js';
import { momentText } from '../../web/online/account_panel.js';
import { seekParts } from '../../web/online/lobby_words.js';
import { passkeyErrorCode, passkeysOffered } from '../../web/online/passkeys.js';
import { dayText, perfRows, recentOutcome } from '../../web/online/profile_view.js';
import { chartLayout, chartPoints } from '../../web/online/rating_chart.js';
import {
  basePath,
  leaderboardAddress,
  leaderboardWanted,
  leaveProfilePath,
  lobbyAddress,
  profileAddress,
  profileOfPath,
} from '../../web/online/room_address.js';
import { finish, test } from './harness.mjs';

const zh = new I18n('zh', GAMES);
const en = new I18n('en', GAMES);
const BLITZ = { initialMs: 300_000, incrementMs: 3000 };

test('the account words have the same keys in both languages, and every refusal code is worded', () => {
  for (const table of [ACCOUNT, ACCOUNT_REFUSALS]) {
    const keys = LANGUAGES.map((language) => Object.keys(table[language]).sort());
    assert.deepEqual(keys[0], keys[1]);
  }
  for (const code of ['name_taken', 'bad_name', 'weak_password', 'bad_credentials', 'rate_limited'])
    for (const language of LANGUAGES) assert.ok(ACCOUNT_REFUSALS[language][code], `${language} ${code}`);
  // Chinese is Chinese (the parameters apart).
  for (const [key, text] of Object.entries({ ...ACCOUNT.zh, ...ACCOUNT_REFUSALS.zh }))
    assert.doesNotMatch(text.replace(/\{\w+\}/g, ''), /[A-Za-z]{2,}/, key);
  // The page's word tables carry them.
  const strings = wordTables(GAMES).strings;
  assert.equal(strings.zh.accountSignIn, '登录');
  assert.equal(strings.en.accountSignUp, 'Sign up');
});

test('a perf is a game and a speed class, from initial + 40 increments; untimed is casual', () => {
  assert.equal(perfOf('xiangqi', BLITZ), 'xiangqi-blitz');
  assert.equal(perfOf('reversi', { initialMs: 60_000, incrementMs: 0 }), 'reversi-bullet');
  assert.equal(perfOf('checkers', { initialMs: 600_000, incrementMs: 5000 }), 'checkers-rapid');
  assert.equal(perfOf('xiangqi', { initialMs: 1_800_000, incrementMs: 20_000 }), 'xiangqi-classical');
  assert.equal(perfOf('xiangqi', null), null);
  assert.deepEqual(parsePerf('reversi-rapid'), { game: 'reversi', speed: 'rapid' });
  for (const bad of ['xiangqi', 'chess-blitz', 'xiangqi-hyper', '', null]) assert.equal(parsePerf(bad), null);
  assert.equal(perfName(en, 'xiangqi-blitz'), 'Xiangqi Blitz');
  assert.equal(perfName(zh, 'reversi-bullet'), '黑白棋 子弹棋');
  assert.equal(perfName(en, 'odd-perf'), 'odd-perf');
});

test('ratings are rounded, `?` while provisional; changes carry a sign, the minus being U+2212', () => {
  assert.equal(ratingText(1500), '1500');
  assert.equal(ratingText(1499.6, true), '1500?');
  assert.equal(ratingText(undefined), '');
  assert.equal(perfRatingText({ rating: 1612.4, rd: 60, games: 30, provisional: false }), '1612');
  assert.equal(perfRatingText({ rating: 1500, rd: 350 }), '1500?', 'provisional from the deviation when not said');
  assert.equal(perfRatingText({ rating: 1500, rd: 109 }), '1500');
  assert.equal(diffText(12), '+12');
  assert.equal(diffText(-12), '\u221212');
  assert.equal(diffText(-12.4), '−12');
  assert.equal(diffText(0), '±0');
  assert.equal(diffText(null), '');
  assert.deepEqual([diffKind(5), diffKind(-5), diffKind(0)], ['up', 'down', 'same']);
  assert.deepEqual(seatRating({ rating: 1720, provisional: false }), { rating: 1720, provisional: false });
  assert.equal(seatRating({ name: 'anon' }), null);
});

test("an account route's refusal: the code's words, the server's reason as detail", () => {
  const refused = { ok: false, code: 'name_taken', reason: 'that name is already taken' };
  assert.deepEqual(accountRefusal(en, refused), { text: 'That user name is taken', detail: 'that name is already taken' });
  assert.equal(accountRefusalText(zh, refused), '这个用户名已经有人用了（that name is already taken）');
  assert.equal(accountRefusalText(en, { ok: false, code: 'bad_credentials' }), 'Wrong user name or password');
  assert.equal(accountRefusalText(en, { ok: false, code: 'rate_limited', retryAfterMs: 4200 }), 'Too many tries: wait 5 s');
  assert.equal(accountRefusalText(zh, { ok: false, code: 'something_new', reason: 'x' }), '服务器出错，请再试一次（x）');
});

test("passkeys: the browser's failures as our codes, each worded; offered only on the server's own page", () => {
  const failure = (name, code) => Object.assign(new Error('x'), { name, ...(code ? { code } : {}) });
  assert.equal(passkeyErrorCode(failure('NotAllowedError')), 'passkey_cancelled');
  assert.equal(passkeyErrorCode(failure('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY')), 'passkey_cancelled');
  assert.equal(passkeyErrorCode(failure('AbortError', 'ERROR_CEREMONY_ABORTED')), 'passkey_cancelled');
  assert.equal(passkeyErrorCode(failure('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')), 'passkey_exists');
  assert.equal(passkeyErrorCode(failure('SecurityError', 'ERROR_INVALID_DOMAIN')), 'passkey_domain');
  assert.equal(passkeyErrorCode(new Error('WebAuthn is not supported in this browser')), 'passkey_unsupported');
  assert.equal(passkeyErrorCode(failure('UnknownError')), 'passkey_failed');
  const codes = ['passkey_cancelled', 'passkey_exists', 'passkey_domain', 'passkey_unsupported', 'passkey_failed'];
  for (const code of [...codes, 'passkey_refused', 'wrong_password', 'bad_recovery', 'not_allowed'])
    for (const language of LANGUAGES) assert.ok(ACCOUNT_REFUSALS[language][code], `${language} ${code}`);
  assert.equal(
    accountRefusalText(en, { ok: false, code: 'passkey_exists' }),
    'This device already holds a passkey of this account',
  );
  assert.equal(accountRefusalText(zh, { ok: false, code: 'passkey_refused' }), '这个通行密钥不被接受');
  // Node has no WebAuthn, and a page from disk no accounts.
  assert.equal(passkeysOffered('http://localhost:8080', { protocol: 'http:', origin: 'http://localhost:8080' }), false);
  assert.equal(passkeysOffered('http://localhost:8080', { protocol: 'file:', origin: 'null' }), false);
});

test("a session's browser and system, short; its times in figures", () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
  assert.equal(deviceText(en, chrome), 'Chrome on Linux');
  assert.equal(deviceText(zh, chrome), 'Linux 上的 Chrome');
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  assert.equal(deviceText(en, iphone), 'Safari on iPhone');
  const edge =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0';
  assert.equal(deviceText(en, edge), 'Edge on Windows');
  assert.equal(deviceText(en, 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0'), 'Firefox on Android');
  assert.equal(deviceText(en, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)'), 'macOS');
  assert.equal(deviceText(en, ''), 'Unknown browser');
  assert.equal(deviceText(zh, null), '未知浏览器');
  const at = Date.UTC(2026, 11, 8, 14, 5);
  assert.match(momentText(zh, at), /^2026\/12\/8 \d\d:\d\d$/, 'figures in Chinese: the embedded font has no 年月日');
  assert.match(momentText(en, at), /^8 Dec 2026, \d\d:\d\d$/);
  assert.equal(momentText(en, undefined), '?');
});

test("a seek shows its player's rating and whether it is rated; an anonymous seek reads as before", () => {
  const anonymous = { seekId: 's1', game: 'reversi', clock: null, color: 'first', player: { playerId: 'p', name: 'Ann' } };
  assert.deepEqual(seekParts(en, anonymous), ['Ann', 'Reversi', 'Untimed', 'plays Black']);
  assert.deepEqual(seekParts(en, { ...anonymous, rated: false }), ['Ann', 'Reversi', 'Untimed', 'plays Black']);
  const rated = {
    seekId: 's2',
    game: 'xiangqi',
    clock: BLITZ,
    color: 'random',
    rated: true,
    player: { playerId: 'q', name: '李四', rating: 1523.2, provisional: true },
  };
  assert.deepEqual(seekRating(rated), { rating: 1523.2, provisional: true });
  assert.deepEqual(seekParts(zh, rated), ['李四', '1523?', '象棋', '超快棋 5+3', '计分', '颜色随机']);
  const casual = { ...rated, rated: false, player: { ...rated.player, provisional: false } };
  assert.deepEqual(seekParts(en, casual), ['李四', '1523', 'Xiangqi', 'Blitz 5+3', 'Casual', 'random colours']);
  assert.deepEqual(seekRating({ rating: 1400, provisional: false }), { rating: 1400, provisional: false }, 'on the seek too');
});

test("who the page is signed in as comes from hello's answer; a server without accounts says nothing", () => {
  const seen = [];
  const undo = onAccountChange((state) => seen.push(state));
  noteHello('http://a', { ok: true, playerId: 'p1' });
  assert.deepEqual(accountState(), { server: 'http://a', supported: false, name: null, perfs: null });
  noteHello('http://a', { ok: true, playerId: 'p1', account: null });
  assert.equal(accountState().supported, true);
  assert.equal(accountState().name, null);
  noteHello('http://a', { ok: true, playerId: 'p1', account: null });
  assert.equal(seen.length, 2, 'the same answer again changes nothing');
  noteHello('http://a', { ok: false, code: 'bad_request' });
  assert.equal(accountState().supported, false, 'a refused hello: no accounts');
  undo();
  // Accounts only where the server served the page (its cookie is the page's origin's).
  const at = (href) => new URL(href);
  assert.equal(accountsReachable('http://127.0.0.1:8080', at('http://127.0.0.1:8080/')), true);
  assert.equal(accountsReachable('http://127.0.0.1:8080', at('http://localhost:8080/')), false);
  assert.equal(accountsReachable('http://127.0.0.1:8080', at('file:///tmp/index.html')), false);
  assert.equal(accountsReachable(null, at('http://127.0.0.1:8080/')), false);
});

test("a profile's address is /@/NAME in any script; the page's base is found from it", () => {
  assert.equal(profileAddress('http://h:8080', '李四'), 'http://h:8080/@/%E6%9D%8E%E5%9B%9B');
  assert.equal(profileAddress('http://h/qipan/', 'ann_1'), 'http://h/qipan/@/ann_1');
  assert.equal(profileOfPath('/@/%E6%9D%8E%E5%9B%9B'), '李四');
  assert.equal(profileOfPath('/qipan/@/ann_1/'), 'ann_1');
  assert.equal(profileOfPath('/@/%E0%A4%A'), null, 'a broken escape is no name');
  assert.equal(profileOfPath('/game/abcdefghjk'), null);
  assert.equal(profileOfPath('/'), null);
  assert.equal(basePath('/@/ann'), '/');
  assert.equal(basePath('/qipan/@/%E6%9D%8E'), '/qipan/');
  assert.equal(leaderboardAddress('http://h:8080', 'xiangqi-blitz'), 'http://h:8080/?leaderboard=xiangqi-blitz');
  const replaced = [];
  const history = { replaceState: (_, __, href) => replaced.push(href) };
  assert.equal(leaderboardWanted(new URL('http://h/?leaderboard=reversi-rapid&x=1'), history), 'reversi-rapid');
  assert.deepEqual(replaced, ['http://h/?x=1'], 'taken out of the address');
  assert.equal(leaderboardWanted(new URL('http://h/'), history), null);
  leaveProfilePath(new URL('http://h/qipan/@/ann?x=1'), history);
  assert.equal(replaced.at(-1), 'http://h/qipan/?x=1');
  assert.equal(lobbyAddress(new URL('http://h/@/ann')), 'http://h/?lobby=1', 'the lobby from a profile is the page without it');
});

test("a profile's ratings, most played first, and its recent games' outcomes", () => {
  const perfs = {
    'xiangqi-blitz': { rating: 1600, rd: 80, games: 12 },
    'reversi-rapid': { rating: 1500, rd: 300, games: 2 },
    'xiangqi-bullet': { rating: 1450, rd: 90, games: 12 },
    'nonsense-perf': { rating: 1, games: 99 },
  };
  assert.deepEqual(
    perfRows(perfs).map(([perf]) => perf),
    ['xiangqi-blitz', 'xiangqi-bullet', 'reversi-rapid'],
  );
  assert.deepEqual(perfRows(undefined), []);
  assert.equal(recentOutcome({ score: 1 }), 'won');
  assert.equal(recentOutcome({ score: 0.5 }), 'drawn');
  assert.equal(recentOutcome({ score: 0 }), 'lost');
  assert.equal(recentOutcome({ seat: 1, result: { winner: 1, code: 'resignation' } }), 'won');
  assert.equal(recentOutcome({ seat: 1, result: { winner: null, code: 'agreement' } }), 'drawn');
  assert.equal(recentOutcome({ seat: 0, result: { winner: null, code: 'aborted' } }), null);
  const day = Date.UTC(2026, 11, 8, 12);
  assert.equal(dayText(zh, day), '2026/12/8', 'figures in Chinese: the embedded font has no 年月日');
  assert.equal(dayText(en, day), '8 Dec 2026');
});

test('the rating chart: one perf, oldest first, on an axis at least 100 wide on 50s', () => {
  const history = [
    { at: 3000, rating: 1540, perf: 'xiangqi-blitz' },
    { at: 1000, rating: 1500, perf: 'xiangqi-blitz' },
    { at: 2000, rating: 1480, perf: 'xiangqi-blitz' },
    { at: 2500, rating: 1700, perf: 'reversi-blitz' },
    { at: 'bad', rating: 1, perf: 'xiangqi-blitz' },
  ];
  const points = chartPoints(history, 'xiangqi-blitz');
  assert.deepEqual(
    points.map((p) => p.rating),
    [1500, 1480, 1540],
  );
  const layout = chartLayout(points, 300, 160);
  assert.deepEqual([layout.lo, layout.hi], [1450, 1600]);
  assert.equal(layout.xs[0], layout.pad.left, 'the oldest at the left');
  assert.equal(layout.xs[2], 300 - layout.pad.right, 'the newest at the right');
  assert.ok(layout.ys[2] < layout.ys[0] && layout.ys[1] > layout.ys[0], 'higher ratings higher up');
  const one = chartLayout([{ at: 5, rating: 1500 }], 300, 160);
  assert.equal(one.hi - one.lo, 100);
  assert.ok(Number.isFinite(one.xs[0]) && Number.isFinite(one.ys[0]), 'one game: a point in the middle');
});

finish();
