// The page's side of players and the lobby without a browser (web/online/):
// the player key (128 bits, base64url, made once and kept), the lobby's lists
// kept from the subscription's answer and its events (the seeks oldest
// first, the games most watched first; events about unknown entries change
// nothing), the rows in words in both languages (a seek, a game to watch,
// one of the player's games with its outcome from the player's seat), and a
// room's own address (/game/ROOMID) with the page's base seen from it.
//   node tests/js/online_lobby_test.mjs
import assert from 'node:assert/strict';
import { I18n, LANGUAGES, wordTables } from '../../web/app/i18n.js';
import { GAMES } from '../../web/games/index.js';
import { LOBBY } from '../../web/app/strings/lobby.js';
import { LobbyModel } from '../../web/online/lobby_model.js';
import { colorWish, gameParts, myGameParts, outcomeOf, outcomeText, seekParts } from '../../web/online/lobby_words.js';
import { ruleSetName } from '../../web/online/rule_set_words.js';
import { base64url, isPlayerKey, newPlayerKey, playerKey } from '../../web/online/player_identity.js';
import { basePath, gameAddress, lobbyAddress, pageBase, roomOfPath, watchAddress } from '../../web/online/room_address.js';
import { finish, test } from './harness.mjs';

const STRINGS = wordTables(GAMES).strings;

const zh = new I18n('zh', GAMES);
const en = new I18n('en', GAMES);
const BULLET = { initialMs: 60_000, incrementMs: 0 };
const BLITZ = { initialMs: 300_000, incrementMs: 3000 };

// A localStorage stand-in; `refuse` makes it throw as private mode does.
function memoryStorage({ refuse = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, String(value));
    },
  };
}

test('a player key is 128 random bits in base64url (22 characters), made once per browser and kept', () => {
  assert.equal(base64url(new Uint8Array(16).fill(255)), '_____________________w');
  assert.equal(base64url(new Uint8Array([251, 239])), '--8');
  const key = newPlayerKey();
  assert.match(key, /^[A-Za-z0-9_-]{22}$/);
  assert.notEqual(newPlayerKey(), key, 'random');
  assert.equal(isPlayerKey(key), true);
  for (const bad of ['', 'short', 'a'.repeat(65), 'with space and more characters', null, 42])
    assert.equal(isPlayerKey(bad), false);
  const storage = memoryStorage();
  const first = playerKey(storage);
  assert.equal(storage.items.get('qipan.online.player'), first, 'kept in localStorage');
  assert.equal(playerKey(storage), first, 'the same key the next time');
  storage.items.set('qipan.online.player', 'not a key!');
  const fresh = playerKey(storage);
  assert.equal(isPlayerKey(fresh), true, 'a broken stored key is replaced');
  // Private mode: no storage, one key for the whole visit.
  const refusing = memoryStorage({ refuse: true });
  assert.equal(playerKey(refusing), playerKey(refusing));
});

const seek = (seekId, createdAt, extra = {}) => ({
  seekId,
  game: 'xiangqi',
  clock: BLITZ,
  options: {},
  color: 'random',
  player: { playerId: `p${seekId}`, name: `N${seekId}` },
  createdAt,
  ...extra,
});
const game = (roomId, watchers, startedAt, extra = {}) => ({
  roomId,
  game: 'xiangqi',
  clock: BULLET,
  players: ['Ann', 'Bo'],
  step: 3,
  watchers,
  startedAt,
  ...extra,
});

test('the lobby counts the players online as the server says, and keeps it through a reset', () => {
  const model = new LobbyModel();
  assert.equal(model.playersOnline, null, 'unknown until the server says');
  model.reset({ seeks: [], games: [], playersOnline: 4 });
  assert.equal(model.playersOnline, 4);
  assert.equal(model.apply({ type: 'online', players: 6 }), true);
  assert.equal(model.apply({ type: 'online', players: 6 }), false, 'the same count: nothing to draw');
  assert.equal(model.apply({ type: 'online', players: 'many' }), false, 'not a count');
  model.apply({ type: 'reset', seeks: [], games: [] });
  assert.equal(model.playersOnline, 6, 'a reset without a count keeps it');
});

test('the lobby keeps the subscription answer and follows its events', () => {
  const model = new LobbyModel();
  model.reset({ seeks: [seek('b', 20), seek('a', 10)], games: [game('r1', 1, 100), game('r2', 5, 50)] });
  assert.deepEqual(
    model.seekList().map((s) => s.seekId),
    ['a', 'b'],
    'seeks oldest first',
  );
  assert.deepEqual(
    model.gameList().map((g) => g.roomId),
    ['r2', 'r1'],
    'games most watched first',
  );
  assert.equal(model.apply({ type: 'seek_added', seek: seek('c', 5) }), true);
  assert.deepEqual(
    model.seekList().map((s) => s.seekId),
    ['c', 'a', 'b'],
  );
  assert.equal(model.apply({ type: 'seek_removed', seekId: 'a' }), true);
  assert.equal(model.apply({ type: 'seek_removed', seekId: 'a' }), false, 'an unknown seek: nothing changes');
  assert.equal(model.seekOf('pb').seekId, 'b');
  assert.equal(model.seekOf('nobody'), null);
  assert.equal(model.seekOf(null), null);

  assert.equal(model.apply({ type: 'game_started', game: game('r3', 0, 300) }), true);
  assert.deepEqual(
    model.gameList().map((g) => g.roomId),
    ['r2', 'r1', 'r3'],
  );
  // Same watchers: the newest first.
  model.apply({ type: 'game_started', game: game('r4', 0, 400) });
  assert.deepEqual(
    model.gameList().map((g) => g.roomId),
    ['r2', 'r1', 'r4', 'r3'],
  );
  // An update carries roomId, step and watchers only; the rest stays.
  assert.equal(model.apply({ type: 'game_updated', game: { roomId: 'r3', step: 9, watchers: 7 } }), true);
  const r3 = model.gameList()[0];
  assert.deepEqual([r3.roomId, r3.step, r3.watchers, r3.players], ['r3', 9, 7, ['Ann', 'Bo']]);
  assert.equal(model.apply({ type: 'game_updated', game: { roomId: 'zz', step: 1, watchers: 1 } }), false);
  assert.equal(model.games.has('zz'), false, 'an update of an unknown game adds nothing');
  assert.equal(model.apply({ type: 'game_ended', roomId: 'r2' }), true);
  assert.equal(model.apply({ type: 'game_ended', roomId: 'r2' }), false);
  assert.equal(model.apply({ type: 'reset', seeks: [seek('z', 1)], games: [game('r9', 2, 900)] }), true);
  assert.deepEqual(
    [model.seekList().map((x) => x.seekId), model.gameList().map((g) => g.roomId)],
    [['z'], ['r9']],
    'a reset replaces both lists',
  );
  assert.equal(model.apply({ type: 'something_new' }), false, "a newer server's event is ignored");
  assert.equal(model.apply(null), false);
});

test('a seek and a game to watch in words, in both languages', () => {
  const s = seek('a', 1, { player: { playerId: 'p', name: 'Ann' } });
  assert.deepEqual(seekParts(zh, s), ['Ann', '象棋', '超快棋 5+3', '颜色随机']);
  assert.deepEqual(seekParts(en, s), ['Ann', 'Xiangqi', 'Blitz 5+3', 'random colours']);
  assert.deepEqual(seekParts(en, { ...s, player: { playerId: 'p', name: null }, clock: null }).slice(0, 3), [
    'Anonymous',
    'Xiangqi',
    'Untimed',
  ]);
  // A seek names its rule set where the game names one (xiangqi's options.rules).
  const chinese = { ...s, options: { rules: 'chinese' } };
  assert.deepEqual(seekParts(zh, chinese), ['Ann', '象棋', '中国规则', '超快棋 5+3', '颜色随机']);
  assert.deepEqual(seekParts(en, chinese), ['Ann', 'Xiangqi', 'Chinese rules', 'Blitz 5+3', 'random colours']);
  assert.equal(seekParts(en, { ...s, options: { rules: 'asian' } })[2], 'Asian rules');
  assert.equal(seekParts(zh, { ...s, options: { rules: 'simple' } })[2], '简单规则');
  assert.equal(seekParts(en, { ...s, options: { rules: 'fischer' } })[2], 'fischer', 'a rule set without words: its name');
  const checkers = { ...s, game: 'checkers', options: { players: 2, rules: { winRule: 'filled' } } };
  assert.equal(seekParts(en, checkers).length, 4, 'rule options by name are no rule set: no part');
  assert.equal(ruleSetName(en, {}), '');
  // The seeker's wish, by the game's own seats.
  assert.equal(colorWish(zh, 'xiangqi', 'first'), '执红方');
  assert.equal(colorWish(en, 'xiangqi', 'second'), 'plays Black');
  assert.equal(colorWish(en, 'reversi', 'first'), 'plays Black');
  assert.equal(colorWish(en, 'reversi', 'second'), 'plays White');
  assert.equal(colorWish(zh, 'checkers', 'first'), '执红方');
  assert.equal(colorWish(en, 'checkers', 'random'), 'random colours');

  assert.deepEqual(gameParts(zh, game('r', 2, 1)), ['Ann 对 Bo', '象棋', '子弹棋 1+0', '3 步', '2 人观战']);
  assert.deepEqual(gameParts(en, game('r', 1, 1, { step: 1, players: ['Ann', null] })), [
    'Ann vs Black',
    'Xiangqi',
    'Bullet 1+0',
    '1 move',
    '1 watching',
  ]);
});

test("one of the player's games: the opponent, the outcome from the player's seat, the control, the date", () => {
  const mine = (seat, result, extra = {}) => ({
    roomId: 'r',
    game: 'xiangqi',
    clock: BULLET,
    seat,
    players: ['Ann', 'Bo'],
    result,
    startedAt: Date.UTC(2025, 4, 1, 12, 0),
    endedAt: Date.UTC(2025, 4, 1, 12, 5),
    ...extra,
  });
  const timeout = { winner: 0, places: null, code: 'timeout', reason: '', seat: 1 };
  assert.deepEqual(outcomeOf(mine(1, timeout)), { kind: 'lost', code: 'timeout' });
  assert.deepEqual(outcomeOf(mine(0, timeout)), { kind: 'won', code: 'timeout' });
  assert.equal(outcomeText(zh, mine(1, timeout)), '负（超时）');
  assert.equal(outcomeText(en, mine(1, timeout)), 'Lost on time');
  assert.equal(outcomeText(en, mine(0, { winner: 0, code: 'checkmate' })), 'Won', "the board's endings need no word");
  assert.equal(outcomeText(en, mine(0, { winner: 1, code: 'resignation', seat: 0 })), 'Lost by resignation');
  assert.equal(outcomeText(zh, mine(0, { winner: null, code: 'agreement' })), '和（议和）');
  assert.equal(outcomeText(en, mine(0, { winner: null, code: 'aborted' })), 'Aborted');
  assert.equal(outcomeText(en, mine(0, null)), 'In progress');
  const six = mine(
    2,
    { winner: 4, places: [4, 2, 0], code: 'finished' },
    { game: 'checkers', players: ['A', 'B', 'C', 'D', 'E', 'F'] },
  );
  assert.equal(outcomeText(zh, six), '第 2 名');

  const parts = myGameParts(en, mine(1, timeout));
  assert.deepEqual(parts.slice(0, 4), ['vs Ann', 'Xiangqi', 'Bullet 1+0', 'Lost on time']);
  assert.match(parts[4], /2025/, 'the date');
  const zhParts = myGameParts(zh, mine(0, timeout, { players: ['Ann', null] }));
  assert.deepEqual(zhParts.slice(0, 4), ['对手 黑方', '象棋', '子弹棋 1+0', '胜（超时）']);
  assert.match(zhParts[4], /2025/);
  const more = myGameParts(en, mine(0, null, { game: 'checkers', players: ['A', 'B', null], endedAt: null }));
  assert.equal(more[0], 'vs B, Yellow');
});

test("a room's own address and the page's base seen from it", () => {
  assert.equal(roomOfPath('/game/abcdefghjk'), 'abcdefghjk');
  assert.equal(roomOfPath('/qipan/game/abcdefghjk/'), 'abcdefghjk');
  for (const path of [
    '/',
    '/index.html',
    '/game/',
    '/game/ABCDEFGHJK',
    '/game/short',
    '/game/abcdefghjk/x',
    '/game/manifest.webmanifest',
  ])
    assert.equal(roomOfPath(path), null, path);
  assert.equal(basePath('/game/abcdefghjk'), '/');
  assert.equal(basePath('/qipan/game/abcdefghjk'), '/qipan/');
  assert.equal(basePath('/index.html'), '/');
  assert.equal(basePath('/qipan/'), '/qipan/');
  const at = (href) => ({ href, pathname: new URL(href).pathname });
  assert.equal(pageBase(at('http://h:8080/game/abcdefghjk?x=1')), 'http://h:8080/');
  assert.equal(new URL('sw.js', pageBase(at('http://h:8080/game/abcdefghjk'))).href, 'http://h:8080/sw.js');
  assert.equal(gameAddress('http://h:8080', 'abcdefghjk'), 'http://h:8080/game/abcdefghjk');
  assert.equal(gameAddress('http://h/qipan/', 'abcdefghjk'), 'http://h/qipan/game/abcdefghjk');
  assert.equal(watchAddress('http://h:8080', 'abcdefghjk'), 'http://h:8080/?room=abcdefghjk&watch=1');
  assert.equal(lobbyAddress(at('http://h:8080/game/abcdefghjk')), 'http://h:8080/?lobby=1');
  assert.equal(lobbyAddress(at('http://h:8080/?room=abcdefghjk&key=s3cret&node=a')), 'http://h:8080/?lobby=1');
  assert.equal(lobbyAddress(at('file:///x/dist/index.html?room=abcdefghjk&watch=1')), 'file:///x/dist/index.html?lobby=1');
});

test('the lobby has every word in both languages, with the same parameters', () => {
  assert.deepEqual(Object.keys(LOBBY.zh).sort(), Object.keys(LOBBY.en).sort());
  const params = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(LOBBY.en)) {
    for (const language of LANGUAGES) {
      assert.equal(STRINGS[language][key], LOBBY[language][key], `${language} ${key} is not overridden`);
      assert.deepEqual(params(LOBBY[language][key]), params(LOBBY.en[key]), `${language} ${key}`);
    }
  }
});

finish();
